import fs from "node:fs";
import path from "node:path";
import { expect, it } from "vitest";

// Issue 29: no module imports itself back through others. Here for the accounts area (users, two-step
// sign-in and the login limits once needed one another through the backup's part of users).
const app = path.resolve(import.meta.dirname, "../../app");

/** The modules a file imports at run time (`import type` is left out: it is gone once compiled). */
function importsOf(file: string): string[] {
  const source = fs.readFileSync(file, "utf8");
  return [...source.matchAll(/^import\s+(?!type\b)[^;]*?from\s+"#app\/([^"]+)"/gms)].map((m) =>
    path.join(app, m[1] as string),
  );
}

it("no module of app/server/accounts reaches itself again through its imports", () => {
  const dir = path.join(app, "server/accounts");
  const circles: string[] = [];
  for (const start of fs.readdirSync(dir).map((f) => path.join(dir, f))) {
    const seen = new Set<string>();
    const walk = (file: string, trail: string[]) => {
      for (const next of importsOf(file)) {
        if (next === start) circles.push([...trail, next].map((f) => path.relative(app, f)).join(" -> "));
        else if (!seen.has(next) && fs.existsSync(next)) {
          seen.add(next);
          walk(next, [...trail, next]);
        }
      }
    };
    walk(start, [start]);
  }
  expect(circles).toEqual([]);
});
