import type { Page } from "@playwright/test";
import { loadConfig } from "#app/server/config.server.ts";
import { demoCatalogue } from "../../cli/demo-catalogue.ts";
import { E2E_PORT } from "./accounts.ts";
import { removeMadeContent, seedChapters, seedSubject, unique } from "./admin-content.ts";
import { expect, hydrated, seriousA11yViolations, test } from "./fixtures.ts";

// Passing a chapter on to a class (DESIGN 8.3, issue 33): "Share" (WhatsApp without JavaScript, the
// device's share sheet with it), the printable QR code page, and the chapter page on paper.

// The same configuration the e2e server was started with.
const { siteUrl } = loadConfig({ ...process.env, PORT: String(E2E_PORT) });
const REAL_NUMBERS = "/class/10/chapter/real-numbers";
const ADDRESS = `${siteUrl}${REAL_NUMBERS}`;
const MATHS = demoCatalogue[10][0]?.label ?? "Mathematics";
const SHORT_ADDRESS = new RegExp(`^${siteUrl.replace(/[.]/g, "\\.")}/c/\\d+$`);

/** The promo prompt, answered where it opens (with JavaScript it opens again on every arrival). */
async function continueToChapter(page: Page) {
  const promo = page.getByRole("dialog", { name: "Ready to accelerate your learning?" });
  await promo.getByRole("button", { name: "Continue to chapter" }).click();
  await expect(promo).toBeHidden();
}

test.describe("sharing without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("Share is a WhatsApp link with the title and address; QR code leads to a printable page", async ({
    page,
  }) => {
    await page.goto(REAL_NUMBERS);
    await continueToChapter(page);
    await expect(page.getByRole("link", { name: "Share", exact: true })).toHaveAttribute(
      "href",
      `https://wa.me/?text=${encodeURIComponent(`Real Numbers \u2013 ${ADDRESS}`)}`,
    );
    await page.getByRole("link", { name: "QR code", exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${REAL_NUMBERS}/qr$`));

    await expect(page.getByRole("heading", { level: 1, name: "Real Numbers" })).toBeVisible();
    await expect(page.getByText(`Class 10 · ${MATHS}`, { exact: true })).toBeVisible();
    const qr = page.getByRole("main").getByRole("img", { name: /QR code/ });
    await expect(qr).toBeVisible();
    expect(await qr.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    const short = page.getByText(SHORT_ADDRESS);
    await expect(short).toBeVisible();
    // Printing without JavaScript is the browser's own menu: no button that would do nothing.
    await expect(page.getByRole("button", { name: "Print" })).toHaveCount(0);

    // The short address the code holds leads to the chapter.
    await page.goto(new URL((await short.textContent()) ?? "").pathname);
    await expect(page).toHaveURL(new RegExp(`${REAL_NUMBERS}$`));
    await expect(page.getByRole("heading", { level: 1, name: "Real Numbers" })).toBeVisible();
  });
});

test.describe("sharing with JavaScript", () => {
  test("Share opens the device's share sheet where there is one", async ({ page, consoleErrors }) => {
    // The browser's API, faked in the page only: it records what it is asked to share.
    await page.addInitScript(() => {
      const shared: unknown[] = [];
      Object.assign(window, { shared });
      Object.defineProperty(Navigator.prototype, "share", {
        configurable: true,
        value: (data: unknown) => {
          shared.push(data);
          return Promise.resolve();
        },
      });
    });
    await page.goto(REAL_NUMBERS);
    await hydrated(page);
    await continueToChapter(page);
    await page.getByRole("link", { name: "Share", exact: true }).click();
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { shared: unknown[] }).shared))
      .toEqual([{ title: "Real Numbers", text: `Real Numbers \u2013 Class 10 ${MATHS}`, url: ADDRESS }]);
    await expect(page).toHaveURL(new RegExp(`${REAL_NUMBERS}$`));
    expect(consoleErrors).toEqual([]);
  });

  test("without a share sheet the click is left to the WhatsApp link", async ({ page }) => {
    await page.addInitScript(() => {
      Reflect.deleteProperty(Navigator.prototype, "share");
      // Records whether the page kept the link from being followed, then keeps this test off WhatsApp.
      window.addEventListener("click", (event) => {
        if (!(event.target instanceof Element) || !event.target.closest('a[href^="https://wa.me/"]')) return;
        Object.assign(window, { followed: !event.defaultPrevented });
        event.preventDefault();
      });
    });
    await page.goto(REAL_NUMBERS);
    await hydrated(page);
    await continueToChapter(page);
    await page.getByRole("link", { name: "Share", exact: true }).click();
    expect(await page.evaluate(() => (window as unknown as { followed?: boolean }).followed)).toBe(true);
  });

  test("the QR code page prints with its button, has no serious accessibility faults and is stored", async ({
    page,
    request,
    consoleErrors,
  }) => {
    await page.addInitScript(() => {
      window.print = () => Object.assign(window, { printed: true });
    });
    await page.goto(`${REAL_NUMBERS}/qr`);
    await hydrated(page);
    await page.getByRole("button", { name: "Print" }).click();
    expect(await page.evaluate(() => (window as unknown as { printed?: boolean }).printed)).toBe(true);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);

    // On paper: the title, class, code and address; no top bar, footer or buttons.
    await page.emulateMedia({ media: "print" });
    await expect(page.getByRole("main").getByRole("img", { name: /QR code/ })).toBeVisible();
    await expect(page.getByText(SHORT_ADDRESS)).toBeVisible();
    await expect(page.getByRole("banner")).toBeHidden();
    await expect(page.getByRole("contentinfo")).toBeHidden();
    await expect(page.getByRole("button", { name: "Print" })).toBeHidden();
    await expect(page.getByRole("link", { name: "Back to chapter" })).toBeHidden();

    // Stored like the chapter page: the same bytes for everyone, in brotli from the store.
    await request.get(`${REAL_NUMBERS}/qr`);
    const [a, b] = [await request.get(`${REAL_NUMBERS}/qr`), await request.get(`${REAL_NUMBERS}/qr?x=1`)];
    expect(a.status()).toBe(200);
    expect(b.headers().etag).toBe(a.headers().etag);
    const br = await request.get(`${REAL_NUMBERS}/qr`, { headers: { "Accept-Encoding": "br" } });
    expect(br.headers()["content-encoding"]).toBe("br");
    expect(consoleErrors).toEqual([]);
  });

  test("a printed chapter page is a clean sheet: its content, each link's address and its QR code", async ({
    page,
  }) => {
    await page.goto(REAL_NUMBERS);
    await hydrated(page);
    // On screen the printed QR code is not there; the prompt is.
    const printedQr = page.getByRole("img", { name: "QR code of this chapter's address" });
    await expect(printedQr).toBeHidden();
    const promo = page.getByRole("dialog", { name: "Ready to accelerate your learning?" });
    await expect(promo).toBeVisible();

    await page.emulateMedia({ media: "print" });
    await expect(promo).toBeHidden();
    await expect(page.getByRole("banner")).toBeHidden();
    await expect(page.getByRole("contentinfo")).toBeHidden();
    for (const name of [
      /^Download App/,
      /^Back to Class 10/,
      /^Share$/,
      /^QR code$/,
      /^Explore More Chapters/,
    ])
      await expect(page.getByRole("link", { name }).first(), String(name)).toBeHidden();
    await expect(page.getByRole("navigation", { name: "Filter links" })).toBeHidden();
    await expect(page.getByRole("button", { name: "Report broken link" }).first()).toBeHidden();
    await expect(page.getByRole("heading", { level: 1, name: "Real Numbers" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Notes", exact: true })).toBeVisible();

    // Each link prints its address after its title, in place of its "Open" button.
    const lectures = page.locator("section").filter({ has: page.getByRole("heading", { name: "Lectures" }) });
    const open = lectures.getByRole("link").first();
    const href = (await open.getAttribute("href")) ?? "";
    expect(href).toMatch(/^https:\/\//);
    expect(await open.evaluate((a) => getComputedStyle(a, "::after").content)).toBe(JSON.stringify(href));
    await expect(open.getByText("Open", { exact: true })).toBeHidden();

    // …and the chapter's short address as a QR code, where a phone can pick the page up again.
    await expect(printedQr).toBeVisible();
    await expect(page.getByText(SHORT_ADDRESS)).toBeVisible();
  });
});

test.describe("the QR code page's addresses", () => {
  test.afterEach(async ({ page }) => removeMadeContent(page));

  test("a renamed chapter's old QR page answers 301 to its new one; the code stays the same, its share card is new", async ({
    adminPage: page,
  }) => {
    const subject = await seedSubject(page, 11);
    const title = unique("Share renamed");
    await seedChapters(page, 11, subject.code, [{ title }]);
    const slug = (t: string) => t.toLowerCase().replace(/[^a-z0-9]+/g, "-");
    const old = `/class/11/chapter/${slug(title)}/qr`;
    await page.goto(old);
    const short = (await page.getByText(SHORT_ADDRESS).textContent()) ?? "";
    const id = /\/c\/(\d+)$/.exec(short)?.[1] ?? "";
    const cardOf = async (chapter: string) => {
      const html = await (await page.request.get(chapter)).text();
      const address = /<meta property="og:image" content="([^"]+)"/.exec(html)?.[1] ?? "";
      return {
        address,
        png: await (await page.request.get(new URL(address).pathname + new URL(address).search)).body(),
      };
    };
    const before = await cardOf(old.replace(/\/qr$/, ""));

    // Renamed through Edit Resource's form.
    const edited = await page.request.post(`/admin/chapters/${id}`, {
      form: { intent: "update", id, version: "1", grade: "11", subject: subject.code, title: `${title} new` },
      maxRedirects: 0,
    });
    expect(edited.status()).toBe(303);
    const now = `/class/11/chapter/${slug(`${title} new`)}/qr`;
    const moved = await page.request.get(old, { maxRedirects: 0 });
    expect(moved.status()).toBe(301);
    expect(moved.headers().location).toBe(now);
    await page.goto(old);
    await expect(page).toHaveURL(new RegExp(`${now}$`));
    await expect(page.getByRole("heading", { level: 1, name: `${title} new` })).toBeVisible();
    await expect(page.getByText(SHORT_ADDRESS)).toHaveText(short);
    // Its share card is drawn again for the new title, at a new address link previews fetch anew.
    const after = await cardOf(now.replace(/\/qr$/, ""));
    expect(after.address).not.toBe(before.address);
    expect(after.png.equals(before.png)).toBe(false);
  });

  test("an unknown chapter's QR page is the site's 404; an unknown class goes home", async ({ page }) => {
    const response = await page.goto("/class/10/chapter/no-such-chapter/qr");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
    // A slug from another class is not this class's chapter.
    expect((await page.request.get("/class/9/chapter/real-numbers/qr")).status()).toBe(404);
    const home = await page.request.get("/class/13/chapter/real-numbers/qr", { maxRedirects: 0 });
    expect(home.status()).toBe(302);
    expect(home.headers().location).toBe("/");
  });
});

test.describe("the share card link previews show", () => {
  /** A PNG's width and height, from its header (IHDR). */
  const pngSize = (bytes: Buffer) => {
    expect(bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBe(
      true,
    );
    return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
  };

  for (const page of [
    { path: REAL_NUMBERS, card: `${REAL_NUMBERS}/card.png` },
    { path: `/hi${REAL_NUMBERS}`, card: `/hi${REAL_NUMBERS}/card.png` },
  ]) {
    test(`${page.path}: og:image is its own 1200 × 630 card, shown wide`, async ({ request }) => {
      const html = await (await request.get(page.path)).text();
      // Its address names what it shows (`?v=`): kept for good by whoever fetches it.
      const image = new RegExp(
        `<meta property="og:image" content="${siteUrl}${page.card}\\?v=([\\w-]{22})"/>`,
      );
      const version = image.exec(html)?.[1];
      expect(version).toBeTruthy();
      expect(html).toContain('<meta property="og:image:width" content="1200"/>');
      expect(html).toContain('<meta property="og:image:height" content="630"/>');
      expect(html).toContain('<meta name="twitter:card" content="summary_large_image"/>');
      const card = await request.get(`${page.card}?v=${version}`);
      expect(card.status()).toBe(200);
      expect(card.headers()["content-type"]).toBe("image/png");
      expect(card.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
      expect(pngSize(await card.body())).toEqual({ width: 1200, height: 630 });
      // Without it (or with an old one), the same picture, kept a day.
      const plain = await request.get(page.card);
      expect(plain.headers()["cache-control"]).toBe("public, max-age=86400");
      expect(await plain.body()).toEqual(await card.body());
    });
  }

  test("a Devanagari chapter has its card; a chapter that is not there has none", async ({ request }) => {
    const card = await request.get(`/hi/class/10/chapter/${encodeURIComponent("सूरदास-के-पद")}/card.png`);
    expect(card.status()).toBe(200);
    expect(pngSize(await card.body())).toEqual({ width: 1200, height: 630 });
    for (const path of [
      "/class/10/chapter/no-such-chapter/card.png",
      "/hi/class/10/chapter/no-such/card.png",
    ]) {
      const missing = await request.get(path, { maxRedirects: 0 });
      expect(missing.status(), path).toBe(404);
      expect(missing.headers()["content-type"], path).toMatch(/^text\/plain/);
    }
  });
});
