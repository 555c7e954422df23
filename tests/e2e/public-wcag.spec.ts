import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect, hydrated, login, test } from "./fixtures.ts";

// WCAG 2.2 AA, the criteria new since 2.1 (issue 30, DESIGN.md 8.4), on the public pages and the
// sign-in fields; beyond AA, a "Report broken link" form that is easy to use on a phone.

const CHAPTER = "/class/10/chapter/real-numbers";
const LONG_PAGES = ["/class/10", "/guide/10", CHAPTER];

async function closePromo(page: Page) {
  const promo = page.getByRole("dialog", { name: "Ready to accelerate your learning?" });
  if (await promo.isVisible()) await promo.getByRole("button", { name: "Continue to chapter" }).click();
}

/** Where the focused element is, and where the sticky top bar ends (null: focus is in the bar). */
function focusedBox(page: Page) {
  return page.evaluate(() => {
    const focused = document.activeElement;
    const bar = document.querySelector("header[data-part='top-bar']");
    if (!focused || focused === document.body || !bar || bar.contains(focused)) return null;
    const box = focused.getBoundingClientRect();
    return {
      name: `${focused.tagName} ${(focused.textContent ?? "").trim().slice(0, 40)}`,
      top: box.top,
      height: box.height,
      barBottom: bar.getBoundingClientRect().bottom,
    };
  });
}

test.describe("focus is never hidden under the sticky top bar (2.4.11)", () => {
  test.use({ viewport: { width: 375, height: 667 } });

  for (const path of LONG_PAGES) {
    test(`tabbing backwards through ${path} at 375 px`, async ({ page }) => {
      await page.goto(path);
      await hydrated(page);
      await closePromo(page);
      // From the end of the page (its last link, in the footer) back to the top bar.
      await page.locator("footer a").last().focus();
      const seen: string[] = [];
      for (let step = 0; step < 200; step++) {
        await page.keyboard.press("Shift+Tab");
        const box = await focusedBox(page);
        if (box === null) break;
        if (box.height === 0) continue;
        seen.push(box.name);
        expect(box.top, `${box.name} starts under the top bar`).toBeGreaterThanOrEqual(box.barBottom - 0.5);
      }
      expect(seen.length).toBeGreaterThan(5);
    });
  }
});

test.describe("targets are at least 24 by 24 CSS px, or spaced so (2.5.8)", () => {
  const pages = [
    "/",
    "/class/10",
    CHAPTER,
    "/guide/10",
    "/about",
    "/blog",
    "/blog/how-to-use-ncert-textbooks-for-board-exams",
    "/search?q=light",
    "/privacy-policy",
  ];
  for (const path of pages) {
    test(`${path} at 375, 800 and 1280 px`, async ({ page }) => {
      for (const width of [375, 800, 1280]) {
        await page.setViewportSize({ width, height: 900 });
        await page.goto(path);
        await closePromo(page);
        // The report form's reasons are folded away: open them, so their targets count too.
        if (path === CHAPTER) await page.getByText("Say what is wrong").first().click();
        const result = await new AxeBuilder({ page }).withRules(["target-size"]).analyze();
        const small = result.violations.flatMap((v) =>
          v.nodes.map((n) => `${width} px: ${n.target.join(" ")}`),
        );
        expect(small).toEqual([]);
      }
    });
  }
});

test.describe("Report broken link on a phone", () => {
  test.use({ viewport: { width: 375, height: 667 } });

  test("comfortable targets, and the reasons come before the button that sends them", async ({ page }) => {
    await page.goto(CHAPTER);
    await hydrated(page);
    await closePromo(page);
    const item = page.getByRole("listitem").filter({ hasText: "Khan Academy Math" });
    const button = item.getByRole("button", { name: "Report broken link" });
    const reasons = item.getByText("Say what is wrong");
    for (const target of [button, reasons]) {
      const box = await target.boundingBox();
      expect(box?.height).toBeGreaterThanOrEqual(44);
      const fontSize = await target.evaluate((el) => Number.parseFloat(getComputedStyle(el).fontSize));
      expect(fontSize).toBeGreaterThanOrEqual(14);
    }
    await reasons.click();
    const other = item.getByLabel("Other");
    await expect(other).toBeVisible();
    const choice = await other.boundingBox();
    const send = await button.boundingBox();
    // Top to bottom: "Say what is wrong", its choices, then the button to press.
    expect(choice && send && choice.y + choice.height <= send.y).toBe(true);
    const tabOrder = await item.evaluate((li) =>
      [...li.querySelectorAll("summary, input[type=radio], button")].map(
        (el) => el.textContent || el.getAttribute("value"),
      ),
    );
    expect(tabOrder.at(-1)).toContain("Report broken link");
    expect(tabOrder[0]).toContain("Say what is wrong");
  });
});

/** True when a paste into the field is left to the browser (nothing cancels it). */
function pasteAllowed(page: Page, label: string) {
  return page.getByLabel(label, { exact: true }).evaluate((input) => {
    const paste = new ClipboardEvent("paste", { bubbles: true, cancelable: true });
    return input.dispatchEvent(paste);
  });
}

test.describe("accessible authentication (3.3.8)", () => {
  test("the login's fields say what they hold and take a paste", async ({ page }) => {
    await page.goto("/login");
    await hydrated(page);
    await expect(page.getByLabel("Email")).toHaveAttribute("autocomplete", "username");
    await expect(page.getByLabel("Password")).toHaveAttribute("autocomplete", "current-password");
    expect(await pasteAllowed(page, "Email")).toBe(true);
    expect(await pasteAllowed(page, "Password")).toBe(true);
  });

  test("My account's password fields say what they hold and take a paste", async ({ page }) => {
    await login(page, "editor");
    await page.goto("/admin/account");
    await hydrated(page);
    await expect(page.getByLabel("Current password", { exact: true })).toHaveAttribute(
      "autocomplete",
      "current-password",
    );
    for (const label of ["New password", "Confirm password"]) {
      await expect(page.getByLabel(label, { exact: true })).toHaveAttribute("autocomplete", "new-password");
      expect(await pasteAllowed(page, label)).toBe(true);
    }
    expect(await pasteAllowed(page, "Current password")).toBe(true);
  });
});
