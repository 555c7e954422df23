import type { APIRequestContext } from "@playwright/test";
import { ACCOUNTS, E2E_PORT } from "./accounts.ts";
import { scriptsOutsidePolicy } from "./csp.ts";
import { expect, test } from "./fixtures.ts";
import { ownServer } from "./own-server.ts";
import { signedIn } from "./server-process.ts";
import { URL_VECTORS, XSS_VECTORS } from "./xss-vectors.ts";

const ENTITY: Record<string, string> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
  colon: ":",
  tab: "\t",
  newline: "\n",
};
function decode(value: string): string {
  return value.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);?/gi, (whole, name: string) => {
    if (name[0] === "#") {
      const code =
        name[1]?.toLowerCase() === "x" ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
      return Number.isFinite(code) ? String.fromCodePoint(code) : whole;
    }
    return ENTITY[name.toLowerCase()] ?? whole;
  });
}

const URL_ATTRIBUTES = new Set([
  "href",
  "src",
  "action",
  "formaction",
  "xlink:href",
  "data",
  "background",
  "poster",
  "srcset",
]);
const NEVER_OURS = new Set(["iframe", "frame", "frameset", "object", "embed", "applet", "base", "isindex"]);

/**
 * Markup in served HTML that could run script: scripts the page's CSP does not name (by nonce or
 * by hash), handlers, script URLs, active elements. Stored content has no CSP: no script at all.
 */
function unsafeMarkup(html: string, csp = ""): string[] {
  const problems: string[] = scriptsOutsidePolicy(html, csp);
  for (const tag of html.match(/<[a-zA-Z][^>]*>/g) ?? []) {
    const name = (/^<([a-zA-Z0-9:-]+)/.exec(tag)?.[1] ?? "").toLowerCase();
    const attributes = [
      ...tag
        .slice(name.length + 1)
        .matchAll(/([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g),
    ].map((m) => ({ name: (m[1] ?? "").toLowerCase(), value: decode(m[2] ?? m[3] ?? m[4] ?? "") }));
    const attr = (n: string) => attributes.find((a) => a.name === n)?.value;
    if (name === "script" && attr("src") && !attr("src")?.startsWith("/assets/")) problems.push(tag);
    if (NEVER_OURS.has(name)) problems.push(tag);
    if (name === "meta" && attr("http-equiv")) problems.push(tag);
    for (const a of attributes) {
      if (a.name.startsWith("on")) problems.push(tag);
      // Browsers ignore whitespace and control characters inside a URL's scheme.
      // biome-ignore lint/suspicious/noControlCharactersInRegex: that is exactly what is stripped here
      const scheme = a.value.replace(/[\s\u0000-\u001f]/g, "").toLowerCase();
      // An <img> never runs script, so an SVG data URL (our QR codes) is only a risk elsewhere.
      const active =
        /^(javascript|vbscript|data:text)/.test(scheme) ||
        (name !== "img" && scheme.startsWith("data:image/svg"));
      if (URL_ATTRIBUTES.has(a.name) && active) problems.push(tag);
    }
  }
  // A JSON-LD block must stay one block: nothing may close it early.
  for (const block of html.match(/<script type="application\/ld\+json"[^>]*>[\s\S]*?<\/script>/g) ?? []) {
    const json = block.replace(/^<script[^>]*>/, "").replace(/<\/script>$/, "");
    try {
      JSON.parse(json);
    } catch {
      problems.push(`broken JSON-LD: ${json.slice(0, 80)}`);
    }
  }
  return problems;
}

async function post(api: APIRequestContext, path: string, form: Record<string, string>) {
  const response = await api.post(path, { form, maxRedirects: 0 });
  return { status: response.status(), text: await response.text() };
}

test("XSS corpus: no vector runs in Chromium or leaves a script, handler or javascript: URL in stored or served HTML", async ({
  browser,
}) => {
  test.setTimeout(600_000);
  expect(XSS_VECTORS.length).toBeGreaterThanOrEqual(100);
  const own = await ownServer(E2E_PORT + 60);
  const url = own.server.url;
  const admin = await signedIn(url, ACCOUNTS.admin.email, ACCOUNTS.admin.password);
  try {
    // Subject labels (class 9) and a subject for the chapters (class 12).
    for (const [i, vector] of XSS_VECTORS.entries()) {
      await post(admin, "/admin/subjects", {
        intent: "add",
        grade: "9",
        code: `xss-${i}`,
        label: vector.slice(0, 80),
      });
    }
    // Added: the redirect back to the list (POST/redirect/GET).
    expect(
      (await post(admin, "/admin/subjects", { intent: "add", grade: "12", code: "xss", label: "XSS" }))
        .status,
    ).toBe(303);
    // Chapter titles and link titles, through Add Data (at most 100 chapters a form: sent in parts).
    for (let start = 0; start < XSS_VECTORS.length; start += 50) {
      const chapters: Record<string, string> = { intent: "save", grade: "12", subject: "xss" };
      XSS_VECTORS.slice(start, start + 50).forEach((vector, n) => {
        const i = start + n;
        chapters[`chapters[${n}].title`] = `${vector.slice(0, 180)} ${i}`;
        chapters[`chapters[${n}].notes[0].title`] = vector.slice(0, 200);
        chapters[`chapters[${n}].notes[0].url`] = `https://safe.example/${i}`;
      });
      // Added: the answer is the redirect back to the form (POST/redirect/GET); refused: the form with its alert.
      const added = await post(admin, "/admin/add-resource", chapters);
      expect(
        added.status,
        added.text.match(/role="alert"[^<]*<span[^>]*>[^<]*<\/span><span[^>]*>([^<]*)/)?.[1],
      ).toBe(303);
    }
    // Link URLs: only http(s) may be stored.
    for (const [i, vector] of URL_VECTORS.entries()) {
      await post(admin, "/admin/add-resource", {
        intent: "save",
        grade: "12",
        subject: "xss",
        "chapters[0].title": `URL vector ${i}`,
        "chapters[0].questions[0].title": `URL ${i}`,
        "chapters[0].questions[0].url": vector,
      });
    }
    const { chapterIds, storedUrls } = await own.read(async (db) => ({
      chapterIds: await db
        .selectFrom("chapters")
        .select(["id", "slug"])
        .where("subject_code", "=", "xss")
        .orderBy("id")
        .execute(),
      storedUrls: (await db.selectFrom("chapter_links").select("url").execute()).map((r) => r.url),
    }));
    expect(storedUrls.filter((u) => !/^https?:\/\/[^\s"<>]+$/.test(u))).toEqual([]);
    const target = chapterIds[0];
    if (!target) throw new Error("the chapters were not added");
    // Note bodies and SEO fields, all on one chapter; post titles, excerpts, bodies and SEO fields.
    for (const [i, vector] of XSS_VECTORS.entries()) {
      await post(admin, "/admin/notes", {
        intent: "add",
        chapterId: String(target.id),
        content: `<p>note ${i}</p>${vector}`,
        seoDescription: vector.slice(0, 300),
        seoKeywords: vector,
      });
      const added = await post(admin, "/admin/blogs", {
        intent: "add",
        title: vector.slice(0, 200),
        slug: `xss-${i}`,
        status: "published",
        date: "2026-01-01",
        author: vector.slice(0, 100),
        tag: vector.slice(0, 60),
        category: vector.slice(0, 60),
        excerpt: vector.slice(0, 500),
        content: `<p>post ${i}</p>${vector}`,
        seoTitle: vector.slice(0, 300),
        seoDescription: vector.slice(0, 300),
        seoKeywords: vector.slice(0, 300),
        socialTitle: vector.slice(0, 300),
        socialDescription: vector.slice(0, 300),
        featuredImageAlt: vector.slice(0, 300),
        allowComments: "on",
      });
      // Added: the redirect back to the list (POST/redirect/GET); refused: the page with its alert.
      if (added.status !== 303) {
        const reason = /role="alert"[\s\S]*?<span class="flex-1">([^<]*)/.exec(added.text)?.[1];
        throw new Error(`post ${i} was not added: ${reason ?? added.status}`);
      }
    }

    // Stored HTML: nothing that can run.
    const backup = JSON.parse(await own.snapshot()) as {
      chapters: Array<{ notes: Array<{ content: string }> }>;
      posts: Array<{ slug: string; content: string }>;
    };
    const stored = [
      ...backup.chapters.flatMap((c) => c.notes.map((n) => n.content)),
      ...backup.posts.map((p) => p.content),
    ];
    expect(backup.posts.filter((p) => p.slug.startsWith("xss-")).length).toBe(XSS_VECTORS.length);
    expect(stored.flatMap((html) => unsafeMarkup(html))).toEqual([]);

    // Served HTML and Chromium: every page that shows the vectors, public and console.
    const pages = [
      "/class/9",
      "/class/12?subject=xss",
      `/class/12/chapter/${target.slug}`,
      ...chapterIds.slice(1, 30).map((c) => `/class/12/chapter/${c.slug}`),
      "/blog",
      ...XSS_VECTORS.map((_, i) => `/blog/xss-${i}`),
      "/sitemap.xml",
      "/blog/rss.xml",
      "/admin?grade=12",
      "/admin/subjects?grade=9",
      "/admin/notes",
      "/admin/blogs",
    ];
    const context = await browser.newContext({ storageState: await admin.storageState() });
    const page = await context.newPage();
    const dialogs: string[] = [];
    page.on("dialog", async (dialog) => {
      dialogs.push(`${page.url()}: ${dialog.message()}`);
      await dialog.dismiss();
    });
    const served: string[] = [];
    for (const path of pages) {
      const response = await admin.get(path);
      expect(response.status(), path).toBe(200);
      if (!path.endsWith(".xml"))
        served.push(
          ...unsafeMarkup(await response.text(), response.headers()["content-security-policy"]).map(
            (p) => `${path}: ${p}`,
          ),
        );
    }
    // In Chromium: the pages that gather the most vectors (every label, title, note and excerpt), and some posts.
    const inBrowser = [
      ...pages.slice(0, 3),
      "/blog",
      ...pages.filter((p) => p.startsWith("/blog/xss-")).slice(0, 25),
      ...pages.slice(-4),
    ];
    for (const path of inBrowser) {
      await page.goto(`${url}${path}`, { waitUntil: "load" });
      // Focus and hover what a vector could have hooked into.
      await page.mouse.move(200, 300);
      await page.keyboard.press("Tab");
      await page.waitForTimeout(100);
    }
    expect(served).toEqual([]);
    expect(dialogs).toEqual([]);
    await context.close();
  } finally {
    await admin.dispose();
    await own.stop();
  }
});
