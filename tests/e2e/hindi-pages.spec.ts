import { expect, hydrated, test } from "./fixtures.ts";
import { pageScripts } from "./page-scripts.ts";

// The public pages in Hindi under /hi (DESIGN.md 8.2, docs/decisions/0030): the frame and the
// page's fixed words in Hindi, <html lang="hi">, the switch to the same page in the other
// language, hreflang alternates, and a Hindi 404.

const TWINS = [
  { en: "/", hi: "/hi", heading: "हर अध्याय। हर विषय। एक ही जगह।" },
  { en: "/class/10", hi: "/hi/class/10", heading: "कक्षा 10 के संसाधन" },
  { en: "/guide/10", hi: "/hi/guide/10" },
  { en: "/about", hi: "/hi/about" },
  { en: "/privacy-policy", hi: "/hi/privacy-policy" },
  { en: "/terms-and-conditions", hi: "/hi/terms-and-conditions" },
];

test.describe("Hindi pages", () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  for (const twin of TWINS) {
    test(`${twin.hi}: Hindi frame, lang, alternates and the way back to English`, async ({
      page,
      consoleErrors,
    }) => {
      const response = await page.goto(twin.hi);
      expect(response?.status()).toBe(200);
      await hydrated(page);
      await expect(page.locator("html")).toHaveAttribute("lang", "hi");
      const nav = page.getByRole("banner").getByRole("navigation", { name: "मुख्य" });
      await expect(nav.getByRole("link", { name: "मुखपृष्ठ", exact: true })).toHaveAttribute("href", "/hi");
      await expect(nav.getByRole("link", { name: "हमारे बारे में" })).toHaveAttribute("href", "/hi/about");
      if (twin.heading) await expect(page.getByRole("heading", { level: 1 })).toHaveText(twin.heading);
      await expect(
        page.getByRole("contentinfo").getByRole("link", { name: "गोपनीयता नीति" }),
      ).toHaveAttribute("href", "/hi/privacy-policy");
      // Search engines: this page is the Hindi one, its English twin the default (SITE_URL's origin).
      const pathOf = async (selector: string) =>
        new URL((await page.locator(selector).getAttribute("href")) ?? "").pathname;
      expect(await pathOf('link[rel="canonical"]')).toBe(twin.hi);
      expect(await pathOf('link[rel="alternate"][hreflang="hi-IN"]')).toBe(twin.hi);
      expect(await pathOf('link[rel="alternate"][hreflang="en-IN"]')).toBe(twin.en);
      expect(await pathOf('link[rel="alternate"][hreflang="x-default"]')).toBe(twin.en);

      await page.getByRole("banner").getByRole("link", { name: "English", exact: true }).click();
      await expect(page).toHaveURL(`${new URL(page.url()).origin}${twin.en}`);
      await expect(page.locator("html")).toHaveAttribute("lang", "en-IN");
      await expect(
        page
          .getByRole("banner")
          .getByRole("navigation", { name: "Main" })
          .getByRole("link", { name: "Home" }),
      ).toBeVisible();
      expect(consoleErrors).toEqual([]);
    });
  }
});

for (const js of [true, false]) {
  test.describe(`the language switch, JavaScript ${js ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled: js, viewport: { width: 375, height: 800 } });

    test("हिन्दी leads to the same page in Hindi, its query kept, and English back", async ({ page }) => {
      await page.goto("/class/11?subject=physics");
      if (js) await hydrated(page);
      const hindi = page.getByRole("banner").getByRole("link", { name: "हिन्दी", exact: true });
      await expect(hindi).toHaveAttribute("lang", "hi");
      await hindi.click();
      await expect(page).toHaveURL(/\/hi\/class\/11\?subject=physics$/);
      await expect(page.locator("html")).toHaveAttribute("lang", "hi");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("कक्षा 11 के संसाधन");
      await expect(page.getByRole("combobox", { name: "विषय" })).toHaveValue("physics");
      // The mobile menu has the switch too.
      await page.getByRole("button", { name: "मेन्यू" }).click();
      const menu = page.getByRole("navigation", { name: "मेन्यू" });
      await expect(menu.getByRole("link", { name: "English", exact: true })).toHaveAttribute(
        "href",
        "/class/11?subject=physics",
      );
      await menu.getByRole("link", { name: "English", exact: true }).click();
      await expect(page).toHaveURL(/\/class\/11\?subject=physics$/);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Class 11 Resources");
    });
  });
}

test("a class page without ?subject= opens on its language's medium", async ({ page }) => {
  // Class 10 of the demo: English-medium subjects first, then हिंदी (both mediums), गणित and विज्ञान (Hindi).
  await page.goto("/class/10");
  await expect(page.getByRole("combobox", { name: "Subject" })).toHaveValue("mathematics");
  await page.goto("/hi/class/10");
  await expect(page.getByRole("combobox", { name: "विषय" })).toHaveValue("hindi-a");
  await expect(page.getByRole("heading", { level: 2, name: /के अध्याय$/ })).toContainText("हिंदी");
});

test("the demo's Hindi-medium chapters are found as students type them, in Roman letters too", async ({
  page,
}) => {
  // Class 10 विज्ञान has NCERT's chapter 9 (issue 32's own example: "prakash" finds "प्रकाश").
  const light = "प्रकाश – परावर्तन तथा अपवर्तन";
  for (const q of ["prakash", "प्रकाश", "prakash paravartan"]) {
    await page.goto(`/hi/search?q=${encodeURIComponent(q)}`);
    await expect(page.getByRole("link", { name: light }).first(), q).toBeVisible();
  }
  await page.getByRole("link", { name: light }).first().click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(light);
  await expect(page).toHaveURL(/\/hi\/class\/10\/chapter\//);
});

test("a /hi address of no page is the Hindi 404, with status 404", async ({ page }) => {
  const response = await page.goto("/hi/no-such-page");
  expect(response?.status()).toBe(404);
  await expect(page.locator("html")).toHaveAttribute("lang", "hi");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("पेज नहीं मिला");
  await expect(page.getByRole("link", { name: "मुखपृष्ठ पर लौटें" })).toHaveAttribute("href", "/hi");
  await expect(page).toHaveTitle(/^पेज नहीं मिला \|/);
});

test("each language's scripts carry its own words, not the other's", async ({ request }) => {
  // The frame's words on every kind of page (the root's English error texts are the console's
  // too), and the class page's own; chunks are grouped per page and language (decision 0033).
  const chapter = "/class/10/chapter/real-numbers";
  for (const [path, own] of [
    ["/", []],
    ["/class/10", ["Find chapters"]],
    [chapter, []],
    ["/blog", []],
    ["/search?q=motion", []],
    ["/about", []],
  ] as const) {
    const english = await pageScripts(request, path);
    const hindi = await pageScripts(request, `/hi${path === "/" ? "" : path}`);
    for (const words of ["Skip to content", "Made in India", "Search chapters, links and posts", ...own]) {
      expect(english, `${path}: ${words}`).toContain(words);
      expect(hindi, `${path}: ${words}`).not.toContain(words);
    }
    for (const words of ["मुख्य सामग्री पर जाएँ", "भारत में निर्मित", ...(own.length ? ["अध्याय ढूँढें"] : [])]) {
      expect(hindi, `${path}: ${words}`).toContain(words);
      expect(english, `${path}: ${words}`).not.toContain(words);
    }
  }
});
