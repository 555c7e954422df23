import type { Browser, Locator, Page } from "@playwright/test";
import { BASE_URL } from "./accounts.ts";
import { expect, hydrated, login, test } from "./fixtures.ts";

// "Report broken link" on the chapter page (issue 14): a small POST form that works without
// JavaScript and without sign-in, rate-limited per address, refused from other sites, shown to
// the curators under "Reports" on Link health. Each test pretends to come from an address of its
// own (the server trusts X-Forwarded-For from loopback), so the per-address limit is its alone.

const CHAPTER = "/class/10/chapter/real-numbers";
const THANKS = "Thanks! We'll check this link.";

/** A documentation address (TEST-NET-3) no other test is likely to use. */
const freshAddress = () => `203.0.${Math.floor(Math.random() * 256)}.${Math.floor(Math.random() * 254) + 1}`;

async function visitor(browser: Browser, options: { js: boolean; address: string }): Promise<Page> {
  const context = await browser.newContext({
    baseURL: BASE_URL,
    javaScriptEnabled: options.js,
    extraHTTPHeaders: { "X-Forwarded-For": options.address },
  });
  return context.newPage();
}

/** The chapter page's item whose title contains `title`. */
function linkItem(page: Page, title: string): Locator {
  return page.getByRole("listitem").filter({ hasText: title });
}

/** Reports the link of an item, saying what is wrong when a reason is given. */
async function report(item: Locator, reason?: "Broken" | "Wrong content" | "Other") {
  if (reason) {
    await item.getByText("Say what is wrong").click();
    await item.getByLabel(reason).check();
  }
  await item.getByRole("button", { name: "Report broken link" }).click();
}

async function closePromo(page: Page) {
  const promo = page.getByRole("dialog", { name: "Ready to accelerate your learning?" });
  if (await promo.isVisible()) await promo.getByRole("button", { name: "Continue to chapter" }).click();
}

test.describe("Report broken link", () => {
  test("without JavaScript: the student reports a link, sees the thanks, and the console shows the report", async ({
    browser,
  }) => {
    const page = await visitor(browser, { js: false, address: freshAddress() });
    await page.goto(CHAPTER);
    await closePromo(page);
    const item = linkItem(page, "CBSE Class X sample question papers");
    const url = await item.getByRole("link").getAttribute("href");
    await report(item, "Wrong content");

    // Back on the same chapter page, at that link, with the answer; no prompt over it this time.
    await expect(page).toHaveURL(/\/class\/10\/chapter\/real-numbers\?report=thanks&link=.*#questions-1$/);
    await expect(linkItem(page, "CBSE Class X sample question papers").getByRole("status")).toHaveText(
      THANKS,
    );
    await expect(page.getByRole("dialog", { name: "Ready to accelerate your learning?" })).toBeHidden();

    // That answer is the visitor's alone: never cached, and the page everyone else gets has none.
    const answer = await page.request.get(page.url());
    expect(answer.headers()["cache-control"]).toBe("private, no-store");
    for (let i = 0; i < 2; i++) {
      const plain = await page.request.get(CHAPTER);
      expect(await plain.text()).not.toContain("We&#x27;ll check this link");
      expect(await plain.text()).not.toContain("We'll check this link");
    }
    await page.context().close();

    // The curators see it under "Reports", with its reason, and resolve it.
    const admin = await (await browser.newContext({ baseURL: BASE_URL })).newPage();
    await login(admin);
    await admin.goto("/admin/links");
    const reports = admin.getByRole("region", { name: "Reports" });
    const row = reports
      .getByRole("listitem")
      .filter({ hasText: url ?? "" })
      .first();
    await expect(row).toContainText("Wrong content");
    await expect(row.getByRole("link", { name: CHAPTER })).toHaveAttribute("href", CHAPTER);
    const open = await reports
      .getByRole("listitem")
      .filter({ hasText: url ?? "" })
      .count();
    await row.getByRole("button", { name: "Resolve" }).click();
    await expect(admin.getByRole("status").filter({ hasText: "Report resolved." })).toBeVisible();
    await expect(reports.getByRole("listitem").filter({ hasText: url ?? "" })).toHaveCount(open - 1);
    await admin.context().close();
  });

  test("with JavaScript the answer replaces the form in place; the address stays the page's own", async ({
    browser,
  }) => {
    const page = await visitor(browser, { js: true, address: freshAddress() });
    await page.goto(CHAPTER);
    await hydrated(page);
    await closePromo(page);
    const item = linkItem(page, "Khan Academy Math");
    await report(item);
    await expect(item.getByRole("status")).toHaveText(THANKS);
    await expect(page).toHaveURL(new RegExp(`${CHAPTER}$`));
    // Other links still offer the report.
    await expect(
      linkItem(page, "NCERT Exemplar problems").getByRole("button", { name: "Report broken link" }),
    ).toBeVisible();
    await page.context().close();
  });

  test("too many reports from one address get a polite answer, with and without JavaScript", async ({
    browser,
  }) => {
    const address = freshAddress();
    const page = await visitor(browser, { js: false, address });
    await page.goto(CHAPTER);
    await closePromo(page);
    const title = "NCERT Exemplar problems";
    // Five an hour are taken.
    for (let i = 0; i < 5; i++) {
      await report(linkItem(page, title));
      await expect(linkItem(page, title).getByRole("status")).toHaveText(THANKS);
      await page.goto(CHAPTER);
    }
    await report(linkItem(page, title));
    await expect(page).toHaveURL(/report=later/);
    await expect(linkItem(page, title).getByRole("alert")).toHaveText(
      /Thanks for helping! You have sent a lot of reports just now, so please try again in a little while\./,
    );
    await page.context().close();

    const scripted = await visitor(browser, { js: true, address });
    await scripted.goto(CHAPTER);
    await hydrated(scripted);
    await closePromo(scripted);
    await report(linkItem(scripted, title));
    await expect(linkItem(scripted, title).getByRole("alert")).toHaveText(
      /please try again in a little while/,
    );
    await scripted.context().close();
  });

  test("refused: a link that is not on the page, a page that is not a chapter, and a post from another site", async ({
    playwright,
  }) => {
    const api = await playwright.request.newContext({
      baseURL: BASE_URL,
      extraHTTPHeaders: { Origin: BASE_URL, "X-Forwarded-For": freshAddress() },
    });
    const notHere = await api.post("/report-link", {
      form: { url: "https://example.com/not-on-this-page", page: CHAPTER, item: "notes-1" },
      maxRedirects: 0,
    });
    expect(notHere.status()).toBe(303);
    expect(notHere.headers().location).toMatch(/^\/class\/10\/chapter\/real-numbers\?report=gone&link=/);

    // The address it sends the visitor back to is always a chapter page of this site.
    const elsewhere = await api.post("/report-link", {
      form: { url: "https://example.com/x", page: "https://evil.example/phish" },
      maxRedirects: 0,
    });
    expect(elsewhere.status()).toBe(400);

    // Another site's form is refused before anything is read or stored.
    const forged = await api.post("/report-link", {
      form: { url: "https://cbseacademic.nic.in/SQP_CLASSX_2025-26.html", page: CHAPTER },
      headers: { Origin: "https://evil.example" },
      maxRedirects: 0,
    });
    expect(forged.status()).toBe(403);
    expect(await forged.text()).toContain("sent from another site");
    await api.dispose();
  });
});

/** Where the top bar's language switch ("हिन्दी" on English pages, "English" on Hindi ones) leads. */
async function switchTargets(page: Page, lang: "en" | "hi") {
  const name = lang === "hi" ? "English" : "हिन्दी";
  const links = page.getByRole("banner").getByRole("link", { name, exact: true });
  const hrefs = new Set<string>();
  for (const link of await links.all()) hrefs.add((await link.getAttribute("href")) ?? "");
  return [...hrefs].map((href) => {
    const url = new URL(href, BASE_URL);
    return { path: decodeURIComponent(url.pathname), query: url.search };
  });
}

// A chapter whose address is in Devanagari (the demo's Hindi-medium गणित of Class 10): its page
// names itself in the report in raw UTF-8, an address bar in percent-encoding; both are one page.
test.describe("Report broken link on a chapter whose address is in Devanagari", () => {
  const SLUG = "वास्तविक-संख्याएँ";
  const ENCODED = encodeURIComponent(SLUG);
  const TEXTBOOKS = "NCERT पाठ्यपुस्तकें, हिंदी माध्यम";
  const PDF = "NCERT कक्षा 10 गणित, अध्याय 1 वास्तविक संख्याएँ";
  const pages = {
    en: {
      path: `/class/10/chapter/${SLUG}`,
      button: "Report broken link",
      thanks: THANKS,
      promo: ["Ready to accelerate your learning?", "Continue to chapter"],
    },
    hi: {
      path: `/hi/class/10/chapter/${SLUG}`,
      button: "टूटा लिंक बताएँ",
      thanks: "धन्यवाद! हम यह लिंक जाँचेंगे।",
      promo: ["क्या आप अपनी पढ़ाई को और तेज़ करना चाहते हैं?", "अध्याय पर चलें"],
    },
  } as const;
  // Each page and way reports a link of its own, so no test's report meets another's.
  const cases = [
    { lang: "en", js: false, title: TEXTBOOKS, item: "notes-1" },
    { lang: "en", js: true, title: PDF, item: "official-1" },
    { lang: "hi", js: false, title: PDF, item: "official-1" },
    { lang: "hi", js: true, title: TEXTBOOKS, item: "notes-1" },
  ] as const;

  for (const { lang, js, title, item } of cases) {
    test(`${lang === "hi" ? "the Hindi page" : "the English page"}, ${js ? "with" : "without"} JavaScript`, async ({
      browser,
    }) => {
      const { path, button, thanks, promo } = pages[lang];
      const page = await visitor(browser, { js, address: freshAddress() });
      await page.goto(path.replace(SLUG, ENCODED));
      if (js) await hydrated(page);
      const dialog = page.getByRole("dialog", { name: promo[0] });
      await dialog.getByRole("button", { name: promo[1] }).click();
      await expect(dialog).toBeHidden();
      await linkItem(page, title).getByRole("button", { name: button }).click();
      await expect(linkItem(page, title).getByRole("status")).toHaveText(thanks);
      const at = new URL(page.url());
      expect(decodeURIComponent(at.pathname)).toBe(path);
      if (js) {
        expect(at.search).toBe("");
      } else {
        // Back on the same chapter page, at that link, with the answer.
        expect(at.searchParams.get("report")).toBe("thanks");
        expect(at.hash).toBe(`#${item}`);
        // The answer is this visitor's: the language switch leads to the other page without it.
        const other = lang === "hi" ? pages.en : pages.hi;
        expect(await switchTargets(page, lang)).toEqual([{ path: other.path, query: "" }]);
      }
      await page.context().close();
    });
  }

  test("the language switch drops a report's answer and keeps the rest of the query", async ({ browser }) => {
    const answer = new URLSearchParams({ report: "thanks", link: "https://ncert.nic.in/textbook.php?ln=hi" });
    for (const js of [false, true]) {
      const page = await visitor(browser, { js, address: freshAddress() });
      for (const lang of ["en", "hi"] as const) {
        await page.goto(`${pages[lang].path.replace(SLUG, ENCODED)}?type=textbook&${answer}&lang=hi`);
        if (js) await hydrated(page);
        const other = lang === "hi" ? pages.en : pages.hi;
        expect(await switchTargets(page, lang), `${lang}, js: ${js}`).toEqual([
          { path: other.path, query: "?type=textbook&lang=hi" },
        ]);
      }
      await page.context().close();
    }
  });

  test("the console shows the report on its page, readable; a percent-encoded page is the same page", async ({
    browser,
    playwright,
  }) => {
    const api = await playwright.request.newContext({
      baseURL: BASE_URL,
      extraHTTPHeaders: { Origin: BASE_URL, "X-Forwarded-For": freshAddress() },
    });
    const pdf = "https://ncert.nic.in/textbook/pdf/jhmh101.pdf";
    for (const [page, back] of [
      [pages.en.path, `/class/10/chapter/${ENCODED}`],
      [`/hi/class/10/chapter/${ENCODED}`, `/hi/class/10/chapter/${ENCODED}`],
      [`/hi/class/10/chapter/${ENCODED.toLowerCase()}`, `/hi/class/10/chapter/${ENCODED}`],
    ]) {
      const sent = await api.post("/report-link", {
        form: { url: pdf, page: page ?? "", item: "official-1", reason: "other" },
        maxRedirects: 0,
      });
      expect(sent.status(), page).toBe(303);
      expect(sent.headers().location).toBe(
        `${back}?report=thanks&link=${encodeURIComponent(pdf)}#official-1`,
      );
    }
    // What only looks like one once decoded is refused.
    const sideways = await api.post("/report-link", {
      form: { url: pdf, page: `/class/10/chapter/${ENCODED}%2Fqr` },
      maxRedirects: 0,
    });
    expect(sideways.status()).toBe(400);
    await api.dispose();

    const admin = await (await browser.newContext({ baseURL: BASE_URL })).newPage();
    await login(admin);
    await admin.goto("/admin/links");
    const entry = admin
      .getByRole("region", { name: "Reports" })
      .getByRole("listitem")
      .filter({ hasText: pdf })
      .first();
    const on = entry.getByRole("link", { name: pages.en.path, exact: true }).first();
    await expect(on).toBeVisible();
    expect(decodeURIComponent((await on.getAttribute("href")) ?? "")).toBe(pages.en.path);
    await admin.context().close();
  });
});
