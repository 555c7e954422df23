import type { Locator, Page } from "@playwright/test";
import { slugify } from "#app/lib/slug.ts";
import { expect, test } from "./fixtures.ts";

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

const TOGGLES = [
  "Bold",
  "Italic",
  "Underline",
  "Bullet list",
  "Ordered list",
  "Heading 3 (H3)",
  "Paragraph",
  "Align left",
  "Align center",
  "Align right",
  "Link",
];

function addForm(page: Page): Locator {
  return page.getByRole("form", { name: "Add New Blog Post" });
}

/** The editor of the add form, once it has replaced the plain textarea. */
async function editorOf(form: Locator): Promise<Locator> {
  const editor = form.getByLabel("Content");
  await expect(editor).toHaveAttribute("contenteditable", "true");
  return editor;
}

// Multi-step console flows that load the editor (about 130 KB gzip) and sometimes two browsers:
// they get more than the default 30 s, so a busy test machine does not fail them.
test.describe.configure({ timeout: 90_000 });

test.describe("the rich-text editor", () => {
  test("has a toolbar of real buttons with names and pressed states, and a 200px editing area", async ({
    adminPage: page,
    consoleErrors,
  }) => {
    await page.goto("/admin/blogs");
    const form = addForm(page);
    const editor = await editorOf(form);
    expect((await editor.boundingBox())?.height ?? 0).toBeGreaterThanOrEqual(200);
    const toolbar = form.getByRole("toolbar", { name: "Formatting" });
    for (const name of [...TOGGLES, "Clear formatting"]) {
      const button = toolbar.getByRole("button", { name, exact: true });
      await expect(button).toHaveAttribute("type", "button");
      await expect(button).toHaveAttribute("title", /.+/);
      if (name !== "Clear formatting") await expect(button).toHaveAttribute("aria-pressed", /true|false/);
    }
    await editor.click();
    const bold = toolbar.getByRole("button", { name: "Bold" });
    await expect(bold).toHaveAttribute("aria-pressed", "false");
    await bold.click();
    await expect(bold).toHaveAttribute("aria-pressed", "true");
    await page.keyboard.type("bold words");
    await expect(editor.locator("strong")).toHaveText("bold words");

    // One Tab stop for the toolbar; arrow keys move along it.
    await bold.focus();
    await page.keyboard.press("ArrowRight");
    await expect(toolbar.getByRole("button", { name: "Italic" })).toBeFocused();
    await page.keyboard.press("End");
    await expect(toolbar.getByRole("button", { name: "Clear formatting" })).toBeFocused();
    expect(consoleErrors).toEqual([]);
  });

  test("bold, H3, a list and a link are saved and shown on the public post", async ({ adminPage: page }) => {
    const title = `E2E formatting ${unique()}`;
    await page.goto("/admin/blogs");
    const form = addForm(page);
    await form.getByLabel("Title").fill(title);
    const editor = await editorOf(form);
    const toolbar = form.getByRole("toolbar", { name: "Formatting" });
    const press = (name: string) => toolbar.getByRole("button", { name, exact: true }).click();

    await editor.click();
    await press("Heading 3 (H3)");
    await page.keyboard.type("Key ideas");
    await page.keyboard.press("Enter");
    await page.keyboard.type("Remember ");
    await press("Bold");
    await page.keyboard.type("this rule");
    await press("Bold");
    await page.keyboard.press("Enter");
    await press("Bullet list");
    await page.keyboard.type("first point");
    await page.keyboard.press("Enter");
    await page.keyboard.type("second point");
    await page.keyboard.press("Enter");
    await page.keyboard.press("Enter");
    await page.keyboard.type("Read more at ");
    page.once("dialog", (dialog) => dialog.accept("ncert.nic.in/textbook.php"));
    await press("Link");
    await expect(editor.locator("a")).toHaveAttribute("href", "https://ncert.nic.in/textbook.php");
    await expect(toolbar.getByRole("button", { name: "Heading 3 (H3)" })).toHaveAttribute(
      "aria-pressed",
      "false",
    );

    await form.getByLabel("Status").selectOption("published");
    await form.getByRole("button", { name: "Add Blog" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Blog post added." })).toBeVisible();

    await page.goto(`/blog/${slugify(title)}`);
    const body = page.locator(".prose-content").filter({ hasText: "Key ideas" });
    await expect(body.getByRole("heading", { level: 3, name: "Key ideas" })).toBeVisible();
    await expect(body.locator("strong")).toHaveText("this rule");
    await expect(body.getByRole("listitem")).toHaveText(["first point", "second point"]);
    const link = body.getByRole("link", { name: "https://ncert.nic.in/textbook.php" });
    await expect(link).toHaveAttribute("href", "https://ncert.nic.in/textbook.php");
    await expect(link).toHaveAttribute("rel", /noopener/);
  });

  test("a link that is not https is refused with a message", async ({ adminPage: page }) => {
    await page.goto("/admin/blogs");
    const form = addForm(page);
    const editor = await editorOf(form);
    await editor.click();
    await page.keyboard.type("Click here");
    await page.keyboard.press("Shift+Home");
    for (const address of ["javascript:alert(1)", "http://example.com"]) {
      page.once("dialog", (dialog) => dialog.accept(address));
      await form.getByRole("button", { name: "Link", exact: true }).click();
      await expect(form.getByRole("alert")).toContainText("Link not added");
      await expect(form.getByRole("alert")).toContainText("https://");
      await expect(editor.locator("a")).toHaveCount(0);
    }
  });

  test("clear formatting turns headings, lists and marks back into plain paragraphs", async ({
    adminPage: page,
  }) => {
    await page.goto("/admin/blogs");
    const form = addForm(page);
    const editor = await editorOf(form);
    const toolbar = form.getByRole("toolbar", { name: "Formatting" });
    await editor.click();
    await toolbar.getByRole("button", { name: "Bullet list" }).click();
    await toolbar.getByRole("button", { name: "Italic" }).click();
    await page.keyboard.type("slanted item");
    await toolbar.getByRole("button", { name: "Align center" }).click();
    await expect(editor.locator("ul em")).toHaveText("slanted item");
    await page.keyboard.press("Control+a");
    await toolbar.getByRole("button", { name: "Clear formatting" }).click();
    await expect(editor.locator("ul, em, [style]")).toHaveCount(0);
    await expect(editor.locator("p").filter({ hasText: "slanted item" })).toHaveCount(1);
  });

  test("text typed before the editor arrives is carried into it", async ({ adminPage: page }) => {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(/rich-text-editor-[^/]*\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto("/admin/blogs");
    const form = addForm(page);
    const textarea = form.getByRole("textbox", { name: "Content" });
    await expect(textarea).toHaveJSProperty("tagName", "TEXTAREA");
    await textarea.fill("Typed early.\n\nStill here.");
    release();
    const editor = await editorOf(form);
    await expect(editor.locator("p")).toHaveText(["Typed early.", "Still here."]);
  });

  test("if the editor cannot load, the plain textarea still saves the post", async ({ adminPage: page }) => {
    await page.route(/rich-text-editor-[^/]*\.js$/, (route) => route.abort());
    const title = `E2E fallback ${unique()}`;
    await page.goto("/admin/blogs");
    const form = addForm(page);
    await expect(form.getByText("The formatting toolbar could not load")).toBeVisible();
    await form.getByLabel("Title").fill(title);
    await form.getByLabel("Content").fill("Plain words.");
    await form.getByRole("button", { name: "Add Blog" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Blog post added." })).toBeVisible();
  });

  test("public pages never load the editor's code", async ({ page, consoleErrors }) => {
    const scripts: string[] = [];
    page.on("response", async (response) => {
      if (response.request().resourceType() !== "script") return;
      const text = await response.text().catch(() => "");
      scripts.push(`${response.url()} ${/prosemirror|tiptap/i.test(text) ? "EDITOR CODE" : "ok"}`);
    });
    for (const path of [
      "/",
      "/blog",
      "/blog/managing-exam-stress",
      "/class/10",
      "/class/10/chapter/real-numbers",
      "/about",
    ]) {
      await page.goto(path);
      await page.waitForLoadState("networkidle");
    }
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.filter((s) => /rich-text-editor|EDITOR CODE/.test(s))).toEqual([]);
    expect(consoleErrors).toEqual([]);
  });
});
