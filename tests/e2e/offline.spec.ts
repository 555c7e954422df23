import type { BrowserContext, Page } from "@playwright/test";
import { BASE_URL } from "./accounts.ts";
import { removeMadeContent, seedChapters, seedSubject, unique } from "./admin-content.ts";
import { expect, hydrated, login, test } from "./fixtures.ts";

// Offline (DESIGN 8.3, issue 33; docs/decisions/0032): the service worker at /sw.js, "Save for
// offline" on chapter pages, /saved, and what a student sees with no connection at all.

const REAL_NUMBERS = "/class/10/chapter/real-numbers";
const WORDS = {
  en: {
    promo: ["Ready to accelerate your learning?", "Continue to chapter"],
    save: "Save for offline",
    saved: "Saved for offline",
    remove: "Remove from offline",
    offline: "You are offline",
  },
  hi: {
    promo: ["क्या आप अपनी पढ़ाई को और तेज़ करना चाहते हैं?", "अध्याय पर चलें"],
    save: "ऑफ़लाइन के लिए सेव करें",
    saved: "ऑफ़लाइन के लिए सेव है",
    remove: "ऑफ़लाइन से हटाएँ",
    offline: "आप ऑफ़लाइन हैं",
  },
} as const;

/** Opens a chapter page, answers the app's prompt, and presses "Save for offline". */
async function saveChapter(page: Page, path: string, lang: "en" | "hi" = "en") {
  const words = WORDS[lang];
  await page.goto(path);
  await hydrated(page);
  const promo = page.getByRole("dialog", { name: words.promo[0] });
  await promo.getByRole("button", { name: words.promo[1] }).click();
  await page.getByRole("button", { name: words.save }).press("Enter");
  await expect(page.getByRole("status").filter({ hasText: words.saved })).toBeVisible();
  // The keyboard's focus stays where it was: on the button, which now removes it.
  await expect(page.getByRole("button", { name: words.remove })).toBeFocused();
}

/** Every address the worker's caches hold, by cache. */
function cachedAddresses(page: Page): Promise<Record<string, string[]>> {
  return page.evaluate(async () => {
    const all: Record<string, string[]> = {};
    for (const name of await caches.keys()) {
      all[name] = (await (await caches.open(name)).keys()).map((r) => new URL(r.url).pathname);
    }
    return all;
  });
}

function heading(page: Page, name: string) {
  return page.getByRole("heading", { level: 1, name });
}

test.describe("the service worker", () => {
  test("public pages register /sw.js once loaded, in both languages; the console never does", async ({
    browser,
  }) => {
    for (const path of ["/", "/hi/class/9"]) {
      const context = await browser.newContext({ baseURL: BASE_URL });
      const page = await context.newPage();
      await page.goto(path);
      await hydrated(page);
      const worker = await page.evaluate(async () => {
        const registration = await navigator.serviceWorker.ready;
        return { scope: registration.scope, script: registration.active?.scriptURL };
      });
      expect(worker).toEqual({ scope: `${BASE_URL}/`, script: `${BASE_URL}/sw.js?site=ChapterWise` });
      await context.close();
    }

    // Signing in and working in the console (a note's preview is in the public frame) registers nothing.
    const context = await browser.newContext({ baseURL: BASE_URL });
    const page = await context.newPage();
    await login(page);
    for (const path of ["/admin", "/admin/notes/preview", "/login"]) {
      await page.goto(path);
      await page.waitForLoadState("load");
      expect(
        await page.evaluate(() => navigator.serviceWorker.getRegistrations().then((r) => r.length)),
      ).toBe(0);
    }
    await context.close();
  });

  test("the worker script is small, same-origin code, asked for again on every update check", async ({
    request,
  }) => {
    const response = await request.get("/sw.js", { headers: { "Accept-Encoding": "gzip" } });
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toMatch(/javascript/);
    expect(response.headers()["cache-control"]).toBe("no-cache");
    // DESIGN 8.5: at most 5 KB compressed (the body here is already unpacked by the client).
    const { gzipSync } = await import("node:zlib");
    expect(gzipSync(await response.body()).length).toBeLessThanOrEqual(5 * 1024);
  });
});

test.describe("saving chapters for offline", () => {
  test("a saved chapter opens offline, hydrated; other pages say so and list it; /saved lists it; removed, it is gone", async ({
    page,
    context,
  }) => {
    test.slow();
    await saveChapter(page, REAL_NUMBERS);
    // Every page's footer leads to them too.
    await expect(
      page.getByRole("contentinfo").getByRole("link", { name: "Saved for offline" }),
    ).toHaveAttribute("href", "/saved");

    await page.getByRole("link", { name: "See saved chapters" }).click();
    await expect(heading(page, "Saved for offline")).toBeVisible();
    const saved = page.getByRole("list", { name: "Saved chapters" });
    await expect(saved.getByRole("listitem")).toHaveCount(1);
    await expect(saved.getByRole("link", { name: "Real Numbers" })).toHaveAttribute("href", REAL_NUMBERS);
    await expect(saved.getByText(/^Class 10 · /)).toBeVisible();
    await expect(page.getByText("This phone keeps up to 50 chapters.")).toBeVisible();

    await context.setOffline(true);
    await page.goto(REAL_NUMBERS);
    await expect(heading(page, "Real Numbers")).toBeVisible();
    // Its scripts were kept with it: the page runs offline as it did online.
    await hydrated(page);
    await page.getByRole("dialog").getByRole("button", { name: "Continue to chapter" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Saved for offline" })).toBeVisible();

    // A link to a page that is not saved loads a whole page, which the worker answers.
    await page.getByRole("link", { name: "Back to Class 10" }).click();
    await expect(heading(page, "You are offline")).toBeVisible();
    await expect(page.getByRole("banner")).toHaveText("ChapterWise");
    await expect(page.getByRole("link", { name: "Real Numbers" })).toHaveAttribute("href", REAL_NUMBERS);
    for (const path of ["/blog", "/hi/guide/10", "/search?q=motion"]) {
      await page.goto(path);
      await expect(
        heading(page, path.startsWith("/hi") ? WORDS.hi.offline : "You are offline"),
      ).toBeVisible();
    }
    await page.goto("/saved");
    await expect(heading(page, "Saved for offline")).toBeVisible();
    await page.getByRole("link", { name: "Real Numbers" }).click();
    await expect(heading(page, "Real Numbers")).toBeVisible();

    await context.setOffline(false);
    await page.goto("/saved");
    await hydrated(page);
    await page
      .getByRole("list", { name: "Saved chapters" })
      .getByRole("button", { name: "Remove from offline" })
      .press("Enter");
    await expect(page.getByText("No chapters are saved on this phone yet.")).toBeVisible();
    // Its button went with it: the focus is on what is left, not lost to the page's start.
    expect(await page.evaluate(() => document.activeElement?.textContent ?? "")).toContain(
      "No chapters are saved on this phone yet.",
    );
    await page.goto(REAL_NUMBERS);
    await hydrated(page);
    await expect(page.getByRole("button", { name: "Save for offline" })).toBeVisible();
    await context.setOffline(true);
    await page.goto(REAL_NUMBERS);
    await expect(heading(page, "You are offline")).toBeVisible();
    await expect(page.getByText(/^No chapters are saved on this phone yet\./)).toBeVisible();
    // The files the removed chapter used went with it.
    expect(await cachedAddresses(page)).toEqual({ "cw-assets-v1": [], "cw-pages-v1": [], "cw-saved-v1": [] });
  });

  test("in Hindi, with a Devanagari address", async ({ page, context }) => {
    test.slow();
    await page.goto("/hi/class/10?subject=ganit");
    const first = page.getByRole("main").locator('a[href*="/chapter/"]').first();
    const path = new URL((await first.getAttribute("href")) ?? "", BASE_URL).pathname;
    await saveChapter(page, path, "hi");
    const title = (await page.getByRole("heading", { level: 1 }).textContent()) ?? "";
    expect(title).toMatch(/[\u0900-\u097F]/);

    await context.setOffline(true);
    await page.goto(path);
    await expect(heading(page, title)).toBeVisible();
    await page.goto("/hi/class/9");
    await expect(heading(page, WORDS.hi.offline)).toBeVisible();
    await expect(page.locator("html")).toHaveAttribute("lang", "hi");
    await expect(page.getByRole("link", { name: title })).toBeVisible();
    await expect(page.getByText(/^कक्षा 10 · /)).toBeVisible();
    await context.setOffline(false);
    await page.goto("/hi/blog");
    await page.getByRole("contentinfo").getByRole("link", { name: "ऑफ़लाइन के लिए सेव" }).click();
    await expect(page).toHaveURL(`${BASE_URL}/hi/saved`);
    await context.setOffline(true);
    await page.goto("/hi/saved");
    await expect(heading(page, "ऑफ़लाइन के लिए सेव")).toBeVisible();
    await page.getByRole("link", { name: title }).click();
    await expect(heading(page, title)).toBeVisible();
  });

  test("the worker keeps chapter pages and their files only: never the console, sign-in or other pages", async ({
    page,
    context,
    adminCookies,
  }) => {
    await saveChapter(page, REAL_NUMBERS);
    await context.addCookies(adminCookies);
    for (const path of ["/admin", "/admin/users", "/login", "/", "/class/10", "/blog"]) await page.goto(path);
    const cached = await cachedAddresses(page);
    expect(cached["cw-pages-v1"]).toEqual([REAL_NUMBERS]);
    expect(cached["cw-saved-v1"]).toEqual([REAL_NUMBERS]);
    expect(cached["cw-assets-v1"]?.length).toBeGreaterThan(0);
    for (const file of cached["cw-assets-v1"] ?? []) expect(file).toMatch(/^\/assets\/[\w.-]+$/);
    // Offline, the console is not the worker's to answer: a network error, no page of ours.
    await context.setOffline(true);
    await expect(page.goto("/admin")).rejects.toThrow(/net::ERR_/);
  });

  test("with the worker running, a page it keeps nothing of is asked for once, not twice", async ({
    page,
  }) => {
    await page.goto("/");
    await hydrated(page);
    await page.evaluate(() => navigator.serviceWorker.ready);
    // How often the server was asked for a one-time password link (no other test asks for them meanwhile).
    const asked = async () => {
      const metrics = await (await page.request.get("/metrics")).text();
      return [
        ...metrics.matchAll(/^http_requests_total\{route="\/set-password\/:token",status="\w+"\} (\d+)$/gm),
      ]
        .map((m) => Number(m[1]))
        .reduce((a, b) => a + b, 0);
    };
    const before = await asked();
    const answer = await page.goto("/set-password/no-such-link");
    expect(answer?.status()).toBe(410);
    expect(await asked()).toBe(before + 1);
  });

  test("two chapters removed at once from /saved both go", async ({ page }) => {
    await saveChapter(page, REAL_NUMBERS);
    await saveChapter(page, "/class/10/chapter/polynomials");
    await page.goto("/saved");
    await hydrated(page);
    const saved = page.getByRole("list", { name: "Saved chapters" });
    await expect(saved.getByRole("listitem")).toHaveCount(2);
    // Both pressed before either answer is back.
    await page.evaluate(() => {
      for (const button of document.querySelectorAll<HTMLButtonElement>("main li button")) button.click();
    });
    await expect(page.getByText("No chapters are saved on this phone yet.")).toBeVisible();
    expect((await cachedAddresses(page))["cw-saved-v1"]).toEqual([]);
  });

  test("a phone that keeps 50 chapters already says so and keeps what it has", async ({ page }) => {
    await page.goto(REAL_NUMBERS);
    await hydrated(page);
    // Fifty chapters saved before (records as the worker keeps them).
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
      const saved = await caches.open("cw-saved-v1");
      for (let i = 1; i <= 50; i++) {
        const record = {
          path: `/class/9/chapter/kept-${i}`,
          id: 1_000_000 + i,
          title: `Kept ${i}`,
          grade: 9,
          subject: "Science",
          savedAt: i,
          assets: [],
        };
        await saved.put(record.path, new Response(JSON.stringify(record)));
      }
    });
    await page.getByRole("dialog").getByRole("button", { name: "Continue to chapter" }).click();
    await page.getByRole("button", { name: "Save for offline" }).click();
    await expect(page.getByRole("alert")).toHaveText(
      "This phone already keeps 50 saved chapters, the most it can. Remove one to save this chapter. See saved chapters",
    );
    await expect(page.getByRole("button", { name: "Save for offline" })).toBeEnabled();
    expect((await cachedAddresses(page))["cw-pages-v1"] ?? []).toEqual([]);
  });
});

test.describe("a saved chapter that changes", () => {
  test.afterEach(async ({ page }) => removeMadeContent(page));

  test("follows a rename, is refreshed when opened online, and still opens offline once deleted", async ({
    adminPage: admin,
    browser,
  }) => {
    test.slow();
    const subject = await seedSubject(admin, 9);
    const title = unique("Offline chapter");
    await seedChapters(admin, 9, subject.code, [
      { title, notes: [["First notes", "https://example.org/o1"]] },
    ]);
    const slug = (t: string) => t.toLowerCase().replace(/[^a-z0-9]+/g, "-");
    const before = `/class/9/chapter/${slug(title)}`;

    const student: BrowserContext = await browser.newContext({ baseURL: BASE_URL });
    const page = await student.newPage();
    await saveChapter(page, before);

    // Renamed in the console: the old address leads to the new one, and the saved copy moves with it.
    await admin.goto(`/admin?grade=9&subject=${subject.code}`);
    await hydrated(admin);
    const row = admin.getByRole("row").filter({ has: admin.getByRole("cell", { name: title, exact: true }) });
    await row.getByRole("button", { name: "Edit" }).click();
    const dialog = admin.getByRole("dialog", { name: "Edit Resource" });
    const renamed = `${title} renamed`;
    await dialog.getByLabel("Chapter Title").fill(renamed);
    await dialog.getByRole("button", { name: "Save Changes" }).click();
    await expect(dialog).toBeHidden();
    const after = `/class/9/chapter/${slug(renamed)}`;

    await page.goto(before);
    await expect(page).toHaveURL(`${BASE_URL}${after}`);
    await hydrated(page);
    await expect(page.getByRole("status").filter({ hasText: "Saved for offline" })).toBeVisible();
    await expect.poll(async () => (await cachedAddresses(page))["cw-saved-v1"]).toEqual([after]);

    await student.setOffline(true);
    await page.goto(after);
    await expect(heading(page, renamed)).toBeVisible();
    await page.goto("/saved");
    await expect(page.getByRole("link", { name: renamed })).toHaveAttribute("href", after);
    await student.setOffline(false);

    // Changed in place (a link's title), then opened online: the copy on the phone is the new page.
    const id = /\/c\/(\d+)/.exec(await (await admin.request.get(after)).text())?.[1] ?? "";
    const edited = await admin.request.post(`/admin/chapters/${id}`, {
      form: {
        intent: "update",
        id,
        version: "2",
        grade: "9",
        subject: subject.code,
        title: renamed,
        "notes[0].title": "Fresh notes",
        "notes[0].url": "https://example.org/o1",
      },
      maxRedirects: 0,
    });
    expect(edited.status()).toBe(303);
    await page.goto(after);
    await expect(page.getByRole("link", { name: "Open Fresh notes (opens in a new tab)" })).toBeVisible();
    await expect
      .poll(() =>
        page.evaluate(
          async (path) => (await (await (await caches.open("cw-pages-v1")).match(path))?.text()) ?? "",
          after,
        ),
      )
      .toContain("Fresh notes");
    await student.setOffline(true);
    await page.goto(after);
    await expect(page.getByRole("link", { name: "Open Fresh notes (opens in a new tab)" })).toBeVisible();
    await student.setOffline(false);

    // Deleted: online the student is told it is gone; offline the saved copy still opens.
    await removeMadeContent(admin);
    const gone = await page.goto(after);
    expect(gone?.status()).toBe(404);
    await expect(heading(page, "Chapter not found.")).toBeVisible();
    await student.setOffline(true);
    await page.goto(after);
    await expect(heading(page, renamed)).toBeVisible();
    await student.close();
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("there is nothing to press, and /saved says what saving needs", async ({ page }) => {
    await page.goto(REAL_NUMBERS);
    await expect(heading(page, "Real Numbers")).toBeVisible();
    await expect(page.getByRole("button", { name: "Save for offline" })).toHaveCount(0);
    await page.goto("/saved");
    await expect(heading(page, "Saved for offline")).toBeVisible();
    await expect(page.getByText(/^Saving chapters for offline needs JavaScript/)).toBeVisible();
    await page.goto("/hi/saved");
    await expect(page.getByText(/^अध्याय ऑफ़लाइन सेव करने के लिए JavaScript/)).toBeVisible();
  });
});
