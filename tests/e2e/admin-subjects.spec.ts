import type { Page } from "@playwright/test";
import { remember, removeMadeContent, unique } from "./admin-content.ts";
import { expect, hydrated, login, seriousA11yViolations, test } from "./fixtures.ts";

// Subjects added here have unique keys and are removed afterwards; demo subjects are only read
// (a refused delete changes nothing).

function subjectRow(page: Page, code: string) {
  return page.getByRole("row").filter({ has: page.getByRole("cell", { name: code, exact: true }) });
}

async function addSubject(page: Page, label: string, code: string) {
  await page.getByLabel("Label", { exact: true }).fill(label);
  await page.getByLabel("Subject key").fill(code);
  await page.getByRole("button", { name: "Add Subject" }).click();
}

const confirmQuestion = "Are you sure you want to delete this subject?";

/**
 * Nothing on the page scrolls sideways at its width (the page, or any box of it such as the table's),
 * and every control of every subject is inside the screen and at least 24 by 24 CSS px.
 */
async function fitsTheScreen(page: Page, width: number) {
  const sideways = await page.evaluate(() =>
    [document.documentElement, ...document.querySelectorAll("main *")]
      .filter((box) => box.scrollWidth > box.clientWidth + 1)
      .filter(
        (box) => box === document.documentElement || /auto|scroll/.test(getComputedStyle(box).overflowX),
      )
      .map((box) => `${box.tagName.toLowerCase()} ${box.scrollWidth} > ${box.clientWidth}`),
  );
  expect(sideways, `at ${width} px`).toEqual([]);
  const table = page.getByRole("table");
  const controls = table.locator("select, button");
  expect(await controls.count()).toBeGreaterThan(0);
  for (const control of await controls.all()) {
    const box = await control.boundingBox();
    const name = `${await control.getAttribute("aria-label")} at ${width} px`;
    expect(box, name).not.toBeNull();
    if (!box) continue;
    expect(box.x, name).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width, name).toBeLessThanOrEqual(width);
    expect(box.width, name).toBeGreaterThanOrEqual(24);
    expect(box.height, name).toBeGreaterThanOrEqual(24);
  }
}

test.describe("Manage Subjects", () => {
  test.afterEach(async ({ page }) => removeMadeContent(page));

  test("class 9 by default; the table lists Code / Label / Action in the subjects' order", async ({
    adminPage: page,
    consoleErrors,
  }) => {
    await page.goto("/admin/subjects");
    await hydrated(page);
    await expect(page.getByRole("heading", { level: 1, name: "Manage Subjects" })).toBeVisible();
    const grade = page.getByLabel("Class", { exact: true });
    await expect(grade).toHaveValue("9");
    for (const name of ["Code", "Label", "Action"]) {
      await expect(page.getByRole("columnheader", { name, exact: true })).toBeVisible();
    }
    await grade.selectOption("11");
    await expect(page).toHaveURL(/grade=11/);
    const codes = page
      .getByRole("row")
      .filter({ has: page.getByRole("cell") })
      .locator("td:first-child");
    // The demo subjects first, in their order (other tests may add subjects after them).
    await expect(codes.first()).toHaveText("physics");
    expect((await codes.allTextContents()).slice(0, 5)).toEqual([
      "physics",
      "chemistry",
      "biology",
      "mathematics",
      "english",
    ]);
    await expect(subjectRow(page, "physics").getByRole("cell").nth(1)).toHaveText("Physics");
    await expect(subjectRow(page, "physics").getByRole("button", { name: "Delete" })).toBeVisible();
    expect(consoleErrors).toEqual([]);
  });

  test("a phone gets a card per subject, with its words shown; wider screens the table; nothing scrolls sideways", async ({
    adminPage: page,
  }) => {
    await page.goto("/admin/subjects?grade=11");
    await hydrated(page);
    for (const width of [375, 800, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: `test-results/screens/subjects-${width}.png`, fullPage: true });
      await fitsTheScreen(page, width);
    }
    // At 375 px the header row is for screen readers only; each card names its parts itself.
    await page.setViewportSize({ width: 375, height: 900 });
    const header = page.getByRole("columnheader", { name: "Medium", exact: true });
    const headerRow = page.getByRole("table").getByRole("rowgroup").first();
    expect((await headerRow.boundingBox())?.width ?? 0).toBeLessThanOrEqual(1);
    const row = page.getByRole("row").filter({ hasText: "business-studies" });
    const words = await row
      .getByRole("cell")
      .evaluateAll((cells) => cells.slice(0, 2).map((cell) => getComputedStyle(cell, "::before").content));
    expect(words).toEqual(['"Code"', '"Label"']);
    const mediumWord = row.locator("label").filter({ hasText: "Medium" });
    expect((await mediumWord.boundingBox())?.width ?? 0).toBeGreaterThan(24);
    // From 800 px the table, with its header row and nothing repeated in the cells.
    await page.setViewportSize({ width: 800, height: 900 });
    await expect(header).toBeVisible();
    expect((await headerRow.boundingBox())?.width ?? 0).toBeGreaterThan(400);
    expect((await mediumWord.boundingBox())?.width ?? 0).toBeLessThanOrEqual(1);
    expect(
      await row
        .getByRole("cell")
        .first()
        .evaluate((cell) => getComputedStyle(cell, "::before").content),
    ).toBe("none");
    await expect(subjectRow(page, "business-studies").getByRole("cell").nth(1)).toHaveText(
      "Business Studies",
    );
  });

  test("a subject's medium: chosen when it is added, changed on its row, refused when made up", async ({
    adminPage: page,
  }) => {
    await page.goto("/admin/subjects?grade=12");
    await hydrated(page);
    const code = unique("ganit");
    remember(12, code);
    await page.getByLabel("Label", { exact: true }).fill("गणित");
    await page.getByLabel("Subject key").fill(code);
    await expect(page.getByLabel("Medium", { exact: true })).toHaveValue("both");
    await page.getByLabel("Medium", { exact: true }).selectOption("Hindi");
    await page.getByRole("button", { name: "Add Subject" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Subject added." })).toBeVisible();
    const medium = subjectRow(page, code).getByRole("combobox", { name: "Medium of गणित" });
    await expect(medium).toHaveValue("hindi");

    await medium.selectOption("English");
    await subjectRow(page, code).getByRole("button", { name: "Save the medium of गणित" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Medium of गणित: English." })).toBeVisible();
    await page.reload();
    await expect(subjectRow(page, code).getByRole("combobox", { name: "Medium of गणित" })).toHaveValue(
      "english",
    );

    // A medium that is none of the three is refused, and changes nothing.
    const refused = await page.request.post(`/admin/subjects?grade=12`, {
      form: { intent: "medium", grade: "12", code, medium: "urdu" },
      headers: { Origin: new URL(page.url()).origin },
      maxRedirects: 0,
    });
    expect(refused.status()).toBeLessThan(500);
    await page.reload();
    await expect(subjectRow(page, code).getByRole("combobox", { name: "Medium of गणित" })).toHaveValue(
      "english",
    );
  });

  test("adds a subject: toast, new row last, the form empties; the key follows the label until typed", async ({
    adminPage: page,
  }) => {
    await page.goto("/admin/subjects?grade=12");
    await hydrated(page);
    const code = unique("cs");
    await page.getByLabel("Label", { exact: true }).fill("Computer Science");
    await expect(page.getByLabel("Subject key")).toHaveValue("computer-science");
    await expect(page.getByLabel("Subject key")).toHaveAccessibleDescription(
      /Lowercase letters, digits and hyphens only.*unique in the class/,
    );
    await page.getByLabel("Subject key").fill(code);
    await page.getByLabel("Label", { exact: true }).fill(`Computer Science ${code}`);
    await expect(page.getByLabel("Subject key")).toHaveValue(code);
    await page.getByRole("button", { name: "Add Subject" }).click();
    remember(12, code);

    await expect(page.getByRole("status").filter({ hasText: "Subject added." })).toBeVisible();
    const rows = page.getByRole("row").filter({ has: page.getByRole("cell") });
    await expect(rows.last()).toContainText(code);
    await expect(rows.last()).toContainText(`Computer Science ${code}`);
    await expect(page.getByLabel("Subject key")).toHaveValue("");
    await expect(page.getByLabel("Label", { exact: true })).toHaveValue("");
  });

  test("a key already used, a key with capitals or spaces, a missing label: messages at the field, nothing added", async ({
    adminPage: page,
  }) => {
    await page.goto("/admin/subjects?grade=10");
    await hydrated(page);
    await addSubject(page, "Maths again", "mathematics");
    await expect(page.getByRole("alert")).toContainText(
      'Subject key "mathematics" is already used in Class 10.',
    );
    const key = page.getByLabel("Subject key");
    await expect(key).toHaveAttribute("aria-invalid", "true");
    await expect(key).toHaveAccessibleDescription(/already used in Class 10/);
    await expect(key).toHaveValue("mathematics");
    await expect(page.getByLabel("Label", { exact: true })).toHaveValue("Maths again");

    await addSubject(page, "Bad key", "Bad Key!");
    await expect(key).toHaveAccessibleDescription(/use lowercase letters, digits and hyphens only/);
    await expect(key).toHaveValue("Bad Key!");

    const code = unique("nolabel");
    remember(10, code);
    await page.getByLabel("Label", { exact: true }).fill("");
    await key.fill(code);
    await page.getByRole("button", { name: "Add Subject" }).click();
    const label = page.getByLabel("Label", { exact: true });
    await expect(label).toHaveAttribute("aria-invalid", "true");
    await expect(label).toHaveAccessibleDescription(/enter the subject's name/);
    await expect(subjectRow(page, code)).toHaveCount(0);
    await expect(subjectRow(page, "bad key!")).toHaveCount(0);
  });

  test("a subject with chapters is kept, with the number of chapters in the message", async ({
    adminPage: page,
  }) => {
    await page.goto("/admin/subjects?grade=10");
    await hydrated(page);
    await subjectRow(page, "english").getByRole("button", { name: "Delete" }).click();
    const confirm = page.getByRole("alertdialog", { name: confirmQuestion });
    await expect(confirm).toContainText("It still has 28 chapters");
    await expect(confirm.getByRole("button", { name: "Cancel" })).toBeFocused();
    await confirm.getByRole("button", { name: "Delete" }).click();
    await expect(page.getByRole("alert")).toContainText(
      "Cannot delete English: it still has 28 chapters. Move or delete them first.",
    );
    await expect(confirm).toBeHidden();
    await expect(subjectRow(page, "english")).toBeVisible();
  });

  test("an empty subject is deleted after the confirmation; Cancel keeps it", async ({
    adminPage: page,
    consoleErrors,
  }) => {
    await page.goto("/admin/subjects?grade=9");
    await hydrated(page);
    const code = unique("gone");
    remember(9, code);
    await addSubject(page, `Gone ${code}`, code);
    await expect(page.getByRole("status").filter({ hasText: "Subject added." })).toBeVisible();

    await subjectRow(page, code).getByRole("button", { name: "Delete" }).click();
    const confirm = page.getByRole("alertdialog", { name: confirmQuestion });
    await confirm.getByRole("button", { name: "Cancel" }).click();
    await expect(confirm).toBeHidden();
    await expect(subjectRow(page, code)).toBeVisible();

    await subjectRow(page, code).getByRole("button", { name: "Delete" }).click();
    await expect(confirm).not.toContainText("still has");
    await confirm.getByRole("button", { name: "Delete" }).click();
    await expect(
      page.getByRole("status").filter({ hasText: `Subject "Gone ${code}" deleted.` }),
    ).toBeVisible();
    await expect(subjectRow(page, code)).toHaveCount(0);
    expect(consoleErrors).toEqual([]);
  });

  test("garbled requests get a clear 4xx, never a server error", async ({ adminPage: page }) => {
    const forms: Array<Record<string, string>> = [
      { intent: "add", grade: "13", code: "x", label: "X" },
      { intent: "delete", grade: "9" },
      { intent: "rename", grade: "9" },
    ];
    for (const form of forms) {
      const response = await page.request.post("/admin/subjects", { form });
      expect(response.status(), JSON.stringify(form)).toBe(400);
    }
    const gone = await page.request.post("/admin/subjects", {
      form: { intent: "delete", grade: "9", code: "no-such-subject" },
    });
    expect(gone.status()).toBe(404);
  });

  test("the screen and its confirmation pass the accessibility check", async ({ adminPage: page }) => {
    test.setTimeout(90_000);
    await page.goto("/admin/subjects?grade=10");
    await hydrated(page);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await subjectRow(page, "science").getByRole("button", { name: "Delete" }).click();
    await expect(page.getByRole("alertdialog")).toBeVisible();
    expect(await seriousA11yViolations(page)).toEqual([]);
  });
});

test.describe("Manage Subjects without JavaScript", () => {
  test.use({ javaScriptEnabled: false });
  test.afterEach(async ({ page }) => removeMadeContent(page));

  test("pick a class, add a subject, delete it", async ({ page }) => {
    await login(page, "admin");
    await page.goto("/admin/subjects");
    await page.getByLabel("Class", { exact: true }).selectOption("12");
    await page.getByRole("button", { name: "Show", exact: true }).click();
    await expect(page).toHaveURL(/grade=12/);
    const code = unique("plain");
    remember(12, code);
    await addSubject(page, `Plain ${code}`, code);
    await expect(page.getByRole("status")).toHaveText(/Subject added\./);
    await subjectRow(page, code).getByRole("button", { name: "Delete" }).click();
    await expect(page).toHaveURL(new RegExp(`delete=${code}`));
    await page
      .getByRole("alertdialog", { name: confirmQuestion })
      .getByRole("button", { name: "Delete" })
      .click();
    await expect(page.getByRole("status")).toHaveText(new RegExp(`Subject "Plain ${code}" deleted\\.`));
    await expect(subjectRow(page, code)).toHaveCount(0);
  });

  test("on a phone, a subject's medium is changed with its card's Save", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await login(page, "admin");
    await page.goto("/admin/subjects?grade=12");
    const code = unique("phone");
    remember(12, code);
    await addSubject(page, `Phone ${code}`, code);
    await expect(page.getByRole("status")).toHaveText(/Subject added\./);
    await fitsTheScreen(page, 375);
    const card = page.getByRole("row").filter({ hasText: code });
    const medium = card.getByRole("combobox", { name: `Medium of Phone ${code}` });
    await expect(medium).toHaveValue("both");
    await medium.selectOption("Hindi");
    await card.getByRole("button", { name: `Save the medium of Phone ${code}` }).click();
    await expect(page.getByRole("status")).toHaveText(new RegExp(`Medium of Phone ${code}: Hindi\\.`));
    await expect(
      page
        .getByRole("row")
        .filter({ hasText: code })
        .getByRole("combobox", { name: `Medium of Phone ${code}` }),
    ).toHaveValue("hindi");
  });
});
