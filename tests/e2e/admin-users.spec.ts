import type { Browser, Page } from "@playwright/test";
import { ACCOUNTS, E2E_PORT } from "./accounts.ts";
import { expect, hydrated, seriousA11yViolations, test } from "./fixtures.ts";
import { type OwnServer, ownServer } from "./own-server.ts";

// Users (DESIGN.md section 5, issue 16): invitations with one-time links, roles, deactivation, and the
// set-password page, on a server of this spec's own (accounts change here).

// The invite flow's first try has twice run out of time on CI, and its retry passed. The second
// time, its last steps had passed and it was waiting in its final context.close(). It no longer
// reads the clipboard back (browse, below); should it hang again, a failed try keeps its trace.
test.use({ trace: "retain-on-failure" });

let own: OwnServer;

test.beforeAll(async () => {
  const port = E2E_PORT + 195;
  // Links are absolute on SITE_URL: the address the browsers use, so they share its cookies.
  own = await ownServer(port, { LINK_CHECK: "off", SITE_URL: `http://127.0.0.1:${port}` });
});

test.afterAll(async () => {
  await own?.stop();
});

async function browse(browser: Browser, options: { javaScriptEnabled?: boolean; clipboard?: boolean } = {}) {
  const context = await browser.newContext({
    baseURL: own.server.url,
    javaScriptEnabled: options.javaScriptEnabled ?? true,
    permissions: options.clipboard ? ["clipboard-write"] : [],
  });
  // What the page puts on the clipboard, noted on its way there (the real writeText still runs and
  // decides "Copied."): read back from here rather than with readText, the one call of the whole
  // suite that read the headless shell's clipboard, in the only test that has hung on CI.
  if (options.clipboard)
    await context.addInitScript(() => {
      const clipboard = navigator.clipboard;
      const write = clipboard.writeText.bind(clipboard);
      clipboard.writeText = (text: string) => {
        (window as unknown as { copied?: string }).copied = text;
        return write(text);
      };
    });
  return { context, page: await context.newPage() };
}

async function signIn(page: Page, email: string, password: string) {
  await page.goto("/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Login" }).click();
  await page.waitForURL("**/admin");
}

/** An e-mail of its own for each run of a test (a repeated run invites again on the same server). */
const fresh = (name: string) => `${name}.${test.info().repeatEachIndex}.${test.info().retry}@e2e.test`;

function menu(page: Page) {
  return page.getByRole("navigation", { name: "Admin Menu" });
}

function userRow(page: Page, email: string) {
  return page.getByRole("row").filter({ has: page.getByRole("cell", { name: email, exact: true }) });
}

/** "Invite user" on the Users page; answers the one-time link it shows. */
async function invite(page: Page, email: string, role: "admin" | "editor"): Promise<string> {
  await page.goto("/admin/users");
  const form = page.getByRole("region", { name: "Invite user" });
  await form.getByLabel("Email").fill(email);
  await form.getByLabel("Role").selectOption(role);
  await form.getByRole("button", { name: "Invite" }).click();
  await expect(page.getByRole("heading", { name: "Invitation ready" })).toBeVisible();
  return ((await page.locator("#password-link").textContent()) ?? "").trim();
}

/** The set-password page of `link`: the rules refuse a common password, then a good one signs in. */
async function setPassword(page: Page, link: string, password: string) {
  await page.goto(link);
  await expect(page.getByRole("heading", { name: "Set your password" })).toBeVisible();
  await page.getByLabel("New password").fill(password);
  await page.getByLabel("Confirm password").fill(password);
  await page.getByRole("button", { name: "Set password" }).click();
  await page.waitForURL("**/admin");
}

test("an admin invites an editor, who sets a password from the link, signs in, adds a chapter and cannot open Users", async ({
  browser,
}) => {
  test.setTimeout(150_000); // a whole flow in two browsers, then axe, on a busy 2-core machine
  const email = fresh("new.editor");
  const password = "Blue harbour lantern 42";
  const admin = await browse(browser, { clipboard: true });
  const editor = await browse(browser);
  try {
    await signIn(admin.page, ACCOUNTS.admin.email, ACCOUNTS.admin.password);
    await menu(admin.page).getByRole("link", { name: "Users" }).click();
    await expect(admin.page.getByRole("heading", { level: 1, name: "Users" })).toBeVisible();
    await hydrated(admin.page);
    const link = await invite(admin.page, email, "editor");
    expect(link).toMatch(new RegExp(`^${own.server.url}/set-password/[A-Za-z0-9_-]{43}$`));
    await expect(admin.page.getByRole("status").filter({ hasText: `Invited ${email}` })).toBeVisible();
    await expect(userRow(admin.page, email)).toContainText("Invited");
    await expect(userRow(admin.page, email)).toContainText("Never");
    // "Copy link" puts the link on the clipboard.
    await admin.page.getByRole("button", { name: "Copy link" }).click();
    await expect(admin.page.getByText("Copied.")).toBeVisible();
    expect(await admin.page.evaluate(() => (window as unknown as { copied?: string }).copied)).toBe(link);
    // The Activity log says who was invited, never the link.
    await admin.page.goto("/admin/activity");
    await expect(admin.page.getByRole("row").filter({ hasText: email }).first()).toBeVisible();
    expect(await admin.page.content()).not.toContain(link.split("/").pop() ?? "-");

    // The editor opens the link: the strength hint speaks while typing, and the rules are the server's.
    await editor.page.goto(link);
    await hydrated(editor.page);
    await expect(editor.page.getByText(`For ${email}`)).toBeVisible();
    const newPassword = editor.page.getByLabel("New password");
    await newPassword.fill("short one");
    await expect(editor.page.locator("#password-hint")).toHaveText("3 more characters needed.");
    await newPassword.fill("qwerty123456");
    await expect(editor.page.locator("#password-hint")).toContainText("most common");
    await editor.page.getByLabel("Confirm password").fill("qwerty123456");
    await editor.page.getByRole("button", { name: "Set password" }).click();
    await expect(editor.page.getByText(/one of the most common passwords/).first()).toBeVisible();
    await setPassword(editor.page, link, password);
    await expect(editor.page.getByRole("heading", { level: 1 })).toBeVisible();

    // The editor's menu: content work, Trash, no Activity or Users.
    const items = menu(editor.page);
    await expect(items.getByRole("link", { name: "Add Data" })).toBeVisible();
    await expect(items.getByRole("link", { name: "Trash" })).toBeVisible();
    await expect(items.getByRole("link", { name: "Users" })).toHaveCount(0);
    await expect(items.getByRole("link", { name: "Activity" })).toHaveCount(0);

    // An editor adds a chapter.
    await hydrated(editor.page);
    await items.getByRole("link", { name: "Add Data" }).click();
    await editor.page.waitForURL("**/admin/add-resource");
    await hydrated(editor.page);
    await editor.page.getByLabel("Class", { exact: true }).selectOption("9");
    await editor.page.getByLabel("Subject", { exact: true }).selectOption("mathematics");
    await editor.page.getByLabel("Chapter Title").fill("Editor's first chapter");
    await editor.page.getByRole("button", { name: "Submit" }).click();
    await expect(
      editor.page.getByRole("status").filter({ hasText: "Data successfully added!" }),
    ).toBeVisible();

    // Users and Activity are for admins.
    for (const path of ["/admin/users", "/admin/activity"]) {
      const answer = await editor.page.goto(path);
      expect(answer?.status(), path).toBe(403);
      await expect(editor.page.getByText("Unauthorized: Admins only.")).toBeVisible();
    }

    // The link worked once.
    const again = await editor.page.goto(link);
    expect(again?.status()).toBe(410);
    await expect(editor.page.getByRole("alert")).toContainText("already used");

    // The admin sees the account active, with its last sign-in.
    await admin.page.goto(`/admin/users?q=${encodeURIComponent(email)}`);
    await expect(userRow(admin.page, email)).toContainText("Active");
    await expect(userRow(admin.page, email)).not.toContainText("Never");
    expect(await seriousA11yViolations(admin.page)).toEqual([]);
  } finally {
    await Promise.all([admin.context.close(), editor.context.close()]);
  }
});

test("a deactivated account's open session is refused at its next request; it cannot sign in until reactivated", async ({
  browser,
}) => {
  const admin = await browse(browser);
  const editor = await browse(browser);
  const { email, password } = ACCOUNTS.editor;
  try {
    await signIn(editor.page, email, password);
    await hydrated(editor.page);
    await signIn(admin.page, ACCOUNTS.admin.email, ACCOUNTS.admin.password);
    await admin.page.goto("/admin/users");
    await hydrated(admin.page);
    await userRow(admin.page, email).getByRole("button", { name: "Deactivate" }).click();
    const dialog = admin.page.getByRole("alertdialog", { name: `Deactivate ${email}?` });
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: "Deactivate" }).click();
    await expect(admin.page.getByRole("status").filter({ hasText: `${email} is deactivated` })).toBeVisible();
    await expect(userRow(admin.page, email)).toContainText("Deactivated");

    // The editor's open page: its next request (a client navigation) is refused and goes to the login.
    await menu(editor.page).getByRole("link", { name: "Manage Blogs" }).click();
    await editor.page.waitForURL("**/login");
    await editor.page.getByLabel("Email").fill(email);
    await editor.page.getByLabel("Password").fill(password);
    await editor.page.getByRole("button", { name: "Login" }).click();
    await expect(editor.page.getByRole("alert")).toHaveText("Invalid email or password.");

    await userRow(admin.page, email).getByRole("button", { name: "Reactivate" }).click();
    await expect(userRow(admin.page, email)).toContainText("Active");
    await signIn(editor.page, email, password);
  } finally {
    await Promise.all([admin.context.close(), editor.context.close()]);
  }
});

test("without JavaScript: invite, change a role, reset a password (an alertdialog) and set it from the link", async ({
  browser,
}) => {
  const admin = await browse(browser, { javaScriptEnabled: false });
  const person = await browse(browser, { javaScriptEnabled: false });
  const email = fresh("plain.html");
  try {
    await signIn(admin.page, ACCOUNTS.admin.email, ACCOUNTS.admin.password);
    const link = await invite(admin.page, email, "admin");
    await expect(admin.page.getByRole("button", { name: "Copy link" })).toHaveCount(0);
    // A refused invitation says why at its field.
    const form = admin.page.getByRole("region", { name: "Invite user" });
    await form.getByLabel("Email").fill(email);
    await form.getByRole("button", { name: "Invite" }).click();
    await expect(form.getByText(`${email} already has an account`)).toBeVisible();

    await setPassword(person.page, link, "Plain pages work fine");

    // The role: Admin → Editor.
    await admin.page.goto(`/admin/users?q=${encodeURIComponent(email)}`);
    const row = userRow(admin.page, email);
    await row.getByRole("combobox", { name: /^Role/ }).selectOption("editor");
    await row.getByRole("button", { name: /Change role/ }).click();
    await expect(admin.page.getByText(`${email} is now an editor.`).first()).toBeVisible();
    await expect(userRow(admin.page, email).getByRole("combobox", { name: /^Role/ })).toHaveValue("editor");

    // Reset password: asked first, then a new link; the old password and its sessions end.
    await userRow(admin.page, email).getByRole("button", { name: "Reset password" }).click();
    await expect(admin.page).toHaveURL(/reset=\d+/);
    const dialog = admin.page.getByRole("alertdialog", { name: `Reset the password of ${email}?` });
    await dialog.getByRole("button", { name: "Reset password" }).click();
    await expect(admin.page.getByRole("heading", { name: "New password link ready" })).toBeVisible();
    const second = ((await admin.page.locator("#password-link").textContent()) ?? "").trim();
    expect(second).not.toBe(link);
    await person.page.goto("/admin/blogs");
    await expect(person.page).toHaveURL(/\/login$/);
    await setPassword(person.page, second, "Plain pages still work");
  } finally {
    await Promise.all([admin.context.close(), person.context.close()]);
  }
});

test("a link that does not work says so (410) and tells the person to ask an admin", async ({ browser }) => {
  const { context, page } = await browse(browser);
  try {
    for (const token of ["A".repeat(43), "not-a-token"]) {
      const answer = await page.goto(`/set-password/${token}`);
      expect(answer?.status()).toBe(410);
      expect(answer?.headers()["cache-control"]).toBe("private, no-store");
      await expect(page.getByRole("heading", { name: "This link does not work" })).toBeVisible();
      await expect(page.getByRole("alert")).toContainText("ask an admin for a new one");
    }
    // A form sent to a dead link changes nothing and says the same.
    const api = context.request;
    const sent = await api.post(`/set-password/${"B".repeat(43)}`, {
      form: { password: "Some long password", confirm: "Some long password" },
      headers: { Origin: own.server.url },
    });
    expect(sent.status()).toBe(410);
  } finally {
    await context.close();
  }
});

test("the Users page and the set-password page at 375, 800 and 1280 pixels", async ({ browser }) => {
  test.setTimeout(150_000); // axe, then two pages at three widths, on a busy 2-core machine
  const admin = await browse(browser);
  const person = await browse(browser);
  try {
    await signIn(admin.page, ACCOUNTS.admin.email, ACCOUNTS.admin.password);
    const link = await invite(admin.page, fresh("screens"), "editor");
    await person.page.goto(link);
    await hydrated(person.page);
    await person.page.getByLabel("New password").fill("a few words here");
    expect(await seriousA11yViolations(person.page)).toEqual([]);
    for (const width of [375, 800, 1280]) {
      for (const [name, page] of [
        ["users", admin.page],
        ["set-password", person.page],
      ] as const) {
        await page.setViewportSize({ width, height: 900 });
        await page.screenshot({ path: `test-results/screens/${name}-${width}.png`, fullPage: true });
        // Nothing sticks out sideways.
        expect(
          await page.evaluate(() => document.documentElement.scrollWidth),
          `${name} at ${width}`,
        ).toBeLessThanOrEqual(width);
      }
    }
  } finally {
    await Promise.all([admin.context.close(), person.context.close()]);
  }
});
