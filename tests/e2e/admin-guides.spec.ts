import type { Locator, Page } from "@playwright/test";
import { guides } from "#app/content/guides.ts";
import { examDatesLabel } from "#app/lib/exam-year.ts";
import { ACCOUNTS, E2E_PORT } from "./accounts.ts";
import { expect as baseExpect, hydrated, test } from "./fixtures.ts";
import { type OwnServer, ownServer } from "./own-server.ts";

// Guides in the console (DESIGN.md 8.1): /admin/guides edits each class's study guide in English and
// Hindi, with the usual conflict check, History and Restore; the public guide shows what is saved.
// On a server of its own: the shared one's guides are checked as the spec's by other specs.

test.describe.configure({ mode: "serial" });
// The guide form is the console's largest page: a save and its reload get more time on a busy machine.
const expect = baseExpect.configure({ timeout: 20_000 });

let own: OwnServer;
test.beforeAll(async () => {
  test.setTimeout(120_000);
  own = await ownServer(E2E_PORT + 257, { LINK_CHECK: "off" });
});
test.afterAll(async () => {
  await own?.stop();
});

async function signIn(page: Page, account: "admin" | "editor"): Promise<void> {
  const { email, password } = ACCOUNTS[account];
  await page.goto(`${own.server.url}/login`);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Login" }).click();
  await page.waitForURL("**/admin");
}

const english = (page: Page) => page.getByRole("group", { name: "English", exact: true });
const row = (part: Locator, name: string) => part.getByRole("group", { name, exact: true });

test("an editor edits Class 10's exam dates and a tip; a stale tab is refused; History restores the guide", async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const url = own.server.url;
  const spec = guides[10];
  const first = await (await browser.newContext()).newPage();
  await signIn(first, "editor");
  await first.getByRole("navigation", { name: "Admin Menu" }).getByRole("link", { name: "Guides" }).click();
  await expect(first).toHaveURL(`${url}/admin/guides`);
  await expect(first.getByRole("link", { name: "Class 9", exact: true })).toHaveAttribute(
    "aria-current",
    "page",
  );
  await first.getByRole("link", { name: "Class 10", exact: true }).click();
  await expect(first).toHaveURL(`${url}/admin/guides/10`);
  await hydrated(first);

  // A second tab opened at the same version.
  const second = await (await browser.newContext()).newPage();
  await signIn(second, "admin");
  await second.goto(`${url}/admin/guides/10`);
  await hydrated(second);

  const part = english(first);
  await expect(part.getByLabel("Exam dates")).toHaveValue(spec.examDates);
  await expect(part.getByLabel("Total marks")).toHaveValue("80");
  await part.getByLabel("Exam dates").fill("1 March 2027 (main), May 2027 (second)");
  await row(part, "Tip 1").getByLabel("Title").fill("Make NCERT your first book");
  // The Hindi part holds the translation, and names the English in a blank field.
  const hindi = first.getByRole("group", { name: "Hindi", exact: true });
  await expect(hindi.getByLabel("Title").first()).toHaveValue("कक्षा 10 परीक्षा गाइड");
  await first.getByRole("button", { name: "Save guide" }).click();
  await expect(first.getByRole("status").filter({ hasText: "Class 10 guide saved." })).toBeVisible();

  const site = await (await browser.newContext()).newPage();
  await site.goto(`${url}/guide/10`);
  await expect(site.getByText("1 March 2027 (main), May 2027 (second)")).toBeVisible();
  await expect(site.getByRole("heading", { name: "Make NCERT your first book" })).toBeVisible();

  // The stale tab's save is refused with the console's conflict message.
  await english(second).getByLabel("Difficulty").fill("Hard");
  await second.getByRole("button", { name: "Save guide" }).click();
  await expect(
    second
      .getByRole("alert")
      .filter({ hasText: "This guide was changed by someone else after you opened it" }),
  ).toBeVisible();
  // Nothing typed is lost: the refused form keeps it, to copy or to save over the newer version.
  await expect(english(second).getByLabel("Difficulty")).toHaveValue("Hard");
  await expect(english(second).getByLabel("Exam dates")).toHaveValue(spec.examDates);

  // History: the change on top, the seeded version below; Restore brings the spec's guide back.
  await first.getByRole("link", { name: "History" }).click();
  await expect(first).toHaveURL(`${url}/admin/guides/10/history`);
  await expect(first.getByRole("heading", { level: 1, name: `History: ${spec.title}` })).toBeVisible();
  const version = (n: number) =>
    first
      .getByRole("row")
      .filter({ has: first.getByRole("rowheader", { name: new RegExp(`^Version ${n}\\b`) }) });
  await expect(version(2)).toContainText("exam dates; tips");
  await expect(version(2)).toContainText(ACCOUNTS.editor.email);
  await expect(version(1)).toContainText("created");
  await version(1).getByRole("link", { name: "Show changes" }).click();
  const diff = first.getByRole("region", { name: /Version 1 compared with the current version \(2\)/ });
  await expect(diff).toContainText("Exam dates");
  await expect(diff).toContainText("Tips");
  await version(1).getByRole("link", { name: "Restore" }).click();
  await first
    .getByRole("alertdialog", { name: "Restore this version?" })
    .getByRole("button", { name: "Restore" })
    .click();
  await expect(first.getByRole("status").filter({ hasText: "Version restored." })).toBeVisible();
  await expect(version(3)).toContainText("exam dates; tips");

  await site.reload();
  await expect(site.getByText(examDatesLabel(10, new Date()), { exact: true })).toBeVisible();
  await expect(site.getByRole("heading", { name: spec.tips[0]?.title ?? "" })).toBeVisible();
  await expect(site.getByText("Make NCERT your first book")).toHaveCount(0);
  // Activity says who changed which guide.
  const lines = await own.read((db) =>
    db
      .selectFrom("activity")
      .select(["action", "item", "summary"])
      .where("action", "like", "guide.%")
      .orderBy("id")
      .execute(),
  );
  expect(lines).toEqual([
    { action: "guide.update", item: "guide of class 10", summary: "exam dates; tips" },
    { action: "guide.restore-version", item: "guide of class 10", summary: "version 1" },
  ]);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("adding a tip row, filling it and saving shows it on the guide", async ({ page }) => {
    test.setTimeout(90_000);
    const url = own.server.url;
    await signIn(page, "editor");
    await page.goto(`${url}/admin/guides/11`);
    const part = english(page);
    await expect(row(part, "Tip 5")).toBeVisible();
    await part.getByRole("button", { name: "Add tip" }).click();
    // The server added the row, keeping the form; the Hindi part follows the English rows.
    await expect(row(english(page), "Tip 6")).toBeVisible();
    await expect(row(page.getByRole("group", { name: "Hindi", exact: true }), "Tip 6")).toBeVisible();
    const tip = row(english(page), "Tip 6");
    await tip.getByLabel("Icon").selectOption("star");
    await tip.getByLabel("Title").fill("Sleep before the exam");
    await tip.getByLabel("Description").fill("A rested brain recalls more than one more hour of study.");
    // A blank required field is refused, the form kept.
    await english(page).getByLabel("Importance").fill("");
    await page.getByRole("button", { name: "Save guide" }).click();
    await expect(english(page).getByLabel("Importance")).toHaveAccessibleDescription(
      /Importance is required\./,
    );
    await expect(row(english(page), "Tip 6").getByLabel("Title")).toHaveValue("Sleep before the exam");
    await english(page).getByLabel("Importance").fill(guides[11].importance);
    await page.getByRole("button", { name: "Save guide" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Class 11 guide saved." })).toBeVisible();
    await page.goto(`${url}/guide/11`);
    await expect(page.getByRole("heading", { name: "Sleep before the exam" })).toBeVisible();
  });
});
