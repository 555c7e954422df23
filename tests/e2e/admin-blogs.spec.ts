import type { Locator, Page } from "@playwright/test";
import sharp from "sharp";
import { todayIso } from "#app/lib/dates.ts";
import { slugify } from "#app/lib/slug.ts";
import { expect, login, seriousA11yViolations, test } from "./fixtures.ts";

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

function addForm(page: Page): Locator {
  return page.getByRole("form", { name: "Add New Blog Post" });
}

function row(page: Page, title: string): Locator {
  return page.getByRole("row").filter({ has: page.getByRole("cell", { name: title, exact: true }) });
}

/** Adds a post through the add form with the given title (slug suggested from it). */
async function addPost(page: Page, title: string, options: { publish?: boolean } = {}) {
  await page.goto("/admin/blogs");
  const form = addForm(page);
  await form.getByLabel("Title").fill(title);
  if (options.publish) await form.getByLabel("Status").selectOption("published");
  await form.getByRole("button", { name: "Add Blog" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Blog post added." })).toBeVisible();
  await expect(row(page, title)).toHaveCount(1);
}

async function openEdit(page: Page, title: string): Promise<Locator> {
  await row(page, title).getByRole("button", { name: "Edit" }).click();
  const dialog = page.getByRole("dialog", { name: "Edit Blog" });
  await expect(dialog).toBeVisible();
  return dialog;
}

const png = (width = 64, height = 40) =>
  sharp({ create: { width, height, channels: 3, background: { r: 20, g: 120, b: 60 } } })
    .png()
    .toBuffer();

// Multi-step console flows that load the editor (about 130 KB gzip) and sometimes two browsers:
// they get more than the default 30 s, so a busy test machine does not fail them.
test.describe.configure({ timeout: 90_000 });

test.describe("Manage Blogs", () => {
  test("a post with only a title and slug gets the defaults, and is public only once published", async ({
    adminPage: page,
    consoleErrors,
  }) => {
    const title = `E2E defaults ${unique()}`;
    const slug = slugify(title);
    await page.goto("/admin/blogs");
    const form = addForm(page);
    await form.getByLabel("Title").fill(title);
    // The slug is suggested from the title by the slug rule.
    await expect(form.getByLabel("Slug")).toHaveValue(slug);
    await expect(form.getByLabel("Date")).toHaveValue(todayIso());
    await expect(form.getByLabel("Status")).toHaveValue("draft");
    await form.getByRole("button", { name: "Add Blog" }).click();

    await expect(page.getByRole("status").filter({ hasText: "Blog post added." })).toBeVisible();
    const added = row(page, title);
    await expect(added).toHaveCount(1);
    await expect(added.getByRole("cell")).toHaveText([
      "", // the row's checkbox
      title,
      slug,
      todayIso(),
      "ChapterWise Team",
      "General",
      "Draft",
      // A draft's row: Preview, Edit, History, Delete.
      /^Preview\s*Edit.*Delete$/,
    ]);
    // The form is empty again for the next post.
    await expect(form.getByLabel("Title")).toHaveValue("");
    await expect(form.getByLabel("Slug")).toHaveValue("");

    expect((await page.request.get(`/blog/${slug}`)).status()).toBe(404);

    const dialog = await openEdit(page, title);
    await expect(dialog.getByLabel("Title")).toHaveValue(title);
    await expect(dialog.getByLabel("Author")).toHaveValue("ChapterWise Team");
    await dialog.getByLabel("Status").selectOption("published");
    await dialog.getByRole("button", { name: "Save" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Blog updated." })).toBeVisible();
    await expect(page.getByRole("dialog", { name: "Edit Blog" })).toHaveCount(0);
    await expect(added.getByRole("cell").nth(6)).toHaveText("Published");

    const response = await page.goto(`/blog/${slug}`);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
    expect(consoleErrors).toEqual([]);
  });

  test("a missing slug and a taken slug are refused at the field, with everything typed kept", async ({
    adminPage: page,
  }) => {
    await page.goto("/admin/blogs");
    const form = addForm(page);
    // A title with no letters or digits suggests no slug.
    await form.getByLabel("Title").fill("???");
    await form.getByLabel("Excerpt").fill("An excerpt that must survive the error.");
    await form.getByLabel("Tag").fill("Kept tag");
    await form.getByRole("button", { name: "Add Blog" }).click();
    await expect(
      page.getByRole("alert").filter({ hasText: "Please provide a unique slug for the blog post." }),
    ).toBeVisible();
    await expect(page.getByRole("alert").first()).toContainText("Failed to add blog.");
    const slugField = form.getByLabel("Slug");
    await expect(slugField).toHaveAttribute("aria-invalid", "true");
    await expect(form.getByText("Please provide a unique slug for the blog post.")).toBeVisible();
    await expect(form.getByLabel("Title")).toHaveValue("???");
    await expect(form.getByLabel("Excerpt")).toHaveValue("An excerpt that must survive the error.");
    await expect(form.getByLabel("Tag")).toHaveValue("Kept tag");

    // A slug another post has: said at the field while typing, and refused by the server.
    await slugField.fill("managing-exam-stress");
    await expect(form.getByText(/already used by “Managing Exam Stress/)).toBeVisible();
    await form.getByLabel("Title").fill(`Duplicate ${unique()}`);
    await form.getByRole("button", { name: "Add Blog" }).click();
    await expect(
      page
        .getByRole("alert")
        .filter({ hasText: 'Slug "managing-exam-stress" is already used by another post.' }),
    ).toContainText("Failed to add blog.");
    await expect(form.getByLabel("Excerpt")).toHaveValue("An excerpt that must survive the error.");
    await expect(page.getByRole("row").filter({ hasText: "managing-exam-stress" })).toHaveCount(1);
  });

  test("the button reads 'Adding...' and is disabled while saving; a double click adds one post", async ({
    adminPage: page,
  }) => {
    const title = `E2E double click ${unique()}`;
    await page.goto("/admin/blogs");
    const form = addForm(page);
    await form.getByLabel("Title").fill(title);
    let posts = 0;
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route("**/admin/blogs.data*", async (route) => {
      if (route.request().method() === "POST") {
        posts++;
        await held;
      }
      await route.continue();
    });
    await form.getByRole("button", { name: "Add Blog" }).dblclick();
    const busy = form.getByRole("button", { name: "Adding..." });
    await expect(busy).toBeDisabled();
    await busy.click({ force: true }).catch(() => {});
    release();
    await expect(page.getByRole("status").filter({ hasText: "Blog post added." })).toBeVisible();
    await expect(form.getByRole("button", { name: "Add Blog" })).toBeEnabled();
    expect(posts).toBe(1);
    await page.reload();
    await expect(row(page, title)).toHaveCount(1);
  });

  test("an uploaded featured image is previewed, then shown on the public post with its alt text", async ({
    adminPage: page,
    consoleErrors,
  }) => {
    const title = `E2E picture ${unique()}`;
    await page.goto("/admin/blogs");
    const form = addForm(page);
    await form.getByLabel("Title").fill(title);
    await form
      .getByLabel("Featured image")
      .setInputFiles({ name: "cover.png", mimeType: "image/png", buffer: await png() });
    const preview = form.getByRole("img", { name: "Preview" });
    await expect(preview).toBeVisible();
    await expect(preview).toHaveAttribute("src", /^\/media\/[a-f0-9]{32}\.webp$/);
    await expect(form.getByText("Uploaded “cover.png”")).toBeVisible();
    await form.getByLabel("Alt text for the image").fill("A green test card");
    await form.getByLabel("Status").selectOption("published");
    await form.getByRole("button", { name: "Add Blog" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Blog post added." })).toBeVisible();

    await page.goto(`/blog/${slugify(title)}`);
    const image = page.getByRole("img", { name: "A green test card" });
    await expect(image).toBeVisible();
    expect(await image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(64);
    expect(consoleErrors).toEqual([]);
  });

  test("a text file named .png is refused with a clear message and nothing is attached", async ({
    adminPage: page,
  }) => {
    await page.goto("/admin/blogs");
    const form = addForm(page);
    await form.getByLabel("Title").fill("Kept title");
    await form.getByLabel("Featured image").setInputFiles({
      name: "notes.png",
      mimeType: "image/png",
      buffer: Buffer.from("These are my notes, not a picture."),
    });
    await expect(form.getByRole("alert")).toContainText("this file is not an image we can use");
    await expect(form.getByRole("img", { name: "Preview" })).toHaveCount(0);
    await expect(form.getByLabel("Title")).toHaveValue("Kept title");
  });

  test("the upload endpoint refuses a request over 6 MB with 413 before reading it", async ({
    adminPage: page,
  }) => {
    const big = Buffer.alloc(6 * 1024 * 1024 + 10, 1);
    const response = await page.request.post("/admin/media", {
      multipart: { file: { name: "big.png", mimeType: "image/png", buffer: big } },
      headers: { Origin: new URL(page.url()).origin },
    });
    expect(response.status()).toBe(413);
    expect(await response.text()).toMatch(/too large/i);
  });

  test("related posts are chosen with the search-as-you-type picker, never the post itself", async ({
    adminPage: page,
  }) => {
    const title = `E2E related ${unique()}`;
    await page.goto("/admin/blogs");
    const form = addForm(page);
    await form.getByLabel("Title").fill(title);
    const picker = form.getByRole("combobox", { name: "Related posts" });
    await expect(picker).toHaveAttribute("aria-expanded", "false");
    await picker.fill("exam stress");
    await form.getByRole("option", { name: /^Managing Exam Stress: What Actually Helps/ }).click();
    await picker.fill("ncert");
    await expect(form.getByRole("option", { name: /^How to Use NCERT/ })).toBeVisible();
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("Enter");
    const chosen = form.getByRole("list", { name: "Chosen posts" });
    await expect(chosen.getByRole("listitem")).toHaveCount(2);
    await chosen.getByRole("button", { name: /^Remove How to Use NCERT/ }).click();
    await expect(chosen.getByRole("listitem")).toHaveCount(1);
    await form.getByRole("button", { name: "Add Blog" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Blog post added." })).toBeVisible();

    const dialog = await openEdit(page, title);
    const kept = dialog.getByRole("list", { name: "Chosen posts" });
    await expect(kept.getByRole("listitem")).toHaveText(["Managing Exam Stress: What Actually Helps×"]);
    const box = dialog.getByRole("combobox", { name: "Related posts" });
    await box.fill(title.slice(0, 12));
    await expect(dialog.getByRole("option", { name: new RegExp(title) })).toHaveCount(0);
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(page.getByRole("dialog", { name: "Edit Blog" })).toHaveCount(0);
  });

  test("edit keeps the modal open on failure, and delete asks 'Delete this blog post?'", async ({
    adminPage: page,
  }) => {
    const title = `E2E edit delete ${unique()}`;
    await addPost(page, title);

    const dialog = await openEdit(page, title);
    await dialog.getByLabel("Slug").fill("Not A Valid Slug");
    await dialog.getByLabel("Excerpt").fill("Typed in the modal");
    await dialog.getByRole("button", { name: "Save" }).click();
    const reopened = page.getByRole("dialog", { name: "Edit Blog" });
    await expect(reopened.getByRole("alert")).toContainText("Failed to update blog.");
    await expect(reopened.getByLabel("Excerpt")).toHaveValue("Typed in the modal");
    await expect(reopened.getByLabel("Slug")).toHaveValue("Not A Valid Slug");
    await reopened.getByLabel("Slug").fill(`${slugify(title)}-edited`);
    await reopened.getByRole("button", { name: "Save" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Blog updated." })).toBeVisible();
    await expect(row(page, title).getByRole("cell").nth(2)).toHaveText(`${slugify(title)}-edited`);

    await row(page, title).getByRole("button", { name: "Delete" }).click();
    const confirm = page.getByRole("alertdialog", { name: "Delete this blog post?" });
    await expect(confirm).toBeVisible();
    await confirm.getByRole("button", { name: "Cancel" }).click();
    await expect(confirm).toHaveCount(0);
    await expect(row(page, title)).toHaveCount(1);

    await row(page, title).getByRole("button", { name: "Delete" }).click();
    await page
      .getByRole("alertdialog", { name: "Delete this blog post?" })
      .getByRole("button", { name: "Delete" })
      .click();
    await expect(page.getByRole("status").filter({ hasText: "Blog deleted." })).toBeVisible();
    await expect(row(page, title)).toHaveCount(0);
  });

  test("when two admins edit one post, the later save is refused and keeps what was typed", async ({
    adminPage: page,
    browser,
  }) => {
    const title = `E2E conflict ${unique()}`;
    await addPost(page, title);
    await page.goto("/admin/blogs");
    const first = await openEdit(page, title);

    const otherContext = await browser.newContext();
    const other = await otherContext.newPage();
    await login(other, "second");
    await other.goto("/admin/blogs");
    const second = await openEdit(other, title);

    await first.getByLabel("Title").fill(`${title} (first)`);
    await first.getByRole("button", { name: "Save" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Blog updated." })).toBeVisible();

    await second.getByLabel("Excerpt").fill("The second admin's careful excerpt");
    const content = second.getByLabel("Content");
    await content.click();
    await content.pressSequentially("Second admin's paragraph");
    await second.getByRole("button", { name: "Save" }).click();

    const stillOpen = other.getByRole("dialog", { name: "Edit Blog" });
    await expect(stillOpen.getByRole("alert")).toContainText("changed by someone else");
    await expect(stillOpen.getByLabel("Excerpt")).toHaveValue("The second admin's careful excerpt");
    await expect(stillOpen.getByLabel("Content")).toContainText("Second admin's paragraph");
    await expect(stillOpen.getByLabel("Title")).toHaveValue(title);

    await stillOpen.getByRole("link", { name: "Load the latest version" }).click();
    await expect(other.getByRole("dialog", { name: "Edit Blog" }).getByLabel("Title")).toHaveValue(
      `${title} (first)`,
    );
    await otherContext.close();
  });

  test("the screen and its modals have no serious accessibility problems", async ({ adminPage: page }) => {
    await page.goto("/admin/blogs");
    await expect(page.getByRole("toolbar", { name: "Formatting" })).toBeVisible();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.goto("/admin/blogs?edit=1");
    await expect(page.getByRole("dialog", { name: "Edit Blog" }).getByRole("toolbar")).toBeVisible();
    expect(await seriousA11yViolations(page)).toEqual([]);
  });

  test("a garbled request gets a 4xx with a message, never a 500", async ({ adminPage: page }) => {
    const origin = new URL(page.url()).origin;
    const forms: Array<Record<string, string>> = [
      { intent: "bogus" },
      { intent: "update", id: "abc", version: "1" },
      { intent: "delete", id: "-3" },
    ];
    for (const form of forms) {
      const response = await page.request.post("/admin/blogs", { form, headers: { Origin: origin } });
      expect(response.status()).toBe(400);
    }
    // Edit Blog's own address: a save that does not say its version, or of a post that is not there.
    const edits: Array<[string, Record<string, string>, number]> = [
      ["/admin/blogs/1", { title: "No version" }, 400],
      ["/admin/blogs/1", { version: "x", title: "Bad version" }, 400],
      ["/admin/blogs/999999", { version: "1", title: "Gone", slug: "gone" }, 404],
      ["/admin/blogs/abc", { version: "1", title: "Not an id" }, 404],
    ];
    for (const [path, form, status] of edits) {
      const response = await page.request.post(path, { form, headers: { Origin: origin } });
      expect(response.status(), `${path} ${JSON.stringify(form)}`).toBe(status);
    }
    const missing = await page.goto("/admin/blogs?edit=999999");
    expect(missing?.status()).toBe(200);
    await expect(page.getByText("That blog post no longer exists.")).toBeVisible();
  });

  test("a reload after adding a post shows the list again and adds nothing twice (POST/redirect/GET)", async ({
    adminPage: page,
  }) => {
    const title = `E2E reload ${unique()}`;
    await addPost(page, title);
    await expect(page).toHaveURL(/\/admin\/blogs$/);
    await page.reload();
    await expect(page.getByRole("heading", { level: 1, name: "Manage Blogs" })).toBeVisible();
    await expect(row(page, title)).toHaveCount(1);
    // The toast was shown once: a reload does not show it again.
    await expect(page.getByRole("status").filter({ hasText: "Blog post added." })).toHaveCount(0);
  });

  test("a refused add or edit keeps what was typed and puts the focus on the first field to fix", async ({
    adminPage: page,
  }) => {
    await page.goto("/admin/blogs");
    const form = addForm(page);
    await form.getByLabel("Title").fill("!!!");
    await form.getByLabel("Tag").fill("Typed tag");
    await form.getByRole("button", { name: "Add Blog" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Failed to add blog." })).toBeVisible();
    await expect(form.getByLabel("Slug")).toBeFocused();
    await expect(form.getByLabel("Slug")).toHaveAttribute("aria-invalid", "true");
    await expect(form.getByLabel("Title")).toHaveValue("!!!");
    await expect(form.getByLabel("Tag")).toHaveValue("Typed tag");

    const title = `E2E focus ${unique()}`;
    await addPost(page, title);
    const dialog = await openEdit(page, title);
    await dialog.getByLabel("Excerpt").fill("Kept in the modal");
    await dialog.getByText("Search and social").click();
    await dialog.getByLabel("Canonical URL").fill("ftp://example.org/x");
    await dialog.getByRole("button", { name: "Save" }).click();
    const reopened = page.getByRole("dialog", { name: "Edit Blog" });
    await expect(reopened.getByRole("alert")).toContainText(
      "Failed to update blog. Canonical URL: give an address starting with https://",
    );
    await expect(reopened.getByLabel("Canonical URL")).toBeFocused();
    await expect(reopened.getByLabel("Excerpt")).toHaveValue("Kept in the modal");
  });

  test("Edit Blog has an address of its own: bookmarked, reloaded, and closed back to the same list page", async ({
    adminPage: page,
  }) => {
    const tag = `Own address ${unique()}`;
    const title = `${tag} post`;
    await seedPosts(page, tag, [title]);
    await page.goto(`/admin/blogs?tag=${encodeURIComponent(tag)}`);
    await openEdit(page, title);
    await expect(page).toHaveURL(/\/admin\/blogs\/\d+\?tag=/);
    const bookmark = page.url();

    await page.goto("/admin/blogs");
    await page.goto(bookmark);
    const dialog = page.getByRole("dialog", { name: "Edit Blog" });
    await expect(dialog.getByLabel("Title")).toHaveValue(title);
    // The list under it is the list the modal was opened from.
    await expect(listRows(page)).toHaveCount(1);
    await page.reload();
    await expect(dialog.getByLabel("Title")).toHaveValue(title);

    await dialog.getByLabel("Title").fill(`${title} (saved)`);
    await dialog.getByRole("button", { name: "Save" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Blog updated." })).toBeVisible();
    await expect(page).toHaveURL(
      (url) => url.pathname === "/admin/blogs" && url.searchParams.get("tag") === tag,
    );
    await expect(row(page, `${title} (saved)`)).toHaveCount(1);
  });
});

// ---- The list: paging, sorting, filters, search and bulk work (issue 12) ----

/** Posts added through the add form's action, dated long ago so they never crowd page 1. */
async function seedPosts(
  page: Page,
  tag: string,
  titles: string[],
  status: "draft" | "published" = "draft",
  firstDay = 0,
) {
  const origin = new URL(page.url()).origin;
  for (const [i, title] of titles.entries()) {
    const day = new Date(Date.UTC(2001, 0, 1 + firstDay + i)).toISOString().slice(0, 10);
    const response = await page.request.post("/admin/blogs", {
      form: { intent: "add", title, slug: slugify(title), tag, date: day, status },
      headers: { Origin: origin },
    });
    expect(response.status(), title).toBe(200);
  }
}

function listRows(page: Page): Locator {
  return page.getByRole("row").filter({ has: page.getByRole("cell") });
}

/** The titles shown, top to bottom (the title is the second cell, after the checkbox). */
async function shownTitles(page: Page): Promise<string[]> {
  return listRows(page)
    .locator("td:nth-child(2)")
    .evaluateAll((cells) => cells.map((c) => c.textContent?.trim() ?? ""));
}

function bulkBar(page: Page): Locator {
  return page.getByRole("form", { name: "Selected rows" });
}

/** Filters the list by a tag through the filter form, as a person would. */
async function filterByTag(page: Page, tag: string) {
  await page.getByRole("search").getByLabel("Tag").selectOption(tag);
  await page.getByRole("search").getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(/[?&]tag=/);
  expect(new URL(page.url()).searchParams.get("tag")).toBe(tag);
}

/** The paging walk, the same with and without JavaScript. */
// The list is read again until it shows what is expected: a click's new page renders a moment after
// its address changes.
async function pageSortFilterSearch(page: Page) {
  const tag = `Paging ${unique()}`;
  const titles = Array.from({ length: 52 }, (_, i) => `${tag} ${String(i).padStart(2, "0")}`);
  await seedPosts(page, tag, titles.slice(0, 26));
  await seedPosts(page, tag, titles.slice(26), "published", 26);
  await page.goto("/admin/blogs");
  await filterByTag(page, tag);
  const pager = page.getByRole("navigation", { name: "Pages" });
  await expect(pager).toContainText("1–50 of 52 posts · page 1 of 2");
  await expect(listRows(page)).toHaveCount(50);
  // Newest date first, as before.
  await expect.poll(async () => (await shownTitles(page))[0]).toBe(titles[51]);

  await pager.getByRole("link", { name: "Next" }).click();
  await expect(page).toHaveURL(/[?&]page=2/);
  await expect.poll(() => shownTitles(page)).toEqual([titles[1], titles[0]]);
  await expect(pager).toContainText("51–52 of 52 posts · page 2 of 2");

  // An edit opened from page 2 closes back to page 2.
  await row(page, titles[0] as string)
    .getByRole("button", { name: "Edit" })
    .click();
  const dialog = page.getByRole("dialog", { name: "Edit Blog" });
  await expect(dialog.getByLabel("Title")).toHaveValue(titles[0] as string);
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(page.getByRole("dialog", { name: "Edit Blog" })).toHaveCount(0);
  await expect(page).toHaveURL(/[?&]page=2/);
  await expect(page).toHaveURL(/[?&]tag=/);
  await expect(listRows(page)).toHaveCount(2);

  // Sorting by title starts again at page 1; a second click reverses it.
  await page.getByRole("columnheader", { name: /Title/ }).getByRole("link").click();
  await expect(page).toHaveURL(/sort=title&dir=asc/);
  await expect(page.getByRole("columnheader", { name: /Title/ })).toHaveAttribute("aria-sort", "ascending");
  await expect.poll(async () => (await shownTitles(page)).slice(0, 2)).toEqual([titles[0], titles[1]]);
  await page.getByRole("columnheader", { name: /Title/ }).getByRole("link").click();
  await expect(page).toHaveURL(/sort=title&dir=desc/);
  await expect.poll(async () => (await shownTitles(page))[0]).toBe(titles[51]);

  // Status and Search narrow the list, and keep the tag and the sort.
  const search = page.getByRole("search");
  await search.getByLabel("Status").selectOption("published");
  await search.getByLabel("Search").fill(`${tag.toUpperCase()} 3`);
  await search.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(/status=published/);
  await expect.poll(() => shownTitles(page)).toEqual(titles.slice(30, 40).reverse());
  await expect(pager).toContainText("1–10 of 10 posts");
  await expect(page.getByRole("search").getByLabel("Search")).toHaveValue(`${tag.toUpperCase()} 3`);

  // Reload and back show the same lists.
  await page.reload();
  await expect.poll(() => shownTitles(page)).toEqual(titles.slice(30, 40).reverse());
  await page.goBack();
  await expect(page).not.toHaveURL(/status=published/);
  await expect(listRows(page)).toHaveCount(50);
  await expect.poll(async () => (await shownTitles(page))[0]).toBe(titles[51]);
  return { tag, titles };
}

test.describe("Manage Blogs list", () => {
  test("pages, sorts, filters and searches, with everything in the address", async ({
    adminPage: page,
    consoleErrors,
  }) => {
    const { tag } = await pageSortFilterSearch(page);
    await page.goto(`/admin/blogs?tag=${encodeURIComponent(tag)}&q=no-such-post`);
    await expect(page.getByText("No blog posts match.")).toBeVisible();
    expect(consoleErrors).toEqual([]);
  });

  test("publishes, unpublishes and deletes the selected posts; refuses all when one is gone", async ({
    adminPage: page,
  }) => {
    const tag = `Bulk ${unique()}`;
    const titles = ["one", "two", "three"].map((n) => `${tag} ${n}`);
    await seedPosts(page, tag, titles);
    await page.goto(`/admin/blogs?tag=${encodeURIComponent(tag)}`);
    await expect(listRows(page)).toHaveCount(3);

    await bulkBar(page).getByLabel("Select all on this page").check();
    for (const title of titles) await expect(page.getByLabel(`Select ${title}`)).toBeChecked();
    await bulkBar(page).getByRole("button", { name: "Publish", exact: true }).click();
    await expect(page.getByRole("status").filter({ hasText: "3 posts published." })).toBeVisible();
    for (const title of titles)
      await expect(row(page, title).getByRole("cell").nth(6)).toHaveText("Published");
    // The list came back as it was, with nothing ticked.
    await expect(page).toHaveURL(/[?&]tag=Bulk/);
    await expect(page.getByLabel(`Select ${titles[0]}`)).not.toBeChecked();

    await page.getByLabel(`Select ${titles[0]}`).check();
    await bulkBar(page).getByRole("button", { name: "Unpublish" }).click();
    await expect(page.getByRole("status").filter({ hasText: "1 post moved to Draft." })).toBeVisible();
    await expect(
      row(page, titles[0] as string)
        .getByRole("cell")
        .nth(6),
    ).toHaveText("Draft");
    expect((await page.request.get(`/blog/${slugify(titles[0] as string)}`)).status()).toBe(404);

    // All or nothing: one of the ticked posts is deleted by someone else before Unpublish.
    await page.getByLabel(`Select ${titles[1]}`).check();
    await page.getByLabel(`Select ${titles[2]}`).check();
    const goneId = (await page.getByLabel(`Select ${titles[2]}`).getAttribute("value")) ?? "";
    const deleted = await page.request.post("/admin/blogs", {
      form: { intent: "delete", id: goneId },
      headers: { Origin: new URL(page.url()).origin },
    });
    expect(deleted.status()).toBe(200);
    // The page still shows the deleted row; its box is still ticked with the other one.
    await bulkBar(page).getByRole("button", { name: "Unpublish" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Could not unpublish 2 posts." })).toContainText(
      "1 post of the selection no longer exists",
    );
    await expect(
      row(page, titles[1] as string)
        .getByRole("cell")
        .nth(6),
    ).toHaveText("Published");

    // Delete asks once, naming how many; Cancel keeps them.
    await page.goto(`/admin/blogs?tag=${encodeURIComponent(tag)}`);
    await bulkBar(page).getByLabel("Select all on this page").check();
    await bulkBar(page).getByRole("button", { name: "Delete" }).click();
    const confirm = page.getByRole("alertdialog", { name: "Delete 2 posts?" });
    await expect(confirm).toContainText(titles[0] as string);
    await confirm.getByRole("button", { name: "Cancel" }).click();
    await expect(confirm).toHaveCount(0);
    await expect(listRows(page)).toHaveCount(2);
    await bulkBar(page).getByLabel("Select all on this page").check();
    await bulkBar(page).getByRole("button", { name: "Delete" }).click();
    await page
      .getByRole("alertdialog", { name: "Delete 2 posts?" })
      .getByRole("button", { name: "Delete" })
      .click();
    await expect(page.getByRole("status").filter({ hasText: "2 posts deleted." })).toBeVisible();
    await expect(page.getByText("No blog posts match.")).toBeVisible();
  });

  test("the list and its bulk confirmation have no serious accessibility problems", async ({
    adminPage: page,
  }) => {
    const tag = `A11y ${unique()}`;
    await seedPosts(page, tag, [`${tag} a`, `${tag} b`]);
    await page.goto(`/admin/blogs?tag=${encodeURIComponent(tag)}`);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await bulkBar(page).getByLabel("Select all on this page").check();
    await bulkBar(page).getByRole("button", { name: "Delete" }).click();
    await expect(page.getByRole("alertdialog", { name: "Delete 2 posts?" })).toBeVisible();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
    await expect(page.getByRole("status").filter({ hasText: "2 posts deleted." })).toBeVisible();
  });
});

test.describe("Manage Blogs without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a post with a picture is added through the plain form and textarea", async ({ page }) => {
    await login(page, "admin");
    await page.goto("/admin/blogs");
    const title = `E2E no script ${unique()}`;
    const slug = slugify(title);
    const form = addForm(page);
    await form.getByLabel("Title").fill(title);
    await form.getByLabel("Slug").fill(slug);
    await form.getByLabel("Content").fill("First paragraph.\n\nSecond <paragraph> here.");
    await form.getByLabel("Status").selectOption("published");
    await form
      .getByLabel("Featured image")
      .setInputFiles({ name: "plain.png", mimeType: "image/png", buffer: await png(30, 20) });
    await form.getByRole("button", { name: "Add Blog" }).click();
    await expect(page.getByRole("status")).toContainText("Blog post added.");
    await expect(row(page, title)).toHaveCount(1);

    await page.goto(`/blog/${slug}`);
    await expect(page.getByText("Second <paragraph> here.")).toBeVisible();
    // The alt text defaults to the title.
    await expect(page.getByRole("img", { name: title })).toBeVisible();
  });

  test("a failed add shows the reason and keeps the typed text", async ({ page }) => {
    await login(page, "admin");
    await page.goto("/admin/blogs");
    const form = addForm(page);
    await form.getByLabel("Title").fill("No slug here");
    await form.getByLabel("Content").fill("Words I do not want to lose.");
    await form.getByRole("button", { name: "Add Blog" }).click();
    await expect(page.getByRole("alert")).toContainText("Please provide a unique slug for the blog post.");
    await expect(addForm(page).getByLabel("Title")).toHaveValue("No slug here");
    await expect(addForm(page).getByLabel("Content")).toHaveValue("Words I do not want to lose.");
  });

  test("a refused add says why at the field, with the same message as with JavaScript", async ({ page }) => {
    await login(page, "admin");
    await page.goto("/admin/blogs");
    const form = addForm(page);
    await form.getByLabel("Title").fill("!!!");
    await form.getByRole("button", { name: "Add Blog" }).click();
    await expect(page.getByRole("alert")).toContainText(
      "Failed to add blog. Please provide a unique slug for the blog post.",
    );
    await expect(addForm(page).getByLabel("Slug")).toHaveAttribute("aria-invalid", "true");
    await expect(addForm(page).getByText("Please provide a unique slug for the blog post.")).toBeVisible();
  });

  test("a post is added once however often the page after it is reloaded", async ({ page }) => {
    await login(page, "admin");
    await page.goto("/admin/blogs");
    const title = `E2E no script reload ${unique()}`;
    const form = addForm(page);
    await form.getByLabel("Title").fill(title);
    await form.getByLabel("Slug").fill(slugify(title));
    await form.getByRole("button", { name: "Add Blog" }).click();
    await expect(page.getByRole("status")).toContainText("Blog post added.");
    await expect(page).toHaveURL(/\/admin\/blogs$/);
    await page.reload();
    await page.reload();
    await expect(row(page, title)).toHaveCount(1);
  });

  test("Edit Blog opens at its own address, keeps a refused save's text, and saves back to the list", async ({
    page,
  }) => {
    await login(page, "admin");
    const tag = `No-JS edit ${unique()}`;
    const title = `${tag} post`;
    await seedPosts(page, tag, [title]);
    await page.goto(`/admin/blogs?tag=${encodeURIComponent(tag)}`);
    await row(page, title).getByRole("button", { name: "Edit" }).click();
    await expect(page).toHaveURL(/\/admin\/blogs\/\d+\?tag=/);
    const dialog = page.getByRole("dialog", { name: "Edit Blog" });
    await dialog.getByLabel("Slug").fill("Not A Valid Slug");
    await dialog.getByLabel("Content").fill("Typed without JavaScript.");
    await dialog.getByRole("button", { name: "Save" }).click();
    await expect(dialog.getByRole("alert")).toContainText(
      "Failed to update blog. Slug: use lowercase letters",
    );
    await expect(dialog.getByLabel("Slug")).toHaveValue("Not A Valid Slug");
    await expect(dialog.getByLabel("Slug")).toHaveAttribute("aria-invalid", "true");
    await expect(dialog.getByLabel("Content")).toHaveValue("Typed without JavaScript.");
    await dialog.getByLabel("Slug").fill(`${slugify(title)}-edited`);
    await dialog.getByRole("button", { name: "Save" }).click();
    await expect(page.getByRole("status")).toContainText("Blog updated.");
    await expect(page).toHaveURL(/\/admin\/blogs\?tag=/);
    await expect(row(page, title).getByRole("cell").nth(2)).toHaveText(`${slugify(title)}-edited`);
  });

  test("the list pages, sorts, filters and searches through plain links and forms", async ({ page }) => {
    await login(page, "admin");
    await pageSortFilterSearch(page);
  });

  test("bulk publish and delete work through plain forms, the confirmation as a page", async ({ page }) => {
    await login(page, "admin");
    const tag = `No-JS bulk ${unique()}`;
    const titles = ["one", "two", "three"].map((n) => `${tag} ${n}`);
    await seedPosts(page, tag, titles);
    await page.goto(`/admin/blogs?tag=${encodeURIComponent(tag)}`);
    // "Select all on this page" needs JavaScript: the rows are ticked one by one.
    await expect(bulkBar(page).getByLabel("Select all on this page")).toHaveCount(0);
    await page.getByLabel(`Select ${titles[0]}`).check();
    await page.getByLabel(`Select ${titles[1]}`).check();
    await bulkBar(page).getByRole("button", { name: "Publish", exact: true }).click();
    await expect(page.getByRole("status")).toContainText("2 posts published.");
    await expect(
      row(page, titles[1] as string)
        .getByRole("cell")
        .nth(6),
    ).toHaveText("Published");
    await expect(
      row(page, titles[2] as string)
        .getByRole("cell")
        .nth(6),
    ).toHaveText("Draft");

    for (const title of titles) await page.getByLabel(`Select ${title}`).check();
    await bulkBar(page).getByRole("button", { name: "Delete" }).click();
    await expect(page).toHaveURL(/confirm=delete/);
    const confirm = page.getByRole("alertdialog", { name: "Delete 3 posts?" });
    await confirm.getByRole("button", { name: "Cancel" }).click();
    await expect(page).not.toHaveURL(/confirm=delete/);
    await expect(page).toHaveURL(/tag=/);
    await expect(listRows(page)).toHaveCount(3);
    for (const title of titles) await page.getByLabel(`Select ${title}`).check();
    await bulkBar(page).getByRole("button", { name: "Delete" }).click();
    await page
      .getByRole("alertdialog", { name: "Delete 3 posts?" })
      .getByRole("button", { name: "Delete" })
      .click();
    await expect(page.getByRole("status")).toContainText("3 posts deleted.");
    await expect(page.getByText("No blog posts match.")).toBeVisible();
  });
});
