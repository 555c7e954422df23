import type { Page } from "@playwright/test";
import { demoCatalogue } from "../../cli/demo-catalogue.ts";
import { removeMadeContent, seedChapters, seedSubject, unique } from "./admin-content.ts";
import { expect, hydrated, login, seriousA11yViolations, test } from "./fixtures.ts";

// Every test that changes data works on a subject and chapters of its own (unique names), removed
// again afterwards, so the demo catalogue other tests read stays as it is.

function row(page: Page, title: string) {
  return page.getByRole("row").filter({ has: page.getByRole("cell", { name: title, exact: true }) });
}

/** The table's rows of chapters (not its header). */
function dataRows(page: Page) {
  return page.getByRole("row").filter({ has: page.getByRole("cell") });
}

function editDialog(page: Page) {
  return page.getByRole("dialog", { name: "Edit Resource" });
}

/** The chapter titles in the order the public class page shows them. */
async function publicOrder(page: Page, grade: number, code: string): Promise<string[]> {
  await page.goto(`/class/${grade}?subject=${code}`);
  const cards = page.getByRole("region", { name: /chapters/ }).getByRole("heading", { level: 3 });
  return cards.allTextContents();
}

test.describe("dashboard", () => {
  test.afterEach(async ({ page }) => removeMadeContent(page));

  test("lists chapters as Class, Subject, Chapter, Actions and filters by class and subject", async ({
    adminPage: page,
    consoleErrors,
  }) => {
    await page.goto("/admin");
    await hydrated(page);
    await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
    // The sortable columns' headers are links that also say how they sort (changed for issue 12).
    for (const name of ["Class", "Subject", "Chapter", "Updated", "Actions"]) {
      await expect(page.getByRole("columnheader", { name: new RegExp(`^${name}\\b`) })).toBeVisible();
    }
    // Unfiltered: the first page starts with class 9 (syllabus order), 50 rows a page.
    await expect(row(page, "Matter in Our Surroundings")).toBeVisible();
    await expect(dataRows(page)).toHaveCount(50);

    const filters = page.getByRole("search");
    await filters.getByLabel("Class").selectOption("10");
    await expect(page).toHaveURL(/grade=10/);
    await filters.getByLabel("Subject").selectOption({ label: "Mathematics" });
    await expect(page).toHaveURL(/grade=10&subject=mathematics/);
    await expect(row(page, "Real Numbers")).toBeVisible();
    await expect(
      row(page, "Real Numbers").getByRole("cell", { name: "Mathematics", exact: true }),
    ).toBeVisible();
    await expect(row(page, "Matter in Our Surroundings")).toHaveCount(0);
    const maths = demoCatalogue[10].find((s) => s.code === "mathematics")?.chapters.length;
    await expect(page.getByText(`${maths} chapters in Class 10, Mathematics.`)).toBeVisible();
    expect(consoleErrors).toEqual([]);
  });

  test("the filter is a GET form that works without JavaScript", async ({ browser }) => {
    test.slow();
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await login(page, "admin");
    const filters = page.getByRole("search");
    await filters.getByLabel("Class").selectOption("9");
    await filters.getByRole("button", { name: "Apply" }).click();
    await expect(page).toHaveURL(/\/admin\?grade=9/);
    await expect(row(page, "Matter in Our Surroundings")).toBeVisible();
    await expect(row(page, "Real Numbers")).toHaveCount(0);
    await context.close();
  });

  test("Search finds a chapter by the words of its note, and the summary says it matched, not that the title holds them", async ({
    adminPage: page,
  }) => {
    // "retardation" is in the demo note of class 9's "Motion", not in any chapter's title.
    await page.goto("/admin");
    const search = page.getByRole("search");
    await search.getByLabel("Search").fill("retardation");
    await search.getByRole("button", { name: "Apply" }).click();
    await expect(page).toHaveURL(/\/admin\?(.*&)?q=retardation$/);
    await expect(row(page, "Motion")).toBeVisible();
    await expect(dataRows(page)).toHaveCount(1);
    await expect(page.getByText('1 chapter in all classes matching "retardation".')).toBeVisible();
    await expect(page.getByText(/in the title/)).toHaveCount(0);

    await search.getByLabel("Search").fill("zzqx nothing like this");
    await search.getByRole("button", { name: "Apply" }).click();
    await expect(page.getByText("No chapter matches.")).toBeVisible();
  });

  test("Edit opens 'Edit Resource' with every field; saving updates the chapter and closes it", async ({
    adminPage: page,
    consoleErrors,
  }) => {
    const subject = await seedSubject(page, 11);
    const title = unique("Edit me");
    await seedChapters(page, 11, subject.code, [
      {
        title,
        notes: [["Old note", "https://example.org/old-note"]],
        questions: [
          ["Q first", "https://example.org/q1"],
          ["Q second", "https://example.org/q2"],
        ],
      },
    ]);
    await page.goto(`/admin?grade=11&subject=${subject.code}`);
    await hydrated(page);
    await row(page, title).getByRole("button", { name: "Edit" }).click();
    const dialog = editDialog(page);
    await expect(dialog).toBeVisible();
    // Edit Resource has its own address, over the same list page.
    await expect(page).toHaveURL(new RegExp(`/admin/chapters/\\d+\\?grade=11&subject=${subject.code}$`));
    await expect(dialog.getByLabel("Class")).toHaveValue("11");
    await expect(dialog.getByLabel("Subject")).toHaveValue(subject.code);
    await expect(dialog.getByLabel("Chapter Title")).toHaveValue(title);
    const notes = dialog.getByRole("group", { name: "Notes", exact: true });
    const questions = dialog.getByRole("group", { name: "Questions", exact: true });
    const lectures = dialog.getByRole("group", { name: "Lectures", exact: true });
    await expect(notes.getByLabel("Title", { exact: true })).toHaveValue("Old note");
    await expect(questions.getByLabel("URL")).toHaveCount(2);
    await expect(lectures.getByLabel("URL")).toHaveCount(0);

    // Change every kind of thing: title, remove a link, reorder, add one.
    const renamed = `${title} renamed`;
    await dialog.getByLabel("Chapter Title").fill(renamed);
    await notes.getByRole("button", { name: "Remove Notes link 1" }).click();
    await expect(notes.getByLabel("URL")).toHaveCount(0);
    await questions.getByRole("button", { name: "Move Questions link 2 up" }).click();
    await expect(questions.getByLabel("Title", { exact: true }).first()).toHaveValue("Q second");
    await lectures.getByRole("button", { name: "Add Lectures link" }).click();
    await expect(lectures.getByLabel("Title", { exact: true })).toBeFocused();
    await lectures.getByLabel("Title", { exact: true }).fill("A lecture");
    await lectures.getByLabel("URL").fill("https://example.org/lecture");
    await dialog.getByRole("button", { name: "Save Changes" }).click();

    await expect(page.getByRole("status").filter({ hasText: "Chapter updated successfully." })).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(row(page, renamed)).toBeVisible();

    // Saved as typed, in the new order.
    await row(page, renamed).getByRole("button", { name: "Edit" }).click();
    await expect(editDialog(page).getByLabel("Chapter Title")).toHaveValue(renamed);
    const questionTitles = editDialog(page)
      .getByRole("group", { name: "Questions", exact: true })
      .getByLabel("Title", { exact: true });
    await expect(questionTitles.nth(0)).toHaveValue("Q second");
    await expect(questionTitles.nth(1)).toHaveValue("Q first");
    await expect(
      editDialog(page).getByRole("group", { name: "Notes", exact: true }).getByLabel("URL"),
    ).toHaveCount(0);
    await expect(
      editDialog(page).getByRole("group", { name: "Lectures", exact: true }).getByLabel("URL"),
    ).toHaveValue("https://example.org/lecture");
    await editDialog(page).getByRole("button", { name: "Cancel" }).click();
    await expect(editDialog(page)).toBeHidden();
    expect(consoleErrors).toEqual([]);
  });

  test("a refused save keeps the modal open with what was typed and the message at the field", async ({
    adminPage: page,
  }) => {
    const subject = await seedSubject(page, 10);
    const title = unique("Keep me");
    await seedChapters(page, 10, subject.code, [{ title }]);
    await page.goto(`/admin?grade=10&subject=${subject.code}`);
    await hydrated(page);
    await row(page, title).getByRole("button", { name: "Edit" }).click();
    const dialog = editDialog(page);
    const typed = `${title} typed`;
    await dialog.getByLabel("Chapter Title").fill(typed);
    const notes = dialog.getByRole("group", { name: "Notes", exact: true });
    await notes.getByRole("button", { name: "Add Notes link" }).click();
    await notes.getByLabel("Title", { exact: true }).fill("Bad link");
    await notes.getByLabel("URL").fill("javascript:alert(1)");
    await dialog.getByRole("button", { name: "Save Changes" }).click();

    await expect(dialog.getByRole("alert")).toContainText("Changes not saved.");
    await expect(dialog).toBeVisible();
    const url = notes.getByLabel("URL");
    await expect(url).toHaveAttribute("aria-invalid", "true");
    await expect(url).toHaveAccessibleDescription(/only web addresses starting with http/);
    await expect(url).toHaveValue("javascript:alert(1)");
    await expect(url).toBeFocused();
    await expect(dialog.getByLabel("Chapter Title")).toHaveValue(typed);

    // A title whose address another chapter of the class holds: the message names it.
    await url.fill("https://example.org/fine");
    await dialog.getByLabel("Chapter Title").fill("Real Numbers");
    await dialog.getByRole("button", { name: "Save Changes" }).click();
    const titleField = dialog.getByLabel("Chapter Title");
    await expect(titleField).toHaveAttribute("aria-invalid", "true");
    await expect(titleField).toHaveAccessibleDescription(/already has "Real Numbers" \(Mathematics\)/);
    await expect(titleField).toHaveValue("Real Numbers");
    await expect(notes.getByLabel("URL")).toHaveValue("https://example.org/fine");

    // Nothing was saved.
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(row(page, title)).toBeVisible();
  });

  test("someone else saved first: a clear conflict message, the modal keeps the typed text, nothing overwritten", async ({
    adminPage: first,
    browser,
  }) => {
    test.slow(); // two signed-in admins
    const subject = await seedSubject(first, 12);
    const title = unique("Shared");
    await seedChapters(first, 12, subject.code, [{ title }]);
    const path = `/admin?grade=12&subject=${subject.code}`;

    const otherContext = await browser.newContext();
    const second = await otherContext.newPage();
    await login(second, "second");

    for (const page of [first, second]) {
      await page.goto(path);
      await hydrated(page);
      await row(page, title).getByRole("button", { name: "Edit" }).click();
      await expect(editDialog(page)).toBeVisible();
    }
    await editDialog(first).getByLabel("Chapter Title").fill(`${title} by first`);
    await editDialog(first).getByRole("button", { name: "Save Changes" }).click();
    await expect(
      first.getByRole("status").filter({ hasText: "Chapter updated successfully." }),
    ).toBeVisible();

    await editDialog(second).getByLabel("Chapter Title").fill(`${title} by second`);
    await editDialog(second).getByRole("button", { name: "Save Changes" }).click();
    const alert = editDialog(second).getByRole("alert");
    await expect(alert).toContainText("changed by someone else after you opened it");
    await expect(editDialog(second)).toBeVisible();
    await expect(editDialog(second).getByLabel("Chapter Title")).toHaveValue(`${title} by second`);

    // The first save stands; "Open the latest version" shows it.
    await alert.getByRole("link", { name: "Open the latest version" }).click();
    await expect(editDialog(second).getByLabel("Chapter Title")).toHaveValue(`${title} by first`);
    await second.goto(path);
    await expect(row(second, `${title} by first`)).toBeVisible();
    await expect(row(second, `${title} by second`)).toHaveCount(0);
    await otherContext.close();
  });

  test("Delete asks with the note count, Cancel keeps it, Delete removes it", async ({
    adminPage: page,
    consoleErrors,
  }) => {
    // A demo chapter with one note: only the question is checked, it is not deleted.
    await page.goto("/admin?grade=10&subject=mathematics");
    await hydrated(page);
    await row(page, "Real Numbers").getByRole("button", { name: "Delete" }).click();
    const confirm = page.getByRole("alertdialog", { name: "Are you sure you want to delete this chapter?" });
    await expect(confirm).toBeVisible();
    await expect(confirm).toContainText("Its 1 note will be deleted too.");
    await expect(confirm.getByRole("button", { name: "Cancel" })).toBeFocused();
    await confirm.getByRole("button", { name: "Cancel" }).click();
    await expect(confirm).toBeHidden();
    await expect(row(page, "Real Numbers")).toBeVisible();

    const subject = await seedSubject(page, 9);
    const title = unique("Delete me");
    await seedChapters(page, 9, subject.code, [{ title }]);
    await page.goto(`/admin?grade=9&subject=${subject.code}`);
    await hydrated(page);
    await row(page, title).getByRole("button", { name: "Delete" }).click();
    await expect(confirm).toContainText("It has no notes.");
    await confirm.getByRole("button", { name: "Delete" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Chapter deleted successfully." })).toBeVisible();
    await expect(confirm).toBeHidden();
    await expect(row(page, title)).toHaveCount(0);
    expect(consoleErrors).toEqual([]);
  });

  test("Move up and Move down set the order of the public class page", async ({ adminPage: page }) => {
    const subject = await seedSubject(page, 11);
    const [a, b, c] = ["Alpha", "Beta", "Gamma"].map((t) => unique(t)) as [string, string, string];
    await seedChapters(page, 11, subject.code, [{ title: a }, { title: b }, { title: c }]);
    expect(await publicOrder(page, 11, subject.code)).toEqual([a, b, c]);

    await page.goto(`/admin?grade=11&subject=${subject.code}`);
    await hydrated(page);
    await expect(row(page, a).getByRole("button", { name: "Move up" })).toBeDisabled();
    await expect(row(page, c).getByRole("button", { name: "Move down" })).toBeDisabled();
    await row(page, a).getByRole("button", { name: "Move down" }).click();
    await expect(page.getByRole("status").filter({ hasText: `Moved "${a}" down.` })).toBeVisible();
    await row(page, c).getByRole("button", { name: "Move up" }).click();
    await expect(page.getByRole("status").filter({ hasText: `Moved "${c}" up.` })).toBeVisible();
    await expect(page.getByRole("row").filter({ has: page.getByRole("cell") })).toHaveText([
      new RegExp(b),
      new RegExp(c),
      new RegExp(a),
    ]);
    expect(await publicOrder(page, 11, subject.code)).toEqual([b, c, a]);
  });

  test("a missing chapter or a garbled request gets a clear message, never a server error", async ({
    adminPage: page,
  }) => {
    test.slow();
    await page.goto("/admin/chapters/999999999?grade=9&subject=mathematics");
    await expect(page.getByRole("alert")).toHaveText(/That chapter no longer exists/);
    await expect(editDialog(page)).toHaveCount(0);

    const forms: Array<Record<string, string>> = [
      { intent: "delete" },
      { intent: "delete", id: "abc" },
      { intent: "move-up:abc" },
      { intent: "update", id: "", version: "1" },
      { intent: "no-such-thing" },
    ];
    for (const form of forms) {
      const response = await page.request.post("/admin?index&grade=9&subject=mathematics", { form });
      expect(response.status(), JSON.stringify(form)).toBe(400);
    }
    const gone = await page.request.post("/admin?index&grade=9&subject=mathematics", {
      form: { intent: "delete", id: "999999999" },
    });
    expect(gone.status()).toBe(404);
  });

  test("the dashboard, the edit modal and the confirmation pass the accessibility check", async ({
    adminPage: page,
  }) => {
    test.setTimeout(120_000); // axe takes a while on a busy machine
    await page.goto("/admin?grade=10&subject=mathematics");
    await hydrated(page);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await row(page, "Real Numbers").getByRole("button", { name: "Edit" }).click();
    await expect(editDialog(page)).toBeVisible();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await editDialog(page).getByRole("button", { name: "Cancel" }).click();
    await row(page, "Polynomials").getByRole("button", { name: "Delete" }).click();
    await expect(page.getByRole("alertdialog")).toBeVisible();
    expect(await seriousA11yViolations(page)).toEqual([]);
  });
});

test.describe("dashboard without JavaScript", () => {
  test.use({ javaScriptEnabled: false });
  test.afterEach(async ({ page }) => removeMadeContent(page));

  test("Edit: a link row is added by the server, the save works, the modal closes", async ({ page }) => {
    await login(page, "admin");
    const subject = await seedSubject(page, 12);
    const title = unique("NoJS edit");
    await seedChapters(page, 12, subject.code, [{ title }]);
    await page.goto(`/admin?grade=12&subject=${subject.code}`);
    await row(page, title).getByRole("button", { name: "Edit" }).click();
    const dialog = editDialog(page);
    await expect(dialog).toBeVisible();
    await dialog.getByLabel("Chapter Title").fill(`${title} 2`);
    await dialog.getByRole("button", { name: "Add Notes link" }).click();
    const notes = editDialog(page).getByRole("group", { name: "Notes", exact: true });
    await expect(notes.getByLabel("URL")).toHaveCount(1);
    await expect(editDialog(page).getByLabel("Chapter Title")).toHaveValue(`${title} 2`);
    await notes.getByLabel("Title", { exact: true }).fill("Server-side row");
    await notes.getByLabel("URL").fill("https://example.org/nojs");
    await editDialog(page).getByRole("button", { name: "Save Changes" }).click();
    await expect(page.getByRole("status")).toHaveText(/Chapter updated successfully\./);
    await expect(editDialog(page)).toHaveCount(0);
    await expect(row(page, `${title} 2`)).toBeVisible();
  });

  test("Delete: the confirmation is a page state (?delete=ID) and the form posts", async ({ page }) => {
    await login(page, "admin");
    const subject = await seedSubject(page, 9);
    const title = unique("NoJS delete");
    await seedChapters(page, 9, subject.code, [{ title }]);
    await page.goto(`/admin?grade=9&subject=${subject.code}`);
    await row(page, title).getByRole("button", { name: "Delete" }).click();
    await expect(page).toHaveURL(/delete=\d+/);
    const confirm = page.getByRole("alertdialog", { name: "Are you sure you want to delete this chapter?" });
    await expect(confirm).toBeVisible();
    await confirm.getByRole("button", { name: "Delete" }).click();
    await expect(page.getByRole("status")).toHaveText(/Chapter deleted successfully\./);
    await expect(row(page, title)).toHaveCount(0);
  });

  test("Move down is a plain form post", async ({ page }) => {
    await login(page, "admin");
    const subject = await seedSubject(page, 10);
    const [a, b] = [unique("First"), unique("Second")];
    await seedChapters(page, 10, subject.code, [{ title: a }, { title: b }]);
    await page.goto(`/admin?grade=10&subject=${subject.code}`);
    await row(page, a).getByRole("button", { name: "Move down" }).click();
    await expect(page.getByRole("status")).toHaveText(new RegExp(`Moved "${a}" down\\.`));
    await expect(page.getByRole("row").filter({ has: page.getByRole("cell") })).toHaveText([
      new RegExp(b),
      new RegExp(a),
    ]);
  });

  test("Cancel leads back to the list without the modal", async ({ page }) => {
    await login(page, "admin");
    await page.goto("/admin?grade=10&subject=mathematics");
    await row(page, "Polynomials").getByRole("button", { name: "Delete" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Cancel" }).click();
    await expect(page).toHaveURL(/\/admin\?grade=10&subject=mathematics$/);
    await expect(page.getByRole("alertdialog")).toHaveCount(0);
  });
});

// ---- Issue 12: pages of 50, sorting, filters and search in the URL, bulk work ----

function pager(page: Page) {
  return page.getByRole("navigation", { name: "Pages" });
}

/** The chapter titles (and classes) of the page shown. */
async function shownRows(page: Page): Promise<Array<{ grade: string; title: string }>> {
  const rows = await dataRows(page).all();
  return Promise.all(
    rows.map(async (r) => ({
      grade: (await r.getByRole("cell").nth(1).textContent())?.replace(/\D/g, "") ?? "",
      title: (await r.getByRole("cell").nth(3).textContent()) ?? "",
    })),
  );
}

/** The page shows this list address (its non-empty parameters, in any order). */
async function expectList(page: Page, expected: string) {
  const normal = (href: string) => {
    const url = new URL(href, "http://x");
    const pairs = [...url.searchParams].filter(([, v]) => v !== "").sort(([a], [b]) => a.localeCompare(b));
    return `${url.pathname}?${new URLSearchParams(pairs)}`;
  };
  await expect.poll(() => normal(page.url())).toBe(normal(expected));
}

/** Pages, filters, searches and sorts; `submit` applies the search form (with or without JavaScript). */
async function browseTheList(page: Page, javaScript: boolean) {
  await page.goto("/admin");
  if (javaScript) await hydrated(page);
  await expect(dataRows(page)).toHaveCount(50);
  await expect(pager(page)).toContainText(/^1–50 of \d+ chapters · page 1 of \d+/);
  await expect(page.getByText(/In syllabus order: class, then subject, then chapter/)).toBeVisible();
  await expect(row(page, "Matter in Our Surroundings")).toBeVisible();
  await pager(page).getByRole("link", { name: "Next" }).click();
  await expectList(page, "/admin?page=2");
  await expect(pager(page)).toContainText(/^51–100 of/);
  await expect(row(page, "Matter in Our Surroundings")).toHaveCount(0);
  await pager(page).getByRole("link", { name: "Previous" }).click();
  await expectList(page, "/admin");
  await expect(row(page, "Matter in Our Surroundings")).toBeVisible();

  // Class 10 and "E" in the title (any case): more than a page, and both kept on page 2.
  const search = page.getByRole("search");
  await search.getByLabel("Class").selectOption("10");
  if (javaScript) await expectList(page, "/admin?grade=10");
  else await search.getByRole("button", { name: "Apply" }).click();
  await search.getByLabel("Search").fill("E");
  await search.getByRole("button", { name: "Apply" }).click();
  await expectList(page, "/admin?grade=10&q=E");
  await expect(dataRows(page)).toHaveCount(50);
  await pager(page).getByRole("link", { name: "Next" }).click();
  await expectList(page, "/admin?grade=10&q=E&page=2");
  // With JavaScript the address changes before the new rows are shown: read them once they are.
  await expect(pager(page)).toContainText(/^51–/);
  await expect(page.getByRole("search").getByLabel("Search")).toHaveValue("E");
  await expect(page.getByRole("search").getByLabel("Class")).toHaveValue("10");
  for (const shown of await shownRows(page)) {
    expect(shown.grade).toBe("10");
    expect(shown.title).toMatch(/e/i);
  }

  // Sorting by title goes back to page 1 and keeps the filter and search; a second click reverses it.
  await page.getByRole("link", { name: /^Chapter/ }).click();
  await expectList(page, "/admin?grade=10&q=E&sort=title&dir=asc");
  await expect(page.getByRole("columnheader", { name: /^Chapter/ })).toHaveAttribute(
    "aria-sort",
    "ascending",
  );
  await expect(page.getByText("Sorted by chapter title, A to Z.")).toBeVisible();
  const ascending = (await shownRows(page)).map((r) => r.title);
  expect(ascending).toEqual([...ascending].sort());
  // Move up/down change the syllabus order, so they are offered only in it.
  await expect(page.getByRole("button", { name: "Move up" })).toHaveCount(0);
  await page.getByRole("link", { name: /^Chapter/ }).click();
  await expectList(page, "/admin?grade=10&q=E&sort=title&dir=desc");
  await expect(page.getByRole("columnheader", { name: /^Chapter/ })).toHaveAttribute(
    "aria-sort",
    "descending",
  );
  const descending = (await shownRows(page)).map((r) => r.title);
  expect(descending).toEqual([...descending].sort().reverse());
  // Search keeps the sort.
  await page.getByRole("search").getByLabel("Search").fill("the");
  await page.getByRole("search").getByRole("button", { name: "Apply" }).click();
  await expectList(page, "/admin?grade=10&q=the&sort=title&dir=desc");
  await page.getByRole("link", { name: "Back to syllabus order" }).click();
  await expectList(page, "/admin?grade=10&q=the");
  await expect(page.getByRole("button", { name: "Move up" }).first()).toBeVisible();
}

test.describe("dashboard lists: pages, sort, filter, search", () => {
  test.afterEach(async ({ page }) => removeMadeContent(page));

  test("with JavaScript: Next/Previous, filter and search kept across pages, sortable columns", async ({
    adminPage: page,
    consoleErrors,
  }) => {
    test.slow();
    await browseTheList(page, true);
    expect(consoleErrors).toEqual([]);
  });

  test("without JavaScript: the same, by links and the GET search form", async ({ browser }) => {
    test.slow();
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await login(page, "admin");
    await browseTheList(page, false);
    await context.close();
  });

  test("closing the edit modal returns to the same list page", async ({ adminPage: page }) => {
    const list = "/admin?grade=10&sort=title&dir=desc&page=2";
    await page.goto(list);
    await hydrated(page);
    await dataRows(page).first().getByRole("button", { name: "Edit" }).click();
    await expect(editDialog(page)).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/chapters\/\d+\?grade=10&sort=title&dir=desc&page=2$/);
    // The address can be bookmarked: it opens the modal over the same list page.
    await page.reload();
    await hydrated(page);
    await expect(editDialog(page)).toBeVisible();
    await expect(pager(page)).toContainText(/^51–/);
    await editDialog(page).getByRole("button", { name: "Cancel" }).click();
    await expect(editDialog(page)).toBeHidden();
    await expectList(page, list);
    await expect(pager(page)).toContainText(/^51–/);
  });

  test("bulk move: ticked chapters go to another subject of any class, in one step", async ({
    adminPage: page,
    consoleErrors,
  }) => {
    const from = await seedSubject(page, 10);
    const to = await seedSubject(page, 12);
    const [a, b, c] = ["Alpha", "Beta", "Gamma"].map((t) => unique(t)) as [string, string, string];
    await seedChapters(page, 10, from.code, [{ title: a }, { title: b }, { title: c }]);
    await page.goto(`/admin?grade=10&subject=${from.code}`);
    await hydrated(page);
    const bulk = page.getByRole("form", { name: "Selected rows" });
    await page.getByRole("checkbox", { name: `Select ${a}` }).check();
    await page.getByRole("checkbox", { name: `Select ${c}` }).check();
    await bulk.getByLabel("Move to subject").selectOption({ label: `Class 12 – ${to.label}` });
    await bulk.getByRole("button", { name: "Move" }).click();
    await expect(
      page.getByRole("status").filter({ hasText: `2 chapters moved to ${to.label}.` }),
    ).toBeVisible();
    await expect(dataRows(page)).toHaveText([new RegExp(b)]);
    await page.goto(`/admin?grade=12&subject=${to.code}`);
    await expect(dataRows(page)).toHaveText([new RegExp(a), new RegExp(c)]);
    expect(await publicOrder(page, 12, to.code)).toEqual([a, c]);
    expect(consoleErrors).toEqual([]);
  });

  test("bulk move is refused whole when one chapter's address is taken in the new class", async ({
    adminPage: page,
  }) => {
    const holder = await seedSubject(page, 12);
    const from = await seedSubject(page, 10);
    const to = await seedSubject(page, 12);
    const [fine, clash] = [unique("Fine"), unique("Clash")];
    await seedChapters(page, 12, holder.code, [{ title: clash }]);
    await seedChapters(page, 10, from.code, [{ title: fine }, { title: clash }]);
    await page.goto(`/admin?grade=10&subject=${from.code}`);
    await hydrated(page);
    const bulk = page.getByRole("form", { name: "Selected rows" });
    await bulk.getByLabel("Select all on this page").check();
    await expect(page.getByRole("checkbox", { name: `Select ${fine}` })).toBeChecked();
    await bulk.getByLabel("Move to subject").selectOption({ label: `Class 12 – ${to.label}` });
    await bulk.getByRole("button", { name: "Move" }).click();
    const alert = page.getByRole("alert").filter({ hasText: "Nothing was moved" });
    await expect(alert).toContainText(`Class 12 already has "${clash}" (${holder.label})`);
    await page.goto(`/admin?grade=10&subject=${from.code}`);
    await expect(dataRows(page)).toHaveText([new RegExp(fine), new RegExp(clash)]);
    await page.goto(`/admin?grade=12&subject=${to.code}`);
    await expect(dataRows(page)).toHaveCount(0);
  });

  test("bulk delete asks once, naming how many; Cancel keeps them, Delete removes them", async ({
    adminPage: page,
    consoleErrors,
  }) => {
    const subject = await seedSubject(page, 9);
    const titles = ["One", "Two", "Three"].map((t) => unique(t));
    await seedChapters(
      page,
      9,
      subject.code,
      titles.map((title) => ({ title })),
    );
    await page.goto(`/admin?grade=9&subject=${subject.code}`);
    await hydrated(page);
    const bulk = page.getByRole("form", { name: "Selected rows" });
    await bulk.getByLabel("Select all on this page").check();
    await bulk.getByRole("button", { name: "Delete" }).click();
    const confirm = page.getByRole("alertdialog", { name: "Delete 3 chapters?" });
    await expect(confirm).toBeVisible();
    await expect(confirm.getByRole("button", { name: "Cancel" })).toBeFocused();
    await confirm.getByRole("button", { name: "Cancel" }).click();
    await expect(confirm).toBeHidden();
    await expect(dataRows(page)).toHaveCount(3);

    await bulk.getByRole("button", { name: "Delete" }).click();
    await page
      .getByRole("alertdialog", { name: "Delete 3 chapters?" })
      .getByRole("button", { name: "Delete" })
      .click();
    await expect(page.getByRole("status").filter({ hasText: "3 chapters deleted." })).toBeVisible();
    await expect(page.getByText("No chapters here yet.")).toBeVisible();
    expect(consoleErrors).toEqual([]);
  });
});

test.describe("dashboard bulk work without JavaScript", () => {
  test.use({ javaScriptEnabled: false });
  test.afterEach(async ({ page }) => removeMadeContent(page));

  test("Move posts the ticked rows; Delete's confirmation is a page state", async ({ page }) => {
    await login(page, "admin");
    const from = await seedSubject(page, 11);
    const to = await seedSubject(page, 11);
    const [a, b] = [unique("Moved"), unique("Deleted")];
    await seedChapters(page, 11, from.code, [{ title: a }, { title: b }]);
    await page.goto(`/admin?grade=11&subject=${from.code}`);
    const bulk = page.getByRole("form", { name: "Selected rows" });
    await page.getByRole("checkbox", { name: `Select ${a}` }).check();
    await bulk.getByLabel("Move to subject").selectOption({ label: `Class 11 – ${to.label}` });
    await bulk.getByRole("button", { name: "Move" }).click();
    await expect(page.getByRole("status")).toHaveText(new RegExp(`1 chapter moved to ${to.label}\\.`));
    await expect(dataRows(page)).toHaveText([new RegExp(b)]);

    await page.getByRole("checkbox", { name: `Select ${b}` }).check();
    await page.getByRole("form", { name: "Selected rows" }).getByRole("button", { name: "Delete" }).click();
    await expect(page).toHaveURL(/bulk=delete&ids=\d+/);
    const confirm = page.getByRole("alertdialog", { name: "Delete 1 chapter?" });
    await expect(confirm).toContainText(b);
    await confirm.getByRole("button", { name: "Delete" }).click();
    await expect(page.getByRole("status")).toHaveText(/1 chapter deleted\./);
    await expect(dataRows(page)).toHaveCount(0);
  });
});
