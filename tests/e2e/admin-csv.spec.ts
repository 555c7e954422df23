import fs from "node:fs";
import type { Page } from "@playwright/test";
import { parse } from "csv-parse/sync";
import { stringify } from "csv-stringify/sync";
import { CSV_COLUMNS, CSV_SYLLABUS_COLUMNS } from "#app/lib/chapters-csv-format.ts";
import { ACCOUNTS, E2E_PORT } from "./accounts.ts";
import { expect, hydrated, test } from "./fixtures.ts";
import { type OwnServer, ownServer } from "./own-server.ts";

// Each block imports into a demo catalogue of its own (own server), so the shared one stays as it is.

const BAD_URL = "ftp://files.example/sound.pdf";
const NEW_URL = "https://example.org/csv-e2e/changed-notes";

async function signIn(page: Page, url: string) {
  await page.goto(`${url}/login`);
  await page.getByLabel("Email").fill(ACCOUNTS.admin.email);
  await page.getByLabel("Password").fill(ACCOUNTS.admin.password);
  await page.getByRole("button", { name: "Login" }).click();
  await page.waitForURL("**/admin");
}

async function exportCsv(page: Page, url: string, query: string) {
  const response = await page.request.get(`${url}/admin/chapters.csv${query}`);
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toContain("text/csv");
  expect(response.headers()["content-disposition"]).toMatch(
    /^attachment; filename="chapters-class-9-science-.+\.csv"$/,
  );
  expect(response.headers()["cache-control"]).toContain("no-store");
  const body = await response.body();
  expect([...body.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  return body.toString("utf8");
}

function writeCsv(rows: string[][]): string {
  // In the test's own output folder, which Playwright empties at the start of every run.
  const file = test.info().outputPath("chapters-edited.csv");
  fs.writeFileSync(file, stringify(rows, { bom: true, record_delimiter: "windows" }));
  return file;
}

async function preview(page: Page, file: string, js: boolean) {
  if (js) await hydrated(page);
  await page.getByLabel("CSV file").setInputFiles(file);
  await page.getByRole("button", { name: "Preview import" }).click();
  return page.getByRole("region", { name: /^Preview of chapters-edited\.csv/ });
}

async function linkHrefs(page: Page, url: string, slug: string) {
  await page.goto(`${url}/class/9/chapter/${slug}`);
  return page.locator("main a[href^='http']").evaluateAll((as) => as.map((a) => a.getAttribute("href")));
}

for (const js of [true, false]) {
  test.describe(`CSV export and import${js ? "" : " without JavaScript"}`, () => {
    test.use({ javaScriptEnabled: js });
    let own: OwnServer;
    test.beforeAll(async () => {
      own = await ownServer(E2E_PORT + (js ? 130 : 131));
    });
    test.afterAll(async () => {
      await own?.stop();
    });

    test("an edited export previews with the bad row named, imports nothing until confirmed, then exactly the changes", async ({
      page,
      consoleErrors,
    }) => {
      test.setTimeout(60_000);
      const url = own.server.url;
      await signIn(page, url);
      const exported = await exportCsv(page, url, "?grade=9&subject=science");
      const rows = parse(exported, { bom: true }) as string[][];
      expect(rows[0]).toEqual([...CSV_COLUMNS, ...CSV_SYLLABUS_COLUMNS]);
      // A row of ours past the URL: no Type, Language or Year; In syllabus, no book.
      const rest = ["", "", "", "In syllabus", "", "", ""];
      // Edit: one link's address changed, one chapter added, one row with a bad URL.
      const at = rows.findIndex((r, i) => i > 0 && r[3] === "notes");
      expect(at).toBeGreaterThan(0);
      const changed = [...(rows[at] as string[])];
      const oldUrl = changed[5] as string;
      changed[5] = NEW_URL;
      const chapterTitle = changed[2] as string;
      const slug = chapterTitle
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, "-")
        .replace(/^-|-$/g, "");
      const added = [
        "9",
        "science",
        "CSV Import Check, Part 1",
        "Questions",
        "MCQ सवाल",
        "https://example.org/csv-e2e/mcq",
        ...rest,
      ];
      const fixed = [...rows.slice(0, at), changed, ...rows.slice(at + 1), added];
      const withBadRow = [
        ...fixed,
        ["9", "science", "Sound Waves Extra", "lectures", "Video", BAD_URL, ...rest],
      ];
      const before = await own.snapshot();

      await page.goto(`${url}/admin/add-resource`);
      const shown = await preview(page, writeCsv(withBadRow), js);
      await expect(shown).toContainText(`Line ${withBadRow.length}: URL: only web addresses`);
      await expect(shown.getByRole("heading", { name: "Chapters to add (1)" })).toBeVisible();
      await expect(shown).toContainText("Class 9 Science: CSV Import Check, Part 1 (1 link)");
      await expect(shown).toContainText(`Class 9 Science: ${chapterTitle}: 1 link changed`);
      await expect(shown.getByRole("button", { name: "Import" })).toHaveCount(0);
      expect(await own.snapshot()).toBe(before);
      expect(await linkHrefs(page, url, slug)).toContain(oldUrl);

      // Without the bad row: the same preview, and nothing is written until "Import".
      await page.goto(`${url}/admin/add-resource`);
      const clean = await preview(page, writeCsv(fixed), js);
      await expect(clean).toContainText("1 chapter to add, 1 to change");
      await expect(clean).not.toContainText("Bad rows");
      expect(await own.snapshot()).toBe(before);
      await clean.getByRole("button", { name: "Import" }).click();
      await expect(
        page.getByRole("status").filter({ hasText: "Imported: 1 chapter added, 1 changed." }),
      ).toBeVisible();

      // Exactly the changes: the export now is the edited file, and the public pages show them.
      const expected = [...fixed.slice(0, -1), added.with(3, "questions")];
      expect(parse(await exportCsv(page, url, "?grade=9&subject=science"), { bom: true })).toEqual(expected);
      const hrefs = await linkHrefs(page, url, slug);
      expect(hrefs).toContain(NEW_URL);
      expect(hrefs).not.toContain(oldUrl);
      expect(await linkHrefs(page, url, "csv-import-check-part-1")).toContain(
        "https://example.org/csv-e2e/mcq",
      );
      // The fixture counts this block's own server as another host; any other error fails.
      expect(consoleErrors.filter((e) => !e.startsWith(`request to another host: ${url}/`))).toEqual([]);
    });

    test("cancel leaves the preview without importing, and a file that is not a chapters CSV is refused", async ({
      page,
    }) => {
      const url = own.server.url;
      await signIn(page, url);
      const before = await own.snapshot();
      await page.goto(`${url}/admin/add-resource`);
      const shown = await preview(
        page,
        writeCsv([
          ["Class", "Subject", "Chapter", "Kind", "Link title", "URL"],
          ["9", "science", "Cancelled Chapter", "", "", ""],
        ]),
        js,
      );
      await expect(shown).toContainText("1 chapter to add");
      await shown.getByRole("link", { name: "Cancel" }).click();
      await expect(page.getByRole("region", { name: /^Preview of/ })).toHaveCount(0);
      expect(await own.snapshot()).toBe(before);

      const notCsv = writeCsv([["Name", "Email"]]);
      if (js) await hydrated(page);
      await page.getByLabel("CSV file").setInputFiles(notCsv);
      await page.getByRole("button", { name: "Preview import" }).click();
      await expect(page.getByRole("alert")).toContainText("The first line must name the columns");
      expect(await own.snapshot()).toBe(before);
    });
  });
}
