import fs from "node:fs";
import path from "node:path";
import { expect, it } from "vitest";

// End-to-end specs that start servers of their own run two at a time: each must listen on a port
// of its own (E2E_PORT + N), or two specs collide at random.
it("every end-to-end server of its own has a port offset no other spec uses", () => {
  const dir = path.resolve(import.meta.dirname, "../e2e");
  const owners = new Map<number, string[]>();
  for (const file of fs.readdirSync(dir).filter((f) => f.endsWith(".ts"))) {
    const source = fs.readFileSync(path.join(dir, file), "utf8");
    for (const match of source.matchAll(
      /E2E_PORT\s*\+\s*(?:\(\s*\w+\s*\?\s*(\d+)\s*:\s*(\d+)\s*\)|(\d+))/g,
    )) {
      for (const offset of match.slice(1).filter(Boolean).map(Number)) {
        owners.set(offset, [...new Set([...(owners.get(offset) ?? []), file])]);
      }
    }
  }
  const shared = [...owners].filter(([, files]) => files.length > 1);
  expect(shared).toEqual([]);
  expect(owners.size).toBeGreaterThan(5);
});
