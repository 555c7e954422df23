import type { Page } from "@playwright/test";
import { emptyPostValues } from "#app/lib/post-form.ts";
import { slugify } from "#app/lib/slug.ts";
import { createChapters } from "#app/server/catalogue/chapters.server.ts";
import { addPost } from "#app/server/publishing/posts.server.ts";
import { demoCatalogue, demoPosts } from "../../cli/demo-catalogue.ts";
import { E2E_PORT } from "./accounts.ts";
import { expect, hydrated, test } from "./fixtures.ts";
import { type OwnServer, ownServer } from "./own-server.ts";

// The blog list and a subject's chapter cards come in pages (24 posts, 60 chapters), so a site
// with thousands of either still sends a small page to a phone. A server of our own holds enough
// of both: 60 more posts and 130 more chapters in Class 11's first subject.
const PORT = E2E_PORT + 210;
const ORIGIN = `http://127.0.0.1:${PORT}`;
const EXTRA_POSTS = 60;
const EXTRA_CHAPTERS = 130;
const subject = demoCatalogue[11][0];
const publishedDemo = demoPosts.filter((p) => p.status === "published").length;
const allPosts = publishedDemo + EXTRA_POSTS;
const allChapters = (subject?.chapters.length ?? 0) + EXTRA_CHAPTERS;
/** "Paged chapter 001" ...: the last ones are only on the third page. */
const chapterTitle = (i: number) => `Paged chapter ${String(i).padStart(3, "0")}`;
// Class 12's first subject gets more chapters than a page carries whole (WHOLE_LIST_LIMIT, 300).
const HUGE_CHAPTERS = 320;
const hugeSubject = demoCatalogue[12][0];
const allHuge = (hugeSubject?.chapters.length ?? 0) + HUGE_CHAPTERS;
const hugeTitle = (i: number) => `Huge chapter ${String(i).padStart(3, "0")}`;

let own: OwnServer;

test.beforeAll(async () => {
  own = await ownServer(PORT, { LINK_CHECK: "off" }, {}, async (db) => {
    const site = { siteUrl: ORIGIN, siteName: "ChapterWise" };
    for (let i = 1; i <= EXTRA_POSTS; i++) {
      // Older than the demo's posts, one day apart, so their order is known.
      const date = new Date(Date.UTC(2019, 0, 1 + EXTRA_POSTS - i)).toISOString().slice(0, 10);
      await addPost(
        db,
        {
          ...emptyPostValues(date),
          title: `Paged post ${String(i).padStart(2, "0")}`,
          slug: `paged-post-${i}`,
          excerpt: `Excerpt of paged post ${i}.`,
          status: "published",
          allowComments: true,
        },
        site,
      );
    }
    const titles = Array.from({ length: EXTRA_CHAPTERS }, (_, i) => chapterTitle(i + 1));
    await createChapters(
      db,
      11,
      subject?.code ?? "",
      titles.map((title) => ({ title, links: { notes: [], questions: [], lectures: [] } })),
    );
    await createChapters(
      db,
      12,
      hugeSubject?.code ?? "",
      Array.from({ length: HUGE_CHAPTERS }, (_, i) => ({
        title: hugeTitle(i + 1),
        links: { notes: [], questions: [], lectures: [] },
      })),
    );
  });
});

test.afterAll(async () => {
  await own?.stop();
});

function postCards(page: Page) {
  return page.getByRole("listitem").filter({ has: page.getByRole("link", { name: /^Read Post/ }) });
}

function chapterCards(page: Page) {
  return page.getByRole("listitem").filter({ has: page.getByRole("link", { name: /View Resources/ }) });
}

for (const js of [true, false]) {
  test.describe(`pages of lists, JavaScript ${js ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled: js });

    test("the blog shows 24 posts a page, newest first, with Next and Previous", async ({ page }) => {
      const pages = Math.ceil(allPosts / 24);
      await page.goto(`${ORIGIN}/blog`);
      if (js) await hydrated(page);
      await expect(postCards(page)).toHaveCount(24);
      const nav = page.getByRole("navigation", { name: "Blog pages" });
      await expect(nav.getByText(`Page 1 of ${pages}`)).toBeVisible();
      await expect(nav.getByRole("link", { name: "Previous" })).toHaveCount(0);
      const seen = new Set(await postCards(page).getByRole("heading").allTextContents());

      for (let n = 2; n <= pages; n++) {
        await nav.getByRole("link", { name: "Next" }).click();
        await expect(page).toHaveURL(`${ORIGIN}/blog?page=${n}`);
        await expect(nav.getByText(`Page ${n} of ${pages}`)).toBeVisible();
        for (const title of await postCards(page).getByRole("heading").allTextContents()) seen.add(title);
      }
      // Every post once, the oldest last; the last page has no Next.
      expect(seen.size).toBe(allPosts);
      await expect(postCards(page).last().getByRole("heading")).toHaveText(`Paged post ${EXTRA_POSTS}`);
      await expect(postCards(page)).toHaveCount(allPosts - (pages - 1) * 24);
      await expect(nav.getByRole("link", { name: "Next" })).toHaveCount(0);
      await nav.getByRole("link", { name: "Previous" }).click();
      await expect(page).toHaveURL(`${ORIGIN}/blog${pages > 2 ? `?page=${pages - 1}` : ""}`);
      await expect(postCards(page)).toHaveCount(24);
    });

    test("a subject's chapters come 60 a page; the search looks through all of them", async ({ page }) => {
      const code = subject?.code ?? "";
      await page.goto(`${ORIGIN}/class/11`);
      if (js) await hydrated(page);
      await expect(chapterCards(page)).toHaveCount(60);
      const nav = page.getByRole("navigation", { name: "Chapter pages" });
      await expect(nav.getByText("Page 1 of 3")).toBeVisible();
      await nav.getByRole("link", { name: "Next" }).click();
      await expect(page).toHaveURL(`${ORIGIN}/class/11?subject=${code}&page=2`);
      await expect(chapterCards(page)).toHaveCount(60);
      await nav.getByRole("link", { name: "Next" }).click();
      await expect(chapterCards(page)).toHaveCount(allChapters - 120);
      await expect(chapterCards(page).last().getByRole("heading")).toHaveText(chapterTitle(EXTRA_CHAPTERS));
      await expect(nav.getByRole("link", { name: "Next" })).toHaveCount(0);

      // Back on the first page, a title only the third page shows is found at once.
      await page.goto(`${ORIGIN}/class/11`);
      if (js) await hydrated(page);
      const box = page.getByRole("searchbox", { name: "Search chapters" });
      await box.fill("CHAPTER 130");
      if (!js) await page.getByRole("button", { name: "Show chapters" }).click();
      await expect(chapterCards(page).getByRole("heading")).toHaveText([chapterTitle(130)]);
      await expect(page.getByRole("navigation", { name: "Chapter pages" })).toHaveCount(0);
      if (js) expect(new URL(page.url()).searchParams.get("page")).toBeNull();
    });

    test("a subject too large to send whole: its page carries its own cards, the server searches", async ({
      page,
    }) => {
      const pages = Math.ceil(allHuge / 60);
      const response = await page.goto(`${ORIGIN}/class/12`);
      // The page of cards, not every title: the last chapter is only on the last page's HTML.
      expect(await response?.text()).not.toContain(hugeTitle(HUGE_CHAPTERS));
      if (js) await hydrated(page);
      await expect(chapterCards(page)).toHaveCount(60);
      await expect(page.getByText(`${allHuge} chapters`, { exact: true })).toBeVisible();
      const nav = page.getByRole("navigation", { name: "Chapter pages" });
      await expect(nav.getByText(`Page 1 of ${pages}`)).toBeVisible();

      const box = page.getByRole("searchbox", { name: "Search chapters" });
      await box.fill("huge CHAPTER 317");
      if (!js) await page.getByRole("button", { name: "Show chapters" }).click();
      await expect(chapterCards(page).getByRole("heading")).toHaveText([hugeTitle(317)]);
      await expect(page.getByText(`1 of ${allHuge} chapters match`)).toBeVisible();
      await expect(page).toHaveURL(/[?&]q=huge\+CHAPTER\+317/);
      await expect(box).toHaveValue("huge CHAPTER 317");
    });
  });
}

test("odd and past-the-end page numbers", async ({ request }) => {
  // A number that is not one shows the first page; past the end of the blog is a real 404.
  const odd = await request.get(`${ORIGIN}/blog?page=abc`);
  expect(odd.status()).toBe(200);
  expect(await odd.text()).toMatch(/rel="canonical" href="http[^"]+\/blog"/);
  expect((await request.get(`${ORIGIN}/blog?page=999`)).status()).toBe(404);
  expect((await request.get(`${ORIGIN}/blog?page=-1`)).status()).toBe(200);
  // A class page past its last page shows the last one.
  const past = await request.get(`${ORIGIN}/class/11?page=99`);
  expect(past.status()).toBe(200);
  // React separates the text's parts with empty comments.
  const html = (await past.text()).replaceAll("<!-- -->", "");
  expect(html).toContain("Page 3 of 3");
  expect(html).toContain(`>${chapterTitle(EXTRA_CHAPTERS)}<`);
  // The page of a list is its own page for search engines.
  expect(await (await request.get(`${ORIGIN}/blog?page=2`)).text()).toMatch(
    /rel="canonical" href="http[^"]+\/blog\?page=2"/,
  );
});

test("the RSS feed carries the newest 50 posts", async ({ request }) => {
  const feed = await (await request.get(`${ORIGIN}/blog/rss.xml`)).text();
  expect(feed.match(/<item>/g)).toHaveLength(Math.min(50, allPosts));
  expect(feed).toContain(`/blog/${slugify("paged post 1")}`);
});
