import type { Locator, Page } from "@playwright/test";
import { isoToIndiaDateTime } from "#app/lib/dates.ts";
import { slugify } from "#app/lib/slug.ts";
import { ACCOUNTS, E2E_PORT } from "./accounts.ts";
import { expect, hydrated, login, test } from "./fixtures.ts";
import { addNote, typeContent } from "./note-forms.ts";
import { ownServer } from "./own-server.ts";

// Scheduled posts, previews and autosave (issue 15, items 4-6).

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

function addBlogForm(page: Page): Locator {
  return page.getByRole("form", { name: "Add New Blog Post" });
}

function row(page: Page, title: string): Locator {
  return page.getByRole("row").filter({ has: page.getByRole("cell", { name: title, exact: true }) });
}

/** "2026-11-23T20:31:05": India time `seconds` from now, as the Publish at field takes it. */
function indiaTimeIn(seconds: number): string {
  const at = new Date(Date.now() + seconds * 1000);
  return `${isoToIndiaDateTime(at.toISOString())}:${String(at.getUTCSeconds()).padStart(2, "0")}`;
}

test.describe.configure({ timeout: 90_000 });

test("a post scheduled a minute ahead is published by the job and appears on the blog, sitemap and RSS", async ({
  browser,
}) => {
  test.setTimeout(90_000);
  // A server of its own that looks for due posts every 2 seconds (SCHEDULED_POSTS_POLL_MS).
  const own = await ownServer(E2E_PORT + 185, { SCHEDULED_POSTS_POLL_MS: "2000" });
  const url = own.server.url;
  const context = await browser.newContext({ baseURL: url });
  const page = await context.newPage();
  try {
    await page.goto("/login");
    await page.getByLabel("Email").fill(ACCOUNTS.admin.email);
    await page.getByLabel("Password").fill(ACCOUNTS.admin.password);
    await page.getByRole("button", { name: "Login" }).click();
    await page.waitForURL("**/admin");

    const title = `Scheduled ${unique()}`;
    const slug = slugify(title);
    await page.goto("/admin/blogs");
    await hydrated(page);
    const form = addBlogForm(page);
    await form.getByLabel("Title").fill(title);
    await form.getByLabel("Status").selectOption("scheduled");
    await form.getByLabel("Publish at").fill(indiaTimeIn(60));
    await form.getByRole("button", { name: "Add Blog" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Blog post added." })).toBeVisible();
    // The list says Scheduled, with its time in India time; the post is not public yet.
    const added = row(page, title);
    await expect(
      added.getByRole("cell", { name: /Scheduled\s*\d{1,2} \w{3} \d{4}, \d{1,2}:\d{2} (am|pm) IST/ }),
    ).toBeVisible();
    expect((await page.request.get(`/blog/${slug}`)).status()).toBe(404);
    expect(await (await page.request.get("/blog/rss.xml")).text()).not.toContain(slug);
    expect(await (await page.request.get("/blog")).text()).not.toContain(title);

    // The minute passes without waiting for it: the post's time is moved a minute back, as the
    // clock would have moved (the job's own timing is tested with an injected clock in
    // tests/integration/scheduled-posts.test.ts). The job, looking every 2 s, publishes it everywhere.
    const past = new Date(Date.now() - 60_000).toISOString();
    await own.read((db) =>
      db.updateTable("posts").set({ publish_at: past }).where("slug", "=", slug).executeTakeFirstOrThrow(),
    );
    await expect
      .poll(async () => (await page.request.get(`/blog/${slug}`)).status(), {
        timeout: 20_000,
        intervals: [1_000],
      })
      .toBe(200);
    expect(await (await page.request.get("/blog")).text()).toContain(title);
    expect(await (await page.request.get("/sitemap.xml")).text()).toContain(`/blog/${slug}`);
    expect(await (await page.request.get("/blog/rss.xml")).text()).toContain(`/blog/${slug}`);
    await page.goto("/admin/blogs");
    await expect(row(page, title).getByRole("cell", { name: "Published", exact: true })).toBeVisible();
  } finally {
    await context.close();
    await own.stop();
  }
});

test("Scheduled needs Publish at; a time already past publishes the post now and says so", async ({
  adminPage: page,
}) => {
  const title = `Past schedule ${unique()}`;
  const slug = slugify(title);
  await page.goto("/admin/blogs");
  await hydrated(page);
  const form = addBlogForm(page);
  await form.getByLabel("Title").fill(title);
  // "Publish at" shows only while Status is Scheduled.
  await expect(form.getByLabel("Publish at")).toBeHidden();
  await form.getByLabel("Status").selectOption("scheduled");
  await expect(form.getByLabel("Publish at")).toBeVisible();
  await form.getByRole("button", { name: "Add Blog" }).click();
  await expect(form.getByLabel("Publish at")).toHaveAttribute("aria-invalid", "true");
  await expect(
    form.getByText("Publish at: choose the date and time the post goes public (India time)."),
  ).toBeVisible();
  await expect(form.getByLabel("Title")).toHaveValue(title);

  await form.getByLabel("Publish at").fill("2024-01-05T10:00");
  await form.getByRole("button", { name: "Add Blog" }).click();
  await expect(
    page
      .getByRole("status")
      .filter({ hasText: "Blog post added. Publish time has passed, so the post was published now." }),
  ).toBeVisible();
  expect((await page.request.get(`/blog/${slug}`)).status()).toBe(200);

  // Scheduling it again, then setting it back to Draft, cancels the schedule.
  await row(page, title).getByRole("button", { name: "Edit" }).click();
  const dialog = page.getByRole("dialog", { name: "Edit Blog" });
  await dialog.getByLabel("Status").selectOption("scheduled");
  await dialog.getByLabel("Publish at").fill("2031-03-14T09:30");
  await dialog.getByRole("button", { name: "Save" }).click();
  const updated = page.getByRole("status").filter({ hasText: "Blog updated." });
  await expect(updated).toBeVisible();
  // Dismissed, so the second save's message is not mistaken for this one (a success lasts 5 s).
  await updated.getByRole("button", { name: "Dismiss message" }).click();
  await expect(updated).toHaveCount(0);
  await expect(
    row(page, title).getByRole("cell", { name: /Scheduled\s*14 Mar 2031, 9:30 am IST/ }),
  ).toBeVisible();
  expect((await page.request.get(`/blog/${slug}`)).status()).toBe(404);
  // The Status filter finds it among the Scheduled posts.
  await page.getByLabel("Status", { exact: true }).first().selectOption("scheduled");
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(/status=scheduled/);
  await expect(row(page, title)).toHaveCount(1);
  await row(page, title).getByRole("button", { name: "Edit" }).click();
  await expect(dialog.getByLabel("Publish at")).toHaveValue("2031-03-14T09:30");
  await dialog.getByLabel("Status").selectOption("draft");
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(updated).toBeVisible();
  await expect(row(page, title)).toHaveCount(0);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("Publish at is revealed by the Status choice and read only when Scheduled", async ({ page }) => {
    await login(page, "admin");
    await page.goto("/admin/blogs");
    const title = `No script schedule ${unique()}`;
    const form = addBlogForm(page);
    await form.getByLabel("Title").fill(title);
    await form.getByLabel("Slug").fill(slugify(title));
    await expect(form.getByLabel("Publish at")).toBeHidden();
    await form.getByLabel("Status").selectOption("scheduled");
    await expect(form.getByLabel("Publish at")).toBeVisible();
    await form.getByLabel("Publish at").fill("2031-07-01T08:15");
    await form.getByRole("button", { name: "Add Blog" }).click();
    await expect(page.getByRole("status")).toHaveText(/Blog post added\./);
    await expect(
      row(page, title).getByRole("cell", { name: /Scheduled\s*1 Jul 2031, 8:15 am IST/ }),
    ).toBeVisible();
  });

  test("a note's Preview opens the chapter page with the note as typed, in a new tab", async ({ page }) => {
    await login(page, "admin");
    await page.goto("/admin/notes?chapterq=lines+and");
    const form = page.getByRole("form", { name: "Add New Note" });
    await form.getByLabel("Chapter").selectOption({ label: "Lines and Angles" });
    const marker = `Preview marker ${unique()}`;
    await form.getByLabel("Content").fill(`${marker}\n\nSecond paragraph.`);
    const [preview] = await Promise.all([
      page.context().waitForEvent("page"),
      form.getByRole("button", { name: "Preview" }).click(),
    ]);
    await expect(preview.getByText("Preview — not public")).toBeVisible();
    await expect(preview.getByRole("heading", { level: 1, name: "Lines and Angles" })).toBeVisible();
    await expect(preview.getByRole("region", { name: "Notes", exact: true }).getByText(marker)).toBeVisible();
    // Nothing was saved, and the form still holds what was typed.
    await expect(form.getByLabel("Content")).toHaveValue(`${marker}\n\nSecond paragraph.`);
    expect(await (await page.request.get("/class/9/chapter/lines-and-angles")).text()).not.toContain(marker);
  });
});

test("a draft's Preview is the post page under a banner: noindex, no-store, console users only", async ({
  adminPage: page,
  browser,
}) => {
  const title = `Preview draft ${unique()}`;
  await page.goto("/admin/blogs");
  await hydrated(page);
  const form = addBlogForm(page);
  await form.getByLabel("Title").fill(title);
  await form.getByLabel("Excerpt").fill("Seen only by the content team.");
  await typeContent(form, "The body of a post nobody may read yet.");
  await form.getByRole("button", { name: "Add Blog" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Blog post added." })).toBeVisible();

  await row(page, title)
    .getByRole("link", { name: `Preview “${title}”` })
    .click();
  await expect(page).toHaveURL(/\/admin\/blogs\/\d+\/preview$/);
  await expect(page.getByText("Preview — not public")).toBeVisible();
  await expect(page.getByText("A draft: students cannot see it until it is published.")).toBeVisible();
  // The public page's own parts: site top bar, the article, the way back to the blog.
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(page.getByText("The body of a post nobody may read yet.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Back to Blog" })).toBeVisible();
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
  const address = page.url();
  const response = await page.request.get(address);
  expect(response.status()).toBe(200);
  expect(response.headers()["cache-control"]).toMatch(/no-store/);

  // A visitor is sent to the login; a signed-in account without the console gets 403.
  const visitor = await browser.newContext();
  const visitorPage = await visitor.newPage();
  const asVisitor = await visitorPage.request.get(address, { maxRedirects: 0 });
  expect(asVisitor.status()).toBe(302);
  expect(asVisitor.headers().location).toMatch(/\/login$/);
  await login(visitorPage, "student");
  const asStudent = await visitorPage.request.get(address);
  expect(asStudent.status()).toBe(403);
  expect(await asStudent.text()).not.toContain("nobody may read yet");
  await visitor.close();

  // Edit Blog offers the same Preview.
  await page.goto("/admin/blogs");
  await row(page, title).getByRole("button", { name: "Edit" }).click();
  await expect(
    page.getByRole("dialog", { name: "Edit Blog" }).getByRole("link", { name: "Preview" }),
  ).toHaveAttribute("href", new URL(address).pathname);
});

test("Edit Note's Preview shows the edited text in the note's place, in a new tab", async ({
  adminPage: page,
}) => {
  // A note of its own: a test in the other worker may delete the list's first one meanwhile.
  const own = `Previewed note ${unique()}`;
  await addNote(page, "Sound", own);
  await hydrated(page);
  await page.getByRole("row").filter({ hasText: own }).getByRole("button", { name: "Edit" }).click();
  const dialog = page.getByRole("dialog", { name: "Edit Note" });
  // Once the picker is the search-as-you-type box (after hydration), it shows the chapter's title.
  const picker = dialog.getByRole("combobox", { name: "Chapter" });
  await expect(picker).toHaveAttribute("aria-expanded", "false");
  const chapter = await picker.inputValue();
  const marker = `Edited in preview ${unique()}`;
  await typeContent(dialog, ` ${marker}`);
  const [preview] = await Promise.all([
    page.context().waitForEvent("page"),
    dialog.getByRole("button", { name: "Preview" }).click(),
  ]);
  await expect(preview.getByText("Preview — not public")).toBeVisible();
  await expect(preview.getByRole("heading", { level: 1, name: chapter })).toBeVisible();
  await expect(preview.getByRole("region", { name: "Notes", exact: true })).toContainText(marker);
  // The form is still open with the typed text, and nothing was saved.
  await expect(dialog.getByRole("textbox", { name: "Content" })).toContainText(marker);
  await preview.close();
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(page.getByText(marker)).toHaveCount(0);
});

test("autosave: after a reload the form offers its unsaved changes back; Restore and Discard", async ({
  adminPage: page,
}) => {
  const title = `Autosaved ${unique()}`;
  await page.goto("/admin/blogs");
  await hydrated(page);
  const form = addBlogForm(page);
  await form.getByLabel("Title").fill(title);
  await typeContent(form, "Typed before the tab closed.");
  // The copy is kept every few seconds.
  await expect
    .poll(() => page.evaluate(() => localStorage.getItem("cw-draft:post:new@0") ?? ""), { timeout: 10_000 })
    .toContain("Typed before the tab closed.");

  await page.reload();
  await hydrated(page);
  const offer = page.getByRole("status").filter({ hasText: /^Restore unsaved changes from \d{2}:\d{2}\?/ });
  await expect(offer).toBeVisible();
  await expect(addBlogForm(page).getByLabel("Title")).toHaveValue("");
  await offer.getByRole("button", { name: "Restore" }).click();
  await expect(offer).toBeHidden();
  await expect(addBlogForm(page).getByLabel("Title")).toHaveValue(title);
  await expect(addBlogForm(page).getByRole("textbox", { name: "Content" })).toContainText(
    "Typed before the tab closed.",
  );

  // A successful save clears the copy: no offer after the next reload.
  await addBlogForm(page).getByRole("button", { name: "Add Blog" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Blog post added." })).toBeVisible();
  await expect.poll(() => page.evaluate(() => localStorage.getItem("cw-draft:post:new@0"))).toBeNull();
  await page.reload();
  await hydrated(page);
  await expect(page.getByText(/Restore unsaved changes/)).toHaveCount(0);

  // Discard drops the copy.
  await addBlogForm(page).getByLabel("Excerpt").fill("Not wanted after all.");
  await expect
    .poll(() => page.evaluate(() => localStorage.getItem("cw-draft:post:new@0") ?? ""), { timeout: 10_000 })
    .toContain("Not wanted after all.");
  await page.reload();
  await hydrated(page);
  await page.getByRole("button", { name: "Discard" }).click();
  await expect(page.getByText(/Restore unsaved changes/)).toHaveCount(0);
  expect(await page.evaluate(() => localStorage.getItem("cw-draft:post:new@0"))).toBeNull();
  await expect(addBlogForm(page).getByLabel("Excerpt")).toHaveValue("");
});
