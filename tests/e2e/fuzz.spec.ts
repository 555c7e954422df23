import fs from "node:fs";
import path from "node:path";
import { BODY_LIMIT } from "../../server/body-limit.ts";
import { ACCOUNTS, E2E_PORT } from "./accounts.ts";
import { consoleRoutes } from "./console-routes.ts";
import { expect, test } from "./fixtures.ts";
import { ownServer } from "./own-server.ts";
import { signedIn } from "./server-process.ts";

/** Every form field name the console's code reads or renders. */
function fieldNames(): string[] {
  const files: string[] = [];
  const collect = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) collect(full);
      else if (/\.(tsx?|ts)$/.test(entry.name)) files.push(full);
    }
  };
  for (const dir of ["app/routes/admin", "app/components/admin", "app/lib", "app/server"]) collect(dir);
  const names = new Set<string>();
  for (const file of files) {
    const source = fs.readFileSync(file, "utf8");
    for (const m of source.matchAll(/(?:name=|\.get\(|\.getAll\()\s*["'`]([A-Za-z][\w.-]*)["'`]/g))
      names.add(m[1] as string);
    // The keys of the forms' Zod schemas (`title: typedText(...)`, `ids: selectedIds(...)`).
    for (const m of source.matchAll(
      /^\s*([a-z]\w*):\s*(?:z\.|typedText|wholeNumber|gradeField|selectedIds|recordId)/gm,
    ))
      names.add(m[1] as string);
  }
  return [...names].filter((n) => !["intent", "id"].includes(n));
}

const NASTY = [
  "",
  " ",
  "-1",
  "0",
  "abc",
  "1e309",
  "99999999999999999999",
  "NaN",
  "null",
  "[object Object]",
  // Longer than any field but a note's or a post's (10,000 characters at most), while the whole form
  // (every field at once) stays under the 4 MB limit, so it reaches the forms' own checks. Far longer
  // bodies are refused whole with 413 before anything reads them: the "7 MB body" check below.
  "x".repeat(12_000),
  "\u0000\uffff\ud800",
  "<script>alert(1)</script>",
  "javascript:alert(1)",
  "'; drop table chapters; --",
];

// Every console action × every nasty value: minutes, not seconds, on a 2-core machine. So the console's
// routes are fuzzed in two halves, each against a server of its own, which the two workers run side by side.
test.describe.configure({ mode: "parallel" });
for (const half of [0, 1] as const) {
  test(`fuzz (half ${half + 1} of 2): malformed, oversized and wrongly typed fields to every console action never give a 500`, async () => {
    await fuzzConsole(half);
  });
}

async function fuzzConsole(half: 0 | 1) {
  test.setTimeout(600_000);
  const routes = consoleRoutes().filter((_, i) => i % 2 === half);
  const own = await ownServer(E2E_PORT + 50 + half);
  const url = own.server.url;
  const fields = fieldNames();
  expect(fields.length).toBeGreaterThan(10);
  const longest = Math.max(...NASTY.map((v) => v.length));
  expect(longest * (fields.length + 2), "every field at once fits the form limit").toBeLessThan(
    BODY_LIMIT.form,
  );
  const admin = await signedIn(url, ACCOUNTS.admin.email, ACCOUNTS.admin.password);
  const failures: string[] = [];
  const check = async (
    what: string,
    send: () => Promise<{ status(): number; text(): Promise<string> }>,
    expect4xx: boolean,
  ) => {
    const response = await send();
    const status = response.status();
    const body = await response.text();
    if (status >= 500) failures.push(`${what}: ${status}`);
    else if (expect4xx && (status < 400 || status >= 500))
      failures.push(`${what}: expected 4xx, got ${status}`);
    if (/\n\s+at .+\(.*:\d+:\d+\)|node_modules\//.test(body))
      failures.push(`${what}: the response shows a stack trace`);
  };
  try {
    for (const route of routes) {
      for (const intent of [...route.intents, "no-such-intent"]) {
        const where = `${route.path} intent=${intent}`;
        // Nothing but the intent: required fields missing.
        await check(
          `${where} empty`,
          () => admin.post(route.path, { form: { intent }, maxRedirects: 0 }),
          // Forms that have no fields but their intent ("Check all links now", "Turn on two-step
          // sign-in") are whole as sent, and an empty synonym table is one an admin may save.
          !["show-subjects", "check-all", "save-synonyms", "turn-on-two-step"].includes(intent),
        );
        // Every field set to each nasty value in turn, with a garbled id.
        for (const value of NASTY) {
          const form: Record<string, string> = { intent, id: value || "x", version: value };
          for (const name of fields) form[name] = value;
          await check(
            `${where} all fields=${JSON.stringify(value.slice(0, 20))}`,
            () => admin.post(route.path, { form, maxRedirects: 0 }),
            false,
          );
        }
        // Repeated keys (arrays where one value is expected).
        await check(
          `${where} repeated keys`,
          () =>
            admin.post(route.path, {
              multipart: { intent, id: "1", grade: "10" },
              headers: {},
              maxRedirects: 0,
            }),
          false,
        );
        // A JSON body where a form is expected.
        await check(
          `${where} json body`,
          () =>
            admin.post(route.path, {
              data: JSON.stringify({ intent, id: 1 }),
              headers: { "Content-Type": "application/json" },
              maxRedirects: 0,
            }),
          true,
        );
      }
      // Larger than any form may be.
      await check(
        `${route.path} 7 MB body`,
        () =>
          admin.post(route.path, {
            form: { intent: "add", content: "x".repeat(7 * 1024 * 1024) },
            maxRedirects: 0,
          }),
        true,
      );
    }
    expect(failures).toEqual([]);
    // Nothing was half written: the database is intact and every screen still renders.
    expect(own.integrity()).toEqual({ integrity: "ok", foreignKeyProblems: [] });
    for (const route of consoleRoutes().filter((r) => !r.path.endsWith("/media"))) {
      // An item's page (/admin/blogs/1/preview) may be about an item the fuzzing itself deleted
      // (its repeated-keys form carries id 1): then a plain 404 page.
      const expected = route.pattern.includes(":") ? [200, 404] : [200];
      expect(expected, route.path).toContain((await admin.get(route.path)).status());
    }
    for (const page of ["/", "/class/10", "/blog"]) expect((await admin.get(page)).status(), page).toBe(200);
  } finally {
    await admin.dispose();
    await own.stop();
  }
}
