import { ACCOUNTS } from "./accounts.ts";
import { expect, hydrated, login, test } from "./fixtures.ts";

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

  test("a refused login keeps the e-mail, never the password, and focuses the message", async ({ page }) => {
    await page.goto("/login");
    await hydrated(page);
    await page.getByLabel("Email").fill(ACCOUNTS.admin.email);
    await page.getByLabel("Password").fill("wrong-password-kept-nowhere");
    await page.getByRole("button", { name: "Login" }).click();
    const alert = page.getByRole("alert");
    await expect(alert).toHaveText("Invalid email or password.");
    await expect(alert).toBeFocused();
    await expect(page.getByLabel("Email")).toHaveValue(ACCOUNTS.admin.email);
    // An empty form is refused with the same one message.
    await page.getByLabel("Email").fill("");
    await page.getByLabel("Password").fill("");
    await page.getByRole("button", { name: "Login" }).click();
    await expect(alert).toHaveText("Invalid email or password.");
    await expect(page).toHaveURL(/\/login$/);
  });

  test("the button reads 'Logging in...' and is disabled while submitting", async ({ page }) => {
    await page.goto("/login");
    await hydrated(page);
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

  test("logout ends the session on the server: the old cookie no longer opens the console", async ({
    page,
    baseURL,
  }) => {
    await login(page, "admin");
    const session = (await page.context().cookies()).find((c) => c.name === "cw_session");
    expect(session).toBeTruthy();
    await page.getByRole("button", { name: "Logout" }).click();
    await expect(page).toHaveURL(/\/$/);
    const replay = await page.request.get(`${baseURL}/admin`, {
      headers: { Cookie: `cw_session=${session?.value}` },
      maxRedirects: 0,
    });
    expect(replay.status()).toBe(302);
    expect(replay.headers().location).toMatch(/\/login$/);
  });

  test("a new session id at every login", async ({ browser }) => {
    const ids: string[] = [];
    for (let i = 0; i < 2; i++) {
      const context = await browser.newContext();
      const page = await context.newPage();
      await login(page, "admin");
      ids.push((await context.cookies()).find((c) => c.name === "cw_session")?.value ?? "");
      await context.close();
    }
    expect(ids[0]).not.toBe(ids[1]);
  });

  test("unknown routes get a real 404 page", async ({ page }) => {
    const response = await page.goto("/no-such-page");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
  });
});

test.describe("admin login without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the same alert and statuses; the e-mail is kept and the password is never sent back", async ({
    page,
  }) => {
    await page.goto("/login");
    await page.getByLabel("Email").fill(ACCOUNTS.admin.email);
    await page.getByLabel("Password").fill("wrong-password-kept-nowhere");
    const [wrong] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === "POST"),
      page.getByRole("button", { name: "Login" }).click(),
    ]);
    expect(wrong.status()).toBe(401);
    expect(await wrong.text()).not.toContain("wrong-password-kept-nowhere");
    await expect(page.getByRole("alert")).toHaveText("Invalid email or password.");
    await expect(page.getByLabel("Email")).toHaveValue(ACCOUNTS.admin.email);
    await expect(page.getByLabel("Password")).toHaveValue("");

    await page.getByLabel("Email").fill("not an e-mail");
    const [malformed] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === "POST"),
      page.getByRole("button", { name: "Login" }).click(),
    ]);
    expect(malformed.status()).toBe(400);
    await expect(page.getByRole("alert")).toHaveText("Invalid email or password.");

    await page.getByLabel("Email").fill(ACCOUNTS.admin.email);
    await page.getByLabel("Password").fill(ACCOUNTS.admin.password);
    await page.getByRole("button", { name: "Login" }).click();
    await expect(page).toHaveURL(/\/admin$/);
  });
});

test.describe("brute force", () => {
  // Each test pretends to come from its own address (the server trusts X-Forwarded-For from loopback).
  const post = (page: import("@playwright/test").Page, address: string, email: string, password: string) =>
    page.request.post("/login", {
      form: { email, password },
      headers: {
        Origin: new URL(page.context().pages()[0]?.url() || "http://127.0.0.1").origin,
        "X-Forwarded-For": address,
      },
      maxRedirects: 0,
    });

  test("five failures lock the account with 429 and a time to wait; unknown and known accounts look the same", async ({
    page,
  }) => {
    await page.goto("/login");
    const address = `198.51.100.${Math.floor(Math.random() * 200) + 1}`;
    const email = `locked-${Date.now()}@e2e.test`;
    for (let i = 0; i < 5; i++)
      expect((await post(page, address, email, "wrong-password")).status()).toBe(401);
    const blocked = await post(page, `${address}1`, email, "wrong-password");
    expect(blocked.status()).toBe(429);
    expect(await blocked.text()).toContain("Too many failed logins. Please try again in 15 minutes.");
  });

  test("ten failures from one address lock that address, even for a right password", async ({ page }) => {
    await page.goto("/login");
    const address = `203.0.113.${Math.floor(Math.random() * 200) + 1}`;
    for (let i = 0; i < 10; i++)
      await post(page, address, `someone${i}-${Date.now()}@e2e.test`, "wrong-password");
    const blocked = await post(page, address, ACCOUNTS.admin.email, ACCOUNTS.admin.password);
    expect(blocked.status()).toBe(429);
    const elsewhere = await post(page, `${address}0`, ACCOUNTS.admin.email, ACCOUNTS.admin.password);
    expect(elsewhere.status()).toBe(302);
  });
});
