import type { Locator, Page } from "@playwright/test";
import { ACCOUNTS } from "./accounts.ts";
import { expect, hydrated, login, seriousA11yViolations, test } from "./fixtures.ts";

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

function row(page: Page, title: string): Locator {
  return page.getByRole("row").filter({ has: page.getByRole("cell", { name: title, exact: true }) });
}

/** A published post made through Manage Blogs' own action. */
async function seedPost(page: Page, title: string, slug: string): Promise<void> {
  const response = await page.request.post("/admin/blogs", {
    form: { intent: "add", title, slug, status: "published", content: "Light travels in straight lines." },
  });
  expect(response.status()).toBe(200);
}

/** Deletes the post titled `title` from Manage Blogs, after "Delete this blog post?". */
async function deletePost(page: Page, title: string): Promise<void> {
  await page.goto(`/admin/blogs?q=${encodeURIComponent(title)}`);
  await row(page, title).getByRole("button", { name: "Delete" }).click();
  await page
    .getByRole("alertdialog", { name: "Delete this blog post?" })
    .getByRole("button", { name: "Delete" })
    .click();
  await expect(page.getByRole("status").filter({ hasText: "Blog deleted." })).toBeVisible();
}

/** Chapters added through the Add Data form's action, to a demo subject. */
async function seedChapter(page: Page, title: string): Promise<void> {
  const response = await page.request.post("/admin/add-resource", {
    form: { intent: "save", grade: "11", subject: "physics", "chapters[0].title": title },
  });
  expect(response.status()).toBe(200);
}

test.describe.configure({ timeout: 60_000 });

test.describe("Trash", () => {
  test("a deleted post 404s at once, is listed in the Trash and comes back with Restore", async ({
    adminPage: page,
    consoleErrors,
  }) => {
    const title = `Trash post ${unique()}`;
    const slug = title.toLowerCase().replace(/\s+/g, "-");
    await seedPost(page, title, slug);
    expect((await page.request.get(`/blog/${slug}`)).status()).toBe(200);

    await deletePost(page, title);
    expect((await page.request.get(`/blog/${slug}`)).status()).toBe(404);

    await page.goto("/admin/trash");
    await hydrated(page);
    await expect(page.getByRole("link", { name: "Trash" })).toHaveClass(/bg-brand-700/);
    const listed = row(page, title);
    await expect(listed.getByRole("cell").nth(1)).toHaveText("Blog post");
    await expect(listed).toContainText("Blog");
    await expect(listed).toContainText(`by ${ACCOUNTS.admin.email}`);
    await listed.getByRole("button", { name: "Restore" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Restored." })).toBeVisible();
    await expect(row(page, title)).toHaveCount(0);

    const back = await page.goto(`/blog/${slug}`);
    expect(back?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
    expect(consoleErrors).toEqual([]);
  });

  test("Undo in the delete's toast brings a chapter back to the same list", async ({ adminPage: page }) => {
    const title = `Undo chapter ${unique()}`;
    await seedChapter(page, title);
    const list = `/admin?grade=11&subject=physics&q=${encodeURIComponent(title)}`;
    await page.goto(list);
    await hydrated(page);
    await row(page, title).getByRole("button", { name: "Delete" }).click();
    await page
      .getByRole("alertdialog", { name: "Are you sure you want to delete this chapter?" })
      .getByRole("button", { name: "Delete" })
      .click();
    const toast = page.getByRole("status").filter({ hasText: "Chapter deleted successfully." });
    await expect(toast).toBeVisible();
    await expect(row(page, title)).toHaveCount(0);
    const slug = title.toLowerCase().replace(/\s+/g, "-");
    expect((await page.request.get(`/class/11/chapter/${slug}`)).status()).toBe(404);

    await toast.getByRole("button", { name: "Undo" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Restored." })).toBeVisible();
    // The toast that offered it is gone; the chapter is back in the list it was deleted from.
    await expect(toast).toHaveCount(0);
    await expect(row(page, title)).toHaveCount(1);
    expect(new URL(page.url()).search).toContain("subject=physics");
    expect((await page.request.get(`/class/11/chapter/${slug}`)).status()).toBe(200);
  });

  test("Undo works without JavaScript too (a note, from Manage Notes)", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    try {
      await login(page);
      const text = `Undo note ${unique()}`;
      const chapter = `Undo note chapter ${unique()}`;
      await seedChapter(page, chapter);
      await page.goto(`/admin?q=${encodeURIComponent(chapter)}`);
      // The Dashboard row's Delete button carries the chapter's id.
      const chapterId =
        (await row(page, chapter).getByRole("button", { name: "Delete" }).getAttribute("value")) ?? "";
      const added = await page.request.post("/admin/notes", {
        form: { intent: "add", chapterId, content: text, seoDescription: "", seoKeywords: "" },
      });
      expect(added.status()).toBe(200);

      await page.goto(`/admin/notes?q=${encodeURIComponent(chapter)}`);
      const noteRow = page.getByRole("row").filter({ hasText: text });
      await noteRow.getByRole("button", { name: "Delete" }).click();
      await page
        .getByRole("alertdialog", { name: "Delete note?" })
        .getByRole("button", { name: "Delete" })
        .click();
      const toast = page.getByRole("status").filter({ hasText: "Note deleted." });
      await expect(toast).toBeVisible();
      await expect(noteRow).toHaveCount(0);
      await toast.getByRole("button", { name: "Undo" }).click();
      await expect(page.getByRole("status").filter({ hasText: "Restored." })).toBeVisible();
      expect(new URL(page.url()).pathname).toBe("/admin/notes");
      await expect(page.getByRole("row").filter({ hasText: text })).toHaveCount(1);
    } finally {
      await context.close();
    }
  });

  test("Delete forever asks first; Cancel keeps the item, Delete forever removes it for good", async ({
    adminPage: page,
    consoleErrors,
  }) => {
    const title = `Forever post ${unique()}`;
    const slug = title.toLowerCase().replace(/\s+/g, "-");
    await seedPost(page, title, slug);
    await deletePost(page, title);

    await page.goto(`/admin/trash?kind=post&q=${encodeURIComponent(title)}`);
    await hydrated(page);
    await row(page, title).getByRole("button", { name: "Delete forever" }).click();
    const confirm = page.getByRole("alertdialog", { name: "Delete forever?" });
    await expect(confirm).toContainText(`Blog post “${title}”`);
    await expect(confirm).toContainText("This cannot be undone.");
    await confirm.getByRole("button", { name: "Cancel" }).click();
    await expect(confirm).toHaveCount(0);
    await expect(row(page, title)).toHaveCount(1);

    await row(page, title).getByRole("button", { name: "Delete forever" }).click();
    await confirm.getByRole("button", { name: "Delete forever" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Deleted forever." })).toBeVisible();
    await expect(row(page, title)).toHaveCount(0);
    // The search and filter it was found with stay.
    expect(new URL(page.url()).searchParams.get("kind")).toBe("post");

    // Its slug is free again.
    await seedPost(page, title, slug);
    expect((await page.request.get(`/blog/${slug}`)).status()).toBe(200);
    expect(await seriousA11yViolations(page)).toEqual([]);
    expect(consoleErrors).toEqual([]);
  });

  test("without JavaScript: filter, search, Restore and Delete forever are plain forms", async ({
    browser,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    try {
      await login(page);
      const word = unique();
      const kept = `Nojs kept ${word}`;
      const gone = `Nojs gone ${word}`;
      for (const title of [kept, gone]) {
        await seedPost(page, title, title.toLowerCase().replace(/\s+/g, "-"));
        await deletePost(page, title);
      }
      await page.goto("/admin/trash");
      await page.getByLabel("Kind").selectOption("post");
      await page.getByLabel("Search").fill(word);
      await page.getByRole("button", { name: "Apply" }).click();
      await expect(page.getByRole("row")).toHaveCount(3);
      await row(page, gone).getByRole("button", { name: "Delete forever" }).click();
      await page
        .getByRole("alertdialog", { name: "Delete forever?" })
        .getByRole("button", { name: "Delete forever" })
        .click();
      await expect(page.getByRole("status").filter({ hasText: "Deleted forever." })).toBeVisible();
      await row(page, kept).getByRole("button", { name: "Restore" }).click();
      await expect(page.getByRole("status").filter({ hasText: "Restored." })).toBeVisible();
      await expect(page.getByText("Nothing in the Trash matches.")).toBeVisible();
    } finally {
      await context.close();
    }
  });

  test("a chapter's address stays taken while it is in the Trash", async ({ adminPage: page }) => {
    const title = `Reserved ${unique()}`;
    await seedChapter(page, title);
    await page.goto(`/admin?q=${encodeURIComponent(title)}`);
    await row(page, title).getByRole("button", { name: "Delete" }).click();
    await page
      .getByRole("alertdialog", { name: "Are you sure you want to delete this chapter?" })
      .getByRole("button", { name: "Delete" })
      .click();
    await expect(page.getByRole("status").filter({ hasText: "Chapter deleted successfully." })).toBeVisible();
    const again = await page.request.post("/admin/add-resource", {
      form: { intent: "save", grade: "11", subject: "chemistry", "chapters[0].title": title },
    });
    expect(again.status()).toBe(400);
    expect(await again.text()).toContain(
      "is in the Trash at the same address: restore it or delete it forever first.",
    );
  });
});
