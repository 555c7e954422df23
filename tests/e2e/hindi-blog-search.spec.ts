import type { Page } from "@playwright/test";
import { formatDate } from "#app/lib/dates.ts";
import { emptyPostValues } from "#app/lib/post-form.ts";
import { addPost } from "#app/server/publishing/posts.server.ts";
import { demoPosts } from "../../cli/demo-catalogue.ts";
import { E2E_PORT } from "./accounts.ts";
import { expect, hydrated, test } from "./fixtures.ts";
import { type OwnServer, ownServer } from "./own-server.ts";
import { pageScripts } from "./page-scripts.ts";

// The blog, its posts and the search in Hindi (DESIGN.md 8.2, docs/decisions/0030): Hindi words,
// Hindi dates (`12 जनवरी 2026`), links that stay under /hi, <html lang="hi">, the alternates, and
// the way back to English. The posts and results are shown as their authors wrote them.

const DRAFT = "choosing-a-stream-after-class-10";
const ncert = demoPosts.find((p) => p.slug === "how-to-use-ncert-textbooks-for-board-exams");
if (!ncert) throw new Error("demo posts changed");
const notThe404 = (errors: string[]) => errors.filter((e) => !e.includes("status of 404"));

/** The path of the address a <link> of the page's head names. */
async function linkPath(page: Page, selector: string): Promise<string> {
  return new URL((await page.locator(selector).getAttribute("href")) ?? "").pathname;
}

/** The page's JSON-LD blocks. */
async function structuredData(page: Page): Promise<Array<Record<string, unknown>>> {
  return page
    .locator('script[type="application/ld+json"]')
    .evaluateAll((els) => els.map((e) => JSON.parse(e.textContent ?? "null")));
}

const postCards = (page: Page) =>
  page.getByRole("listitem").filter({ has: page.getByRole("link", { name: /^पोस्ट पढ़ें/ }) });
const countLine = (page: Page) => page.getByRole("main").getByRole("heading", { level: 2 }).first();
const results = (page: Page) => page.getByRole("main").getByRole("list").first().getByRole("listitem");

test.describe("the Hindi blog", () => {
  test("/hi/blog lists the posts with Hindi words and Hindi dates, each leading to its Hindi page", async ({
    page,
    consoleErrors,
  }) => {
    const response = await page.goto("/hi/blog");
    expect(response?.status()).toBe(200);
    await hydrated(page);
    await expect(page.locator("html")).toHaveAttribute("lang", "hi");
    await expect(page).toHaveTitle(/^ब्लॉग – /);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("ChapterWise ब्लॉग");
    await expect(page.getByRole("heading", { level: 2, name: "नई पोस्ट" })).toBeVisible();
    await expect(page.getByText("हर कुछ हफ़्तों में नई पोस्ट आती है।")).toBeVisible();
    // Other tests may add posts: every card of the first page, whichever they are.
    const cards = await postCards(page).all();
    expect(cards.length).toBeGreaterThan(0);
    for (const card of cards) {
      const date = (await card.locator("time").getAttribute("datetime")) ?? "";
      await expect(card.locator("time")).toHaveText(formatDate(date, "hi"));
      await expect(card.getByRole("link", { name: /^पोस्ट पढ़ें – / })).toHaveAttribute(
        "href",
        /^\/hi\/blog\/[^/]+$/,
      );
    }
    for (const date of await page.getByRole("main").locator("time").allTextContents())
      expect(date).toMatch(/^\d{1,2} \p{Script=Devanagari}+ \d{4}$/u);
    await expect(page.getByRole("link", { name: "RSS फ़ीड" })).toHaveAttribute("href", "/blog/rss.xml");
    expect(await linkPath(page, 'link[rel="canonical"]')).toBe("/hi/blog");
    expect(await linkPath(page, 'link[rel="alternate"][hreflang="en-IN"]')).toBe("/blog");
    const blog = (await structuredData(page)).find((b) => b["@type"] === "Blog");
    expect(blog?.inLanguage).toBe("hi-IN");

    const first = postCards(page).first();
    const title = (await first.getByRole("heading").textContent()) ?? "";
    await first.getByRole("link", { name: /^पोस्ट पढ़ें/ }).click();
    await expect(page).toHaveURL(/\/hi\/blog\/[^/]+$/);
    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
    expect(consoleErrors).toEqual([]);
  });

  test("a post under /hi/blog/SLUG: Hindi around the post, lang, canonical, alternates, and English", async ({
    page,
    consoleErrors,
  }) => {
    const response = await page.goto(`/hi/blog/${ncert.slug}`);
    expect(response?.status()).toBe(200);
    await hydrated(page);
    await expect(page.locator("html")).toHaveAttribute("lang", "hi");
    await expect(page).toHaveTitle(new RegExp(`^${ncert.title}`));
    const article = page.getByRole("article");
    await expect(article.getByRole("heading", { level: 1, name: ncert.title })).toBeVisible();
    await expect(article.locator("time")).toHaveText("12 जनवरी 2026");
    await expect(article.getByText(`लेखक: ${ncert.author}`)).toBeVisible();
    // The post's own words stay as written.
    await expect(article.getByRole("heading", { level: 3, name: "Why NCERT comes first" })).toBeVisible();
    const trail = page.getByRole("navigation", { name: "आप यहाँ हैं" });
    await expect(trail.getByRole("link", { name: "ब्लॉग" })).toHaveAttribute("href", "/hi/blog");
    await expect(trail.getByRole("link", { name: "मुखपृष्ठ" })).toHaveAttribute("href", "/hi");
    const related = page
      .locator("section")
      .filter({ has: page.getByRole("heading", { name: "संबंधित पोस्ट" }) });
    const firstRelated = demoPosts.find((p) => p.slug === ncert.related[0]);
    await expect(related.getByRole("link", { name: `पोस्ट पढ़ें – ${firstRelated?.title}` })).toHaveAttribute(
      "href",
      `/hi/blog/${firstRelated?.slug}`,
    );
    await expect(page.getByRole("link", { name: "ब्लॉग पर लौटें" })).toHaveAttribute("href", "/hi/blog");

    expect(await linkPath(page, 'link[rel="canonical"]')).toBe(`/hi/blog/${ncert.slug}`);
    expect(await linkPath(page, 'link[rel="alternate"][hreflang="hi-IN"]')).toBe(`/hi/blog/${ncert.slug}`);
    expect(await linkPath(page, 'link[rel="alternate"][hreflang="en-IN"]')).toBe(`/blog/${ncert.slug}`);
    expect(await linkPath(page, 'link[rel="alternate"][hreflang="x-default"]')).toBe(`/blog/${ncert.slug}`);
    await expect(page.locator('meta[property="og:locale"]')).toHaveAttribute("content", "hi_IN");
    const posting = (await structuredData(page)).find((b) => b["@type"] === "BlogPosting");
    expect(posting).toMatchObject({ headline: ncert.title, datePublished: ncert.date, inLanguage: "hi-IN" });
    expect(new URL(String(posting?.url)).pathname).toBe(`/hi/blog/${ncert.slug}`);

    await page.getByRole("banner").getByRole("link", { name: "English", exact: true }).click();
    await expect(page).toHaveURL(`/blog/${ncert.slug}`);
    await expect(page.locator("html")).toHaveAttribute("lang", "en-IN");
    await expect(page.getByRole("article").getByText(`by ${ncert.author}`)).toBeVisible();
    await expect(page.getByRole("article").locator("time")).toHaveText(formatDate(ncert.date));
    await expect(page.getByRole("link", { name: "Back to Blog" })).toHaveAttribute("href", "/blog");
    expect(consoleErrors).toEqual([]);
  });

  test("a missing post or a draft under /hi is a Hindi 404, status 404", async ({ page, consoleErrors }) => {
    for (const slug of ["no-such-post", DRAFT]) {
      const response = await page.goto(`/hi/blog/${slug}`);
      expect(response?.status(), slug).toBe(404);
      await expect(page.locator("html")).toHaveAttribute("lang", "hi");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("पोस्ट नहीं मिली");
      await expect(page.getByText("त्रुटि 404")).toBeVisible();
      await expect(page.getByText("आप जो लेख खोज रहे हैं, वह मौजूद नहीं है।")).toBeVisible();
      await expect(page.getByRole("link", { name: "ब्लॉग पर लौटें" })).toHaveAttribute("href", "/hi/blog");
      await expect(page).toHaveTitle(/^पोस्ट नहीं मिली \|/);
      await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
    }
    expect(notThe404(consoleErrors)).toEqual([]);
  });

  test("the English post and feed say their language; the post names its Hindi twin", async ({
    page,
    request,
  }) => {
    const feed = await (await request.get("/blog/rss.xml")).text();
    expect(feed).toContain("<language>en-IN</language>");
    await page.goto(`/blog/${ncert.slug}`);
    const posting = (await structuredData(page)).find((b) => b["@type"] === "BlogPosting");
    expect(posting?.inLanguage).toBe("en-IN");
    expect(await linkPath(page, 'link[rel="canonical"]')).toBe(`/blog/${ncert.slug}`);
    expect(await linkPath(page, 'link[rel="alternate"][hreflang="hi-IN"]')).toBe(`/hi/blog/${ncert.slug}`);
    expect(await linkPath(page, 'link[rel="alternate"][hreflang="en-IN"]')).toBe(`/blog/${ncert.slug}`);
  });

  test("the Hindi legal pages date their last change in Hindi", async ({ page }) => {
    await page.goto("/hi/privacy-policy");
    await expect(page.getByText(/^अंतिम अपडेट: \d{1,2} \p{Script=Devanagari}+ \d{4}$/u)).toBeVisible();
  });
});

test.describe("the Hindi blog's pages", () => {
  // A server of its own with more posts than a page holds (24).
  const PORT = E2E_PORT + 263;
  const ORIGIN = `http://127.0.0.1:${PORT}`;
  let own: OwnServer;

  test.beforeAll(async () => {
    own = await ownServer(PORT, { LINK_CHECK: "off" }, {}, async (db) => {
      const site = { siteUrl: ORIGIN, siteName: "ChapterWise" };
      for (let i = 1; i <= 25; i++) {
        await addPost(
          db,
          {
            ...emptyPostValues(new Date(Date.UTC(2019, 0, 1 + i)).toISOString().slice(0, 10)),
            title: `Hindi paged post ${i}`,
            slug: `hindi-paged-post-${i}`,
            excerpt: `Excerpt ${i}.`,
            status: "published",
            allowComments: true,
          },
          site,
        );
      }
    });
  });

  test.afterAll(async () => {
    await own?.stop();
  });

  for (const js of [false, true]) {
    test(`Next and Previous in Hindi stay under /hi, JavaScript ${js ? "on" : "off"}`, async ({
      browser,
    }) => {
      const context = await browser.newContext({ javaScriptEnabled: js });
      const page = await context.newPage();
      try {
        await page.goto(`${ORIGIN}/hi/blog`);
        if (js) await hydrated(page);
        const nav = page.getByRole("navigation", { name: "ब्लॉग के पेज" });
        await expect(nav.getByText("पेज 1 / 2")).toBeVisible();
        await expect(nav.getByRole("link", { name: "पिछला" })).toHaveCount(0);
        await expect(nav.getByRole("link", { name: "अगला" })).toHaveAttribute("href", "/hi/blog?page=2");
        await nav.getByRole("link", { name: "अगला" }).click();
        await expect(page).toHaveURL(`${ORIGIN}/hi/blog?page=2`);
        await expect(nav.getByText("पेज 2 / 2")).toBeVisible();
        // The oldest posts, dated in Hindi.
        await expect(postCards(page).last().locator("time")).toHaveText("2 जनवरी 2019");
        expect(await linkPath(page, 'link[rel="canonical"]')).toBe("/hi/blog");
        await nav.getByRole("link", { name: "पिछला" }).click();
        await expect(page).toHaveURL(`${ORIGIN}/hi/blog`);
        await expect(postCards(page)).toHaveCount(24);
        // Past the last page is a 404, in Hindi.
        const past = await page.goto(`${ORIGIN}/hi/blog?page=3`);
        expect(past?.status()).toBe(404);
        await expect(page.locator("html")).toHaveAttribute("lang", "hi");
      } finally {
        await context.close();
      }
    });
  }
});

for (const js of [false, true]) {
  test.describe(`the Hindi search, JavaScript ${js ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled: js });

    test("the top bar's box on a Hindi page sends the query to /hi/search, which answers in Hindi", async ({
      page,
    }) => {
      await page.goto("/hi/about");
      if (js) await hydrated(page);
      const box = page.getByRole("banner").getByLabel("खोजें", { exact: true }).filter({ visible: true });
      await box.fill("polynomials");
      await box.press("Enter");
      await expect(page).toHaveURL(/\/hi\/search\?q=polynomials$/);
      await expect(page.locator("html")).toHaveAttribute("lang", "hi");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("खोज");
      await expect(countLine(page)).toHaveText(/^“polynomials” के लिए \d+ परिणाम$/);
      await expect(page.getByRole("main").getByLabel("खोजें", { exact: true })).toHaveValue("polynomials");
    });

    test("results: Hindi labels, links to Hindi pages, filters sent to /hi/search", async ({ page }) => {
      await page.goto("/hi/search?q=polynomials");
      if (js) await hydrated(page);
      await expect(page).toHaveTitle(/^“polynomials” – खोज के परिणाम \|/);
      const chapter = results(page).filter({ hasText: "कक्षा 10 · Mathematics" }).first();
      await expect(chapter).toContainText("अध्याय");
      await expect(chapter.getByRole("link", { name: "Polynomials" })).toHaveAttribute(
        "href",
        "/hi/class/10/chapter/polynomials",
      );
      for (const href of await results(page)
        .getByRole("link")
        .evaluateAll((links) => links.map((a) => a.getAttribute("href"))))
        expect(href).toMatch(/^\/hi\//);
      const form = page.getByRole("search", { name: "खोज और फ़िल्टर" });
      await expect(form).toHaveAttribute("action", "/hi/search");
      await form.getByLabel("कक्षा", { exact: true }).selectOption("कक्षा 10");
      // With JavaScript a filter applies at once, to the Hindi page.
      if (js) await expect(page).toHaveURL(/\/hi\/search\?q=polynomials&grade=10$/);
      await form.getByLabel("प्रकार", { exact: true }).selectOption("अध्याय");
      if (!js) await form.getByRole("button", { name: "खोजें", exact: true }).click();
      await expect(page).toHaveURL(/\/hi\/search\?q=polynomials&grade=10(&subject=)?&type=chapters$/);
      await expect(countLine(page)).toHaveText("“polynomials” के लिए 1 परिणाम");
      await expect(results(page)).toHaveCount(1);

      await page.goto("/hi/search?q=stress&type=posts");
      if (js) await hydrated(page);
      const post = results(page).getByRole("link", { name: "Managing Exam Stress: What Actually Helps" });
      await expect(results(page).first()).toContainText("पोस्ट");
      await post.click();
      await expect(page).toHaveURL(/\/hi\/blog\/managing-exam-stress$/);
      await expect(page.getByRole("link", { name: "ब्लॉग पर लौटें" })).toBeVisible();
    });

    test("the pages of results are named and linked in Hindi", async ({ page }) => {
      await page.goto("/hi/search?q=ncert&grade=10");
      if (js) await hydrated(page);
      const nav = page.getByRole("navigation", { name: "खोज के परिणामों के पेज" });
      await expect(nav.getByText(/^पेज 1 \/ \d+$/)).toBeVisible();
      await expect(nav.getByRole("link", { name: "अगला" })).toHaveAttribute(
        "href",
        "/hi/search?q=ncert&grade=10&page=2",
      );
      await nav.getByRole("link", { name: "अगला" }).click();
      await expect(page).toHaveURL(/\/hi\/search\?q=ncert&grade=10&page=2$/);
      await expect(nav.getByText(/^पेज 2 \/ \d+$/)).toBeVisible();
    });

    test("a misspelt query: no results, 'Did you mean' in Hindi, then the class pages", async ({ page }) => {
      const response = await page.goto("/hi/search?q=polynomals");
      expect(response?.status()).toBe(200);
      if (js) await hydrated(page);
      await expect(countLine(page)).toHaveText("“polynomals” के लिए कोई परिणाम नहीं मिला");
      const didYouMean = page.getByText(/^क्या आपका मतलब था/);
      await expect(didYouMean.getByRole("link").first()).toHaveAttribute("href", /^\/hi\/search\?q=/);
      await expect(page.getByRole("heading", { level: 3, name: "कक्षा के अनुसार देखें" })).toBeVisible();
      for (const grade of [9, 10, 11, 12]) {
        await expect(
          page.getByRole("main").getByRole("link", { name: `कक्षा ${grade} के संसाधन` }),
        ).toHaveAttribute("href", `/hi/class/${grade}`);
      }
      await didYouMean.getByRole("link").first().click();
      await expect(page).toHaveURL(/\/hi\/search\?q=/);
      await expect(countLine(page)).toHaveText(/^“[^”]+” के लिए [\d,]+ परिणाम$/);
    });

    test("an empty query asks in Hindi what to look for", async ({ page }) => {
      const response = await page.goto("/hi/search");
      expect(response?.status()).toBe(200);
      await expect(page.getByRole("heading", { level: 2, name: "आप क्या ढूँढ रहे हैं?" })).toBeVisible();
      await expect(page.getByRole("main").getByRole("link", { name: "Polynomials" })).toHaveAttribute(
        "href",
        "/hi/search?q=Polynomials",
      );
      await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
      expect(await linkPath(page, 'link[rel="canonical"]')).toBe("/hi/search");
    });
  });
}

test("the blog's and the search's scripts carry their own language's words only", async ({ request }) => {
  const pages = [
    { en: "/blog", hi: "/hi/blog", english: ["Read Post", "Latest Posts"], hindi: ["पोस्ट पढ़ें", "नई पोस्ट"] },
    {
      en: "/search?q=light",
      hi: "/hi/search?q=light",
      english: ["Browse by class", "Did you mean"],
      hindi: ["कक्षा के अनुसार देखें", "क्या आपका मतलब था"],
    },
  ];
  for (const twin of pages) {
    const en = await pageScripts(request, twin.en);
    const hi = await pageScripts(request, twin.hi);
    for (const words of twin.english) {
      expect(en, `${twin.en}: ${words}`).toContain(words);
      expect(hi, `${twin.hi}: ${words}`).not.toContain(words);
    }
    for (const words of twin.hindi) {
      expect(hi, `${twin.hi}: ${words}`).toContain(words);
      expect(en, `${twin.en}: ${words}`).not.toContain(words);
    }
  }
});
