import { type Page, request as playwrightRequest } from "@playwright/test";
import { loadConfig } from "#app/server/config.server.ts";
import type { Suggestion } from "#app/server/search/types.ts";
import { E2E_PORT } from "./accounts.ts";
import { expect, hydrated, seriousA11yViolations, test } from "./fixtures.ts";
import { ownServer } from "./own-server.ts";

// The student's search (DESIGN.md section 5, issue 13): the top bar's box on every public page
// (in the mobile menu on phones), the results page with its filters and pages, suggestions as
// one types. The queries are words of the demo catalogue (cli/demo-catalogue.ts).

const { siteUrl } = loadConfig({ ...process.env, PORT: String(E2E_PORT) });

/** The top bar's box that can be seen: the bar's own from tablets up, the mobile menu's on phones. */
const topBarBox = (page: Page) =>
  page.getByRole("banner").getByLabel("Search", { exact: true }).filter({ visible: true });
/** The results page's own box. */
const pageBox = (page: Page) => page.getByRole("main").getByLabel("Search", { exact: true });
const countLine = (page: Page) => page.getByRole("main").getByRole("heading", { level: 2 }).first();
const results = (page: Page) => page.getByRole("main").getByRole("list").first().getByRole("listitem");

async function searchFromTopBar(page: Page, query: string) {
  await topBarBox(page).fill(query);
  await topBarBox(page).press("Enter");
  await expect(page).toHaveURL(`/search?q=${encodeURIComponent(query).replaceAll("%20", "+")}`);
}

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the top bar's box sends the query and the page counts the results", async ({ page }) => {
    await page.goto("/about");
    await searchFromTopBar(page, "polynomials");
    await expect(countLine(page)).toHaveText(/^\d+ results for "polynomials"$/);
    await expect(pageBox(page)).toHaveValue("polynomials");
    await expect(page.getByRole("main").getByRole("link", { name: "Polynomials" }).first()).toBeVisible();
  });

  test.describe("on a 375 px phone", () => {
    test.use({ viewport: { width: 375, height: 740 } });

    test("the box is in the mobile menu", async ({ page }) => {
      await page.goto("/");
      await expect(topBarBox(page)).toHaveCount(0);
      await page.getByRole("button", { name: "Menu", exact: true }).click();
      await expect(page.getByRole("navigation", { name: "Menu" })).toBeVisible();
      await searchFromTopBar(page, "trigonometry");
      await expect(countLine(page)).toHaveText(/^\d+ results? for "trigonometry"$/);
    });
  });

  test("filters narrow the results by class, subject and kind", async ({ page }) => {
    await page.goto("/search?q=polynomials");
    await page.getByLabel("Class", { exact: true }).selectOption("Class 10");
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await expect(page).toHaveURL(/[?&]grade=10(&|$)/);
    await expect(countLine(page)).toHaveText(/^\d+ results? for "polynomials"$/);
    for (const place of await results(page).allTextContents()) expect(place).toContain("Class 10");

    await page.getByLabel("Subject", { exact: true }).selectOption("Mathematics");
    await page.getByLabel("Kind", { exact: true }).selectOption("Chapters");
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await expect(page).toHaveURL(/[?&]type=chapters(&|$)/);
    await expect(countLine(page)).toHaveText('1 result for "polynomials"');
    await expect(results(page)).toHaveCount(1);
    await expect(results(page).first()).toContainText("Chapter");
    await expect(results(page).first()).toContainText("Class 10 · Mathematics");
  });

  test("Next and Previous page through 20 results at a time, keeping the filters", async ({ page }) => {
    await page.goto("/search?q=ncert&grade=10");
    await expect(countLine(page)).toHaveText(/^\d+ results for "ncert"$/);
    const total = Number((await countLine(page).textContent())?.split(" ")[0]);
    expect(total).toBeGreaterThan(20);
    await expect(results(page)).toHaveCount(20);
    await expect(page.getByRole("link", { name: "Previous" })).toHaveCount(0);
    const firstOfPage1 = await results(page).first().getByRole("link").textContent();

    await page.getByRole("link", { name: "Next" }).click();
    await expect(page).toHaveURL("/search?q=ncert&grade=10&page=2");
    await expect(page.getByText(`Page 2 of ${Math.ceil(total / 20)}`)).toBeVisible();
    await expect(results(page)).toHaveCount(Math.min(20, total - 20));

    await page.getByRole("link", { name: "Previous" }).click();
    await expect(page).toHaveURL("/search?q=ncert&grade=10");
    await expect(results(page).first().getByRole("link")).toHaveText(firstOfPage1 ?? "");
  });

  test("a result leads to its chapter page, and a post to /blog/SLUG", async ({ page }) => {
    await page.goto("/search?q=polynomials&grade=9&type=chapters");
    await results(page).first().getByRole("link", { name: "Polynomials" }).click();
    await expect(page).toHaveURL("/class/9/chapter/polynomials");
    await expect(page.getByRole("heading", { level: 1, name: "Polynomials" })).toBeVisible();

    await page.goto("/search?q=stress&type=posts");
    await results(page).getByRole("link", { name: "Managing Exam Stress: What Actually Helps" }).click();
    await expect(page).toHaveURL("/blog/managing-exam-stress");
  });
});

test.describe("with JavaScript", () => {
  test("the top bar's box sends the query on Enter", async ({ page, consoleErrors }) => {
    await page.goto("/guide/10");
    await hydrated(page);
    await searchFromTopBar(page, "electricity");
    await expect(countLine(page)).toHaveText(/^\d+ results? for "electricity"$/);
    expect(consoleErrors).toEqual([]);
  });

  test.describe("on a 375 px phone", () => {
    test.use({ viewport: { width: 375, height: 740 } });

    test("the mobile menu's box searches and the menu closes", async ({ page, consoleErrors }) => {
      await page.goto("/blog");
      await hydrated(page);
      await page.getByRole("button", { name: "Menu", exact: true }).click();
      const menu = page.getByRole("navigation", { name: "Menu" });
      await expect(menu).toBeVisible();
      await searchFromTopBar(page, "gravitation");
      await expect(countLine(page)).toHaveText(/^\d+ results? for "gravitation"$/);
      await expect(menu).toBeHidden();
      expect(consoleErrors).toEqual([]);
    });
  });

  test("suggestions by keyboard: ArrowDown then Enter goes straight to the page", async ({
    page,
    consoleErrors,
  }) => {
    await page.goto("/");
    await hydrated(page);
    const box = topBarBox(page);
    await expect(box).toHaveRole("combobox");
    await expect(box).toHaveAttribute("aria-expanded", "false");
    const answer = page.waitForResponse((r) => r.url().includes("/search/suggest?q=trigono"));
    await box.pressSequentially("trigono");
    const { suggestions } = (await (await answer).json()) as { suggestions: Suggestion[] };
    expect(suggestions.length).toBeGreaterThan(0);
    expect(suggestions.length).toBeLessThanOrEqual(8);
    const listbox = page.getByRole("listbox", { name: "Suggestions" });
    await expect(listbox.getByRole("option")).toHaveCount(suggestions.length);
    await expect(box).toHaveAttribute("aria-expanded", "true");
    await expect(listbox.getByRole("option").first()).toContainText(suggestions[0]?.title ?? "");

    await box.press("ArrowDown");
    const first = listbox.getByRole("option").first();
    await expect(first).toHaveAttribute("aria-selected", "true");
    await expect(box).toHaveAttribute("aria-activedescendant", (await first.getAttribute("id")) ?? "");
    await box.press("ArrowDown");
    await box.press("ArrowUp");
    await expect(first).toHaveAttribute("aria-selected", "true");
    await box.press("Enter");
    await expect(page).toHaveURL(suggestions[0]?.href ?? "");
    await expect(listbox).toBeHidden();
    expect(consoleErrors).toEqual([]);
  });

  test("Escape closes the suggestions and leaves the text", async ({ page, consoleErrors }) => {
    await page.goto("/about");
    await hydrated(page);
    const box = topBarBox(page);
    await box.pressSequentially("polyno");
    const listbox = page.getByRole("listbox", { name: "Suggestions" });
    await expect(listbox.getByRole("option").first()).toBeVisible();
    await box.press("Escape");
    await expect(listbox).toBeHidden();
    await expect(box).toHaveAttribute("aria-expanded", "false");
    await expect(box).toHaveValue("polyno");
    await expect(box).toBeFocused();
    // The arrow opens them again; Enter without a chosen suggestion sends the form.
    await box.press("ArrowDown");
    await expect(listbox).toBeVisible();
    await box.press("Escape");
    await box.press("Enter");
    await expect(page).toHaveURL("/search?q=polyno");
    expect(consoleErrors).toEqual([]);
  });

  test("a filter applies as soon as it is chosen, and the address keeps only what is set", async ({
    page,
    consoleErrors,
  }) => {
    await page.goto("/search?q=thermodynamics");
    await hydrated(page);
    await page.getByLabel("Class", { exact: true }).selectOption("Class 11");
    await expect(page).toHaveURL("/search?q=thermodynamics&grade=11");
    await page.getByLabel("Kind", { exact: true }).selectOption("Chapters");
    await expect(page).toHaveURL("/search?q=thermodynamics&grade=11&type=chapters");
    await expect(countLine(page)).toHaveText('2 results for "thermodynamics"');
    await page.getByLabel("Subject", { exact: true }).selectOption("Physics");
    await expect(page).toHaveURL("/search?q=thermodynamics&grade=11&subject=physics&type=chapters");
    await expect(countLine(page)).toHaveText('1 result for "thermodynamics"');
    await expect(results(page).first()).toContainText("Class 11 · Physics");
    expect(consoleErrors).toEqual([]);
  });

  test("the results page is accessible, with the suggestions open too", async ({ page, consoleErrors }) => {
    await page.goto("/search?q=light");
    await hydrated(page);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await pageBox(page).fill("");
    await pageBox(page).pressSequentially("refle");
    await expect(
      page.getByRole("listbox", { name: "Suggestions" }).getByRole("option").first(),
    ).toBeVisible();
    expect(await seriousA11yViolations(page)).toEqual([]);
    expect(consoleErrors).toEqual([]);
  });
});

test.describe("every query gets a page", () => {
  test("nothing found: near matches, then the class pages", async ({ page }) => {
    const response = await page.goto("/search?q=polynomals");
    expect(response?.status()).toBe(200);
    await expect(countLine(page)).toHaveText('No results for "polynomals"');
    const didYouMean = page.getByText(/^Did you mean/);
    await expect(didYouMean.getByRole("link").first()).toHaveAttribute("href", /^\/search\?q=/);
    for (const grade of [9, 10, 11, 12]) {
      await expect(
        page.getByRole("main").getByRole("link", { name: `Class ${grade} Resources` }),
      ).toHaveAttribute("href", `/class/${grade}`);
    }
    await didYouMean.getByRole("link").first().click();
    await expect(countLine(page)).toHaveText(/^\d+ results? for "/);
  });

  test("an empty query asks what to look for", async ({ page }) => {
    const response = await page.goto("/search");
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 2, name: "What are you looking for?" })).toBeVisible();
    await expect(pageBox(page)).toHaveValue("");
  });

  test("hostile queries get a 200 page, never an error or a stack trace", async ({ page }) => {
    for (const query of [
      '"',
      '"light',
      "NEAR(light reflection, 2)",
      "light* AND -reflection OR (: ^",
      "\\'; DROP TABLE chapters; --",
      "😀 प्रकाश ‮ ‏",
      "<script>alert(1)</script>",
      "x".repeat(5000),
    ]) {
      const response = await page.goto(`/search?q=${encodeURIComponent(query)}`);
      expect(response?.status(), query.slice(0, 40)).toBe(200);
      const html = (await response?.text()) ?? "";
      expect(html).not.toMatch(/\bat \S+ \(|node_modules|SqliteError|syntax error/i);
      await expect(countLine(page)).toHaveText(/results? for "/);
      expect(await page.locator("script:not([src])", { hasText: "alert(1)" }).count()).toBe(0);
    }
  });
});

test.describe("for search engines and caches", () => {
  test("the results page is noindex, with one canonical address whatever its page number", async ({
    page,
  }) => {
    await page.goto("/search?q=ncert&grade=10&junk=1&page=2");
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
      "href",
      `${siteUrl}/search?q=ncert&grade=10`,
    );
  });

  test("a query is kept in the page store only once it is asked often", async ({ request }) => {
    // A stored page is the same for everyone: its CSP allows scripts by hash, never by a nonce.
    const fromStore = async (path: string) => {
      const response = await request.get(path);
      expect(response.status()).toBe(200);
      return !/nonce-/.test(response.headers()["content-security-policy"] ?? "");
    };
    const path = "/search?q=gravitation&type=chapters";
    for (let i = 0; i < 4; i++) expect(await fromStore(path)).toBe(false);
    expect(await fromStore(path)).toBe(true);
    expect(await fromStore(`${path}&utm_source=x`)).toBe(true);
    expect(await fromStore("/search?q=gravitation&type=links")).toBe(false);
  });

  test("suggestions are JSON, short-lived in caches, at most 8, none under two characters", async ({
    request,
  }) => {
    const short = await request.get("/search/suggest?q=t");
    expect(short.status()).toBe(200);
    expect(await short.json()).toEqual({ suggestions: [] });
    const response = await request.get("/search/suggest?q=the");
    expect(response.headers()["content-type"]).toMatch(/^application\/json/);
    expect(response.headers()["cache-control"]).toMatch(/^public, max-age=\d+$/);
    const { suggestions } = (await response.json()) as { suggestions: Suggestion[] };
    expect(suggestions.length).toBeGreaterThan(0);
    expect(suggestions.length).toBeLessThanOrEqual(8);
    for (const s of suggestions) expect(s.href).toMatch(/^\/(class\/\d+\/chapter\/|blog\/)[a-z0-9-]+$/);
    expect((await request.get(`/search/suggest?q=${encodeURIComponent('"NEAR(*')}`)).status()).toBe(200);
  });

  test("home tells search engines where the site search is", async ({ request }) => {
    const html = await (await request.get("/")).text();
    const blocks = [...html.matchAll(/<script[^>]*application\/ld\+json[^>]*>([\s\S]*?)<\/script>/g)].map(
      (m) => JSON.parse(m[1] ?? "{}") as Record<string, unknown>,
    );
    const site = blocks.find((b) => b["@type"] === "WebSite");
    expect(site?.potentialAction).toEqual({
      "@type": "SearchAction",
      target: `${siteUrl}/search?q={search_term_string}`,
      "query-input": "required name=search_term_string",
    });
  });
});

test("every search of a first page is counted, also when the page store answers; robots' HEAD and later pages are not", async () => {
  // A server of its own, so the counts read from its database are this test's alone.
  const own = await ownServer(E2E_PORT + 140);
  const visitor = await playwrightRequest.newContext({ baseURL: own.server.url });
  try {
    const counted = () =>
      own.read((db) =>
        db.selectFrom("search_queries").select(["query", "searches", "results"]).orderBy("query").execute(),
      );
    // Asked often enough to be stored (5 renders), then answered from the store 3 more times.
    for (let i = 0; i < 8; i++) {
      const response = await visitor.get("/search?q=Gravitation&junk=1");
      expect(response.status()).toBe(200);
    }
    expect(
      /nonce-/.test((await visitor.get("/search?q=Gravitation")).headers()["content-security-policy"] ?? ""),
    ).toBe(false);
    await visitor.head("/search?q=Gravitation");
    await visitor.head("/search?q=photosynthesis");
    await visitor.get("/search?q=Gravitation&page=2");
    await visitor.get("/search?q=zzqx+nothing");
    await expect.poll(counted).toEqual([
      { query: "gravitation", searches: 9, results: expect.any(Number) },
      { query: "zzqx nothing", searches: 1, results: 0 },
    ]);
    const [gravitation] = await counted();
    expect(gravitation?.results).toBeGreaterThan(0);
  } finally {
    await visitor.dispose();
    await own.stop();
  }
});
