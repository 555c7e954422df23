import type { APIRequestContext, Page } from "@playwright/test";
import { removeMadeContent, seedChapters, seedSubject, unique } from "./admin-content.ts";
import { expect, hydrated, login, test } from "./fixtures.ts";

// Addresses that last, what chapters hold, and their neighbours (DESIGN 8.1, issue 31; docs/decisions/0024).

function row(page: Page, title: string) {
  return page.getByRole("row").filter({ has: page.getByRole("cell", { name: title, exact: true }) });
}

/** The one answer to `path`, redirects not followed. */
async function answer(request: APIRequestContext, path: string) {
  const response = await request.get(path, { maxRedirects: 0 });
  return { status: response.status(), location: response.headers().location ?? null };
}

const slug = (title: string) => title.toLowerCase().replace(/[^a-z0-9]+/g, "-");

test.describe("addresses that last", () => {
  test.afterEach(async ({ page }) => removeMadeContent(page));

  test("rename, move and /c/ID answer 301 in one hop; cards, neighbours and the Content filter", async ({
    adminPage: page,
    browser,
  }) => {
    test.slow();
    const ten = await seedSubject(page, 10);
    const eleven = await seedSubject(page, 11);
    const [first, empty, last] = [unique("Addr first"), unique("Addr empty"), unique("Addr last")];
    await seedChapters(page, 10, ten.code, [
      {
        title: first,
        notes: [["Notes one", "https://example.org/a1"]],
        lectures: [["Lecture one", "https://example.org/a2"]],
      },
      { title: empty },
      { title: last, questions: [["Question one", "https://example.org/c1"]] },
    ]);

    // Its page is visited (and so stored) before the rename: the store must not answer for it after.
    for (let i = 0; i < 2; i++)
      expect((await answer(page.request, `/class/10/chapter/${slug(first)}`)).status).toBe(200);

    // Rename the first chapter twice in Edit Resource.
    await page.goto(`/admin?grade=10&subject=${ten.code}`);
    await hydrated(page);
    await row(page, first).getByRole("button", { name: "Edit" }).click();
    const dialog = page.getByRole("dialog", { name: "Edit Resource" });
    await expect(dialog).toBeVisible();
    const id = /\/admin\/chapters\/(\d+)/.exec(page.url())?.[1];
    expect(id).toBeTruthy();
    const second = `${first} renamed`;
    await dialog.getByLabel("Chapter Title").fill(second);
    await dialog.getByRole("button", { name: "Save Changes" }).click();
    await expect(dialog).toBeHidden();
    await row(page, second).getByRole("button", { name: "Edit" }).click();
    const third = `${first} again`;
    await dialog.getByLabel("Chapter Title").fill(third);
    await dialog.getByRole("button", { name: "Save Changes" }).click();
    await expect(dialog).toBeHidden();
    await expect(row(page, third)).toBeVisible();

    // Both old addresses answer 301 to the new one, in one hop.
    const now = `/class/10/chapter/${slug(third)}`;
    expect(await answer(page.request, `/class/10/chapter/${slug(first)}`)).toEqual({
      status: 301,
      location: now,
    });
    expect(await answer(page.request, `/class/10/chapter/${slug(second)}`)).toEqual({
      status: 301,
      location: now,
    });
    expect((await answer(page.request, now)).status).toBe(200);
    // The short address (its query string goes along), and what is no id.
    expect(await answer(page.request, `/c/${id}?lang=hi`)).toEqual({
      status: 301,
      location: `${now}?lang=hi`,
    });
    for (const bad of ["/c/1e3", "/c/-1", "/c/99999999999999999999", "/c/0", "/c/2000000000", "/c/%E0%A4"])
      expect((await answer(page.request, bad)).status, bad).toBe(404);
    expect((await answer(page.request, `/class/10/chapter/${"x".repeat(3000)}`)).status).toBe(404);
    expect((await answer(page.request, "/class/10/chapter/%E0%A4%A")).status).toBeLessThan(500);

    // Moved to another class in Edit Resource: every address it had leads to its class 11 one.
    await row(page, third).getByRole("button", { name: "Edit" }).click();
    await dialog.getByLabel("Class").selectOption("11");
    await dialog.getByLabel("Subject").selectOption(eleven.code);
    await dialog.getByRole("button", { name: "Save Changes" }).click();
    await expect(dialog).toBeHidden();
    // It left this class's list.
    await expect(row(page, third)).toHaveCount(0);
    const moved = `/class/11/chapter/${slug(third)}`;
    for (const old of [first, second, third])
      expect(await answer(page.request, `/class/10/chapter/${slug(old)}`)).toEqual({
        status: 301,
        location: moved,
      });
    expect(await answer(page.request, `/c/${id}`)).toEqual({ status: 301, location: moved });

    // The Dashboard's Content filter, with JavaScript.
    await page.goto(`/admin?grade=10&subject=${ten.code}`);
    await hydrated(page);
    await page.getByRole("search").getByLabel("Content").selectOption({ label: "Empty" });
    await expect(page).toHaveURL(/content=empty/);
    await expect(row(page, empty)).toBeVisible();
    await expect(row(page, last)).toHaveCount(0);

    // Public pages and the filter without JavaScript.
    const context = await browser.newContext({ javaScriptEnabled: false });
    const student = await context.newPage();
    await student.goto(`/class/10/chapter/${slug(first)}`);
    await expect(student).toHaveURL(new RegExp(`${moved}$`));
    await expect(student.getByRole("heading", { level: 1, name: third })).toBeVisible();

    await student.goto(`/class/10?subject=${ten.code}`);
    const card = (title: string) =>
      student
        .getByRole("listitem")
        .filter({ has: student.getByRole("heading", { name: title, exact: true }) });
    await expect(card(empty)).toContainText(
      "Notes, important questions and video lectures for this chapter.",
    );
    await expect(card(empty)).toContainText("Coming soon");
    await expect(card(last)).toContainText("1 link");
    await expect(card(last)).not.toContainText("Coming soon");

    // Previous / Next within the subject, hidden at the ends.
    await student.goto(`/class/10/chapter/${slug(empty)}`);
    const neighbours = student.getByRole("navigation", { name: "Chapters of this subject" });
    await expect(neighbours.getByRole("link", { name: `Next: ${last}` })).toBeVisible();
    await expect(neighbours.getByRole("link", { name: /^.*Previous:/ })).toHaveCount(0);
    await neighbours.getByRole("link", { name: `Next: ${last}` }).click();
    await expect(student.getByRole("heading", { level: 1, name: last })).toBeVisible();
    await expect(neighbours.getByRole("link", { name: `Previous: ${empty}` })).toBeVisible();
    await expect(neighbours.getByRole("link", { name: /Next:/ })).toHaveCount(0);

    await login(student, "admin");
    await student.goto(`/admin?grade=10&subject=${ten.code}`);
    await student.getByRole("search").getByLabel("Content").selectOption({ label: "Has resources" });
    await student.getByRole("search").getByRole("button", { name: "Apply" }).click();
    await expect(student).toHaveURL(/content=has-resources/);
    await expect(row(student, last)).toBeVisible();
    await expect(row(student, empty)).toHaveCount(0);
    await context.close();
  });
});
