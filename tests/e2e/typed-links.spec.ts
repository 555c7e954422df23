import type { Locator, Page } from "@playwright/test";
import { slugify } from "#app/lib/slug.ts";
import { removeMadeContent, seedSubject, unique } from "./admin-content.ts";
import { expect, hydrated, login, test } from "./fixtures.ts";

// Official resources and typed links (issue 31, decision 0025): an editor adds an Official link with
// its Type, Language and Year in Add Data, sees it first on the chapter page, filters the page
// without JavaScript, changes the type in Edit Resource, and a bad year is refused with the form kept.

function group(scope: Page | Locator, name: string): Locator {
  return scope.getByRole("group", { name, exact: true });
}

test.afterEach(async ({ page }) => removeMadeContent(page));

test("an editor's typed Official link: first on the chapter page, filtered without JavaScript, retyped in Edit Resource", async ({
  page,
  browser,
  consoleErrors,
}) => {
  // One dense flow over four screens and two browsers.
  test.setTimeout(90_000);
  await login(page, "editor");
  const subject = await seedSubject(page, 10);
  const title = unique("Typed");
  const path = `/class/10/chapter/${slugify(title)}`;

  // Add Data: an Official link with Type, Language and Year; a Notes link in English without a type.
  await page.goto("/admin/add-resource");
  await hydrated(page);
  await page.getByLabel("Class", { exact: true }).selectOption("10");
  await page.getByLabel("Subject", { exact: true }).selectOption(subject.code);
  const chapter = group(page, "Chapter 1");
  await chapter.getByLabel("Chapter Title").fill(title);
  const official = group(chapter, "Official");
  await official.getByRole("button", { name: "Add Official link" }).click();
  const officialRow = group(official, "Official link 1");
  await officialRow.getByLabel("Title", { exact: true }).fill("CBSE Sample Paper");
  await officialRow.getByLabel("URL").fill("https://cbse.example/sample-paper.pdf");
  await officialRow.getByLabel("Type").selectOption({ label: "Sample paper" });
  await officialRow.getByLabel("Language").selectOption({ label: "Hindi" });
  await officialRow.getByLabel("Year").fill("2025");
  const notes = group(chapter, "Notes");
  await notes.getByRole("button", { name: "Add Notes link" }).click();
  await group(notes, "Notes link 1").getByLabel("Title", { exact: true }).fill("English notes");
  await group(notes, "Notes link 1").getByLabel("URL").fill("https://notes.example/en");
  await group(notes, "Notes link 1").getByLabel("Language").selectOption({ label: "English" });
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Data successfully added!" })).toBeVisible();

  // The chapter page: Official resources first, with the link's labels.
  await page.goto(path);
  const headings = page.getByRole("heading", { level: 2 });
  await expect(headings.filter({ hasText: /^(Official resources|Other Notes)$/ })).toHaveText([
    "Official resources",
    "Other Notes",
  ]);
  await expect(page.getByText("Sample paper · Hindi · 2025")).toBeVisible();

  // The filters are plain links: they work without JavaScript.
  const noScript = await browser.newContext({ javaScriptEnabled: false });
  try {
    const plain = await noScript.newPage();
    await plain.goto(path);
    // The app's prompt greets an arrival; a filtered page (the visitor is busy with the links) has none.
    await plain.getByRole("button", { name: "Continue to chapter" }).click();
    const filters = plain.getByRole("navigation", { name: "Filter links" });
    await filters.getByRole("link", { name: "Hindi", exact: true }).click();
    await expect(plain).toHaveURL(`${path}?lang=hi`);
    await expect(plain.getByRole("heading", { name: "Official resources" })).toBeVisible();
    await expect(plain.getByRole("heading", { name: "Other Notes" })).toHaveCount(0);
    await expect(plain.getByText("1 link hidden by this filter.")).toBeVisible();
    await filters.getByRole("link", { name: "English", exact: true }).click();
    await expect(plain).toHaveURL(`${path}?lang=en`);
    await expect(plain.getByRole("heading", { name: "Official resources" })).toHaveCount(0);
    await filters.getByRole("link", { name: "Sample paper", exact: true }).click();
    await expect(plain).toHaveURL(`${path}?lang=en&type=sample-paper`);
    await expect(plain.getByText("2 links hidden by this filter.")).toBeVisible();
    await expect(plain.getByRole("dialog")).toHaveCount(0);
    await plain.getByRole("link", { name: "Show all links" }).click();
    await expect(plain).toHaveURL(path);
    await plain.getByRole("button", { name: "Continue to chapter" }).click();
    await expect(plain.getByRole("heading", { name: "Other Notes" })).toBeVisible();
    // A made-up value is no filter: the whole page, never an error.
    const junk = await plain.goto(`${path}?lang=xx&type=%3Cscript%3E`);
    expect(junk?.status()).toBe(200);
    await expect(plain.getByRole("heading", { name: "Official resources" })).toBeVisible();
    await expect(plain.getByRole("heading", { name: "Other Notes" })).toBeVisible();
  } finally {
    await noScript.close();
  }

  // With JavaScript the filters change the page in place: no reload, and the reader stays where they were.
  await page.goto(path);
  await hydrated(page);
  await page.getByRole("button", { name: "Continue to chapter" }).click();
  const filters = page.getByRole("navigation", { name: "Filter links" });
  await filters.scrollIntoViewIfNeeded();
  await page.evaluate(() => {
    window.scrollBy(0, 40);
    (window as unknown as { samePage: boolean }).samePage = true;
  });
  const scrolled = await page.evaluate(() => window.scrollY);
  expect(scrolled).toBeGreaterThan(0);
  await filters.getByRole("link", { name: "Hindi", exact: true }).click();
  await expect(page).toHaveURL(`${path}?lang=hi`);
  await expect(page.getByRole("heading", { name: "Other Notes" })).toHaveCount(0);
  await expect(page.getByText("1 link hidden by this filter.")).toBeVisible();
  await expect(filters.getByRole("link", { name: "Hindi", exact: true })).toHaveAttribute(
    "aria-current",
    "page",
  );
  expect(await page.evaluate(() => (window as unknown as { samePage?: boolean }).samePage)).toBe(true);
  expect(await page.evaluate(() => window.scrollY)).toBe(scrolled);
  expect(consoleErrors).toEqual([]);

  // Edit Resource: a bad year is refused with the form kept; then the new type is saved.
  await page.goto(`/admin?grade=10&subject=${subject.code}`);
  await hydrated(page);
  await page
    .getByRole("row")
    .filter({ has: page.getByRole("cell", { name: title, exact: true }) })
    .getByRole("button", { name: "Edit" })
    .click();
  const dialog = page.getByRole("dialog", { name: "Edit Resource" });
  const row = group(group(dialog, "Official"), "Official link 1");
  await expect(row.getByLabel("Type")).toHaveValue("sample-paper");
  await expect(row.getByLabel("Language")).toHaveValue("hi");
  await expect(row.getByLabel("Year")).toHaveValue("2025");
  await row.getByLabel("Type").selectOption({ label: "Marking scheme" });
  await row.getByLabel("Year").fill("1850");
  // Until the refusal below (a refused form is answered 400, which the browser logs), no error at all.
  expect(consoleErrors).toEqual([]);
  await dialog.getByRole("button", { name: "Save Changes" }).click();
  await expect(row.getByText(/^Year: a year from 1990 to 2100/)).toBeVisible({ timeout: 15_000 });
  await expect(row.getByLabel("Year")).toHaveValue("1850");
  await expect(row.getByLabel("Year")).toHaveAttribute("aria-invalid", "true");
  await expect(row.getByLabel("Type")).toHaveValue("marking-scheme");
  await row.getByLabel("Year").fill("2026");
  await dialog.getByRole("button", { name: "Save Changes" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Chapter updated successfully." })).toBeVisible({
    timeout: 15_000,
  });
  await page.goto(path);
  await expect(page.getByText("Marking scheme · Hindi · 2026")).toBeVisible();
});
