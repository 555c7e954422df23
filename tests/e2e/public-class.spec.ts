import type { Page } from "@playwright/test";
import { gradeSubtitles } from "#app/content/site-copy.ts";
import { slugify } from "#app/lib/slug.ts";
import { type DemoChapter, demoCatalogue, demoSubjects } from "../../cli/demo-catalogue.ts";
import { BASE_URL } from "./accounts.ts";
import { expect, hydrated, test } from "./fixtures.ts";

/** A subject's chapter titles as the class page lists them: those not in this session's syllabus last. */
function titlesInPageOrder(chapters: readonly DemoChapter[] = []): string[] {
  const out = (c: DemoChapter) => c.syllabus?.status === "Not in syllabus";
  return [...chapters.filter((c) => !out(c)), ...chapters.filter(out)].map((c) => c.title);
}
const mathsTitles = titlesInPageOrder(demoCatalogue[10][0]?.chapters);
const scienceTitles = titlesInPageOrder(demoCatalogue[10][1]?.chapters);

/** The chapter cards' titles, in page order. */
function cardTitles(page: Page) {
  return page
    .getByRole("list")
    .filter({ has: page.getByRole("link", { name: /View Resources/ }) })
    .getByRole("heading", { level: 3 });
}

test.describe("class page", () => {
  test("shows the class, its first subject and the chapters in their order", async ({
    page,
    consoleErrors,
  }) => {
    expect(demoCatalogue[10][0]?.code).toBe("mathematics");
    await page.goto("/class/10");
    await expect(page).toHaveTitle(/Class 10 Mathematics Resources/);
    await expect(page.getByRole("heading", { level: 1, name: "Class 10 Resources" })).toBeVisible();
    await expect(page.getByText(gradeSubtitles[10])).toBeVisible();
    const subject = page.getByLabel("Subject");
    await expect(subject).toHaveValue("mathematics");
    await expect(subject.locator("option:checked")).toHaveText("Mathematics");
    await expect(subject.locator("option")).toHaveText(demoSubjects(10).map((s) => s.label));
    await expect(cardTitles(page)).toHaveText(mathsTitles);
    const first = page.getByRole("listitem").filter({ hasText: "Real Numbers" });
    await expect(
      first.getByText("Notes, important questions and video lectures for this chapter."),
    ).toBeVisible();
    const links = page.getByRole("link", { name: /View Resources/ });
    await expect(links).toHaveCount(mathsTitles.length);
    for (const [i, title] of mathsTitles.entries()) {
      await expect(links.nth(i)).toHaveAttribute("href", `/class/10/chapter/${slugify(title)}`);
      await expect(links.nth(i)).toHaveAccessibleName(`View Resources for ${title}`);
    }
    expect(consoleErrors).toEqual([]);
  });

  test("any grade other than 9-12 redirects to the home page", async ({ request }) => {
    for (const grade of ["8", "13", "0", "abc", "10.5", "-9"]) {
      const response = await request.get(`/class/${grade}`, { maxRedirects: 0 });
      expect(response.status(), grade).toBe(302);
      expect(response.headers().location, grade).toBe("/");
    }
  });

  test("a card leads to its chapter page without a reload, and Back to the cards", async ({
    page,
    consoleErrors,
  }) => {
    await page.goto("/class/10");
    await hydrated(page);
    await page.evaluate(() => {
      (window as unknown as { samePage: boolean }).samePage = true;
    });
    await page.getByRole("link", { name: "View Resources for Real Numbers" }).click();
    await expect(page).toHaveURL(/\/class\/10\/chapter\/real-numbers$/);
    await expect(page.getByRole("heading", { level: 1, name: "Real Numbers" })).toBeVisible();
    // The cards' links are plain anchors the grid takes in place (app/components/links-in-place.ts).
    expect(await page.evaluate(() => (window as unknown as { samePage?: boolean }).samePage)).toBe(true);
    await page.goBack();
    await expect(cardTitles(page)).toHaveText(mathsTitles);
    expect(await page.evaluate(() => (window as unknown as { samePage?: boolean }).samePage)).toBe(true);
    expect(consoleErrors).toEqual([]);
  });

  test("a card opened with a modifier key is left to the browser (a new tab)", async ({
    page,
    context,
    consoleErrors,
  }) => {
    await page.goto("/class/10");
    await hydrated(page);
    const opened = context.waitForEvent("page");
    await page.getByRole("link", { name: "View Resources for Real Numbers" }).click({ modifiers: ["Shift"] });
    const tab = await opened;
    await expect(tab).toHaveURL(/\/class\/10\/chapter\/real-numbers$/);
    // This page stayed where it was.
    await expect(page).toHaveURL(/\/class\/10$/);
    expect(consoleErrors).toEqual([]);
  });

  test("switching subject with JavaScript updates the list and ?subject= without a reload", async ({
    page,
    consoleErrors,
  }) => {
    await page.goto("/class/10");
    await hydrated(page);
    await page.evaluate(() => {
      (window as unknown as { samePage: boolean }).samePage = true;
    });
    await page.getByLabel("Subject").selectOption({ label: "Science" });
    await expect(page).toHaveURL(/\/class\/10\?subject=science/);
    await expect(page.getByRole("heading", { level: 2, name: "Science chapters" })).toBeVisible();
    await expect(cardTitles(page)).toHaveText(scienceTitles);
    expect(await page.evaluate(() => (window as unknown as { samePage?: boolean }).samePage)).toBe(true);
    // No submit button is needed (or shown) when JavaScript runs.
    await expect(page.getByRole("button", { name: "Show chapters" })).toHaveCount(0);
    // The choice is in the address: a reload keeps it.
    await page.reload();
    await expect(page.getByLabel("Subject")).toHaveValue("science");
    await expect(cardTitles(page).first()).toHaveText(scienceTitles[0] ?? "");
    expect(consoleErrors).toEqual([]);
  });

  test("an unknown ?subject= shows the first subject", async ({ page, consoleErrors }) => {
    await page.goto("/class/10?subject=no-such-subject");
    await expect(page.getByLabel("Subject")).toHaveValue("mathematics");
    await expect(cardTitles(page)).toHaveText(mathsTitles);
    expect(consoleErrors).toEqual([]);
  });

  test("six skeleton cards show while the next subject loads", async ({ page, consoleErrors }) => {
    await page.goto("/class/10");
    await hydrated(page);
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route("**/*.data*", async (route) => {
      await held;
      await route.continue();
    });
    await page.getByLabel("Subject").selectOption("science");
    const loading = page.getByRole("status", { name: "Loading chapters" });
    await expect(loading).toBeVisible();
    await expect(loading.locator("[data-skeleton]")).toHaveCount(6);
    await expect(page.getByRole("heading", { level: 2, name: "Science chapters" })).toBeVisible();
    await expect(page.getByRole("link", { name: /View Resources/ })).toHaveCount(0);
    release();
    await expect(loading).toHaveCount(0);
    await expect(cardTitles(page)).toHaveText(scienceTitles);
    expect(consoleErrors).toEqual([]);
  });

  test("searching filters the cards as you type, ignoring case, without asking the server", async ({
    page,
    consoleErrors,
  }) => {
    await page.goto("/class/10");
    await hydrated(page);
    const search = page.getByRole("searchbox", { name: "Search chapters" });
    await expect(search).toHaveAttribute("placeholder", "Search chapters...");
    const dataRequests: string[] = [];
    page.on("request", (r) => {
      if (r.url().includes(".data")) dataRequests.push(r.url());
    });
    await search.pressSequentially("TRI");
    const expected = mathsTitles.filter((t) => t.toLowerCase().includes("tri"));
    expect(expected.length).toBeGreaterThan(1);
    await expect(cardTitles(page)).toHaveText(expected);
    await expect(page).toHaveURL(/q=TRI/);
    await search.fill("");
    await expect(cardTitles(page)).toHaveText(mathsTitles);
    expect(dataRequests).toEqual([]);
    expect(consoleErrors).toEqual([]);
  });

  test("a search that matches nothing shows the empty state, and can be cleared", async ({
    page,
    consoleErrors,
  }) => {
    await page.goto("/class/10");
    await hydrated(page);
    await page.getByRole("searchbox", { name: "Search chapters" }).fill("zzqx-nothing");
    await expect(page.getByRole("heading", { name: "No Resources Available" })).toBeVisible();
    await expect(
      page.getByText("No resources found for Class 10 - Mathematics", { exact: true }),
    ).toBeVisible();
    await expect(page.getByRole("link", { name: "Back to Home" })).toHaveAttribute("href", "/");
    await page.getByRole("link", { name: "Clear search" }).click();
    await expect(page.getByRole("searchbox", { name: "Search chapters" })).toHaveValue("");
    await expect(cardTitles(page)).toHaveText(mathsTitles);
    expect(consoleErrors).toEqual([]);
  });

  test("search box is at most 520px wide; cards are 1, 2 and 3 per row", async ({ page }) => {
    for (const [width, columns] of [
      [375, 1],
      [800, 2],
      [1280, 3],
    ] as const) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto("/class/10");
      const box = await page.getByRole("searchbox", { name: "Search chapters" }).boundingBox();
      expect(box?.width ?? 0).toBeLessThanOrEqual(520);
      const lefts = new Set<number>();
      for (const card of (await cardTitles(page).all()).slice(0, 6)) {
        lefts.add(Math.round((await card.boundingBox())?.x ?? -1));
      }
      expect(lefts.size, `${width}px`).toBe(columns);
    }
  });
});

test.describe("class page without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the subject and the search work through the form", async ({ page }) => {
    await page.goto("/class/10");
    await expect(cardTitles(page)).toHaveText(mathsTitles);
    await page.getByLabel("Subject").selectOption({ label: "Science" });
    await page.getByRole("button", { name: "Show chapters" }).click();
    await expect(page).toHaveURL(/subject=science/);
    await expect(page.getByRole("heading", { level: 2, name: "Science chapters" })).toBeVisible();
    await expect(cardTitles(page)).toHaveText(scienceTitles);

    await page.getByRole("searchbox", { name: "Search chapters" }).fill("light");
    await page.getByRole("searchbox", { name: "Search chapters" }).press("Enter");
    await expect(page).toHaveURL(/subject=science&q=light/);
    await expect(cardTitles(page)).toHaveText(scienceTitles.filter((t) => t.toLowerCase().includes("light")));
    // Links are plain links: the card still leads to its chapter.
    await page
      .getByRole("link", { name: /View Resources/ })
      .first()
      .click();
    await expect(page).toHaveURL(/\/class\/10\/chapter\/light-reflection-and-refraction$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(/Light/);
  });
});

test.describe("class page with a subject that has no chapters", () => {
  test("shows 'No Resources Available' for it", async ({ adminPage: page, browser }) => {
    const key = `e2e-empty-${Date.now().toString(36)}`;
    const label = `Empty ${key.slice(-6)}`;
    await page.goto("/admin/subjects?grade=12");
    await hydrated(page);
    await page.getByLabel("Label").fill(label);
    await page.getByLabel("Subject key").fill(key);
    await page.getByRole("button", { name: "Add Subject" }).click();
    await expect(page.getByRole("cell", { name: label, exact: true })).toBeVisible();
    try {
      const visitor = await browser.newPage();
      await visitor.goto(`${BASE_URL}/class/12?subject=${key}`);
      await expect(visitor.getByLabel("Subject")).toHaveValue(key);
      await expect(visitor.getByRole("heading", { name: "No Resources Available" })).toBeVisible();
      await expect(
        visitor.getByText(`No resources found for Class 12 - ${label}`, { exact: true }),
      ).toBeVisible();
      await expect(visitor.getByRole("link", { name: "Back to Home" })).toHaveAttribute("href", "/");
      await expect(visitor.getByRole("link", { name: "Clear search" })).toHaveCount(0);
      await visitor.close();
    } finally {
      // Leave the catalogue as it was for other tests.
      await page.goto(`/admin/subjects?grade=12&delete=${key}`);
      await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
      await expect(page.getByRole("cell", { name: label, exact: true })).toHaveCount(0);
    }
  });
});
