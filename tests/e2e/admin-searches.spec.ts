import type { Page } from "@playwright/test";
import { expect, hydrated, seriousA11yViolations, test } from "./fixtures.ts";

// The console's Searches page: what students searched for (the most frequent, and those that
// found nothing) and the synonym table that searches use. Synonyms are global: each test writes
// words of its own and puts the table back as it found it.

const unique = () => `zq${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

async function studentSearches(page: Page, q: string, times = 1) {
  for (let i = 0; i < times; i++) {
    const response = await page.request.get(`/search?q=${encodeURIComponent(q)}`);
    expect(response.status()).toBe(200);
  }
}

async function synonymsBox(page: Page) {
  return page.getByLabel("Synonyms, one word per line");
}

async function saveSynonyms(page: Page, text: string) {
  await (await synonymsBox(page)).fill(text);
  await page.getByRole("button", { name: "Save synonyms" }).click();
}

for (const javaScript of [true, false]) {
  test.describe(`Searches ${javaScript ? "with" : "without"} JavaScript`, () => {
    test.use({ javaScriptEnabled: javaScript });

    test("lists searches that found nothing and the most frequent; reached from the Dashboard", async ({
      adminPage: page,
    }) => {
      const nothing = unique();
      await studentSearches(page, `${nothing} Missing Topic`, 2);
      await studentSearches(page, "Trigonometry", 3);
      await page.goto("/admin");
      await page.getByRole("link", { name: "Searches", exact: true }).click();
      await expect(page).toHaveURL(/\/admin\/searches$/);
      await expect(page.getByRole("heading", { level: 1, name: "Searches" })).toBeVisible();
      // Recorded as words, lower case: nothing about who searched.
      const missing = page.getByRole("region", { name: "Searches that found nothing" });
      const row = missing.getByRole("row").filter({ hasText: `${nothing} missing topic` });
      await expect(row).toBeVisible();
      await expect(row.getByRole("cell").nth(1)).toHaveText("2");
      await expect(row.getByRole("cell").nth(2)).toHaveText("0");
      const frequent = page.getByRole("region", { name: "Most frequent searches" });
      await expect(frequent.getByRole("row").filter({ hasText: "trigonometry" })).toBeVisible();
      await expect(missing.getByRole("row").filter({ hasText: "trigonometry" })).toHaveCount(0);
    });

    test("a synonym makes a word find what it stands for; a bad line is named and nothing is saved", async ({
      adminPage: page,
    }) => {
      const word = unique();
      await page.goto("/admin/searches");
      if (javaScript) await hydrated(page);
      const before = await (await synonymsBox(page)).inputValue();
      const search = async () => {
        await page.goto(`/search?q=${word}`);
        return page
          .getByRole("main")
          .getByText(/results? for|No results for/)
          .first()
          .textContent();
      };
      expect(await search()).toContain("No results for");

      await page.goto("/admin/searches");
      if (javaScript) await hydrated(page);
      await saveSynonyms(page, `${before}\n${word} → trigonometry\nno arrow here`.trim());
      await expect(page.getByRole("alert").filter({ hasText: "Line" })).toContainText("Synonyms not saved.");
      const box = await synonymsBox(page);
      await expect(box).toHaveAttribute("aria-invalid", "true");
      await expect(box).toHaveValue(new RegExp(`${word} → trigonometry\\nno arrow here`));
      if (javaScript) await expect(box).toBeFocused();
      expect(await search()).toContain("No results for");

      await page.goto("/admin/searches");
      if (javaScript) await hydrated(page);
      await saveSynonyms(page, `${before}\n${word} → trigonometry`.trim());
      await expect(page.getByRole("status").filter({ hasText: "Synonyms saved" })).toBeVisible();
      await expect(page).toHaveURL(/\/admin\/searches$/);
      await expect(await synonymsBox(page)).toHaveValue(new RegExp(`${word} → trigonometry`));
      expect(await search()).toMatch(/\d+ results? for/);
      await expect(page.getByRole("link", { name: /Introduction to Trigonometry/ }).first()).toBeVisible();

      // Put the table back.
      await page.goto("/admin/searches");
      if (javaScript) await hydrated(page);
      await saveSynonyms(page, before);
      await expect(page.getByRole("status").filter({ hasText: "Synonyms saved" })).toBeVisible();
    });
  });
}

test("the Searches page passes the accessibility check; visitors are sent to login", async ({
  adminPage: page,
  browser,
}) => {
  await page.goto("/admin/searches");
  await hydrated(page);
  expect(await seriousA11yViolations(page)).toEqual([]);
  const visitor = await browser.newContext();
  const response = await visitor.request.get("/admin/searches", { maxRedirects: 0 });
  expect([302, 303]).toContain(response.status());
  expect(response.headers().location).toMatch(/\/login/);
  await visitor.close();
});
