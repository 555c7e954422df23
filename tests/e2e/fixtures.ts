import AxeBuilder from "@axe-core/playwright";
import { test as base, type Cookie, expect, type Page } from "@playwright/test";
import { ACCOUNTS, BASE_URL } from "./accounts.ts";

export { expect };

/** Waits until React has hydrated the page (root sets html[data-hydrated]): clicks then run client code. */
export async function hydrated(page: Page): Promise<void> {
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
}

/** Signs in through the real login form. */
export async function login(page: Page, account: keyof typeof ACCOUNTS = "admin"): Promise<void> {
  const { email, password } = ACCOUNTS[account];
  await page.goto("/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Login" }).click();
  // Every account lands on /admin: admins see the console, others the 403 page.
  await page.waitForURL("**/admin");
}

/** The axe violations of the page that matter (serious or critical, WCAG 2 A/AA). */
export async function seriousA11yViolations(page: Page) {
  const result = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa"]).analyze();
  return result.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`);
}

type Fixtures = { adminPage: Page; consoleErrors: string[] };
type WorkerFixtures = { adminCookies: Cookie[] };

/**
 * `page` fails the test on any console error or request to another host;
 * `adminPage` is a page already signed in as the admin.
 */
export const test = base.extend<Fixtures, WorkerFixtures>({
  // The admin signs in through the real form once per worker; each test's page starts with that
  // session's cookies (a sign-in costs a password hash and two page loads: about 2 s a test).
  // No test on the shared server ends the admin's other sessions; those that sign out use their own.
  adminCookies: [
    async ({ browser }, use) => {
      const context = await browser.newContext({ baseURL: BASE_URL });
      await login(await context.newPage(), "admin");
      const cookies = await context.cookies();
      await context.close();
      await use(cookies);
    },
    { scope: "worker" },
  ],
  consoleErrors: async ({ page }, use) => {
    const errors: string[] = [];
    page.on("console", (msg) => {
      if (msg.type() === "error") errors.push(msg.text());
    });
    page.on("pageerror", (err) => errors.push(err.message));
    page.on("request", (req) => {
      const url = new URL(req.url());
      if (!["data:", "blob:"].includes(url.protocol) && url.origin !== new URL(BASE_URL).origin) {
        errors.push(`request to another host: ${req.url()}`);
      }
    });
    await use(errors);
  },
  adminPage: async ({ page, adminCookies }, use) => {
    await page.context().addCookies(adminCookies);
    await page.goto("/admin");
    await use(page);
  },
});
