import type { Page } from "@playwright/test";
import { homeCopy } from "#app/content/home-copy.ts";
import { stats } from "#app/content/site-copy.ts";
import { pageTitle } from "#app/lib/seo.ts";
import { loadConfig } from "#app/server/config.server.ts";
import { E2E_PORT } from "./accounts.ts";
import { expect, hydrated, test } from "./fixtures.ts";

// The same configuration the e2e server builds (tests/e2e/server.ts).
const config = loadConfig({ ...process.env, PORT: String(E2E_PORT), HOST: "127.0.0.1" });
const copy = homeCopy(config.siteName);

function jsonLd(page: Page): Promise<Array<Record<string, unknown>>> {
  return page
    .locator('script[type="application/ld+json"]')
    .evaluateAll((scripts) => scripts.map((s) => JSON.parse(s.textContent ?? "{}")));
}

test("the home page shows every section of the spec", async ({ page, consoleErrors }) => {
  await page.goto("/");
  const main = page.getByRole("main");
  await expect(main.getByRole("heading", { level: 1, name: copy.hero.heading })).toBeVisible();
  await expect(main.getByText(copy.hero.subheading)).toBeVisible();
  for (const stat of stats) {
    await expect(main.getByText(stat.value, { exact: true })).toBeVisible();
    await expect(main.getByText(stat.label, { exact: true })).toBeVisible();
  }
  for (const heading of [
    copy.classes.heading,
    copy.app.heading,
    copy.howItWorks.heading,
    copy.syllabus.heading,
    copy.faq.heading,
    copy.studyTips.heading,
  ]) {
    await expect(main.getByRole("heading", { level: 2, name: heading })).toBeVisible();
  }
  for (const feature of copy.app.features) {
    await expect(main.getByRole("heading", { level: 3, name: feature.title })).toBeVisible();
  }
  for (const step of copy.howItWorks.steps) {
    await expect(main.getByRole("heading", { level: 3, name: step.title })).toBeVisible();
  }
  for (const card of copy.syllabus.cards) {
    await expect(main.getByRole("heading", { level: 3, name: card.title })).toBeVisible();
  }
  await expect(main.locator("details")).toHaveCount(6);
  for (const item of copy.faq.items) await expect(main.getByText(item.question)).toBeVisible();
  for (const tip of copy.studyTips.tips) {
    await expect(main.getByRole("heading", { level: 3, name: tip.title })).toBeVisible();
  }
  expect(consoleErrors).toEqual([]);
});

test("the four class cards link to /class/9 to /class/12", async ({ page }) => {
  await page.goto("/");
  const classes = page.getByRole("region", { name: "Choose Your Class" });
  for (const grade of [9, 10, 11, 12]) {
    await expect(classes.getByRole("heading", { level: 3, name: `Class ${grade}` })).toBeVisible();
    await expect(classes.getByRole("link", { name: `View Resources for Class ${grade}` })).toHaveAttribute(
      "href",
      `/class/${grade}`,
    );
  }
});

test("'Explore Classes' scrolls to the classes and 'Get Rewards' opens the app site", async ({
  page,
  consoleErrors,
}) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto("/");
  const classes = page.getByRole("heading", { level: 2, name: "Choose Your Class" });
  await expect(classes).not.toBeInViewport();
  const rewards = page.getByRole("link", { name: copy.hero.rewardsButton });
  await expect(rewards).toHaveAttribute("href", config.appSiteUrl);
  await expect(rewards).toHaveAttribute("target", "_blank");
  await expect(rewards).toHaveAttribute("rel", "noopener noreferrer");
  await page.getByRole("link", { name: copy.hero.exploreButton }).click();
  await expect(classes).toBeInViewport();
  await expect(page).toHaveURL(/\/#classes$/);
  expect(consoleErrors).toEqual([]);
});

test("FAQ: one item open at a time, clicking the open one closes it, 300 ms collapse", async ({
  page,
  consoleErrors,
}) => {
  await page.goto("/");
  const [first, second] = copy.faq.items;
  if (!first || !second) throw new Error("the FAQ needs two items");
  const faq = page.getByRole("region", { name: copy.faq.heading });
  const item = (question: string) => faq.locator("details").filter({ hasText: question });
  const open = faq.locator("details[open]");
  await expect(open).toHaveCount(0);

  await faq.getByText(first.question).click();
  await expect(item(first.question)).toHaveAttribute("open", "");
  await expect(faq.getByText(first.answer)).toBeVisible();

  await faq.getByText(second.question).click();
  await expect(item(second.question)).toHaveAttribute("open", "");
  await expect(item(first.question)).not.toHaveAttribute("open");
  await expect(open).toHaveCount(1);
  await expect(faq.getByText(first.answer)).toBeHidden();

  await faq.getByText(second.question).click();
  await expect(open).toHaveCount(0);
  await expect(faq.getByText(second.answer)).toBeHidden();

  const collapse = await item(first.question).evaluate(
    (el) => getComputedStyle(el, "::details-content").transitionDuration,
  );
  expect(collapse.split(",").map((d) => d.trim())).toContain("0.3s");
  expect(consoleErrors).toEqual([]);
});

test("About's 'Explore Classes' goes home and then scrolls to the classes", async ({
  page,
  consoleErrors,
}) => {
  await page.goto("/about");
  await hydrated(page);
  await page.getByRole("main").getByRole("link", { name: "Explore Classes" }).click();
  // With JavaScript: a client navigation to "/" (no hash), then the delayed smooth scroll.
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("heading", { level: 2, name: "Choose Your Class" })).toBeInViewport();
  expect(consoleErrors).toEqual([]);
});

test("search engines get the title, description, canonical, Open Graph and FAQPage data", async ({
  page,
}) => {
  await page.goto("/");
  await expect(page).toHaveTitle(pageTitle(config, copy.meta.title));
  await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", copy.meta.description);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `${config.siteUrl}/`);
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "index, follow");
  await expect(page.locator('meta[property="og:locale"]')).toHaveAttribute("content", "en_IN");
  await expect(page.locator('meta[property="og:title"]')).toHaveAttribute(
    "content",
    pageTitle(config, copy.meta.title),
  );
  await expect(page.locator('meta[property="og:image"]')).toHaveAttribute(
    "content",
    `${config.siteUrl}/favicon.ico`,
  );
  await expect(page.locator('meta[name="twitter:card"]')).toHaveAttribute("content", "summary");
  const blocks = await jsonLd(page);
  const faq = blocks.find((b) => b["@type"] === "FAQPage") as { mainEntity: Array<{ name: string }> };
  expect(faq.mainEntity.map((q) => q.name)).toEqual(copy.faq.items.map((i) => i.question));
  expect(blocks.some((b) => b["@type"] === "WebSite")).toBe(true);
});

test("the favicon is a real icon file and the SVG icon is served", async ({ request }) => {
  const ico = await request.get("/favicon.ico");
  expect(ico.status()).toBe(200);
  const bytes = await ico.body();
  // ICONDIR: reserved 0, type 1 (icon), at least one image.
  expect([bytes.readUInt16LE(0), bytes.readUInt16LE(2)]).toEqual([0, 1]);
  expect(bytes.readUInt16LE(4)).toBeGreaterThan(0);
  const svg = await request.get("/favicon.svg");
  expect(svg.status()).toBe(200);
  expect(await svg.text()).toContain("<svg");
});
