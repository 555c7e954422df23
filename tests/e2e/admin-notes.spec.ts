import type { Locator, Page } from "@playwright/test";
import { expect, login, seriousA11yViolations, test } from "./fixtures.ts";
import { addNoteForm as addForm, addNote, chapterBox, pickChapter, typeContent } from "./note-forms.ts";

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** The table row of the note whose preview starts with `text`. */
function noteRow(page: Page, text: string): Locator {
  return page.getByRole("row").filter({ hasText: text });
}

/** Deletes the note whose row shows `text`, after "Delete note?". */
async function deleteNoteRow(page: Page, text: string) {
  await noteRow(page, text).getByRole("button", { name: "Delete" }).click();
  await page
    .getByRole("alertdialog", { name: "Delete note?" })
    .getByRole("button", { name: "Delete" })
    .click();
  await expect(page.getByRole("status").filter({ hasText: "Note deleted." })).toBeVisible();
}

// Multi-step console flows that load the editor (about 130 KB gzip) and sometimes two browsers:
// they get more than the default 30 s, so a busy test machine does not fail them.
test.describe.configure({ timeout: 90_000 });

test.describe("Manage Notes", () => {
  test("beside the console's menu (800 and 1,024 px) the page never scrolls sideways: the table scrolls in its box", async ({
    adminPage: page,
  }) => {
    for (const width of [800, 1024]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto("/admin/notes");
      await expect(page.getByRole("heading", { level: 1, name: "Manage Notes" })).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth), `${width} px`).toBe(width);
      // Sorting stays at hand there.
      await expect(page.getByRole("columnheader", { name: "Updated" })).toBeVisible();
    }
  });

  test("no chapter chosen: 'Select chapter' as an alert and at the field, with the text kept", async ({
    adminPage: page,
  }) => {
    await page.goto("/admin/notes");
    const form = addForm(page);
    await expect(await chapterBox(form)).toHaveValue("");
    await typeContent(form, "A note that must not be lost");
    await form.getByLabel("Keywords").fill("kept, keywords");
    await form.getByRole("button", { name: "Add Note" }).click();
    await expect(page.getByRole("alert")).toHaveText(/Select chapter/);
    await expect(form.getByLabel("Chapter")).toHaveAttribute("aria-invalid", "true");
    await expect(form.getByText("Select chapter", { exact: true }).last()).toBeVisible();
    await expect(form.getByLabel("Content")).toContainText("A note that must not be lost");
    await expect(form.getByLabel("Keywords")).toHaveValue("kept, keywords");
    // The first field that needs attention has the focus.
    await expect(form.getByRole("combobox", { name: "Chapter" })).toBeFocused();
  });

  test("a refused note keeps the chosen chapter and focuses the field the server named", async ({
    adminPage: page,
  }) => {
    await page.goto("/admin/notes");
    const form = addForm(page);
    await pickChapter(form, "Sound");
    await form.getByLabel("SEO description").fill("Kept description");
    await form.getByRole("button", { name: "Add Note" }).click();
    await expect(page.getByRole("alert")).toHaveText(/Failed to add note\. Content: write the note/);
    const content = form.getByRole("textbox", { name: "Content" });
    await expect(content).toHaveAttribute("aria-invalid", "true");
    await expect(content).toBeFocused();
    await expect(form.getByText("Content: write the note before adding it.", { exact: true })).toBeVisible();
    await expect(form.getByRole("combobox", { name: "Chapter" })).toHaveValue("Sound");
    await expect(form.getByLabel("SEO description")).toHaveValue("Kept description");
  });

  test("a reload after an added note does not add it again (POST/redirect/GET)", async ({
    adminPage: page,
  }) => {
    const marker = unique();
    await addNote(page, "Sound", `Reload note ${marker}`);
    await expect(page).toHaveURL(/\/admin\/notes$/);
    await page.reload();
    await expect(page.getByRole("heading", { name: "Manage Notes" })).toBeVisible();
    await expect(noteRow(page, `Reload note ${marker}`)).toHaveCount(1);
    await deleteNoteRow(page, `Reload note ${marker}`);
  });

  test("Edit Note has an address of its own: bookmarked, stale, and the old ?edit= address", async ({
    adminPage: page,
  }) => {
    const marker = unique();
    await addNote(page, "Sound", `Bookmark note ${marker}`);
    await page.goto(`/admin/notes?q=${marker}`);
    await noteRow(page, `Bookmark note ${marker}`).getByRole("button", { name: "Edit" }).click();
    await expect(page.getByRole("dialog", { name: "Edit Note" })).toBeVisible();
    const address = page.url();
    const id = /\/admin\/notes\/(\d+)\?/.exec(address)?.[1] ?? "";
    // The bookmark opens the same modal over the same list page; Cancel goes back to that page.
    await page.goto(address);
    const dialog = page.getByRole("dialog", { name: "Edit Note" });
    await expect(await chapterBox(dialog)).toHaveValue("Sound");
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/notes\\?q=${marker}$`));
    await expect(noteRow(page, `Bookmark note ${marker}`)).toHaveCount(1);
    // The address the modal had before still opens it.
    await page.goto(`/admin/notes?q=${marker}&edit=${id}`);
    await expect(page).toHaveURL(new RegExp(`/admin/notes/${id}\\?q=${marker}$`));
    await expect(page.getByRole("dialog", { name: "Edit Note" })).toBeVisible();
    // Once the note is deleted its address shows the list and says so.
    await page.goto(`/admin/notes?q=${marker}`);
    await deleteNoteRow(page, `Bookmark note ${marker}`);
    await page.goto(`/admin/notes/${id}?q=${marker}`);
    await expect(page.getByRole("alert")).toHaveText(/That note no longer exists/);
    await expect(page.getByRole("dialog", { name: "Edit Note" })).toHaveCount(0);
    await expect(page.getByRole("heading", { name: "Manage Notes" })).toBeVisible();
  });

  test("the Chapter picker searches as you type and is worked by keyboard", async ({ adminPage: page }) => {
    await page.goto("/admin/notes");
    const form = addForm(page);
    const box = await chapterBox(form);
    await box.focus();
    await page.keyboard.type("number");
    const list = form.getByRole("listbox");
    await expect(list.getByRole("option", { name: /^Real Numbers Class 10 · Mathematics/ })).toBeVisible();
    await expect(box).toHaveAttribute("aria-expanded", "true");
    // Only matches are offered (never every chapter), at most 20. Waited for: a pause while typing
    // may show an earlier prefix's matches first ("nu" also finds "How Life Continues").
    await expect(list.getByRole("option").filter({ hasNotText: /number/i })).toHaveCount(0);
    expect(await list.getByRole("option").count()).toBeLessThanOrEqual(20);

    await page.keyboard.press("ArrowDown");
    const first = list.getByRole("option").first();
    await expect(first).toHaveAttribute("aria-selected", "true");
    await expect(box).toHaveAttribute("aria-activedescendant", (await first.getAttribute("id")) ?? "");
    await page.keyboard.press("Escape");
    await expect(box).toHaveAttribute("aria-expanded", "false");

    await box.fill("");
    await page.keyboard.type("real num");
    await expect(list.getByRole("option")).toHaveCount(1);
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("Enter");
    await expect(box).toHaveValue("Real Numbers");
    await expect(box).toHaveAttribute("aria-expanded", "false");
    await expect(form.getByText("Class 10 · Mathematics", { exact: true })).toBeVisible();
    // Enter chose the chapter; it did not submit the form.
    await expect(page.getByRole("alert")).toHaveCount(0);

    await box.fill("zzzz no such chapter");
    await expect(form.getByText(/^No chapters match “/)).toBeVisible();
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
    await expect(await chapterBox(form)).toHaveValue("");
    await expect(form.getByLabel("SEO description")).toHaveValue("");

    const row = noteRow(page, `Tissues note ${marker}`);
    await expect(row).toHaveCount(1);
    await expect(row.getByRole("cell").nth(1)).toContainText("Tissues");
    await expect(row.getByRole("cell").nth(2)).toContainText("Class 9 · Science");
    const preview = row.getByRole("cell").nth(3);
    await expect(preview).toContainText(text.slice(0, 80));
    expect((await preview.textContent())?.replace("…", "")).toBe(text.slice(0, 80));

    // The chapter had no note before, so this note gives the page its description.
    await page.goto("/class/9/chapter/tissues");
    await expect(page.getByText(`Tissues note ${marker}`)).toBeAttached();
    await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", description);

    // Clean up, so the chapter has no note again for the next run.
    await page.goto("/admin/notes");
    await deleteNoteRow(page, `Tissues note ${marker}`);
    expect(consoleErrors).toEqual([]);
  });

  test("edit in the 'Edit Note' modal, then delete after 'Delete note?'", async ({ adminPage: page }) => {
    const marker = unique();
    await addNote(page, "Heron's Formula", `Heron note ${marker}`);
    await noteRow(page, `Heron note ${marker}`).getByRole("button", { name: "Edit" }).click();
    const dialog = page.getByRole("dialog", { name: "Edit Note" });
    await expect(await chapterBox(dialog)).toHaveValue("Heron's Formula");
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
    await deleteNoteRow(page, `Heron note ${marker}`);
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
    await expect(stillOpen.getByRole("alert")).toBeFocused();
    await expect(stillOpen.getByLabel("Content")).toContainText("with the second admin's addition");
    await expect(stillOpen.getByLabel("SEO description")).toHaveValue("Second admin's description");
    // The first save stands; the modal can start again from it.
    await stillOpen.getByRole("link", { name: "Load the latest version" }).click();
    await expect(other.getByRole("dialog", { name: "Edit Note" }).getByLabel("SEO description")).toHaveValue(
      "First admin was quicker",
    );
    await otherContext.close();
  });

  test("the screen and its edit modal have no serious accessibility problems", async ({
    adminPage: page,
  }) => {
    await page.goto("/admin/notes");
    await expect(page.getByRole("toolbar", { name: "Formatting" })).toBeVisible();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.goto("/admin/notes/1");
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
    const edits: Array<[string, Record<string, string>]> = [
      ["/admin/notes/1", { intent: "update", version: "x", chapterId: "1", content: "<p>x</p>" }],
      ["/admin/notes/1", { intent: "add", chapterId: "1", content: "<p>x</p>" }],
      ["/admin/notes/1", { intent: "update", version: "1", chapterId: "", content: "<p>x</p>" }],
      ["/admin/notes/99999999999", { intent: "update", version: "1", chapterId: "1", content: "x" }],
    ];
    for (const [address, form] of edits) {
      const response = await page.request.post(address, { form, headers: { Origin: origin } });
      expect(response.status(), `${address} ${JSON.stringify(form)}`).toBeGreaterThanOrEqual(400);
      expect(response.status(), `${address} ${JSON.stringify(form)}`).toBeLessThan(500);
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
    // Without JavaScript the picker is a select of the matches of "Find".
    await form.getByLabel("Find by name").fill("lines and");
    await form.getByRole("button", { name: "Find" }).click();
    await expect(page).toHaveURL(/chapterq=lines/);
    await addForm(page).getByLabel("Chapter").selectOption({ label: "Lines and Angles" });
    await addForm(page).getByLabel("Content").fill(`Angles note ${marker}\n\nSecond paragraph.`);
    await addForm(page).getByRole("button", { name: "Add Note" }).click();
    await expect(page.getByRole("status")).toHaveText(/Note added/);
    await expect(noteRow(page, `Angles note ${marker} Second paragraph.`)).toHaveCount(1);
    // The browser landed on a GET of the list: reloading it adds nothing.
    await expect(page).toHaveURL(/\/admin\/notes$/);
    await page.reload();
    await expect(noteRow(page, `Angles note ${marker} Second paragraph.`)).toHaveCount(1);

    // Edit Note over the list, as plain forms.
    await noteRow(page, `Angles note ${marker}`).getByRole("button", { name: "Edit" }).click();
    const dialog = page.getByRole("dialog", { name: "Edit Note" });
    await dialog.getByLabel("Content").fill(`Angles note ${marker} edited`);
    await dialog.getByRole("button", { name: "Save" }).click();
    await expect(page.getByRole("status")).toHaveText(/Note updated\./);
    await expect(page).toHaveURL(/\/admin\/notes$/);
    await expect(noteRow(page, `Angles note ${marker} edited`)).toHaveCount(1);
    await deleteNoteRow(page, `Angles note ${marker}`);
  });

  test("a refused note shows the same messages at their fields, with what was typed", async ({ page }) => {
    await login(page, "admin");
    await page.goto("/admin/notes");
    await addForm(page).getByLabel("Content").fill("A note that must not be lost");
    await addForm(page).getByLabel("Keywords").fill("kept, keywords");
    await addForm(page).getByRole("button", { name: "Add Note" }).click();
    await expect(page.getByRole("alert")).toHaveText(/Select chapter/);
    await expect(addForm(page).getByLabel("Chapter")).toHaveAttribute("aria-invalid", "true");
    await expect(addForm(page).getByLabel("Content")).toHaveValue("A note that must not be lost");
    await expect(addForm(page).getByLabel("Keywords")).toHaveValue("kept, keywords");

    // A chapter chosen through "Find", no text: the server's message, and the chapter still chosen.
    await addForm(page).getByLabel("Find by name").fill("lines and");
    await addForm(page).getByRole("button", { name: "Find" }).click();
    await addForm(page).getByLabel("Chapter").selectOption({ label: "Lines and Angles" });
    await addForm(page).getByLabel("SEO description").fill("Kept description");
    await addForm(page).getByRole("button", { name: "Add Note" }).click();
    await expect(page.getByRole("alert")).toHaveText(/Failed to add note\. Content: write the note/);
    await expect(addForm(page).getByLabel("Content")).toHaveAttribute("aria-invalid", "true");
    await expect(addForm(page).getByText("Content: write the note before adding it.")).toBeVisible();
    await expect(addForm(page).getByLabel("Chapter")).toHaveValue(/^\d+$/);
    await expect(addForm(page).getByLabel("Chapter").locator("option:checked")).toHaveText(
      "Lines and Angles",
    );
    await expect(addForm(page).getByLabel("SEO description")).toHaveValue("Kept description");
  });
});

/** Adds `count` notes to `chapter` through the console's own action, each text starting with `marker`. */
async function seedNotes(page: Page, chapter: string, marker: string, count: number) {
  const origin = new URL(page.url()).origin;
  const picked = await page.request.get(`/admin/pick/chapters?q=${encodeURIComponent(chapter)}`);
  const { options } = (await picked.json()) as { options: Array<{ value: string; label: string }> };
  const chapterId = options.find((o) => o.label === chapter)?.value ?? "";
  for (let i = 0; i < count; i++) {
    const response = await page.request.post("/admin/notes", {
      form: { intent: "add", chapterId, content: `${marker} number ${String(i).padStart(2, "0")}` },
      headers: { Origin: origin },
    });
    expect(response.status()).toBe(200);
  }
}

/** Deletes every note of the list at `address` (page by page, through the bulk action). */
async function deleteAll(page: Page, address: string) {
  for (;;) {
    await page.goto(address);
    const boxes = page.getByRole("checkbox", { name: /^Select note of/ });
    if ((await boxes.count()) === 0) return;
    for (const box of await boxes.all()) await box.check();
    await page.getByRole("form", { name: "Selected rows" }).getByRole("button", { name: "Delete" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
    await expect(page.getByRole("status").filter({ hasText: "deleted." })).toBeVisible();
  }
}

test.describe("Manage Notes list", () => {
  test("pages of 50, search, filters and sort live in the URL; bulk delete asks 'Delete 4 notes?'", async ({
    adminPage: page,
  }) => {
    const marker = `Paging${unique()}`;
    await page.goto("/admin/notes");
    await seedNotes(page, "Sound", marker, 55);
    try {
      await page.goto("/admin/notes");
      await page.getByLabel("Search").fill(marker.toLowerCase());
      await page.getByRole("button", { name: "Apply" }).click();
      await expect(page).toHaveURL(new RegExp(`q=${marker.toLowerCase()}`));
      const pager = page.getByRole("navigation", { name: "Pages" });
      await expect(pager).toContainText("1–50 of 55 notes");
      await expect(page.getByRole("checkbox", { name: /^Select note of Sound/ })).toHaveCount(50);
      // Newest first: the last one added leads.
      await expect(page.getByRole("row").nth(1)).toContainText(`${marker} number 54`);

      await pager.getByRole("link", { name: "Next" }).click();
      await expect(page).toHaveURL(/page=2/);
      await expect(pager).toContainText("51–55 of 55 notes");
      await page.reload();
      await expect(page.getByRole("row")).toHaveCount(6);
      await page.goBack();
      await expect(pager).toContainText("1–50 of 55 notes");

      // Sorting by Updated, oldest first.
      await page.getByRole("link", { name: /^Updated/ }).click();
      await expect(page.getByRole("columnheader", { name: /Updated/ })).toHaveAttribute(
        "aria-sort",
        "ascending",
      );
      await expect(page.getByRole("row").nth(1)).toContainText(`${marker} number 00`);

      // Filters: Sound is a class 9 chapter.
      await page.getByLabel("Class").selectOption("10");
      await page.getByRole("button", { name: "Apply" }).click();
      await expect(page).toHaveURL(/class=10/);
      await expect(page.getByText("No notes match")).toBeVisible();
      await page.getByLabel("Class").selectOption("9");
      await page.getByLabel("Subject").selectOption({ label: "Science" });
      await page.getByRole("button", { name: "Apply" }).click();
      await expect(pager).toContainText("of 55 notes");

      // Edit opens over the same list page and closing returns to it.
      await page.goto(`/admin/notes?q=${marker}&page=2`);
      await noteRow(page, `${marker} number 03`).getByRole("button", { name: "Edit" }).click();
      // Edit Note has its own address over the list page.
      await expect(page).toHaveURL(new RegExp(`/admin/notes/\\d+\\?q=${marker}&page=2$`));
      await page.getByRole("dialog", { name: "Edit Note" }).getByRole("button", { name: "Cancel" }).click();
      await expect(page).toHaveURL(new RegExp(`q=${marker}&page=2$`));

      // Bulk delete: four ticked, one confirmation naming how many.
      for (const n of ["00", "01", "02", "03"]) {
        await page
          .getByRole("row")
          .filter({ hasText: `${marker} number ${n}` })
          .getByRole("checkbox")
          .check();
      }
      const bulk = page.getByRole("form", { name: "Selected rows" });
      await bulk.getByRole("button", { name: "Delete" }).click();
      const confirm = page.getByRole("alertdialog", { name: "Delete 4 notes?" });
      await confirm.getByRole("button", { name: "Cancel" }).click();
      await expect(confirm).toHaveCount(0);
      await expect(pager).toContainText("51–55 of 55 notes");
      for (const n of ["00", "01", "02", "03"]) {
        await page
          .getByRole("row")
          .filter({ hasText: `${marker} number ${n}` })
          .getByRole("checkbox")
          .check();
      }
      await bulk.getByRole("button", { name: "Delete" }).click();
      await page
        .getByRole("alertdialog", { name: "Delete 4 notes?" })
        .getByRole("button", { name: "Delete" })
        .click();
      await expect(page.getByRole("status").filter({ hasText: "4 notes deleted." })).toBeVisible();
      await expect(pager).toContainText("51–51 of 51 notes");

      // "Select all on this page" ticks the page's rows.
      await page.goto(`/admin/notes?q=${marker}`);
      await page.getByLabel("Select all on this page").check();
      await expect(page.getByRole("checkbox", { name: /^Select note of/, checked: true })).toHaveCount(50);
    } finally {
      await deleteAll(page, `/admin/notes?q=${marker}`);
    }
  });

  test("a bulk delete of a note someone else deleted meanwhile is refused whole", async ({
    adminPage: page,
  }) => {
    const marker = `Refuse${unique()}`;
    await page.goto("/admin/notes");
    await seedNotes(page, "Sound", marker, 3);
    await page.goto(`/admin/notes?q=${marker}`);
    for (const box of await page.getByRole("checkbox", { name: /^Select note of/ }).all()) await box.check();
    await page.getByRole("form", { name: "Selected rows" }).getByRole("button", { name: "Delete" }).click();
    const confirm = page.getByRole("alertdialog", { name: "Delete 3 notes?" });
    await expect(confirm).toBeVisible();
    // Meanwhile another admin deletes one of them.
    const id = new URL(page.url()).searchParams.getAll("ids")[0] ?? "";
    await page.request.post("/admin/notes", {
      form: { intent: "delete", id },
      headers: { Origin: new URL(page.url()).origin },
    });
    await confirm.getByRole("button", { name: "Delete" }).click();
    await expect(page.getByRole("alert")).toContainText("Nothing was deleted");
    await page.goto(`/admin/notes?q=${marker}`);
    await expect(page.getByRole("checkbox", { name: /^Select note of/ })).toHaveCount(2);
    await deleteAll(page, `/admin/notes?q=${marker}`);
  });
});

test.describe("Manage Notes list without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("search, pages and bulk delete work as plain links and forms", async ({ page }) => {
    await login(page, "admin");
    await page.goto("/admin/notes");
    const marker = `NoJs${unique()}`;
    await seedNotes(page, "Sound", marker, 52);
    await page.goto("/admin/notes");
    await page.getByLabel("Search").fill(marker);
    await page.getByRole("button", { name: "Apply" }).click();
    const pager = page.getByRole("navigation", { name: "Pages" });
    await expect(pager).toContainText("1–50 of 52 notes");
    await pager.getByRole("link", { name: "Next" }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect(pager).toContainText("51–52 of 52 notes");

    for (const box of await page.getByRole("checkbox", { name: /^Select note of/ }).all()) await box.check();
    await page.getByRole("form", { name: "Selected rows" }).getByRole("button", { name: "Delete" }).click();
    const confirm = page.getByRole("alertdialog", { name: "Delete 2 notes?" });
    await expect(confirm).toBeVisible();
    await confirm.getByRole("button", { name: "Delete" }).click();
    await expect(page.getByRole("status")).toHaveText(/2 notes deleted\./);
    await expect(pager).toContainText("of 50 notes");
    await page.goto(`/admin/notes?q=${marker}`);
    for (const box of await page.getByRole("checkbox", { name: /^Select note of/ }).all()) await box.check();
    await page.getByRole("form", { name: "Selected rows" }).getByRole("button", { name: "Delete" }).click();
    await page
      .getByRole("alertdialog", { name: "Delete 50 notes?" })
      .getByRole("button", { name: "Delete" })
      .click();
    await expect(page.getByRole("status")).toHaveText(/50 notes deleted\./);
  });
});
