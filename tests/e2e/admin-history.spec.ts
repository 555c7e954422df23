import type { Page } from "@playwright/test";
import { removeMadeContent, seedChapters, seedSubject, unique } from "./admin-content.ts";
import { expect, hydrated, login, seriousA11yViolations, test } from "./fixtures.ts";

// History (DESIGN.md section 5): each row of the Dashboard, Manage Blogs and Manage Notes has
// "History"; its page lists the versions newest first, shows one against the current one, and
// restores it after "Restore this version?". Every test works on a subject and chapters of its own.

function row(page: Page, title: string) {
  return page.getByRole("row").filter({ has: page.getByRole("cell", { name: title, exact: true }) });
}

function versionRow(page: Page, version: number) {
  return page
    .getByRole("row")
    .filter({ has: page.getByRole("rowheader", { name: new RegExp(`^Version ${version}\\b`) }) });
}

/** Renames a chapter through Edit Resource, as an admin does. */
async function rename(page: Page, from: string, to: string): Promise<void> {
  await row(page, from).getByRole("button", { name: "Edit" }).click();
  const dialog = page.getByRole("dialog", { name: "Edit Resource" });
  await dialog.getByLabel("Chapter Title").fill(to);
  await dialog.getByRole("button", { name: "Save Changes" }).click();
  await expect(
    page.getByRole("status").filter({ hasText: "Chapter updated successfully." }).last(),
  ).toBeVisible();
  await expect(row(page, to)).toBeVisible();
}

/** A chapter of its own (class 10) with one notes link, renamed twice: versions 1, 2 and the current 3. */
async function chapterEditedTwice(page: Page) {
  const subject = await seedSubject(page, 10);
  const first = unique("Hist light");
  await seedChapters(page, 10, subject.code, [
    { title: first, notes: [["First notes", "https://example.org/first"]] },
  ]);
  const second = `${first} two`;
  const third = `${first} three`;
  await page.goto(`/admin?grade=10&subject=${subject.code}`);
  await hydrated(page);
  await rename(page, first, second);
  await rename(page, second, third);
  return { subject, first, second, third };
}

test.describe("history", () => {
  test.afterEach(async ({ page }) => removeMadeContent(page));

  test("edit a chapter twice, open History, restore the first version: the public page shows it", async ({
    adminPage: page,
    consoleErrors,
  }) => {
    const { first, third } = await chapterEditedTwice(page);
    await row(page, third).getByRole("link", { name: "History" }).click();
    await expect(page).toHaveURL(/\/admin\/chapters\/\d+\/history$/);
    await expect(page.getByRole("heading", { level: 1, name: `History: ${third}` })).toBeVisible();
    // The Dashboard stays marked in the menu.
    await expect(page.getByRole("link", { name: "Dashboard", exact: true })).toHaveClass(/bg-brand-700/);
    // Newest first, the current one marked, who and what changed.
    const rowheaders = page.getByRole("rowheader");
    await expect(rowheaders).toHaveText([/^Version 3\s*Current$/, /^Version 2$/, /^Version 1$/]);
    await expect(versionRow(page, 3)).toContainText("admin@e2e.test");
    await expect(versionRow(page, 3)).toContainText("title");
    await expect(versionRow(page, 1)).toContainText("created");
    await expect(versionRow(page, 3).getByRole("link", { name: "Restore" })).toHaveCount(0);

    // Version 1 against the current one: the title's words marked, removed and added.
    await versionRow(page, 1).getByRole("link", { name: "Show changes" }).click();
    const diff = page.getByRole("region", { name: /Version 1 compared with the current version \(3\)/ });
    await expect(diff).toBeVisible();
    await expect(diff.locator("ins")).toContainText(["three"]);

    await versionRow(page, 1).getByRole("link", { name: "Restore" }).click();
    const confirm = page.getByRole("alertdialog", { name: "Restore this version?" });
    await expect(confirm).toBeVisible();
    await expect(confirm.getByRole("button", { name: "Cancel" })).toBeFocused();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await confirm.getByRole("button", { name: "Restore" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Version restored." })).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/chapters\/\d+\/history$/);
    await expect(confirm).toBeHidden();
    await expect(page.getByRole("heading", { level: 1, name: `History: ${first}` })).toBeVisible();
    await expect(rowheaders.first()).toHaveText(/^Version 4\s*Current$/);
    await expect(versionRow(page, 4)).toContainText("title");

    // Restoring is a new save: students see version 1 again, with its link.
    const slug = first.toLowerCase().replace(/[^a-z0-9]+/g, "-");
    await expect(page.getByRole("link", { name: "View on site" })).toHaveAttribute(
      "href",
      `/class/10/chapter/${slug}`,
    );
    await page.goto(`/class/10/chapter/${slug}`);
    await expect(page.getByRole("heading", { level: 1, name: first })).toBeVisible();
    await expect(page.getByRole("link", { name: /First notes/ })).toBeVisible();
    expect(consoleErrors).toEqual([]);
  });

  test("a restore is refused when someone saved the chapter after the page was shown", async ({
    adminPage: page,
  }) => {
    const { third } = await chapterEditedTwice(page);
    await row(page, third).getByRole("link", { name: "History" }).click();
    await versionRow(page, 1).getByRole("link", { name: "Restore" }).click();
    const confirm = page.getByRole("alertdialog", { name: "Restore this version?" });
    await expect(confirm).toBeVisible();
    // Meanwhile someone restores version 2 (the page still shows version 3 as current).
    const history = new URL(page.url()).pathname;
    const meanwhile = await page.request.post(`${history}?v=2`, {
      form: { intent: "restore", version: "2", current: "3" },
      maxRedirects: 0,
    });
    expect(meanwhile.status()).toBe(303);
    await confirm.getByRole("button", { name: "Restore" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "was changed by someone else" })).toBeVisible();
    // Nothing of version 1 came back; the list shows what was saved meanwhile.
    await expect(page.getByRole("rowheader").first()).toHaveText(/^Version 4\s*Current$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      `History: ${third.replace(/ three$/, " two")}`,
    );
  });

  test("Manage Blogs and Manage Notes rows open their item's History", async ({ adminPage: page }) => {
    await page.goto("/admin/blogs");
    await page.getByRole("link", { name: "History" }).first().click();
    await expect(page).toHaveURL(/\/admin\/blogs\/\d+\/history$/);
    await expect(page.getByRole("heading", { level: 1, name: /^History: / })).toBeVisible();
    await expect(page.getByRole("link", { name: "Manage Blogs", exact: true })).toHaveClass(/bg-brand-700/);
    await expect(page.getByRole("rowheader").first()).toContainText("Current");
    await page.goto("/admin/notes");
    await page.getByRole("link", { name: "History" }).first().click();
    await expect(page).toHaveURL(/\/admin\/notes\/\d+\/history$/);
    await expect(page.getByRole("link", { name: "Manage Notes", exact: true })).toHaveClass(/bg-brand-700/);
    // A version that is not kept, or an item that does not exist, is said plainly.
    await page.goto(`${new URL(page.url()).pathname}?v=999`);
    await expect(page.getByRole("alert").filter({ hasText: "Version 999" })).toBeVisible();
    const missing = await page.request.get("/admin/notes/2147483000/history");
    expect(missing.status()).toBe(404);
  });

  test("screens at 375, 800 and 1280 px", async ({ adminPage: page }, testInfo) => {
    const { third } = await chapterEditedTwice(page);
    await row(page, third).getByRole("link", { name: "History" }).click();
    await versionRow(page, 1).getByRole("link", { name: "Show changes" }).click();
    await expect(page.getByRole("region", { name: /compared with the current version/ })).toBeVisible();
    for (const width of [375, 800, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      // Nothing wider than the screen: the diff and the list wrap.
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `horizontal overflow at ${width} px`).toBeLessThanOrEqual(0);
      // …and nothing cut off: each version's actions are on the screen.
      for (const version of [1, 2]) {
        const box = await versionRow(page, version).getByRole("link", { name: "Restore" }).boundingBox();
        expect(
          (box?.x ?? width) + (box?.width ?? 0),
          `Restore of version ${version} at ${width} px`,
        ).toBeLessThanOrEqual(width);
      }
      await page.screenshot({ path: testInfo.outputPath(`history-${width}.png`), fullPage: true });
    }
  });
});

test.describe("history without JavaScript", () => {
  test.use({ javaScriptEnabled: false });
  test.afterEach(async ({ page }) => removeMadeContent(page));

  test("the restore confirmation opens, cancels and restores as plain pages", async ({ page }) => {
    await login(page, "admin");
    const subject = await seedSubject(page, 11);
    const first = unique("NoJS hist");
    await seedChapters(page, 11, subject.code, [{ title: first }]);
    await page.goto(`/admin?grade=11&subject=${subject.code}`);
    await row(page, first).getByRole("link", { name: "History" }).click();
    const history = new URL(page.url()).pathname;
    // A second version, saved through the same console (Edit Resource's form).
    const id = /\/admin\/chapters\/(\d+)\/history/.exec(history)?.[1] ?? "";
    const edited = await page.request.post(`/admin/chapters/${id}`, {
      form: { intent: "update", id, version: "1", grade: "11", subject: subject.code, title: `${first} new` },
      maxRedirects: 0,
    });
    expect(edited.status()).toBe(303);
    await page.goto(history);
    await versionRow(page, 1).getByRole("link", { name: "Restore" }).click();
    const confirm = page.getByRole("alertdialog", { name: "Restore this version?" });
    await expect(confirm).toBeVisible();
    await confirm.getByRole("button", { name: "Cancel" }).click();
    await expect(confirm).toHaveCount(0);
    await expect(page).toHaveURL(/\?v=1$/);
    await page.getByRole("link", { name: "Restore this version" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Restore" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Version restored." })).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`${history}$`));
    await expect(page.getByRole("heading", { level: 1, name: `History: ${first}` })).toBeVisible();
    await expect(page.getByRole("rowheader").first()).toHaveText(/^Version 3\s*Current$/);
  });
});
