import type { Browser, Page, Route } from "@playwright/test";
import { BASE_URL } from "./accounts.ts";
import { remember, removeMadeContent, seedSubject, unique } from "./admin-content.ts";
import { expect, hydrated, seriousA11yViolations, test } from "./fixtures.ts";

// The console's rough edges a teacher met walking through it (issue 29, item 9), each pinned down.

/** Holds every request matching `url` until the returned function is called. */
async function holdRequests(page: Page, url: RegExp): Promise<() => void> {
  let release = () => {};
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(url, async (route: Route) => {
    await gate;
    await route.continue();
  });
  return release;
}

/** A student, without JavaScript, from an address of their own (the per-address limit is theirs). */
async function student(browser: Browser): Promise<Page> {
  const address = `203.0.${Math.floor(Math.random() * 256)}.${Math.floor(Math.random() * 254) + 1}`;
  const context = await browser.newContext({
    baseURL: BASE_URL,
    javaScriptEnabled: false,
    extraHTTPHeaders: { "X-Forwarded-For": address },
  });
  return context.newPage();
}

test.describe("Console rough edges", () => {
  test.afterEach(async ({ page }) => removeMadeContent(page));

  test("Manage Subjects: a key and label typed while a class change loads are kept, and saved to that class", async ({
    adminPage: page,
    consoleErrors,
  }) => {
    await page.goto("/admin/subjects?grade=9");
    await hydrated(page);
    // A teacher's slow connection: the class's page is held until the typing is done.
    const release = await holdRequests(page, /\/admin\/subjects\.data/);
    await page.getByLabel("Class", { exact: true }).selectOption("11");
    const code = unique("slow");
    remember(11, code);
    await page.getByLabel("Label", { exact: true }).fill(`Slow ${code}`);
    await page.getByLabel("Subject key").fill(code);
    // The form already says where the subject goes.
    await expect(page.getByRole("heading", { name: "Add a subject to Class 11" })).toBeVisible();
    release();
    await expect(page).toHaveURL(/grade=11/);
    await expect(page.getByRole("cell", { name: "physics", exact: true })).toBeVisible();
    await expect(page.getByLabel("Label", { exact: true })).toHaveValue(`Slow ${code}`);
    await expect(page.getByLabel("Subject key")).toHaveValue(code);
    await page.getByRole("button", { name: "Add Subject" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Subject added." })).toBeVisible();
    await expect(page).toHaveURL(/grade=11/);
    await expect(page.getByRole("cell", { name: code, exact: true })).toBeVisible();
    expect(consoleErrors).toEqual([]);
  });

  test("Add Data: the success that answers a failure clears the failure's toast", async ({
    adminPage: page,
  }) => {
    const subject = await seedSubject(page, 9);
    await page.goto("/admin/add-resource");
    await hydrated(page);
    await page.getByLabel("Class", { exact: true }).selectOption("9");
    await page.getByLabel("Subject", { exact: true }).selectOption(subject.code);
    const chapter = page.getByRole("group", { name: "Chapter 1", exact: true });
    await chapter.getByLabel("Chapter Title").fill(unique("Toast"));
    const notes = chapter.getByRole("group", { name: "Notes", exact: true });
    await notes.getByRole("button", { name: "Add Notes link" }).click();
    await notes.getByLabel("Title", { exact: true }).fill("Notes");
    await notes.getByLabel("URL").fill("ftp://example.org/file");
    await page.getByRole("button", { name: "Submit" }).click();
    const failure = page.getByRole("alert").filter({ hasText: "Something went wrong." });
    await expect(failure).toBeVisible();

    await notes.getByLabel("URL").fill("https://example.org/file");
    await page.getByRole("button", { name: "Submit" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Data successfully added!" })).toBeVisible();
    await expect(failure).toHaveCount(0);
  });

  test("a toast never covers the Dashboard's header buttons at 1280 px", async ({ adminPage: page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    // A page's notice is a lasting toast (a chapter to delete that is gone), shown on arrival.
    await page.goto("/admin?delete=999999999");
    await hydrated(page);
    const toast = page.getByRole("alert").first();
    await expect(toast).toBeVisible();
    const box = await toast.boundingBox();
    const header = page.getByRole("heading", { level: 1 });
    const headerBox = await header.boundingBox();
    expect(box && headerBox).toBeTruthy();
    if (!box || !headerBox) return;
    // The toast sits above the page's header, not over it.
    expect(box.y + box.height).toBeLessThanOrEqual(headerBox.y);
  });

  test("sortable headers are named by their column's word alone, with aria-sort on the sorted one", async ({
    adminPage: page,
  }) => {
    await page.goto("/admin/blogs?sort=title&dir=asc");
    await hydrated(page);
    const title = page.getByRole("columnheader", { name: "Title", exact: true });
    await expect(title).toHaveAttribute("aria-sort", "ascending");
    await expect(title.getByRole("link", { name: "Title", exact: true })).toBeVisible();
    expect(await seriousA11yViolations(page)).toEqual([]);
  });

  test("Link health: the top says students' reports are open, and two reports of one link are one entry", async ({
    adminPage: page,
    browser,
  }) => {
    test.setTimeout(90_000);
    // A link no other test reports (DIKSHA, on Life Processes).
    const chapter = "/class/10/chapter/life-processes";
    let url = "";
    for (let i = 0; i < 2; i++) {
      const visitor = await student(browser);
      await visitor.goto(chapter);
      const item = visitor
        .getByRole("listitem")
        .filter({ hasText: "DIKSHA" })
        .filter({ has: visitor.getByRole("button", { name: "Report broken link" }) });
      url ||= (await item.getByRole("link").first().getAttribute("href")) ?? "";
      await item.getByRole("button", { name: "Report broken link" }).click();
      await expect(visitor.getByRole("status").filter({ hasText: "Thanks!" })).toBeVisible();
      await visitor.context().close();
    }
    expect(url).toMatch(/^https?:\/\//);

    await page.goto("/admin/links");
    await expect(page.getByText(/\d+ open reports? from students\./)).toBeVisible();
    await page.getByRole("link", { name: /under Reports/ }).click();
    await expect(page).toHaveURL(/#reports$/);
    const reports = page.getByRole("region", { name: "Reports" });
    const entry = reports.getByRole("listitem").filter({ hasText: url });
    await expect(entry).toHaveCount(1);
    await expect(entry).toContainText(/\d+ reports/);
    // One Resolve for the entry: it closes all of the link's reports (item 9, finished).
    await expect(entry.getByRole("button", { name: "Resolve" })).toHaveCount(1);
    expect(await seriousA11yViolations(page)).toEqual([]);
  });
});
