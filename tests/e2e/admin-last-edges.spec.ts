import type { Browser, Page } from "@playwright/test";
import { createChapters, updateChapter } from "#app/server/catalogue/chapters.server.ts";
import { type Site, slow, startSite, status } from "../integration/link-sites.ts";
import { E2E_PORT } from "./accounts.ts";
import { expect, hydrated, login, test } from "./fixtures.ts";
import { type OwnServer, ownServer } from "./own-server.ts";

// The console's last rough edges from the walk-through (issue 29, item 9), on a server of its own
// whose checker may reach a small site on 127.0.0.1 (LINK_CHECK=off: only the checks asked for run).

let site: Site;
let own: OwnServer;
let releaseHeld = () => {};
let chapterId = 0;

test.describe.configure({ mode: "serial", timeout: 60_000 });

test.beforeAll(async () => {
  const held = new Promise<void>((resolve) => {
    releaseHeld = resolve;
  });
  site = await startSite({ "/ok": status(200), "/held": slow(held) });
  own = await ownServer(E2E_PORT + 240, { LINK_CHECK: "off", LINK_CHECK_ALLOW_PRIVATE: "true" });
  // Saved twice, the second save putting back what the first changed: version 1 is what is current.
  chapterId = await own.read(async (db) => {
    const links = {
      notes: [{ title: "Reported notes", url: site.url("/ok") }],
      questions: [{ title: "Held questions", url: site.url("/held") }],
      lectures: [],
    };
    const [made] = await createChapters(db, 10, "mathematics", [{ title: "Last Edges Lab", links }]);
    const id = made?.id ?? 0;
    const place = { grade: 10 as const, subjectCode: "mathematics" };
    await updateChapter(db, id, 1, { ...place, title: "Last Edges Lab (draft)", links });
    await updateChapter(db, id, 2, { ...place, title: "Last Edges Lab", links });
    return id;
  });
});

test.afterAll(async () => {
  releaseHeld();
  await own?.stop();
  await site?.close();
});

async function adminOn(browser: Browser, width = 1280): Promise<Page> {
  const context = await browser.newContext({ baseURL: own.server.url, viewport: { width, height: 800 } });
  const page = await context.newPage();
  await login(page);
  return page;
}

test("History: a version that holds what the current one holds offers no Restore, and says why", async ({
  browser,
}) => {
  const page = await adminOn(browser);
  await page.goto(`/admin/chapters/${chapterId}/history`);
  const row = (n: number) =>
    page.getByRole("row").filter({ has: page.getByRole("rowheader", { name: `Version ${n}`, exact: true }) });
  await expect(page.getByRole("rowheader", { name: /^Version 3/ })).toContainText("Current");
  await expect(row(1)).toContainText("Same as now: nothing to restore");
  await expect(row(1).getByRole("link", { name: "Restore" })).toHaveCount(0);
  await expect(row(1).getByRole("link", { name: "Show changes" })).toBeVisible();
  // The version in between differs: it can be restored.
  await expect(row(2).getByRole("link", { name: "Restore" })).toBeVisible();
  await expect(row(2)).not.toContainText("Same as now");
  await page.context().close();
});

test("Link health: one Resolve closes all of a link's open reports", async ({ browser }) => {
  const url = site.url("/ok");
  await own.read(async (db) => {
    const link = await db.selectFrom("links").select("id").where("url", "=", url).executeTakeFirstOrThrow();
    for (const reason of ["broken", "wrong-content"] as const)
      await db
        .insertInto("link_reports")
        .values({
          link_id: link.id,
          reason,
          page: "/class/10/chapter/last-edges-lab",
          address_hash: "test",
          created_at: new Date().toISOString(),
        })
        .execute();
  });
  const page = await adminOn(browser);
  await page.goto("/admin/links");
  await hydrated(page);
  const reports = page.getByRole("region", { name: "Reports" });
  const entry = reports.getByRole("listitem").filter({ hasText: url });
  await expect(entry).toHaveCount(1);
  await expect(entry).toContainText("2 reports");
  // One pair of buttons for the entry, not one per report.
  await expect(entry.getByRole("button")).toHaveCount(2);
  await entry.getByRole("button", { name: "Resolve all" }).click();
  await expect(page.getByRole("status").filter({ hasText: "2 reports resolved." })).toBeVisible();
  await expect(entry).toHaveCount(0);
  const open = await own.read((db) =>
    db.selectFrom("link_reports").select("id").where("status", "=", "open").execute(),
  );
  expect(open).toEqual([]);
  await page.context().close();
});

test("Link health: after a Recheck the progress moves by itself, without Refresh", async ({ browser }) => {
  const url = site.url("/held");
  const page = await adminOn(browser);
  await page.goto(`/admin/links?q=${encodeURIComponent(url)}`);
  await hydrated(page);
  const row = page.getByRole("row").filter({ has: page.getByRole("checkbox", { name: `Select ${url}` }) });
  await row.getByRole("button", { name: "Recheck" }).click();
  const progress = page.getByRole("status").filter({ hasText: /Checking: \d+ of \d+ links done\./ });
  await expect(progress).toHaveText(/Checking: 0 of 1 links done\./);
  const address = page.url();
  // The site answers: the page reads the progress again on its own (every few seconds).
  releaseHeld();
  await expect(page.getByText("Last run: the link checked.")).toBeVisible({ timeout: 15_000 });
  await expect(progress).toHaveCount(0);
  await expect(row).toContainText("OK");
  expect(page.url()).toBe(address);
  await page.context().close();
});

test("the side menu runs the full height of the window on a short page", async ({ browser }) => {
  for (const width of [1280, 800]) {
    const page = await adminOn(browser, width);
    for (const path of ["/admin/trash", "/admin/account"]) {
      await page.goto(path);
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      const menu = page
        .locator("aside")
        .filter({ has: page.getByRole("navigation", { name: "Admin Menu" }) });
      const box = await menu.boundingBox();
      const height = await page.evaluate(() => window.innerHeight);
      expect(box?.y, `${path} at ${width} px`).toBe(0);
      expect(box ? box.y + box.height : 0, `${path} at ${width} px`).toBeGreaterThanOrEqual(height);
    }
    await page.context().close();
  }
});
