// Every public page, checked for accessibility (axe), valid HTML (the Nu HTML Checker on the
// server's HTML), well-formed structured data, and the search-engine files.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { GRADES } from "#app/lib/grades.ts";
import { absoluteUrl } from "#app/lib/seo.ts";
import { slugify } from "#app/lib/slug.ts";
import { loadConfig } from "#app/server/config.server.ts";
import { demoCatalogue, demoPosts, demoSubjects } from "../../cli/demo-catalogue.ts";
import { SITEMAP_XSD, validateXml } from "../xml-schema.ts";
import { E2E_PORT } from "./accounts.ts";
import { expect, hydrated, seriousA11yViolations, test } from "./fixtures.ts";

const { siteUrl } = loadConfig({ ...process.env, PORT: String(E2E_PORT) });
const VNU_JAR = path.resolve("node_modules/vnu-jar/build/dist/vnu.jar");

const publishedPosts = demoPosts.filter((p) => p.status === "published");

/** Chapter slugs as the demo loader makes them: a title already used in the class names its subject. */
function demoChapterPaths(): string[] {
  return GRADES.flatMap((grade) => {
    const taken = new Set<string>();
    return demoSubjects(grade).flatMap((subject) =>
      subject.chapters.map((chapter) => {
        const title = taken.has(slugify(chapter.title))
          ? `${chapter.title} (${subject.label})`
          : chapter.title;
        taken.add(slugify(title));
        return `/class/${grade}/chapter/${slugify(title)}`;
      }),
    );
  });
}

/** Every public page, with the status it must answer. */
const PAGES: Array<{ path: string; status: number }> = [
  { path: "/", status: 200 },
  ...GRADES.map((g) => ({ path: `/class/${g}`, status: 200 })),
  ...GRADES.map((g) => ({
    path: `/class/${g}/chapter/${slugify(demoCatalogue[g][0]?.chapters[0]?.title ?? "")}`,
    status: 200,
  })),
  { path: "/class/10/chapter/no-such-chapter", status: 404 },
  // A chapter's printable QR code page (DESIGN 8.3).
  { path: "/class/10/chapter/real-numbers/qr", status: 200 },
  { path: "/class/10/chapter/no-such-chapter/qr", status: 404 },
  ...GRADES.map((g) => ({ path: `/guide/${g}`, status: 200 })),
  { path: "/about", status: 200 },
  { path: "/blog", status: 200 },
  ...publishedPosts.map((p) => ({ path: `/blog/${p.slug}`, status: 200 })),
  { path: "/blog/no-such-post", status: 404 },
  { path: "/privacy-policy", status: 200 },
  { path: "/terms-and-conditions", status: 200 },
  { path: "/search", status: 200 },
  { path: "/search?q=polynomials", status: 200 },
  { path: "/search?q=zzqx-nothing", status: 200 },
  { path: "/no-such-page", status: 404 },
  // The Hindi pages (docs/decisions/0030).
  { path: "/hi", status: 200 },
  { path: "/hi/class/10", status: 200 },
  { path: "/hi/guide/10", status: 200 },
  { path: "/hi/about", status: 200 },
  { path: "/hi/privacy-policy", status: 200 },
  { path: "/hi/terms-and-conditions", status: 200 },
  { path: "/hi/class/10/chapter/real-numbers", status: 200 },
  { path: "/hi/class/10/chapter/no-such-chapter", status: 404 },
  { path: "/hi/class/10/chapter/real-numbers/qr", status: 200 },
  { path: "/hi/class/10/chapter/no-such-chapter/qr", status: 404 },
  { path: "/hi/blog", status: 200 },
  ...publishedPosts.map((p) => ({ path: `/hi/blog/${p.slug}`, status: 200 })),
  { path: "/hi/blog/no-such-post", status: 404 },
  { path: "/hi/search", status: 200 },
  { path: "/hi/search?q=polynomials", status: 200 },
  { path: "/hi/search?q=zzqx-nothing", status: 200 },
  { path: "/hi/no-such-page", status: 404 },
];

/** A tool the checks need: a clear failure when it is missing (CI installs it), never a skip. */
function requireTool(command: string, args: string[], install: string) {
  const probe = spawnSync(command, args, { encoding: "utf8" });
  if (probe.error) {
    throw new Error(`\`${command}\` is not installed, and this check needs it. Install it with: ${install}`);
  }
}

function ldJsonBlocks(html: string): string[] {
  return [...html.matchAll(/<script\b[^>]*type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].map(
    (m) => m[1] ?? "",
  );
}

test.describe("accessibility of every public page (axe, WCAG 2 A and AA)", () => {
  // Independent read-only checks: spread them over the workers.
  test.describe.configure({ mode: "parallel" });
  for (const { path: pagePath, status } of PAGES) {
    test(`no serious or critical violation on ${pagePath}`, async ({ page, consoleErrors }) => {
      test.setTimeout(60_000); // axe on a long page is slow on a busy machine
      await page.goto(pagePath);
      await hydrated(page);
      expect(await seriousA11yViolations(page)).toEqual([]);
      // Chapter pages open the promo modal: check the page under it too.
      // In either language.
      const promo = page.getByRole("dialog", {
        name: /^(Ready to accelerate your learning\?|क्या आप अपनी पढ़ाई को और तेज़ करना चाहते हैं\?)$/,
      });
      if ((await promo.count()) > 0) {
        await promo.getByRole("button", { name: /^(Continue to chapter|अध्याय पर चलें)$/ }).click();
        await expect(promo).toBeHidden();
        expect(await seriousA11yViolations(page)).toEqual([]);
      }
      // No console error and nothing fetched from another host (Chrome logs a 404 page's own status).
      expect(consoleErrors.filter((e) => status !== 404 || !e.includes("status of 404"))).toEqual([]);
    });
  }
});

test.describe("server HTML and structured data", () => {
  test("the Nu HTML Checker finds no error in any public page", async ({ request }) => {
    test.setTimeout(120_000);
    requireTool("java", ["-version"], "apt-get install -y default-jre-headless (Java 17 or newer)");
    expect(fs.existsSync(VNU_JAR), `${VNU_JAR} is missing: run npm install`).toBe(true);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "cw-vnu-"));
    try {
      const files = new Map<string, string>();
      for (const { path: pagePath, status } of PAGES) {
        const response = await request.get(pagePath);
        expect(response.status(), pagePath).toBe(status);
        const file = path.join(dir, `${pagePath.replace(/[^a-z0-9]+/gi, "_") || "home"}.html`);
        fs.writeFileSync(file, await response.text());
        files.set(`file:${file}`, pagePath);
      }
      // One run for all pages: the checker's start-up is most of its time.
      const run = spawnSync(
        "java",
        ["-jar", VNU_JAR, "--errors-only", "--format", "json", ...[...files.keys()].map((f) => f.slice(5))],
        { encoding: "utf8", maxBuffer: 64 * 1024 * 1024 },
      );
      if (run.error) throw run.error;
      const report = JSON.parse(run.stderr || run.stdout) as {
        messages: Array<{ type: string; url?: string; message: string; lastLine?: number; extract?: string }>;
      };
      // One line per distinct error, naming every page that has it (layout errors repeat on all).
      const errors = new Map<string, string[]>();
      for (const m of report.messages.filter((m) => m.type === "error" || m.type === "non-document-error")) {
        const page = [...files.entries()].find(([url]) => m.url?.endsWith(url.slice(5)))?.[1] ?? m.url ?? "?";
        const key = `${m.message}${m.extract ? ` [${m.extract.trim().slice(0, 160)}]` : ""}`;
        errors.set(key, [...(errors.get(key) ?? []), `${page}:${m.lastLine ?? "?"}`]);
      }
      const lines = [...errors].map(
        ([message, pages]) => `${message} — on ${[...new Set(pages)].join(", ")}`,
      );
      expect(lines).toEqual([]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  test("every JSON-LD block parses and names its @type", async ({ request }) => {
    const typesOf = new Map<string, string[]>();
    for (const { path: pagePath } of PAGES) {
      const html = await (await request.get(pagePath)).text();
      const types: string[] = [];
      for (const block of ldJsonBlocks(html)) {
        let data: unknown;
        expect(() => {
          data = JSON.parse(block);
        }, `${pagePath}: JSON-LD does not parse`).not.toThrow();
        const items = Array.isArray(data) ? data : [data];
        for (const item of items as Array<Record<string, unknown>>) {
          expect(item?.["@context"], `${pagePath}: @context`).toBe("https://schema.org");
          expect(
            typeof item?.["@type"] === "string" || Array.isArray(item?.["@type"]),
            `${pagePath}: @type`,
          ).toBe(true);
          types.push(String(item["@type"]));
        }
      }
      typesOf.set(pagePath, types);
    }
    // The pages that must describe themselves do.
    for (const g of GRADES) expect(typesOf.get(`/class/${g}`)).toContain("BreadcrumbList");
    expect(typesOf.get("/class/10/chapter/real-numbers")).toContain("BreadcrumbList");
    expect(typesOf.get("/blog")).toContain("Blog");
    for (const p of publishedPosts) expect(typesOf.get(`/blog/${p.slug}`)).toContain("BlogPosting");
  });
});

test.describe("search-engine files", () => {
  test("sitemap.xml validates against the sitemap schema", async ({ request }) => {
    const response = await request.get("/sitemap.xml");
    expect(response.status()).toBe(200);
    const run = validateXml(await response.body(), SITEMAP_XSD);
    expect(run.status, run.stderr).toBe(0);
  });

  test("sitemap.xml lists every public page, chapter and published post, and each answers", async ({
    request,
  }) => {
    test.setTimeout(120_000);
    const response = await request.get("/sitemap.xml");
    expect(response.headers()["content-type"]).toMatch(/^application\/xml/);
    expect(response.headers()["cache-control"]).toMatch(/max-age=\d+/);
    const xml = await response.text();
    const urls = [...xml.matchAll(/<url>\s*<loc>([^<]+)<\/loc>(?:\s*<lastmod>([^<]+)<\/lastmod>)?/g)].map(
      (m) => ({ loc: m[1] ?? "", lastmod: m[2] }),
    );
    const locs = urls.map((u) => u.loc);
    expect(new Set(locs).size).toBe(locs.length);
    for (const loc of locs) expect(loc.startsWith(`${siteUrl}/`), loc).toBe(true);
    const expected = [
      "/",
      "/about",
      "/blog",
      "/privacy-policy",
      "/terms-and-conditions",
      ...GRADES.map((g) => `/class/${g}`),
      ...GRADES.map((g) => `/guide/${g}`),
      ...demoChapterPaths(),
      ...publishedPosts.map((p) => `/blog/${p.slug}`),
    ];
    // Devanagari addresses are listed percent-encoded, as every page links them.
    for (const p of expected) expect(locs, p).toContain(absoluteUrl({ siteUrl, siteName: "" }, p));
    expect(xml).not.toContain("choosing-a-stream-after-class-10");
    expect(xml).not.toContain("/admin");
    // Chapters and posts carry the date they last changed.
    for (const u of urls.filter((u) => /\/chapter\/|\/blog\/./.test(u.loc))) {
      expect(u.lastmod, u.loc).toMatch(/^\d{4}-\d{2}-\d{2}(T[\d:.]+Z)?$/);
    }
    // Every listed address is a real page on this server (HEAD: the loader runs, no page is drawn).
    const paths = locs.map((l) => l.slice(siteUrl.length));
    for (let i = 0; i < paths.length; i += 20) {
      const statuses = await Promise.all(
        paths
          .slice(i, i + 20)
          .map(
            async (p) => [p, (await request.fetch(p, { method: "HEAD", maxRedirects: 0 })).status()] as const,
          ),
      );
      for (const [p, status] of statuses) expect(status, p).toBe(200);
    }
  });

  test("robots.txt allows the site, keeps crawlers out of the console and names the sitemap", async ({
    request,
  }) => {
    const response = await request.get("/robots.txt");
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toMatch(/^text\/plain/);
    expect(response.headers()["cache-control"]).toMatch(/max-age=\d+/);
    const lines = (await response.text()).split("\n").map((l) => l.trim());
    expect(lines).toContain("User-agent: *");
    expect(lines).toContain("Disallow: /admin");
    expect(lines).toContain("Disallow: /login");
    expect(lines).toContain(`Sitemap: ${siteUrl}/sitemap.xml`);
    expect(lines.filter((l) => l === "Disallow: /")).toEqual([]);
  });
});
