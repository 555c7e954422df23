import fs from "node:fs";
import path from "node:path";
import type { Browser, Page } from "@playwright/test";
import { Secret, TOTP } from "otpauth";
import { ACCOUNTS, E2E_PORT } from "./accounts.ts";
import { expect, hydrated, test } from "./fixtures.ts";
import { ownServer } from "./own-server.ts";
import { signedIn } from "./server-process.ts";

// My account and two-step sign-in (issue 16, items 5–7), each test on a server of its own: turning
// two-step sign-in on changes how its admin signs in, which other specs must not see.

test.describe.configure({ timeout: 120_000 });

/** The code an authenticator app shows for `secret` (as the page shows it, in groups) `ahead` steps from now. */
function appCode(secret: string, ahead = 0): string {
  return TOTP.generate({
    secret: Secret.fromBase32(secret.replaceAll(" ", "")),
    timestamp: Date.now() + ahead * 30_000,
  });
}

/** The secret as the set-up step shows it: eight groups of four. */
const SECRET_TEXT = /^[A-Z2-7]{4}( [A-Z2-7]{4}){7}$/;

async function passwordStep(page: Page, url: string, account: keyof typeof ACCOUNTS = "admin") {
  const { email, password } = ACCOUNTS[account];
  await page.goto(`${url}/login`);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Login" }).click();
}

async function codeStep(page: Page, code: string) {
  await page.getByLabel("Code").fill(code);
  await page.getByRole("button", { name: "Login" }).click();
}

/** Turns two-step sign-in on from My account: answers the secret and the ten recovery codes. */
async function turnOn(page: Page, url: string): Promise<{ secret: string; recoveryCodes: string[] }> {
  await page.goto(`${url}/admin/account`);
  await page.getByRole("button", { name: "Turn on two-step sign-in" }).click();
  await expect(page.getByRole("img", { name: /QR code/ })).toBeVisible();
  const secret = (await page.getByText(SECRET_TEXT).textContent()) ?? "";
  // A wrong code first: refused at its field, the same set-up stays.
  await page.getByLabel("Code").fill("000000");
  await page.getByRole("button", { name: "Confirm" }).click();
  await expect(page.getByText("That code is not right.", { exact: false }).first()).toBeVisible();
  await expect(page.getByText(SECRET_TEXT)).toHaveText(secret);
  await page.getByLabel("Code").fill(appCode(secret));
  await page.getByRole("button", { name: "Confirm" }).click();
  const codes = page.getByRole("region", { name: "Your recovery codes" }).getByRole("listitem");
  await expect(codes).toHaveCount(10);
  await expect(page.getByRole("status").filter({ hasText: "Two-step sign-in is on." })).toBeVisible();
  return { secret, recoveryCodes: (await codes.allTextContents()).map((c) => c.trim()) };
}

async function signOut(page: Page) {
  await page.getByRole("button", { name: "Logout" }).click();
  await page.waitForURL((u) => !u.pathname.startsWith("/admin"));
}

test("an admin turns on two-step sign-in, then signs in with a code and with a recovery code (once)", async ({
  page,
}) => {
  const own = await ownServer(E2E_PORT + 205, { LINK_CHECK: "off" });
  try {
    const url = own.server.url;
    await passwordStep(page, url);
    await page.waitForURL("**/admin");
    await hydrated(page);
    const { secret, recoveryCodes } = await turnOn(page, url);
    await expect(page.getByText("10 recovery codes left")).toBeVisible();
    // At rest the secret is sealed under the key the server generated beside its database (no SECRET_KEY).
    const stored = await own.read((db) => db.selectFrom("two_step").select("secret").execute());
    expect(stored).toHaveLength(1);
    expect(stored[0]?.secret).toMatch(/^v1:[0-9a-f]{8}:[\w-]+$/);
    expect(stored[0]?.secret).not.toContain(secret.replaceAll(" ", ""));
    expect(fs.statSync(path.join(own.dir, "secret-key")).mode & 0o777).toBe(0o600);
    // Leaving the page: the codes are not shown again.
    await page.reload();
    await expect(page.getByRole("region", { name: "Your recovery codes" })).toHaveCount(0);
    await signOut(page);

    // The password alone is not a session: the console still sends this browser to the login page.
    await passwordStep(page, url);
    await expect(page.getByLabel("Code")).toBeVisible();
    expect((await page.context().cookies()).map((c) => c.name)).not.toContain("cw_session");
    await page.goto(`${url}/admin`);
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByLabel("Code")).toBeVisible();
    await codeStep(page, "123 456");
    await expect(page.getByRole("alert")).toContainText("That code is not right.");
    // The code of the step used to turn it on would be a replay: the next step's code, as an app shows it soon.
    await codeStep(page, appCode(secret, 1));
    await page.waitForURL("**/admin");
    await signOut(page);

    await passwordStep(page, url);
    await codeStep(page, (recoveryCodes[0] ?? "").toUpperCase());
    await page.waitForURL("**/admin");
    await expect(page.getByRole("status").filter({ hasText: "recovery code" })).toBeVisible();
    await page.goto(`${url}/admin/account`);
    await expect(page.getByText("9 recovery codes left")).toBeVisible();
    await signOut(page);

    // The same recovery code again is refused.
    await passwordStep(page, url);
    await codeStep(page, recoveryCodes[0] ?? "");
    await expect(page.getByRole("alert")).toContainText("That code is not right.");
    await expect(page).toHaveURL(/\/login$/);
    // "Start again" goes back to the password.
    await page.getByRole("button", { name: "Start again" }).click();
    await expect(page.getByLabel("Password")).toBeVisible();
    await expect(page.getByLabel("Code")).toHaveCount(0);
  } finally {
    await own.stop();
  }
});

test("My account works without JavaScript: password, sessions, two-step sign-in on and off", async ({
  browser,
}: {
  browser: Browser;
}) => {
  const own = await ownServer(E2E_PORT + 206, { LINK_CHECK: "off" });
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL: own.server.url });
  const page = await context.newPage();
  const url = own.server.url;
  const { email, password } = ACCOUNTS.second;
  const elsewhere = await signedIn(url, email, password);
  const another = await signedIn(url, email, password);
  try {
    await passwordStep(page, url, "second");
    await page.waitForURL("**/admin");
    await page.getByRole("link", { name: "My account" }).click();
    await expect(page.getByRole("heading", { name: "My account" })).toBeVisible();
    // This device and the two others are listed; this one is marked.
    const sessions = page.getByRole("region", { name: "Where you are signed in" }).getByRole("listitem");
    await expect(sessions).toHaveCount(3);
    await expect(sessions.first()).toContainText("This device");
    await expect(sessions.first()).toContainText("Chrome");

    // Change password: refusals at their fields, nothing changed.
    const next = "a brand new long passphrase";
    await page.getByLabel("Current password").fill("not my password");
    await page.getByLabel("New password").fill(next);
    await page.getByLabel("Confirm password").fill(next);
    await page.getByRole("button", { name: "Change password" }).click();
    await expect(page.getByText("That is not your current password.").first()).toBeVisible();
    await page.getByLabel("Current password").fill(password);
    await page.getByLabel("New password").fill("password1234");
    await page.getByLabel("Confirm password").fill("password1234");
    await page.getByRole("button", { name: "Change password" }).click();
    await expect(page.getByText(/one of the most common passwords/).first()).toBeVisible();
    await page.getByLabel("Current password").fill(password);
    await page.getByLabel("New password").fill(next);
    await page.getByLabel("Confirm password").fill(`${next}!`);
    await page.getByRole("button", { name: "Change password" }).click();
    await expect(page.getByText("The two new passwords are not the same.").first()).toBeVisible();
    expect((await elsewhere.get("/admin", { maxRedirects: 0 })).status()).toBe(200);

    await page.getByLabel("Current password").fill(password);
    await page.getByLabel("New password").fill(next);
    await page.getByLabel("Confirm password").fill(next);
    await page.getByRole("button", { name: "Change password" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Password changed." })).toBeVisible();
    // The other sessions ended; this one stays.
    expect((await elsewhere.get("/admin", { maxRedirects: 0 })).status()).toBe(302);
    expect((await another.get("/admin", { maxRedirects: 0 })).status()).toBe(302);
    await expect(sessions).toHaveCount(1);

    // Sign out one other session.
    const third = await signedIn(url, email, next);
    await page.reload();
    await expect(sessions).toHaveCount(2);
    await sessions.nth(1).getByRole("button", { name: "Sign out" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Signed out of" })).toBeVisible();
    await expect(sessions).toHaveCount(1);
    expect((await third.get("/admin", { maxRedirects: 0 })).status()).toBe(302);
    await third.dispose();

    // Two-step sign-in without JavaScript: on, then a sign-in with its code, then off.
    const { secret, recoveryCodes } = await turnOn(page, url);
    await signOut(page);
    await page.goto(`${url}/login`);
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill(next);
    await page.getByRole("button", { name: "Login" }).click();
    await codeStep(page, appCode(secret, 1));
    await page.waitForURL("**/admin");
    await page.goto(`${url}/admin/account`);
    await page.getByLabel("Password", { exact: true }).fill(next);
    await page.getByLabel("Code").fill("000000");
    await page.getByRole("button", { name: "Turn off" }).click();
    await expect(page.getByText("That code is not right.", { exact: false }).first()).toBeVisible();
    await page.getByLabel("Password", { exact: true }).fill(next);
    await page.getByLabel("Code").fill(recoveryCodes[5] ?? "");
    await page.getByRole("button", { name: "Turn off" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Two-step sign-in is off." })).toBeVisible();
    await expect(page.getByRole("button", { name: "Turn on two-step sign-in" })).toBeVisible();

    // Sign out everywhere: this session too, and the others.
    const last = await signedIn(url, email, next);
    await page.getByRole("button", { name: "Sign out everywhere" }).click();
    await expect(page).toHaveURL(/\/login$/);
    expect((await last.get("/admin", { maxRedirects: 0 })).status()).toBe(302);
    await page.goto(`${url}/admin/account`);
    await expect(page).toHaveURL(/\/login$/);
    await last.dispose();
  } finally {
    await elsewhere.dispose();
    await another.dispose();
    await context.close();
    await own.stop();
  }
});

test("required for admins (a setting on Users): an admin without it is sent to set it up; an admin can reset another's", async ({
  page,
  browser,
}) => {
  const own = await ownServer(E2E_PORT + 207, { LINK_CHECK: "off" });
  const other = await browser.newContext();
  try {
    const url = own.server.url;
    await passwordStep(page, url);
    await page.waitForURL("**/admin");
    await page.goto(`${url}/admin/users`);
    await page.getByRole("button", { name: "Require two-step sign-in for admins" }).click();
    // The admin who required it has none yet: sent to set it up, whatever console page is asked for.
    await page.waitForURL(/\/admin\/account\?two-step=required$/);
    await expect(page.getByRole("alert").filter({ hasText: "required for admin accounts" })).toBeVisible();
    for (const path of ["/admin", "/admin/blogs", "/admin/users"]) {
      await page.goto(`${url}${path}`);
      await expect(page).toHaveURL(/\/admin\/account\?two-step=required$/);
    }
    await hydrated(page);
    await turnOn(page, url);
    await page.getByRole("link", { name: "Dashboard" }).click();
    await expect(page).toHaveURL(/\/admin$/);
    await page.goto(`${url}/admin/users`);
    await expect(page.getByRole("button", { name: "Stop requiring it" })).toBeVisible();

    // Another admin is sent to set it up too, and does.
    const second = await other.newPage();
    await passwordStep(second, url, "second");
    await second.waitForURL(/\/admin\/account\?two-step=required$/);
    await hydrated(second);
    await turnOn(second, url);
    await signOut(second);

    // Their phone is lost: an admin resets their two-step sign-in (asked first; in Activity).
    await page.reload();
    await page.getByRole("button", { name: "Reset two-step sign-in" }).click();
    const dialog = page.getByRole("alertdialog", {
      name: `Reset the two-step sign-in of ${ACCOUNTS.second.email}?`,
    });
    await dialog.getByRole("button", { name: "Reset two-step sign-in" }).click();
    await expect(page.getByRole("status").filter({ hasText: "was reset" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Reset two-step sign-in" })).toHaveCount(0);
    const logged = await own.read((db) =>
      db
        .selectFrom("activity")
        .select(["actor", "item"])
        .where("action", "=", "user.reset-two-step")
        .execute(),
    );
    expect(logged).toEqual([{ actor: ACCOUNTS.admin.email, item: `account ${ACCOUNTS.second.email}` }]);
    // With the password alone they are in, and sent to set it up again (it is still required).
    await passwordStep(second, url, "second");
    await second.waitForURL(/\/admin\/account\?two-step=required$/);
  } finally {
    await other.close();
    await own.stop();
  }
});

test("'Current password' on My account is limited like a login: after five wrong ones even the right one waits", async ({
  page,
}) => {
  const own = await ownServer(E2E_PORT + 233, { LINK_CHECK: "off" });
  try {
    const url = own.server.url;
    const { password } = ACCOUNTS.admin;
    await passwordStep(page, url);
    await page.waitForURL("**/admin");
    await page.goto(`${url}/admin/account`);
    const next = "a brand new long passphrase";
    const attempt = async (current: string) => {
      await page.getByLabel("Current password").fill(current);
      await page.getByLabel("New password").fill(next);
      await page.getByLabel("Confirm password").fill(next);
      await page.getByRole("button", { name: "Change password" }).click();
    };
    for (let i = 1; i <= 5; i++) {
      await attempt(`wrong guess ${i}`);
      await expect(page.getByText("That is not your current password.").first()).toBeVisible();
    }
    await attempt(password);
    await expect(
      page.getByText("Too many wrong answers. Please try again in 15 minutes.").first(),
    ).toBeVisible();
    // Nothing changed: the old password still signs in elsewhere.
    expect((await (await signedIn(url, ACCOUNTS.admin.email, password)).get("/admin")).status()).toBe(200);
  } finally {
    await own.stop();
  }
});
