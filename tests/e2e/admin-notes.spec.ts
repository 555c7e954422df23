import type { Locator, Page } from "@playwright/test";
import { expect, login, seriousA11yViolations, test } from "./fixtures.ts";

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

function addForm(page: Page): Locator {
  return page.getByRole("form", { name: "Add New Note" });
}

/** The table row of the note whose preview starts with `text`. */
function noteRow(page: Page, text: string): Locator {
  return page.getByRole("row").filter({ hasText: text });
}

/** Types into the rich-text editor of `scope` (waits for it to replace the plain textarea). */
async function typeContent(scope: Locator, text: string) {
  const editor = scope.getByRole("textbox", { name: "Content" });
  await expect(editor).toHaveAttribute("contenteditable", "true");
  await editor.click();
  await editor.press("Control+End");
  await editor.pressSequentially(text);
}

async function addNote(page: Page, chapter: string, text: string, seoDescription = "") {
  await page.goto("/admin/notes");
  const form = addForm(page);
  await form.getByLabel("Chapter").selectOption({ label: chapter });
  await typeContent(form, text);
  if (seoDescription) await form.getByLabel("SEO description").fill(seoDescription);
  await form.getByRole("button", { name: "Add Note" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Note added" })).toBeVisible();
}

// Multi-step console flows that load the editor (about 130 KB gzip) and sometimes two browsers:
// they get more than the default 30 s, so a busy test machine does not fail them.
test.describe.configure({ timeout: 90_000 });

test.describe("Manage Notes", () => {
  test("no chapter chosen: 'Select chapter' as an alert and at the field, with the text kept", async ({
    adminPage: page,
  }) => {
    await page.goto("/admin/notes");
    const form = addForm(page);
    await expect(form.getByLabel("Chapter")).toHaveValue("");
    await expect(form.getByLabel("Chapter").locator("option").first()).toHaveText("Select chapter");
    await typeContent(form, "A note that must not be lost");
    await form.getByLabel("Keywords").fill("kept, keywords");
    await form.getByRole("button", { name: "Add Note" }).click();
    await expect(page.getByRole("alert")).toHaveText(/Select chapter/);
    await expect(form.getByLabel("Chapter")).toHaveAttribute("aria-invalid", "true");
    await expect(form.getByText("Select chapter", { exact: true }).last()).toBeVisible();
    await expect(form.getByLabel("Content")).toContainText("A note that must not be lost");
    await expect(form.getByLabel("Keywords")).toHaveValue("kept, keywords");
  });

  test("the chapter selector is grouped by class and subject", async ({ adminPage: page }) => {
    await page.goto("/admin/notes");
    const select = addForm(page).getByLabel("Chapter");
    await expect(
      select.locator('optgroup[label="Class 10 · Mathematics"] option', { hasText: "Real Numbers" }),
    ).toHaveCount(1);
    await expect(
      select.locator('optgroup[label="Class 9 · Science"] option', { hasText: "Tissues" }),
    ).toHaveCount(1);
  });

  test("a new note shows an 80-character preview and appears on its chapter page with its SEO description", async ({
    adminPage: page,
    consoleErrors,
  }) => {
    const marker = unique();
    const text = `Tissues note ${marker}: a tissue is a group of cells with a common origin that work together on one job.`;
    const description = `Tissues in plants and animals, ${marker}.`;
    await addNote(page, "Tissues", text, description);

    // The form is empty again.
    const form = addForm(page);
    await expect(form.getByLabel("Chapter")).toHaveValue("");
    await expect(form.getByLabel("SEO description")).toHaveValue("");

    const row = noteRow(page, `Tissues note ${marker}`);
    await expect(row).toHaveCount(1);
    await expect(row.getByRole("cell").first()).toContainText("Tissues");
    await expect(row.getByRole("cell").first()).toContainText("Class 9 · Science");
    const preview = row.getByRole("cell").nth(1);
    await expect(preview).toContainText(text.slice(0, 80));
    expect((await preview.textContent())?.replace("…", "")).toBe(text.slice(0, 80));

    // The chapter had no note before, so this note gives the page its description.
    await page.goto("/class/9/chapter/tissues");
    await expect(page.getByText(`Tissues note ${marker}`)).toBeAttached();
    await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", description);

    // Clean up, so the chapter has no note again for the next run.
    await page.goto("/admin/notes");
    await noteRow(page, `Tissues note ${marker}`).getByRole("button", { name: "Delete" }).click();
    await page
      .getByRole("alertdialog", { name: "Delete note?" })
      .getByRole("button", { name: "Delete" })
      .click();
    await expect(page.getByRole("status").filter({ hasText: "Note deleted." })).toBeVisible();
    expect(consoleErrors).toEqual([]);
  });

  test("edit in the 'Edit Note' modal, then delete after 'Delete note?'", async ({ adminPage: page }) => {
    const marker = unique();
    await addNote(page, "Heron's Formula", `Heron note ${marker}`);
    await noteRow(page, `Heron note ${marker}`).getByRole("button", { name: "Edit" }).click();
    const dialog = page.getByRole("dialog", { name: "Edit Note" });
    await expect(dialog.getByLabel("Chapter")).toHaveValue(/\d+/);
    await expect(dialog.getByRole("option", { name: "Heron's Formula", selected: true })).toBeAttached();
    await dialog.getByLabel("SEO description").fill(`Edited ${marker}`);
    await typeContent(dialog, " and more");
    await dialog.getByRole("button", { name: "Save" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Note updated." })).toBeVisible();
    await expect(page.getByRole("dialog", { name: "Edit Note" })).toHaveCount(0);
    await expect(noteRow(page, `Heron note ${marker}`)).toContainText("and more");

    await noteRow(page, `Heron note ${marker}`).getByRole("button", { name: "Delete" }).click();
    const confirm = page.getByRole("alertdialog", { name: "Delete note?" });
    await confirm.getByRole("button", { name: "Cancel" }).click();
    await expect(confirm).toHaveCount(0);
    await expect(noteRow(page, `Heron note ${marker}`)).toHaveCount(1);
    await noteRow(page, `Heron note ${marker}`).getByRole("button", { name: "Delete" }).click();
    await page
      .getByRole("alertdialog", { name: "Delete note?" })
      .getByRole("button", { name: "Delete" })
      .click();
    await expect(page.getByRole("status").filter({ hasText: "Note deleted." })).toBeVisible();
    await expect(noteRow(page, `Heron note ${marker}`)).toHaveCount(0);
  });

  test("a conflicting edit keeps the modal open with the typed text and a clear message", async ({
    adminPage: page,
    browser,
  }) => {
    const marker = unique();
    await addNote(page, "Sound", `Sound note ${marker}`);
    await noteRow(page, `Sound note ${marker}`).getByRole("button", { name: "Edit" }).click();
    const first = page.getByRole("dialog", { name: "Edit Note" });
    await expect(first).toBeVisible();

    const otherContext = await browser.newContext();
    const other = await otherContext.newPage();
    await login(other, "second");
    await other.goto("/admin/notes");
    await noteRow(other, `Sound note ${marker}`).getByRole("button", { name: "Edit" }).click();
    const second = other.getByRole("dialog", { name: "Edit Note" });

    await first.getByLabel("SEO description").fill("First admin was quicker");
    await first.getByRole("button", { name: "Save" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Note updated." })).toBeVisible();

    await typeContent(second, " with the second admin's addition");
    await second.getByLabel("SEO description").fill("Second admin's description");
    await second.getByRole("button", { name: "Save" }).click();
    const stillOpen = other.getByRole("dialog", { name: "Edit Note" });
    await expect(stillOpen.getByRole("alert")).toContainText("Failed to update note.");
    await expect(stillOpen.getByRole("alert")).toContainText("changed by someone else");
    await expect(stillOpen.getByLabel("Content")).toContainText("with the second admin's addition");
    await expect(stillOpen.getByLabel("SEO description")).toHaveValue("Second admin's description");
    await otherContext.close();
  });

  test("the screen and its edit modal have no serious accessibility problems", async ({
    adminPage: page,
  }) => {
    await page.goto("/admin/notes");
    await expect(page.getByRole("toolbar", { name: "Formatting" })).toBeVisible();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.goto("/admin/notes?edit=1");
    await expect(page.getByRole("dialog", { name: "Edit Note" }).getByRole("toolbar")).toBeVisible();
    expect(await seriousA11yViolations(page)).toEqual([]);
  });

  test("garbled requests get a 4xx, never a 500", async ({ adminPage: page }) => {
    const origin = new URL(page.url()).origin;
    const forms: Array<Record<string, string>> = [
      { intent: "nonsense" },
      { intent: "update", id: "x", version: "0", chapterId: "1", content: "<p>x</p>" },
      { intent: "delete", id: "" },
      { intent: "add", chapterId: "0", content: "x" },
    ];
    for (const form of forms) {
      const response = await page.request.post("/admin/notes", { form, headers: { Origin: origin } });
      expect(response.status()).toBe(400);
    }
  });
});

test.describe("Manage Notes without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a note is added through the plain textarea", async ({ page }) => {
    await login(page, "admin");
    await page.goto("/admin/notes");
    const marker = unique();
    const form = addForm(page);
    await form.getByLabel("Chapter").selectOption({ label: "Lines and Angles" });
    await form.getByLabel("Content").fill(`Angles note ${marker}\n\nSecond paragraph.`);
    await form.getByRole("button", { name: "Add Note" }).click();
    await expect(page.getByRole("status")).toHaveText(/Note added/);
    await expect(noteRow(page, `Angles note ${marker} Second paragraph.`)).toHaveCount(1);
  });
});
