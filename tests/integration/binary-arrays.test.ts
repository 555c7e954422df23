import { type Kysely, sql } from "kysely";
import { expect, it } from "vitest";
import { dialectOf } from "#app/server/db.server.ts";
import { integerArray, textArray } from "#app/server/platform/binary-arrays.server.ts";
import { describeEachDatabase } from "./databases.ts";

// A bulk load sends its columns to PostgreSQL as binary arrays, each made in a buffer sized from
// its values, in a Bind that node-postgres writes at once (decision 0043): the server must read
// back exactly what was sent, whatever the text, its size or its nulls.

const texts = [
  "",
  null,
  "light",
  "प्रकाश का परावर्तन",
  "𝔁 and \uffee",
  'back\\slash, "quoted", {braces}',
  "x".repeat(300_000),
  "प्र".repeat(70_000),
  ...Array.from({ length: 5000 }, (_, i) => (i % 3 === 0 ? `अध्याय ${i}` : `https://example.org/${i}`)),
];
const integers = [
  0,
  -1,
  2_147_483_647,
  -2_147_483_648,
  null,
  ...Array.from({ length: 5000 }, (_, i) => i * 7),
];

describeEachDatabase("binary arrays", (db) => {
  it("reach PostgreSQL as the values sent", async () => {
    if (dialectOf(db() as unknown as Kysely<unknown>) === "sqlite") return;
    const { rows } = await sql<{ text: string | null; integer: number | null }>`
      select t.v as text, i.v as integer
      from unnest(${textArray(texts)}::text[]) with ordinality as t(v, n)
      full join unnest(${integerArray(integers)}::integer[]) with ordinality as i(v, n) on i.n = t.n
      order by coalesce(t.n, i.n)`.execute(db());
    expect(rows.map((r) => r.text)).toEqual(texts);
    expect(rows.slice(0, integers.length).map((r) => r.integer)).toEqual(integers);
  });

  it("go in one statement with text parameters of every size beside them", async () => {
    if (dialectOf(db() as unknown as Kysely<unknown>) === "sqlite") return;
    const long = "प्रकाश ".repeat(5000);
    const short = "प्रकाश ".repeat(100);
    const { rows } = await sql<{ long: string; short: string; n: number }>`
      select ${long}::text as long, ${short}::text as short,
        cardinality(${integerArray(integers)}::integer[]) as n`.execute(db());
    expect(rows[0]).toEqual({ long, short, n: integers.length });
  });
});
