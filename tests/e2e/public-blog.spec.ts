import sharp from "sharp";
import { formatDate } from "#app/lib/dates.ts";
import { demoPosts } from "../../cli/demo-catalogue.ts";
import { expect, hydrated, login, test } from "./fixtures.ts";

const DRAFT = "choosing-a-stream-after-class-10";
const published = demoPosts.filter((p) => p.status === "published");
const draft = demoPosts.find((p) => p.slug === DRAFT);
const ncert = demoPosts.find((p) => p.slug === "how-to-use-ncert-textbooks-for-board-exams");
const notThe404 = (errors: string[]) => errors.filter((e) => !e.includes("status of 404"));

test.describe("blog list", () => {
  test("lists published posts newest first, without drafts", async ({ page, consoleErrors }) => {
    expect(draft?.status).toBe("draft");
    await page.goto("/blog");
    await expect(page.getByRole("heading", { level: 2, name: "Latest Posts" })).toBeVisible();
    await expect(page.getByText("New posts come every few weeks.")).toBeVisible();
    const cards = page.getByRole("listitem").filter({ has: page.getByRole("link", { name: /^Read Post/ }) });
    // Other tests may add posts, enough to fill more than one page: the demo ones must keep
    // their relative order, and every card's date must be no newer than the one before it.
    const titles: string[] = [];
    const dates: (string | null)[] = [];
    const pager = page.getByRole("navigation", { name: "Blog pages" });
    const next = pager.getByRole("link", { name: "Next" });
    const pageOf = new Map<string, string>();
    for (let n = 1; ; n++) {
      const here = await cards.getByRole("heading").allTextContents();
      for (const title of here) pageOf.set(title, page.url());
      titles.push(...here);
      dates.push(
        ...(await cards.locator("time").evaluateAll((els) => els.map((e) => e.getAttribute("datetime")))),
      );
      if ((await next.count()) === 0) break;
      await next.click();
      // The address changes before the new cards are drawn: wait for the page's own number.
      await expect(pager.getByText(new RegExp(`^Page ${n + 1} of`))).toBeVisible();
    }
    const demoOrder = [...published].sort((a, b) => b.date.localeCompare(a.date)).map((p) => p.title);
    // A post added by another test while the pages are walked shifts one card onto the next page too.
    expect([...new Set(titles.filter((t) => demoOrder.includes(t)))]).toEqual(demoOrder);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(titles).not.toContain(draft?.title);
    await expect(page.getByRole("link", { name: new RegExp(draft?.title ?? "-") })).toHaveCount(0);

    for (const post of published) {
      if (page.url() !== pageOf.get(post.title)) await page.goto(pageOf.get(post.title) ?? "/blog");
      const card = cards.filter({ has: page.getByRole("heading", { name: post.title, exact: true }) });
      await expect(card.getByText(post.excerpt)).toBeVisible();
      await expect(card.getByText(formatDate(post.date))).toBeVisible();
      await expect(card.getByText(post.author)).toBeVisible();
      await expect(card.getByText(post.tag, { exact: true })).toBeVisible();
      await expect(card.getByRole("link", { name: /^Read Post/ })).toHaveAttribute(
        "href",
        `/blog/${post.slug}`,
      );
    }
    expect(consoleErrors).toEqual([]);
  });

  test("cards are 1, 2 and 3 per row", async ({ page }) => {
    for (const [width, columns] of [
      [375, 1],
      [800, 2],
      [1280, 3],
    ] as const) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto("/blog");
      const lefts = new Set<number>();
      for (const link of (await page.getByRole("link", { name: /^Read Post/ }).all()).slice(0, 3)) {
        lefts.add(Math.round((await link.boundingBox())?.x ?? -1));
      }
      expect(lefts.size, `${width}px`).toBe(columns);
    }
  });

  test("'Read Post' opens the post", async ({ page, consoleErrors }) => {
    await page.goto("/blog");
    await hydrated(page);
    await page.getByRole("link", { name: `Read Post – ${ncert?.title}` }).click();
    await expect(page).toHaveURL(new RegExp(`/blog/${ncert?.slug}$`));
    await expect(page.getByRole("heading", { level: 1, name: ncert?.title })).toBeVisible();
    expect(consoleErrors).toEqual([]);
  });
});

test.describe("blog post", () => {
  test("shows badge, title, date, author, body, related posts and the way back", async ({
    page,
    consoleErrors,
  }) => {
    if (!ncert) throw new Error("demo posts changed");
    await page.goto(`/blog/${ncert.slug}`);
    await expect(page).toHaveTitle(new RegExp(`^${ncert.title}`));
    await expect(page.getByText(ncert.tag, { exact: true })).toBeVisible();
    await expect(page.getByRole("heading", { level: 1, name: ncert.title })).toBeVisible();
    const article = page.getByRole("article");
    await expect(article.getByText(formatDate(ncert.date))).toBeVisible();
    await expect(article.locator("time")).toHaveAttribute("datetime", ncert.date);
    await expect(article.getByText(`by ${ncert.author}`)).toBeVisible();
    await expect(article.getByRole("heading", { level: 3, name: "Why NCERT comes first" })).toBeVisible();
    await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", ncert.excerpt);
    await expect(page.locator('meta[name="keywords"]')).toHaveAttribute("content", ncert.keywords.join(", "));
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
      "href",
      new RegExp(`/blog/${ncert.slug}$`),
    );
    await expect(page.locator('meta[property="og:type"]')).toHaveAttribute("content", "article");

    const related = page
      .locator("section")
      .filter({ has: page.getByRole("heading", { name: "Related posts" }) });
    const relatedTitles = ncert.related.map((slug) => demoPosts.find((p) => p.slug === slug)?.title ?? slug);
    await expect(related.getByRole("heading", { level: 3 })).toHaveText(relatedTitles);

    const ld = await page
      .locator('script[type="application/ld+json"]')
      .evaluateAll((els) => els.map((e) => JSON.parse(e.textContent ?? "null")));
    const posting = ld.find((b) => b["@type"] === "BlogPosting");
    expect(posting).toMatchObject({
      headline: ncert.title,
      datePublished: ncert.date,
      author: { name: ncert.author },
    });

    await expect(page.getByRole("link", { name: "Back to Blog" })).toHaveAttribute("href", "/blog");
    expect(consoleErrors).toEqual([]);
  });

  test("a missing post and a draft answer 404 'Post not found'", async ({ page, consoleErrors }) => {
    for (const slug of ["no-such-post", DRAFT]) {
      const response = await page.goto(`/blog/${slug}`);
      expect(response?.status(), slug).toBe(404);
      await expect(page.getByRole("heading", { level: 1, name: "Post not found" })).toBeVisible();
      await expect(page.getByText("The article you are looking for doesn\u2019t exist.")).toBeVisible();
      await expect(page.getByRole("link", { name: "Back to Blog" })).toHaveAttribute("href", "/blog");
      await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
      await expect(page.getByText(draft?.excerpt ?? "-")).toHaveCount(0);
    }
    expect(notThe404(consoleErrors)).toEqual([]);
  });
});

test.describe("blog feed", () => {
  test("RSS 2.0 lists the published posts newest first, escaped, and no drafts", async ({ request }) => {
    const response = await request.get("/blog/rss.xml");
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toMatch(/^application\/rss\+xml/);
    expect(response.headers()["cache-control"]).toMatch(/max-age=\d+/);
    const xml = await response.text();
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<rss version="2.0"/);
    const items = [...xml.matchAll(/<item>[\s\S]*?<title>([^<]*)<\/title>[\s\S]*?<link>([^<]*)<\/link>/g)];
    const titles = items.map((m) => m[1]);
    const demoOrder = [...published].sort((a, b) => b.date.localeCompare(a.date)).map((p) => p.title);
    expect(titles.filter((t) => demoOrder.includes(t ?? ""))).toEqual(demoOrder);
    expect(xml).not.toContain(DRAFT);
    for (const post of published) {
      expect(items.some((m) => m[2]?.endsWith(`/blog/${post.slug}`))).toBe(true);
    }
    expect(xml).toContain(`<pubDate>${new Date(`${ncert?.date}T00:00:00Z`).toUTCString()}</pubDate>`);
    expect(xml).toMatch(/<atom:link href="[^"]+\/blog\/rss\.xml" rel="self"/);
  });
});

test.describe("blog without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the list and a post are readable and linked", async ({ page }) => {
    await page.goto("/blog");
    await page.getByRole("link", { name: `Read Post – ${ncert?.title}` }).click();
    await expect(page).toHaveURL(new RegExp(`/blog/${ncert?.slug}$`));
    await expect(page.getByRole("heading", { level: 1, name: ncert?.title })).toBeVisible();
    await expect(page.getByRole("heading", { level: 3, name: "Why NCERT comes first" })).toBeVisible();
    await page.getByRole("link", { name: "Back to Blog" }).click();
    await expect(page).toHaveURL(/\/blog$/);
    await expect(page.getByRole("heading", { level: 2, name: "Latest Posts" })).toBeVisible();
  });
});

test.describe("blog post with a featured image", () => {
  // Without JavaScript the console's form is a plain multipart form: the sturdiest way to make a post.
  test.use({ javaScriptEnabled: false });

  test("shows it as a <picture>: WebP first, the fallback, every width, its size and alt text", async ({
    page,
  }) => {
    test.setTimeout(90_000); // signs in, uploads, publishes and deletes: several page loads
    const slug = `e2e-picture-${Date.now().toString(36)}`;
    const title = `Picture post ${slug}`;
    const png = await sharp({ create: { width: 1000, height: 560, channels: 3, background: "#2456d6" } })
      .png()
      .toBuffer();
    await login(page, "admin");
    await page.goto("/admin/blogs");
    await page.getByLabel("Title", { exact: true }).fill(title);
    await page.getByLabel("Slug", { exact: true }).fill(slug);
    // The list above has a "Status" filter too: this is the add form's.
    await page
      .getByRole("form", { name: "Add New Blog Post" })
      .getByLabel("Status")
      .selectOption("published");
    await page.getByLabel("Excerpt").fill("A post with a featured image.");
    await page.getByLabel("Content").fill("<p>The body sits under the picture.</p>");
    await page
      .getByLabel("Featured image")
      .setInputFiles({ name: "cover.png", mimeType: "image/png", buffer: png });
    await page.getByLabel("Alt text for the image").fill("A plain blue cover");
    await page.getByRole("button", { name: "Add Blog" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Blog post added." })).toBeVisible();
    try {
      await page.goto(`/blog/${slug}`);
      const picture = page.locator("article picture");
      const source = picture.locator('source[type="image/webp"]');
      const srcset = (await source.getAttribute("srcset")) ?? "";
      // Only widths narrower than the 1000-px original, then the original itself.
      expect(srcset).toMatch(/^(\/media\/[a-f0-9]+)-480w\.webp 480w, \1-800w\.webp 800w, \1\.webp 1000w$/);
      await expect(source).toHaveAttribute("sizes", /720px/);
      const img = picture.getByRole("img", { name: "A plain blue cover" });
      await expect(img).toHaveAttribute("src", /^\/media\/[a-f0-9]+\.jpg$/);
      await expect(img).toHaveAttribute("srcset", srcset.replaceAll(".webp", ".jpg"));
      await expect(img).toHaveAttribute("width", "1000");
      await expect(img).toHaveAttribute("height", "560");
      await expect(img).toHaveAttribute("fetchpriority", "high");
      await expect(img).not.toHaveAttribute("loading", "lazy");
      for (const candidate of srcset.split(", ").map((c) => c.split(" ")[0] ?? "")) {
        const response = await page.request.get(candidate);
        expect(response.status(), candidate).toBe(200);
        expect(response.headers()["content-type"], candidate).toBe("image/webp");
        expect(response.headers()["cache-control"], candidate).toContain("immutable");
      }
      const fallback = await page.request.get((await img.getAttribute("src")) ?? "");
      expect(fallback.headers()["content-type"]).toBe("image/jpeg");
      const unknownWidth = srcset.replace(/-480w\.webp .*$/, "-640w.webp");
      expect((await page.request.get(unknownWidth)).status()).toBe(404);
      // A 1280-px desktop draws it 720 px wide: the browser takes the 800-px copy, and it loads.
      await expect
        .poll(() => img.evaluate((el: HTMLImageElement) => (el.naturalWidth > 0 ? el.currentSrc : "")))
        .toMatch(/-800w\.webp$/);
      await expect(page.getByText("The body sits under the picture.")).toBeVisible();
    } finally {
      await page.goto("/admin/blogs");
      const row = page.getByRole("row").filter({ hasText: slug });
      await row
        .getByRole("link", { name: /Delete/ })
        .or(row.getByRole("button", { name: /Delete/ }))
        .click();
      await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
      await expect(page.getByRole("row").filter({ hasText: slug })).toHaveCount(0);
    }
  });
});
