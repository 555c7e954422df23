import { loadConfig } from "#app/server/config.server.ts";
import { E2E_PORT } from "./accounts.ts";
import { expect, hydrated, test } from "./fixtures.ts";

// The same configuration the e2e server builds (tests/e2e/server.ts).
const config = loadConfig({ ...process.env, PORT: String(E2E_PORT), HOST: "127.0.0.1" });

const CLASS_LINKS = [9, 10, 11, 12].map((g) => [`Class ${g} Resources`, `/class/${g}`] as const);
const GUIDE_LINKS = [
  ["Class 9 Study Guide", "/guide/9"],
  ["Class 10 Exam Guide", "/guide/10"],
  ["Class 11 Study Guide", "/guide/11"],
  ["Class 12 Board Guide", "/guide/12"],
] as const;

test.describe("top bar on a desktop screen", () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test("has Home, About Us and Blog links and no Menu button", async ({ page, consoleErrors }) => {
    await page.goto("/about");
    const nav = page.getByRole("banner").getByRole("navigation", { name: "Main" });
    await expect(nav.getByRole("link", { name: "Home", exact: true })).toHaveAttribute("href", "/");
    await expect(nav.getByRole("link", { name: "About Us" })).toHaveAttribute("href", "/about");
    await expect(nav.getByRole("link", { name: "About Us" })).toHaveAttribute("aria-current", "page");
    await expect(nav.getByRole("link", { name: "Blog" })).toHaveAttribute("href", "/blog");
    await expect(page.getByRole("button", { name: "Menu", exact: true })).toBeHidden();
    expect(consoleErrors).toEqual([]);
  });

  test("the Classes and Guides dropdowns open by mouse, one at a time", async ({ page, consoleErrors }) => {
    await page.goto("/");
    const banner = page.getByRole("banner");
    await expect(banner.getByRole("link", { name: "Class 9 Resources" })).toBeHidden();
    await banner.getByRole("button", { name: "Classes" }).click();
    for (const [name, href] of CLASS_LINKS) {
      await expect(banner.getByRole("link", { name })).toBeVisible();
      await expect(banner.getByRole("link", { name })).toHaveAttribute("href", href);
    }
    await banner.getByRole("button", { name: "Guides" }).click();
    await expect(banner.getByRole("link", { name: "Class 9 Resources" })).toBeHidden();
    for (const [name, href] of GUIDE_LINKS) {
      await expect(banner.getByRole("link", { name })).toBeVisible();
      await expect(banner.getByRole("link", { name })).toHaveAttribute("href", href);
    }
    // A click elsewhere closes it.
    await page.getByRole("heading", { level: 1 }).click();
    await expect(banner.getByRole("link", { name: "Class 9 Study Guide" })).toBeHidden();

    await banner.getByRole("button", { name: "Guides" }).click();
    await banner.getByRole("link", { name: "Class 11 Study Guide" }).click();
    await expect(page).toHaveURL(/\/guide\/11$/);
    await expect(page.getByRole("heading", { level: 1, name: "Class 11 Study Guide" })).toBeVisible();
    await expect(banner.getByRole("link", { name: "Class 11 Study Guide" })).toBeHidden();
    expect(consoleErrors).toEqual([]);
  });

  test("the dropdowns work by keyboard", async ({ page, consoleErrors }) => {
    await page.goto("/");
    const banner = page.getByRole("banner");
    const classes = banner.getByRole("button", { name: "Classes" });
    await classes.focus();
    await page.keyboard.press("Enter");
    await expect(banner.getByRole("link", { name: "Class 9 Resources" })).toBeVisible();
    await page.keyboard.press("Tab");
    await expect(banner.getByRole("link", { name: "Class 9 Resources" })).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(banner.getByRole("link", { name: "Class 9 Resources" })).toBeHidden();
    await expect(classes).toBeFocused();

    const guides = banner.getByRole("button", { name: "Guides" });
    await guides.focus();
    await page.keyboard.press("Space");
    await page.keyboard.press("Tab");
    await page.keyboard.press("Tab");
    await expect(banner.getByRole("link", { name: "Class 10 Exam Guide" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/guide\/10$/);
    await expect(page.getByRole("heading", { level: 1, name: "Class 10 Exam Guide" })).toBeVisible();
    await expect(banner.getByRole("link", { name: "Class 10 Exam Guide" })).toBeHidden();
    expect(consoleErrors).toEqual([]);
  });
});

test.describe("mobile menu on a 375 px phone", () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test("opens with Menu, moves focus in, and Escape closes it", async ({ page, consoleErrors }) => {
    await page.goto("/");
    await hydrated(page);
    // The menu's autofocus acts only when it opens, never on page load.
    expect(await page.evaluate(() => document.activeElement === document.body)).toBe(true);
    const banner = page.getByRole("banner");
    await expect(banner.getByRole("navigation", { name: "Main" })).toBeHidden();
    const menuButton = page.getByRole("button", { name: "Menu", exact: true });
    const menu = page.getByRole("navigation", { name: "Menu" });
    await expect(menu).toBeHidden();
    await menuButton.click();
    await expect(menu).toBeVisible();
    await expect(page.getByRole("button", { name: "Close menu" })).toBeFocused();
    for (const name of ["Home", "About Us", "Blog"]) {
      await expect(menu.getByRole("link", { name, exact: true })).toBeVisible();
    }
    for (const [name, href] of [...CLASS_LINKS, ...GUIDE_LINKS]) {
      await expect(menu.getByRole("link", { name })).toHaveAttribute("href", href);
    }
    await page.keyboard.press("Escape");
    await expect(menu).toBeHidden();
    await expect(menuButton).toBeFocused();

    await menuButton.click();
    await page.getByRole("button", { name: "Close menu" }).click();
    await expect(menu).toBeHidden();
    expect(consoleErrors).toEqual([]);
  });

  test("a link in the menu navigates and closes the menu", async ({ page, consoleErrors }) => {
    await page.goto("/about");
    await page.getByRole("button", { name: "Menu", exact: true }).click();
    const menu = page.getByRole("navigation", { name: "Menu" });
    await menu.getByRole("link", { name: "Class 12 Board Guide" }).click();
    await expect(page).toHaveURL(/\/guide\/12$/);
    await expect(page.getByRole("heading", { level: 1, name: "Class 12 Board Guide" })).toBeVisible();
    await expect(menu).toBeHidden();
    expect(consoleErrors).toEqual([]);
  });
});

test.describe("footer", () => {
  test("has the logo, the app QR code, social links, Made in India, the year and legal links", async ({
    page,
    consoleErrors,
  }) => {
    await page.goto("/guide/11");
    const footer = page.getByRole("contentinfo");
    await expect(footer.getByRole("link", { name: config.siteName, exact: true })).toHaveAttribute(
      "href",
      "/",
    );
    await expect(footer.getByRole("heading", { name: "Download the App" })).toBeVisible();
    const qr = footer.getByRole("img", { name: /QR code/ });
    await expect(qr).toBeVisible();
    await expect(qr).toHaveAttribute("src", /^data:image\/svg\+xml,/);
    expect(await qr.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    await expect(footer.getByRole("link", { name: "Get the App" })).toHaveAttribute(
      "href",
      config.appStoreUrl,
    );
    for (const network of ["Facebook", "Twitter", "Instagram", "LinkedIn"]) {
      const link = footer.getByRole("link", { name: new RegExp(`on ${network}`) });
      await expect(link).toHaveAttribute("target", "_blank");
      await expect(link).toHaveAttribute("rel", "noopener noreferrer");
    }
    await expect(footer.getByText("Made in India")).toBeVisible();
    await expect(footer.getByText(`© ${new Date().getFullYear()} ${config.siteName}`)).toBeVisible();
    await footer.getByRole("link", { name: "Privacy Policy" }).click();
    await expect(page).toHaveURL(/\/privacy-policy$/);
    await expect(page.getByRole("heading", { level: 1, name: "Privacy Policy" })).toBeVisible();
    await page.getByRole("contentinfo").getByRole("link", { name: "Terms and Conditions" }).click();
    await expect(page).toHaveURL(/\/terms-and-conditions$/);
    await expect(page.getByRole("heading", { level: 1, name: "Terms and Conditions" })).toBeVisible();
    expect(consoleErrors).toEqual([]);
  });

  test("every link to another site opens a new tab without access to this page", async ({ page }) => {
    for (const path of ["/", "/about", "/guide/9", "/privacy-policy", "/terms-and-conditions"]) {
      await page.goto(path);
      const external = await page.evaluate(() =>
        [...document.querySelectorAll<HTMLAnchorElement>("a[href]")]
          .filter((a) => new URL(a.href).origin !== window.location.origin)
          .map((a) => ({ href: a.href, target: a.target, rel: a.rel })),
      );
      expect(external.length, path).toBeGreaterThan(0);
      for (const link of external) {
        expect(link, `${path} ${link.href}`).toMatchObject({ target: "_blank", rel: "noopener noreferrer" });
      }
    }
  });
});

test("unknown paths get the 404 page inside the site frame", async ({ page, consoleErrors }) => {
  const response = await page.goto("/no-such-page");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
  await expect(page.getByRole("banner")).toBeVisible();
  await expect(page.getByRole("contentinfo")).toBeVisible();
  await page.getByRole("link", { name: "Back to Home" }).click();
  await expect(page).toHaveURL(/\/$/);
  // The one expected message: the browser reports the page's own 404 status.
  expect(consoleErrors).toEqual([
    "Failed to load resource: the server responded with a status of 404 (Not Found)",
  ]);
});
