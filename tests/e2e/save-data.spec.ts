import { type APIRequestContext, type APIResponse, type Browser, type Page, request } from "@playwright/test";
import { emptyPostValues } from "#app/lib/post-form.ts";
import { addNote } from "#app/server/catalogue/notes.server.ts";
import { storeImage } from "#app/server/publishing/media.server.ts";
import { addPost } from "#app/server/publishing/posts.server.ts";
import { ACCOUNTS, BASE_URL, E2E_PORT } from "./accounts.ts";
import { expect, test } from "./fixtures.ts";
import { type OwnServer, ownServer } from "./own-server.ts";
import { signedIn } from "./server-process.ts";

// Public pages for visitors saving data (`Save-Data: on`; DESIGN 8.3 and 8.5, docs/decisions/0031):
// no JavaScript but structured data, no pictures but QR codes, everything readable and every link
// followable; stored apart from the page everyone else gets, and both say `Vary: Save-Data`.

const SAVE_DATA = { "Save-Data": "on" };
const CHAPTER = "/class/10/chapter/real-numbers";
const ENGLISH = [
  "/",
  "/class/10",
  CHAPTER,
  `${CHAPTER}/qr`,
  "/guide/10",
  "/blog",
  "/blog/managing-exam-stress",
  "/search?q=light",
  "/about",
];
const PAGES = [...ENGLISH, ...ENGLISH.map((path) => (path === "/" ? "/hi" : `/hi${path}`))];

/** The names a response's Vary lists. */
const varies = (response: APIResponse) =>
  (response.headers().vary ?? "").split(",").map((name) => name.trim().toLowerCase());
/** A stored page is the same for everyone: its CSP allows scripts by hash, never by a nonce. */
const fromStore = (response: APIResponse) =>
  response.status() === 200 && !/nonce-/.test(response.headers()["content-security-policy"] ?? "");
/** How often a page is asked for before the store keeps it (search results: once asked often). */
const timesToStore = (path: string) => (path.includes("/search") ? 5 : 2);

/** What a Save-Data page holds that it must not, as the browser sees it. */
async function whatMustNotBeThere(page: Page) {
  return page.evaluate(() => ({
    scripts: [...document.scripts].map((s) => s.type).filter((type) => type !== "application/ld+json"),
    pictures: [...document.images]
      .filter((img) => !(img.src.startsWith("data:image/") && /QR/.test(img.alt)))
      .map((img) => img.src),
    media: document.querySelectorAll("picture, source, video, audio, iframe, object, embed").length,
    preloads: document.querySelectorAll('link[rel~="modulepreload"], link[rel~="preload"]').length,
    stylesheets: document.querySelectorAll('link[rel~="stylesheet"]').length,
  }));
}

/** Every address a page links to (its own fragment links checked in place). */
async function linksOf(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll("a[href]")].map((a) => (a as HTMLAnchorElement).href).filter(Boolean),
  );
}

test.describe("Save-Data: on", () => {
  test("every public page, in English and Hindi, comes without scripts and pictures, varies on Save-Data and is stored apart", async ({
    browser,
    request,
  }) => {
    test.setTimeout(180_000);
    const context = await browser.newContext({ baseURL: BASE_URL, extraHTTPHeaders: SAVE_DATA });
    const page = await context.newPage();
    // Scripts, styles, pictures, media and fonts the pages fetch: none.
    const fetched: string[] = [];
    page.on("request", (r) => {
      if (
        ["script", "image", "stylesheet", "media", "font"].includes(r.resourceType()) &&
        !r.url().startsWith("data:")
      )
        fetched.push(r.url());
    });
    const links = new Set<string>();
    for (const path of PAGES) {
      for (let i = 1; i < timesToStore(path); i++) await request.get(path, { headers: SAVE_DATA });
      const saving = await request.get(path, { headers: SAVE_DATA });
      expect(saving.status(), path).toBe(200);
      expect(varies(saving), path).toContain("save-data");
      expect(fromStore(saving), `${path} from the store`).toBe(true);
      const plain = await request.get(path);
      expect(varies(plain), path).toContain("save-data");
      expect(plain.headers().etag, path).not.toBe(saving.headers().etag);
      expect(await plain.text(), path).toContain('type="text/x-deferred-module"');

      const response = await page.goto(path);
      expect(response?.status(), path).toBe(200);
      expect(await whatMustNotBeThere(page), path).toEqual({
        scripts: [],
        pictures: [],
        media: 0,
        preloads: 0,
        stylesheets: 0,
      });
      await expect(page.locator("main h1").first(), path).toBeVisible();
      // A skip link or any other link within the page leads somewhere on it.
      for (const href of await linksOf(page)) {
        const url = new URL(href);
        if (url.origin !== new URL(BASE_URL).origin) {
          expect(url.protocol, href).toMatch(/^https?:$/);
        } else if (
          url.pathname === new URL(page.url()).pathname &&
          url.search === new URL(page.url()).search &&
          url.hash
        ) {
          await expect(page.locator(`[id="${decodeURIComponent(url.hash.slice(1))}"]`), href).toHaveCount(1);
        } else links.add(`${url.pathname}${url.search}`);
      }
    }
    expect(fetched).toEqual([]);
    // Every address those pages link to answers, as it does for anyone.
    for (const path of links) {
      const answer = await request.get(path, { headers: SAVE_DATA });
      expect(answer.status(), path).toBeLessThan(400);
    }
    expect(links.size).toBeGreaterThan(40);
    await context.close();
  });

  test("with JavaScript on, nothing hydrates, and links, the prompt and Report broken link work as without it", async ({
    browser,
  }) => {
    const context = await browser.newContext({
      baseURL: BASE_URL,
      // An address of its own: the per-address limit on reports is this test's alone.
      extraHTTPHeaders: {
        ...SAVE_DATA,
        "X-Forwarded-For": `203.0.113.${Math.floor(Math.random() * 200) + 20}`,
      },
    });
    const page = await context.newPage();
    const scripts: string[] = [];
    page.on("request", (r) => {
      if (r.resourceType() === "script") scripts.push(r.url());
    });
    await page.goto(CHAPTER);
    const promo = page.getByRole("dialog", { name: "Ready to accelerate your learning?" });
    // Its QR code is for another phone to scan: a visitor saving data is not sent it (app/lib/save-data.ts).
    await expect(promo.getByRole("img")).toHaveCount(0);
    // …nor told to scan a code it is not shown.
    await expect(promo).toContainText("free in the");
    await expect(promo).not.toContainText("Scan");
    await expect(promo.getByRole("link", { name: "Get the App" })).toBeVisible();
    await promo.getByRole("button", { name: "Continue to chapter" }).click();
    await expect(promo).toBeHidden();
    await page
      .getByRole("navigation", { name: "Breadcrumb" })
      .getByRole("link", { name: "Class 10" })
      .click();
    await expect(page).toHaveURL(/\/class\/10$/);
    await page.getByRole("link", { name: "Real Numbers" }).first().click();
    await expect(page).toHaveURL(new RegExp(`${CHAPTER}$`));
    // A page's scripts would come after `load` and the first paint.
    await page.waitForLoadState("load");
    await page.waitForTimeout(1500);
    expect(await page.locator("html").getAttribute("data-hydrated")).toBeNull();
    expect(scripts).toEqual([]);

    // The report is a plain form. (Chromium's test hooks leave the extra header off the request a
    // redirect makes, which a data-saving browser sends on every request: only the answer is checked.)
    await page.getByRole("button", { name: "Continue to chapter" }).click();
    const item = page.getByRole("listitem").filter({ hasText: "NCERT Exemplar problems" });
    await item.getByRole("button", { name: "Report broken link" }).click();
    await expect(page).toHaveURL(/\?report=thanks&link=/);
    await expect(
      page.getByRole("listitem").filter({ hasText: "NCERT Exemplar problems" }).getByRole("status"),
    ).toHaveText("Thanks! We'll check this link.");
    await context.close();
  });

  test("looks as the page does without JavaScript, with its styles inside it, on a phone and a desktop", async ({
    browser,
  }) => {
    for (const path of [CHAPTER, `/hi${CHAPTER}`, "/"]) {
      for (const width of [375, 1280]) {
        const boxes = async (options: { saveData: boolean }) => {
          const context = await browser.newContext({
            baseURL: BASE_URL,
            viewport: { width, height: 800 },
            javaScriptEnabled: options.saveData,
            extraHTTPHeaders: options.saveData ? SAVE_DATA : {},
          });
          const page = await context.newPage();
          await page.goto(path);
          const seen = await page.evaluate(() => {
            // Sections below the first are laid out as they come near the screen (app.css): all of them
            // now, in both, so where each stands never depends on when it was measured; and a colour
            // still changing on arrival (a transition) ends.
            const allLaidOut = document.createElement("style");
            allLaidOut.textContent = "section { content-visibility: visible !important }";
            document.head.append(allLaidOut);
            for (const animation of document.getAnimations()) animation.finish();
            // What the Save-Data form goes without (the app's QR codes, app/lib/save-data.ts) is taken out
            // of the page without JavaScript too: everything else must stand and look the same.
            for (const omitted of document.querySelectorAll("[data-save-data-omit]")) omitted.remove();
            return [
              ...document.querySelectorAll("h1, h2, h3, p, a, button, li, img, input, label, footer, header"),
            ].map((element) => {
              const box = element.getBoundingClientRect();
              const style = getComputedStyle(element);
              return [
                element.tagName,
                (element.textContent ?? "").trim().slice(0, 30),
                Math.round(box.x),
                Math.round(box.y),
                Math.round(box.width),
                Math.round(box.height),
                style.color,
                style.backgroundColor,
                style.fontSize,
                style.fontWeight,
                style.display,
              ].join(" ");
            });
          });
          await context.close();
          return seen;
        };
        expect(await boxes({ saveData: true }), `${path} at ${width} px`).toEqual(
          await boxes({ saveData: false }),
        );
      }
    }
  });

  test("one form is never sent for the other, not even as a 304 for the other's ETag", async ({
    request,
  }) => {
    const path = "/guide/9";
    for (let i = 0; i < 2; i++) {
      await request.get(path);
      await request.get(path, { headers: SAVE_DATA });
    }
    const plain = await request.get(path);
    const saving = await request.get(path, { headers: { "Save-Data": "ON" } });
    expect([fromStore(plain), fromStore(saving)]).toEqual([true, true]);
    const [plainTag, savingTag] = [plain.headers().etag ?? "", saving.headers().etag ?? ""];
    expect(plainTag).not.toBe(savingTag);
    expect(await plain.text()).toContain("<script");
    expect(await saving.text()).not.toMatch(/<script(?![^>]*application\/ld\+json)/);

    const crossedToPlain = await request.get(path, { headers: { "If-None-Match": savingTag } });
    expect(crossedToPlain.status()).toBe(200);
    expect(await crossedToPlain.text()).toBe(await plain.text());
    const crossedToSaving = await request.get(path, { headers: { ...SAVE_DATA, "If-None-Match": plainTag } });
    expect(crossedToSaving.status()).toBe(200);
    expect(await crossedToSaving.text()).toBe(await saving.text());

    for (const [headers, etag] of [
      [{}, plainTag],
      [SAVE_DATA, savingTag],
    ] as const) {
      const held = await request.get(path, { headers: { ...headers, "If-None-Match": etag } });
      expect(held.status()).toBe(304);
      expect(varies(held)).toEqual(["save-data", "accept-encoding"]);
      const head = await request.head(path, { headers });
      expect(head.headers().etag).toBe(etag);
      expect(varies(head)).toEqual(["save-data", "accept-encoding"]);
    }
    // Save-Data: off, or any other value, is the page everyone gets.
    expect((await request.get(path, { headers: { "Save-Data": "off" } })).headers().etag).toBe(plainTag);
  });

  test("pages the store does not keep vary on Save-Data too: a filtered class page, a HEAD, a 404", async ({
    request,
  }) => {
    for (const path of ["/class/10?q=real", "/no-such-page", "/hi/no-such-page"]) {
      const plain = await request.get(path);
      const saving = await request.get(path, { headers: SAVE_DATA });
      expect(plain.status(), path).toBe(saving.status());
      expect(varies(plain), path).toContain("save-data");
      expect(varies(saving), path).toContain("save-data");
      expect(varies(saving), path).toContain("accept-encoding");
      expect(await plain.text(), path).toContain("<script");
      expect(await saving.text(), path).not.toMatch(/<script(?![^>]*application\/ld\+json)/);
      expect(varies(await request.head(path, { headers: SAVE_DATA })), path).toContain("save-data");
      if (plain.status() === 200) {
        const held = await request.get(path, {
          headers: { ...SAVE_DATA, "If-None-Match": saving.headers().etag ?? "" },
        });
        expect(held.status(), path).toBe(304);
        expect(varies(held), path).toContain("save-data");
      }
    }
  });

  test("the console, sign-in and React Router's data are untouched by Save-Data", async ({ request }) => {
    const login = await request.get("/login", { headers: SAVE_DATA });
    expect(await login.text()).toContain('rel="modulepreload"');
    expect(varies(login)).not.toContain("save-data");
    const console = await request.get("/admin", { headers: SAVE_DATA, maxRedirects: 0 });
    expect(varies(console)).not.toContain("save-data");
    const data = await request.get("/class/10.data", { headers: SAVE_DATA });
    expect(data.status()).toBe(200);
    expect(varies(data)).not.toContain("save-data");
    expect(await data.text()).toBe(await (await request.get("/class/10.data")).text());
  });
});

test.describe("Save-Data: on, with pictures in posts and notes", () => {
  let own: OwnServer;
  let postPath = "";
  test.beforeAll(async () => {
    // A server of its own: a post with a featured picture and pictures in its text, a note with one.
    own = await ownServer(E2E_PORT + 277, {}, {}, async (db) => {
      const png = Buffer.from(
        "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
        "base64",
      );
      const image = await storeImage(db, png);
      const post = await addPost(
        db,
        {
          ...emptyPostValues("2026-11-01"),
          title: "Pictures of the cell",
          slug: "pictures-of-the-cell",
          date: "2026-11-01",
          author: "Test",
          tag: "NCERT",
          category: "Guides",
          excerpt: "A post with pictures.",
          content: `<p>Look at <img src="${image.url}" alt="a plant cell">this</p><p><img src="https://example.org/x.png" alt=""> and read on.</p>`,
          status: "published",
          image: image.url,
          featuredImageAlt: "Students & a microscope",
        },
        { siteUrl: `http://127.0.0.1:${E2E_PORT + 277}`, siteName: "ChapterWise" },
      );
      postPath = `/blog/${post.slug}`;
      const chapter = await db
        .selectFrom("chapters")
        .select("id")
        .where("grade", "=", 10)
        .where("slug", "=", "polynomials")
        .executeTakeFirstOrThrow();
      await addNote(db, {
        chapterId: chapter.id,
        content: `<p>The graph: <img src="${image.url}" alt="the graph of a quadratic &lt;script&gt;"> shows two zeroes.</p>`,
        seoDescription: "",
        seoKeywords: "",
      });
    });
  });
  test.afterAll(async () => {
    await own?.stop();
  });

  test("a picture's words stand where it stood, and nothing is fetched but the page", async ({ browser }) => {
    const origin = own.server.url;
    for (const [path, words] of [
      [postPath, ["[Students & a microscope]", "[a plant cell]"]],
      ["/class/10/chapter/polynomials", ["[the graph of a quadratic <script>]"]],
    ] as const) {
      const page = await visit(browser, origin, path);
      expect(await whatMustNotBeThere(page.page), path).toEqual({
        scripts: [],
        pictures: [],
        media: 0,
        preloads: 0,
        stylesheets: 0,
      });
      for (const text of words) await expect(page.page.getByText(text, { exact: true }), path).toBeVisible();
      expect(page.fetched, path).toEqual([`${origin}${path}`]);
      await page.close();
    }
    // The page everyone else gets keeps its pictures.
    const everyone = await request.newContext();
    const plain = await everyone.get(`${origin}${postPath}`);
    expect(await plain.text()).toMatch(/<img[^>]+src="\/media\//);
    await everyone.dispose();
  });

  test("a change to the content empties both forms of a page", async () => {
    const origin = own.server.url;
    const visitor = await request.newContext({ baseURL: origin });
    const admin: APIRequestContext = await signedIn(origin, ACCOUNTS.admin.email, ACCOUNTS.admin.password);
    try {
      for (const headers of [{}, SAVE_DATA]) {
        await visitor.get("/class/9", { headers });
        expect(fromStore(await visitor.get("/class/9", { headers }))).toBe(true);
      }
      const added = await admin.post("/admin/subjects", {
        form: { intent: "add", grade: "9", code: "save-data-check", label: "Save Data Check" },
        maxRedirects: 0,
      });
      expect(added.status()).toBeLessThan(400);
      for (const headers of [{}, SAVE_DATA]) {
        const page = await visitor.get("/class/9", { headers });
        expect(await page.text()).toContain("Save Data Check");
      }
    } finally {
      await admin.dispose();
      await visitor.dispose();
    }
  });
});

/** A Save-Data visit in a browser with JavaScript on, recording every request the page makes. */
async function visit(browser: Browser, origin: string, path: string) {
  const context = await browser.newContext({ extraHTTPHeaders: SAVE_DATA });
  const page = await context.newPage();
  const fetched: string[] = [];
  page.on("request", (r) => {
    if (!r.url().startsWith("data:")) fetched.push(r.url());
  });
  await page.goto(`${origin}${path}`);
  await page.waitForLoadState("load");
  await page.waitForTimeout(1000);
  return { page, fetched, close: () => context.close() };
}
