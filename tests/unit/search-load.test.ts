import { expect, it } from "vitest";
import { loadStatements } from "#app/server/search/load-rows.server.ts";

// SQLite's bulk load sends its documents to temp.search_load as JSON, a statement's text kept under
// V8's large-object size so it dies young (decision 0034, "night"): every row, in order, each
// statement at most 48 K characters unless one row alone is longer.

const row = (i: number, body: string) => [i, "chapter", i, 9, "science", `Title ${i}`, "", body, "grade-9"];

it("sends every row in order, in statements of at most 48 K characters or 500 rows", () => {
  const docs = Array.from({ length: 1200 }, (_, i) => ({ i, body: "word ".repeat(i % 7 === 0 ? 1500 : 20) }));
  const statements = [...loadStatements(docs, (d) => row(d.i, d.body))];
  expect(statements.flatMap((s) => JSON.parse(s.json))).toEqual(docs.map((d) => row(d.i, d.body)));
  for (const s of statements) {
    expect(s.json.length).toBeLessThanOrEqual(48 * 1024);
    expect(JSON.parse(s.json).length).toBe(s.rows);
    expect(s.rows).toBeLessThanOrEqual(500);
  }
  expect(statements.length).toBeGreaterThan(3);
  // Short rows fill a statement up to 500 of them.
  const short = [
    ...loadStatements(
      Array.from({ length: 606 }, (_, i) => i),
      (i) => row(i, "a"),
    ),
  ];
  expect(short.map((s) => s.rows)).toEqual([500, 106]);
});

it("sends a row longer than a statement alone, and nothing for no rows", () => {
  const long = "x".repeat(100_000);
  const statements = [...loadStatements([1, 2, 3], (i) => row(i, i === 2 ? long : "short"))];
  expect(statements.map((s) => JSON.parse(s.json).map((r: unknown[]) => r[0]))).toEqual([[1], [2], [3]]);
  expect([...loadStatements([], () => [])]).toEqual([]);
});
