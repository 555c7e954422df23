// Manage Notes' forms as a teacher fills them in, shared by the specs that need a note of their own
// (a test that edits the list's first note races a test in the other worker that deletes it).
import type { Locator, Page } from "@playwright/test";
import { expect } from "./fixtures.ts";

export function addNoteForm(page: Page): Locator {
  return page.getByRole("form", { name: "Add New Note" });
}

/** Types at the end of the rich-text editor of `scope` (waits for it to replace the plain textarea). */
export async function typeContent(scope: Locator, text: string) {
  const editor = scope.getByRole("textbox", { name: "Content" });
  await expect(editor).toHaveAttribute("contenteditable", "true");
  await editor.click();
  await editor.press("Control+End");
  await editor.pressSequentially(text);
}

/** The "Chapter" picker of `scope`, once it is the search-as-you-type combobox (after hydration). */
export async function chapterBox(scope: Locator): Promise<Locator> {
  const box = scope.getByRole("combobox", { name: "Chapter" });
  await expect(box).toHaveAttribute("aria-expanded", "false");
  return box;
}

/** Chooses `chapter` in the picker by typing part of its title and clicking the match. */
export async function pickChapter(scope: Locator, chapter: string) {
  const box = await chapterBox(scope);
  await box.fill(chapter);
  await scope
    .getByRole("option", { name: new RegExp(`^${chapter.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`) })
    .click();
  await expect(box).toHaveValue(chapter);
}

/** Adds a note to `chapter` through Add New Note and waits for "Note added". */
export async function addNote(page: Page, chapter: string, text: string, seoDescription = "") {
  await page.goto("/admin/notes");
  const form = addNoteForm(page);
  await pickChapter(form, chapter);
  await typeContent(form, text);
  if (seoDescription) await form.getByLabel("SEO description").fill(seoDescription);
  await form.getByRole("button", { name: "Add Note" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Note added" })).toBeVisible();
}
