import type { Browser, Locator, Page } from "@playwright/test";
import { loadConfig } from "#app/server/config.server.ts";
import { demoCatalogue } from "../../cli/demo-catalogue.ts";
import { BASE_URL, E2E_PORT } from "./accounts.ts";
import { expect, hydrated, seriousA11yViolations, test } from "./fixtures.ts";
import { ownServer } from "./own-server.ts";
import { pageScripts } from "./page-scripts.ts";

// The chapter page and its QR code page in Hindi (/hi/class/G/chapter/SLUG, docs/decisions/0030):
// the page's words in Hindi, every address on it in Hindi, the filters and "Report broken link"
// with and without JavaScript, the language switch with the query kept, a Hindi 404, and an old
// address answering 301 in its own language.

// The same configuration the e2e server was started with.
const { siteUrl } = loadConfig({ ...process.env, PORT: String(E2E_PORT) });
const EN = "/class/10/chapter/real-numbers";
const HI = `/hi${EN}`;
const MATHS = demoCatalogue[10][0]?.label ?? "Mathematics";
/** Chrome logs the 404 status of the page itself as a console error; that one is expected here. */
const notThe404 = (errors: string[]) => errors.filter((e) => !e.includes("status of 404"));

/** The app's prompt on arrival, in Hindi, answered. */
async function continueToChapter(page: Page) {
  const promo = page.getByRole("dialog", { name: "क्या आप अपनी पढ़ाई को और तेज़ करना चाहते हैं?" });
  await promo.getByRole("button", { name: "अध्याय पर चलें" }).click();
  await expect(promo).toBeHidden();
}

/** The path of a `<link>`'s address. */
async function linkPath(page: Page, selector: string): Promise<string> {
  return new URL((await page.locator(selector).getAttribute("href")) ?? "").pathname;
}

function linkItem(page: Page, title: string): Locator {
  return page.getByRole("listitem").filter({ hasText: title });
}

test.describe("the chapter page in Hindi", () => {
  test("Hindi words, lang, alternates, addresses in Hindi, and English with the filter kept", async ({
    page,
    consoleErrors,
  }) => {
    const response = await page.goto(HI);
    expect(response?.status()).toBe(200);
    await hydrated(page);
    await continueToChapter(page);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await expect(page.locator("html")).toHaveAttribute("lang", "hi");
    await expect(page).toHaveTitle("Real Numbers \u2013 कक्षा 10 Notes");
    expect(await linkPath(page, 'link[rel="canonical"]')).toBe(HI);
    expect(await linkPath(page, 'link[rel="alternate"][hreflang="hi-IN"]')).toBe(HI);
    expect(await linkPath(page, 'link[rel="alternate"][hreflang="en-IN"]')).toBe(EN);
    expect(await linkPath(page, 'link[rel="alternate"][hreflang="x-default"]')).toBe(EN);

    const main = page.getByRole("main");
    await expect(main.getByRole("heading", { level: 1, name: "Real Numbers" })).toBeVisible();
    await expect(main.getByText("अध्याय", { exact: true })).toBeVisible();
    await expect(main.getByText(`कक्षा 10 · ${MATHS}`, { exact: true })).toBeVisible();
    await expect(main.getByRole("heading", { level: 2 })).toHaveText([
      "Notes",
      "भाषा",
      "प्रकार",
      "आधिकारिक संसाधन",
      "प्रश्न",
      "वीडियो लेक्चर",
      "Real Numbers की पढ़ाई जारी रखें",
    ]);
    await expect(main.getByRole("list", { name: "App में" }).getByRole("listitem")).toHaveText([
      "AI की मदद से पढ़ाई",
      "हर पाठ पर इनाम",
      "अपनी प्रगति देखें",
    ]);
    // A link's Type and Language in Hindi; its button named in Hindi.
    const paper = linkItem(page, "CBSE Class X sample question papers");
    await expect(paper).toContainText("सैंपल पेपर · हिन्दी और अंग्रेज़ी · 2027");
    await expect(paper.getByRole("link")).toHaveAccessibleName(/^खोलें CBSE Class X .* \(नए टैब में खुलेगा\)$/);
    await expect(paper.getByRole("button", { name: "टूटा लिंक बताएँ" })).toBeVisible();

    // Every address on the page is the Hindi one.
    await expect(
      page.getByRole("navigation", { name: "आप यहाँ हैं" }).getByRole("link", { name: "कक्षा 10" }),
    ).toHaveAttribute("href", "/hi/class/10");
    await expect(main.getByRole("link", { name: "कक्षा 10 पर लौटें" })).toHaveAttribute("href", "/hi/class/10");
    await expect(main.getByRole("link", { name: "और अध्याय देखें" })).toHaveAttribute(
      "href",
      "/hi/class/10?subject=mathematics",
    );
    await expect(
      page.getByRole("navigation", { name: "इस विषय के अध्याय" }).getByRole("link", { name: /^अगला अध्याय: / }),
    ).toHaveAttribute("href", /^\/hi\/class\/10\/chapter\/[a-z-]+$/);
    const share = main.getByRole("list", { name: "यह अध्याय शेयर करें" });
    await expect(share.getByRole("link", { name: "शेयर करें" })).toHaveAttribute(
      "href",
      `https://wa.me/?text=${encodeURIComponent(`Real Numbers \u2013 ${siteUrl}${HI}`)}`,
    );
    await expect(share.getByRole("link", { name: "QR कोड" })).toHaveAttribute("href", `${HI}/qr`);
    await expect(
      main.getByRole("navigation", { name: "लिंक छाँटें" }).getByRole("link", { name: "हिन्दी", exact: true }),
    ).toHaveAttribute("href", `${HI}?lang=hi`);

    // The switch: the same chapter in English, its filter kept.
    await page.goto(`${HI}?lang=hi`);
    await hydrated(page);
    await page.getByRole("banner").getByRole("link", { name: "English", exact: true }).click();
    await expect(page).toHaveURL(`${BASE_URL}${EN}?lang=hi`);
    await expect(page.locator("html")).toHaveAttribute("lang", "en-IN");
    await expect(page.getByText("3 links hidden by this filter.")).toBeVisible();
    await expect(page.getByRole("heading", { level: 2, name: "Official resources" })).toBeVisible();
    expect(consoleErrors).toEqual([]);
  });

  test("a chapter out of this year's syllabus: its badge and what changed, in Hindi", async ({ page }) => {
    await page.goto("/hi/class/10/chapter/constructions");
    await continueToChapter(page);
    const header = page.getByRole("main");
    await expect(header.getByText(/^\d{4}-\d{2} के पाठ्यक्रम में नहीं$/)).toBeVisible();
    await expect(header.getByText("क्या बदला:")).toBeVisible();
    await page.goto("/class/10/chapter/constructions");
    await expect(page.getByText(/^Not in \d{4}-\d{2} syllabus$/)).toBeVisible();
    await expect(page.getByText("What changed:")).toBeVisible();
  });

  for (const js of [false, true]) {
    test.describe(`JavaScript ${js ? "on" : "off"}`, () => {
      test.use({ javaScriptEnabled: js });

      test("the Language and Type filters, in Hindi", async ({ page, consoleErrors }) => {
        await page.goto(HI);
        if (js) await hydrated(page);
        await continueToChapter(page);
        const filters = page.getByRole("navigation", { name: "लिंक छाँटें" });
        await expect(filters.getByRole("link", { name: "सभी भाषाएँ" })).toHaveAttribute(
          "aria-current",
          "page",
        );
        await filters.getByRole("link", { name: "हिन्दी", exact: true }).click();
        await expect(page).toHaveURL(`${BASE_URL}${HI}?lang=hi`);
        await expect(filters.getByRole("link", { name: "हिन्दी", exact: true })).toHaveAttribute(
          "aria-current",
          "page",
        );
        await expect(page.getByText("इस फ़िल्टर से 3 लिंक छिपे हैं।")).toBeVisible();
        await expect(page.getByRole("heading", { level: 2, name: "आधिकारिक संसाधन" })).toBeVisible();
        await expect(page.getByRole("heading", { level: 2, name: "वीडियो लेक्चर" })).toHaveCount(0);
        // A filtered page: the visitor is busy with the links, no prompt over them.
        await expect(page.getByRole("dialog")).toHaveCount(0);

        await filters.getByRole("link", { name: "सैंपल पेपर", exact: true }).click();
        await expect(page).toHaveURL(`${BASE_URL}${HI}?lang=hi&type=sample-paper`);
        await expect(page.getByText("इस फ़िल्टर से 5 लिंक छिपे हैं।")).toBeVisible();
        await expect(page.getByRole("heading", { level: 2, name: "प्रश्न" })).toBeVisible();
        await expect(page.getByRole("heading", { level: 2, name: "आधिकारिक संसाधन" })).toHaveCount(0);

        await filters.getByRole("link", { name: "अंग्रेज़ी", exact: true }).click();
        await expect(page).toHaveURL(`${BASE_URL}${HI}?lang=en&type=sample-paper`);
        await page.getByRole("link", { name: "सभी लिंक दिखाएँ" }).click();
        await expect(page).toHaveURL(`${BASE_URL}${HI}`);
        await expect(page.getByRole("heading", { level: 2, name: "वीडियो लेक्चर" })).toBeVisible();
        expect(consoleErrors).toEqual([]);
      });
    });
  }
});

/** A visitor of their own address (the server trusts X-Forwarded-For from loopback): its own report limit. */
async function visitor(browser: Browser, js: boolean): Promise<Page> {
  const address = `203.0.${Math.floor(Math.random() * 256)}.${Math.floor(Math.random() * 254) + 1}`;
  const context = await browser.newContext({
    baseURL: BASE_URL,
    javaScriptEnabled: js,
    extraHTTPHeaders: { "X-Forwarded-For": address },
  });
  return context.newPage();
}

test.describe("Report broken link in Hindi", () => {
  test("without JavaScript: the reason, the thanks in Hindi, back on the Hindi page at that link", async ({
    browser,
  }) => {
    const page = await visitor(browser, false);
    await page.goto(HI);
    await continueToChapter(page);
    // Links of its own: report-link.spec.ts reports this page's others on the same server, and its
    // console check expects one report from this page for each.
    const title = "NCERT Exemplar problems";
    const item = linkItem(page, title);
    await item.getByText("बताएँ क्या गड़बड़ है").click();
    await expect(item.getByRole("group", { name: "क्या गड़बड़ है? (वैकल्पिक)" })).toBeVisible();
    await item.getByLabel("गलत सामग्री").check();
    await item.getByRole("button", { name: "टूटा लिंक बताएँ" }).click();

    await expect(page).toHaveURL(
      /\/hi\/class\/10\/chapter\/real-numbers\?report=thanks&link=.*#questions-2$/,
    );
    await expect(page.locator("html")).toHaveAttribute("lang", "hi");
    await expect(linkItem(page, title).getByRole("status")).toHaveText("धन्यवाद! हम यह लिंक जाँचेंगे।");
    await expect(page.getByRole("dialog")).toBeHidden();
    // The answer is this visitor's alone: never cached, never in the page others get.
    expect((await page.request.get(page.url())).headers()["cache-control"]).toBe("private, no-store");
    expect(await (await page.request.get(HI)).text()).not.toContain("धन्यवाद! हम यह लिंक जाँचेंगे।");
    await page.context().close();
  });

  test("with JavaScript: the answer in Hindi in place", async ({ browser }) => {
    const page = await visitor(browser, true);
    await page.goto(HI);
    await hydrated(page);
    await continueToChapter(page);
    const item = linkItem(page, "NCERT कक्षा 10 गणित");
    await item.getByRole("button", { name: "टूटा लिंक बताएँ" }).click();
    await expect(item.getByRole("status")).toHaveText("धन्यवाद! हम यह लिंक जाँचेंगे।");
    await expect(page).toHaveURL(`${BASE_URL}${HI}`);
    await page.context().close();
  });
});

test.describe("the QR code page in Hindi", () => {
  test("its words in Hindi, the way back to the Hindi chapter, Print with JavaScript", async ({
    page,
    consoleErrors,
  }) => {
    const response = await page.goto(`${HI}/qr`);
    expect(response?.status()).toBe(200);
    await hydrated(page);
    await expect(page.locator("html")).toHaveAttribute("lang", "hi");
    await expect(page).toHaveTitle(`QR कोड: Real Numbers – कक्षा 10 ${MATHS} | ChapterWise`);
    expect(await linkPath(page, 'link[rel="canonical"]')).toBe(`${HI}/qr`);
    expect(await linkPath(page, 'link[rel="alternate"][hreflang="en-IN"]')).toBe(`${EN}/qr`);
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
    const main = page.getByRole("main");
    await expect(main.getByRole("heading", { level: 1, name: "Real Numbers" })).toBeVisible();
    await expect(main.getByText(`कक्षा 10 · ${MATHS}`, { exact: true })).toBeVisible();
    await expect(main.getByRole("img", { name: "अध्याय Real Numbers का QR कोड" })).toBeVisible();
    await expect(main.getByText(/फ़ोन के कैमरे से यह कोड स्कैन करें/)).toBeVisible();
    await expect(main.getByRole("button", { name: "प्रिंट करें" })).toBeVisible();
    expect(await seriousA11yViolations(page)).toEqual([]);
    // The short address is the Hindi one: scanned, it opens the Hindi page; an unknown id, the Hindi 404.
    const short = (await main.getByText(/\/hi\/c\/\d+$/).textContent()) ?? "";
    expect(short.startsWith(`${siteUrl}/hi/c/`)).toBe(true);
    const followed = await page.request.get(new URL(short).pathname, { maxRedirects: 0 });
    expect(followed.status()).toBe(301);
    expect(followed.headers().location).toBe(HI);
    const unknown = await page.request.get("/hi/c/999999999");
    expect(unknown.status()).toBe(404);
    expect(await unknown.text()).toContain('<html lang="hi"');
    await main.getByRole("link", { name: "अध्याय पर लौटें" }).click();
    await expect(page).toHaveURL(`${BASE_URL}${HI}`);
    await expect(page.getByRole("heading", { level: 1, name: "Real Numbers" })).toBeVisible();
    expect(consoleErrors).toEqual([]);
  });
});

test.describe("Hindi addresses that lead nowhere, or elsewhere", () => {
  test("a missing chapter under /hi is a Hindi 404 with status 404; its QR page too", async ({
    page,
    consoleErrors,
  }) => {
    const response = await page.goto("/hi/class/10/chapter/no-such-chapter");
    expect(response?.status()).toBe(404);
    await expect(page.locator("html")).toHaveAttribute("lang", "hi");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("अध्याय नहीं मिला।");
    await expect(page.getByRole("link", { name: "कक्षा 10 पर लौटें" })).toHaveAttribute("href", "/hi/class/10");
    await expect(page).toHaveTitle(/^अध्याय नहीं मिला – कक्षा 10 \|/);
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);

    const qr = await page.goto("/hi/class/10/chapter/no-such-chapter/qr");
    expect(qr?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("पेज नहीं मिला");
    await expect(page.getByRole("link", { name: "मुखपृष्ठ पर लौटें" })).toHaveAttribute("href", "/hi");
    // An unknown class goes to the Hindi home page.
    const home = await page.request.get("/hi/class/13/chapter/real-numbers", { maxRedirects: 0 });
    expect(home.status()).toBe(302);
    expect(home.headers().location).toBe("/hi");
    expect(notThe404(consoleErrors)).toEqual([]);
  });

  test("a renamed chapter's old /hi address answers 301 to its /hi address, QR page too", async ({
    request,
  }) => {
    test.setTimeout(90_000);
    // On a server of its own, where a demo chapter was renamed before it started (the database's
    // triggers keep the address it left, as for a rename in Edit Resource).
    const own = await ownServer(E2E_PORT + 262, { LINK_CHECK: "off" }, {}, async (db) => {
      await db
        .updateTable("chapters")
        .set({ title: "Polynomials and their Zeroes", slug: "polynomials-and-their-zeroes" })
        .where("grade", "=", 10)
        .where("slug", "=", "polynomials")
        .execute();
    });
    try {
      const old = "/class/10/chapter/polynomials";
      const now = "/class/10/chapter/polynomials-and-their-zeroes";
      const answer = async (path: string) => {
        const response = await request.get(`${own.server.url}${path}`, { maxRedirects: 0 });
        return { status: response.status(), location: response.headers().location ?? null };
      };
      expect(await answer(`/hi${old}?lang=hi`)).toEqual({ status: 301, location: `/hi${now}?lang=hi` });
      expect(await answer(`/hi${old}/qr`)).toEqual({ status: 301, location: `/hi${now}/qr` });
      // The English address stays English.
      expect(await answer(old)).toEqual({ status: 301, location: now });
      const page = await request.get(`${own.server.url}/hi${old}`);
      expect(page.status()).toBe(200);
      expect(new URL(page.url()).pathname).toBe(`/hi${now}`);
      const html = await page.text();
      expect(html).toContain('<html lang="hi"');
      expect(html).toMatch(/<h1[^>]*>Polynomials and their Zeroes<\/h1>/);
    } finally {
      await own.stop();
    }
  });
});

test("the chapter page's scripts carry its own language's words, not the other's", async ({ request }) => {
  const hindi = await pageScripts(request, HI);
  const english = await pageScripts(request, EN);
  for (const words of [
    "Report broken link",
    "Official resources",
    "Filter links",
    "Sample paper",
    "We'll check this link",
  ]) {
    expect(english, words).toContain(words);
    expect(hindi, words).not.toContain(words);
  }
  for (const words of ["टूटा लिंक बताएँ", "आधिकारिक संसाधन", "लिंक छाँटें", "सैंपल पेपर"]) {
    expect(hindi, words).toContain(words);
    expect(english, words).not.toContain(words);
  }
});
