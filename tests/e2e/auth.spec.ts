import { ACCOUNTS } from "./accounts.ts";
import { expect, login, test } from "./fixtures.ts";

test.describe("admin login and console protection", () => {
  test("an admin signs in and sees the console menu", async ({ page }) => {
    await login(page, "admin");
    await expect(page).toHaveURL(/\/admin$/);
    const menu = page.getByRole("navigation", { name: "Admin Menu" });
    for (const name of ["Dashboard", "Add Data", "Manage Subjects", "Manage Blogs", "Manage Notes"]) {
      await expect(menu.getByRole("link", { name })).toBeVisible();
    }
    await expect(menu.getByRole("button", { name: "Logout" })).toBeVisible();
  });

  test("the login page has no top bar and a 400px form", async ({ page }) => {
    await page.goto("/login");
    await expect(page.getByRole("heading", { name: "Admin Login" })).toBeVisible();
    await expect(page.getByRole("banner")).toHaveCount(0);
    const width = await page
      .locator("form")
      .evaluate((f) => f.parentElement?.getBoundingClientRect().width ?? 0);
    expect(width).toBeLessThanOrEqual(400);
  });

  test("a wrong password and an unknown e-mail show the same alert", async ({ page }) => {
    for (const [email, password] of [
      [ACCOUNTS.admin.email, "wrong-password"],
      ["nobody@e2e.test", "whatever-123"],
    ] as const) {
      await page.goto("/login");
      await page.getByLabel("Email").fill(email);
      await page.getByLabel("Password").fill(password);
      await page.getByRole("button", { name: "Login" }).click();
      await expect(page.getByRole("alert")).toHaveText("Invalid email or password.");
      await expect(page).toHaveURL(/\/login$/);
    }
  });

  test("the button reads 'Logging in...' and is disabled while submitting", async ({ page }) => {
    await page.goto("/login");
    await page.getByLabel("Email").fill(ACCOUNTS.admin.email);
    await page.getByLabel("Password").fill(ACCOUNTS.admin.password);
    // Hold the login request so the submitting state can be seen.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route("**/login.data*", async (route) => {
      await held;
      await route.continue();
    });
    await page.getByRole("button", { name: "Login" }).click();
    const busy = page.getByRole("button", { name: "Logging in..." });
    await expect(busy).toBeDisabled();
    release();
    await page.waitForURL("**/admin");
  });

  test("signed-out visitors are sent to /login from every console section", async ({ page }) => {
    for (const path of ["/admin", "/admin/add-resource", "/admin/subjects", "/admin/blogs", "/admin/notes"]) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/login$/);
    }
  });

  test("a signed-in non-admin gets 403 'Unauthorized: Admins only.'", async ({ page }) => {
    await login(page, "student");
    const response = await page.goto("/admin");
    expect(response?.status()).toBe(403);
    await expect(page.getByRole("heading", { name: "Unauthorized: Admins only." })).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Admin Menu" })).toHaveCount(0);
  });

  test("logout ends the session and goes home", async ({ page }) => {
    await login(page, "admin");
    await page.getByRole("button", { name: "Logout" }).click();
    await expect(page).toHaveURL(/\/$/);
    await page.goto("/admin");
    await expect(page).toHaveURL(/\/login$/);
  });

  test("unknown routes get a real 404 page", async ({ page }) => {
    const response = await page.goto("/no-such-page");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
  });
});
