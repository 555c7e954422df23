import type { Locator, Page } from "@playwright/test";
import { loadConfig } from "#app/server/config.server.ts";
import { demoCatalogue } from "../../cli/demo-catalogue.ts";
import { E2E_PORT } from "./accounts.ts";
import { expect, hydrated, test } from "./fixtures.ts";

// The same configuration the e2e server was started with.
const { appStoreUrl } = loadConfig({ ...process.env, PORT: String(E2E_PORT) });
const realNumbers = demoCatalogue[10][0]?.chapters[0];
const REAL_NUMBERS = "/class/10/chapter/real-numbers";
/** Chrome logs the 404 status of the page itself as a console error; that one is expected here. */
const notThe404 = (errors: string[]) => errors.filter((e) => !e.includes("status of 404"));

function promo(page: Page): Locator {
  return page.getByRole("dialog", { name: "Ready to accelerate your learning?" });
}

async function expectNewTab(link: Locator, href: string) {
  await expect(link).toHaveAttribute("href", href);
  await expect(link).toHaveAttribute("target", "_blank");
  await expect(link).toHaveAttribute("rel", "noopener noreferrer");
}

test.describe("chapter page", () => {
  test("shows the header, notes, link lists and the closing call to action", async ({
    page,
    consoleErrors,
  }) => {
    if (!realNumbers) throw new Error("demo catalogue changed: class 10 has no first chapter");
    await page.goto(REAL_NUMBERS);
    await hydrated(page);
    await promo(page).getByRole("button", { name: "Continue to chapter" }).click();

    await expect(page).toHaveTitle("Real Numbers \u2013 Class 10 Notes");
    await expect(page.locator('meta[name="description"]')).toHaveAttribute(
      "content",
      realNumbers.seoDescription ?? "",
    );
    await expect(page.locator('meta[name="keywords"]')).toHaveAttribute(
      "content",
      (realNumbers.keywords ?? []).join(", "),
    );

    await expect(page.getByRole("heading", { level: 1, name: "Real Numbers" })).toBeVisible();
    await expect(page.getByText("Chapter", { exact: true })).toBeVisible();
    for (const badge of ["AI-Powered Learning", "Reward Based Learning", "Track Your Progress"]) {
      await expect(page.getByText(badge, { exact: true })).toBeVisible();
    }
    const download = page.getByRole("main").getByRole("link", { name: /^Download App/ });
    await expect(download).toHaveCount(2);
    for (const link of await download.all()) await expectNewTab(link, appStoreUrl);
    await expect(page.getByRole("link", { name: "Back to Class 10" })).toHaveAttribute("href", "/class/10");

    // The note's HTML, rendered as HTML.
    const notes = page
      .locator("section")
      .filter({ has: page.getByRole("heading", { name: "Notes", exact: true }) });
    await expect(
      notes.getByRole("heading", { level: 3, name: "Fundamental Theorem of Arithmetic" }),
    ).toBeVisible();
    await expect(notes.locator(".prose-content strong").first()).toBeVisible();

    for (const [heading, links] of [
      ["Other Notes", realNumbers.notes ?? []],
      ["Questions", realNumbers.questions ?? []],
      ["Lectures", realNumbers.lectures ?? []],
    ] as const) {
      const section = page.locator("section").filter({ has: page.getByRole("heading", { name: heading }) });
      await expect(section.getByRole("listitem")).toHaveCount(links.length);
      for (const [i, link] of links.entries()) {
        const item = section.getByRole("listitem").nth(i);
        await expect(item).toContainText(link.title);
        const open = item.getByRole("link");
        // Visible text "Open"; the accessible name says which item opens.
        expect(await open.evaluate((a) => a.firstElementChild?.firstChild?.textContent?.trim())).toBe("Open");
        await expect(open).toHaveAccessibleName(`Open ${link.title} (opens in a new tab)`);
        await expectNewTab(open, link.url);
      }
    }

    await expect(page.getByRole("link", { name: "Explore More Chapters" })).toHaveAttribute(
      "href",
      "/class/10?subject=mathematics",
    );
    expect(consoleErrors).toEqual([]);
  });

  test("sections without items are hidden", async ({ page, consoleErrors }) => {
    // Class 10 Probability has questions only; Polynomials has nothing yet.
    await page.goto("/class/10/chapter/probability");
    await expect(page.getByRole("heading", { level: 2, name: "Questions" })).toBeVisible();
    for (const name of ["Notes", "Other Notes", "Lectures"]) {
      await expect(page.getByRole("heading", { level: 2, name, exact: true })).toHaveCount(0);
    }
    await page.goto("/class/10/chapter/polynomials");
    await expect(page.getByRole("heading", { level: 1, name: "Polynomials" })).toBeVisible();
    for (const name of ["Notes", "Other Notes", "Questions", "Lectures"]) {
      await expect(page.getByRole("heading", { level: 2, name, exact: true })).toHaveCount(0);
    }
    // Without a note, the description is made from the chapter itself.
    await expect(page).toHaveTitle("Polynomials \u2013 Class 10 Notes");
    await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /Polynomials/);
    expect(consoleErrors).toEqual([]);
  });

  test("the promo modal opens on arrival, with the store link and QR code, and 'Continue to chapter' closes it", async ({
    page,
    consoleErrors,
  }) => {
    await page.goto(REAL_NUMBERS);
    await hydrated(page);
    const dialog = promo(page);
    await expect(dialog).toBeVisible();
    expect(await dialog.evaluate((d) => d.matches(":modal"))).toBe(true);
    await expectNewTab(dialog.getByRole("link", { name: /^Get the App/ }), appStoreUrl);
    const qr = dialog.getByRole("img", { name: /QR code/ });
    await expect(qr).toBeVisible();
    expect(await qr.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
    await expect(dialog).toContainText("Scan the code with your phone or open the store listing.");
    await dialog.getByRole("button", { name: "Continue to chapter" }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole("heading", { level: 1, name: "Real Numbers" })).toBeVisible();
    expect(consoleErrors).toEqual([]);
  });

  test("'Close' and Escape close the modal", async ({ page, consoleErrors }) => {
    await page.goto(REAL_NUMBERS);
    await hydrated(page);
    await promo(page).getByRole("button", { name: "Close" }).click();
    await expect(promo(page)).toBeHidden();
    await page.reload();
    await hydrated(page);
    await expect(promo(page)).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(promo(page)).toBeHidden();
    expect(consoleErrors).toEqual([]);
  });

  test("the modal opens again after navigating to another chapter", async ({ page, consoleErrors }) => {
    await page.goto(REAL_NUMBERS);
    await hydrated(page);
    await page.evaluate(() => {
      (window as unknown as { samePage: boolean }).samePage = true;
    });
    await promo(page).getByRole("button", { name: "Close" }).click();
    await page.getByRole("link", { name: "Explore More Chapters" }).click();
    await page.getByRole("link", { name: "View Resources for Quadratic Equations" }).click();
    await expect(page).toHaveURL(/\/class\/10\/chapter\/quadratic-equations$/);
    await expect(promo(page)).toBeVisible();
    await promo(page).getByRole("button", { name: "Continue to chapter" }).click();
    await expect(promo(page)).toBeHidden();
    await page.goBack();
    await page.goBack();
    await expect(page).toHaveURL(new RegExp(`${REAL_NUMBERS}$`));
    await expect(promo(page)).toBeVisible();
    // All of it happened in the browser, without a page load.
    expect(await page.evaluate(() => (window as unknown as { samePage?: boolean }).samePage)).toBe(true);
    expect(consoleErrors).toEqual([]);
  });

  test("a missing chapter answers 404 with a way back to its class", async ({ page, consoleErrors }) => {
    const response = await page.goto("/class/10/chapter/no-such-chapter");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "Chapter not found." })).toBeVisible();
    await expect(page.getByRole("link", { name: "Back to Class 10" })).toHaveAttribute("href", "/class/10");
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
    await expect(promo(page)).toHaveCount(0);
    // A slug from another class is not this class's chapter.
    const other = await page.goto("/class/9/chapter/real-numbers");
    expect(other?.status()).toBe(404);
    expect(notThe404(consoleErrors)).toEqual([]);
  });

  test("an invalid class in a chapter address redirects home", async ({ request }) => {
    const response = await request.get("/class/13/chapter/real-numbers", { maxRedirects: 0 });
    expect(response.status()).toBe(302);
    expect(response.headers().location).toBe("/");
  });
});

test.describe("chapter page without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the modal is in the page and closes; the chapter is readable and its links work", async ({
    page,
  }) => {
    await page.goto(REAL_NUMBERS);
    const dialog = promo(page);
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: "Continue to chapter" }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole("heading", { level: 1, name: "Real Numbers" })).toBeVisible();
    await expect(
      page.getByRole("heading", { level: 3, name: "Fundamental Theorem of Arithmetic" }),
    ).toBeVisible();
    await expect(page.getByRole("link", { name: /^Open / }).first()).toHaveAttribute("href", /^https:\/\//);

    await page.reload();
    await promo(page).getByRole("button", { name: "Close" }).click();
    await expect(promo(page)).toBeHidden();
    await page.getByRole("link", { name: "Back to Class 10" }).click();
    await expect(page).toHaveURL(/\/class\/10$/);
    await expect(page.getByRole("heading", { level: 1, name: "Class 10 Resources" })).toBeVisible();
  });
});
