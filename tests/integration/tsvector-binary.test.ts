import { type Kysely, sql } from "kysely";
import { expect, it } from "vitest";
import { dialectOf } from "#app/server/db.server.ts";
import {
  documentLexemes,
  sortedLexemes,
  TsvectorColumn,
  tsvectorTexts,
} from "#app/server/search/tsvectors.server.ts";
import { describeEachDatabase } from "./databases.ts";

// A bulk load sends PostgreSQL its documents' tsvectors in the binary form (decision 0034, "late"),
// which the server takes as they come, where it sorts and merges the text form's lexemes and
// positions itself: the same documents must give the same tsvectors either way.

const many = (word: string, n: number) => Array.from({ length: n }, () => word);
const docs = [
  { title: ["light", "waves"], context: ["physics"], body: ["light", "o'clock"], facets: ["class-10"] },
  // No body: its titles are all of it.
  { title: ["ab", "abc", "a", "b"], context: ["abd"], facets: ["public", "public", "class-9"] },
  // Quoting, Devanagari (signs included), a prefix of another word, accents, beyond the BMP.
  {
    title: ["back\\slash", "it's", "प्रकाश", "प्र", "éte", "ete", "z"],
    context: ["𝔁", "\uffee", "𝔁"],
    body: ["प्रकाश", "back\\slash", "~not-a-facet"],
    facets: ["grade-11"],
  },
  // Over 255 positions of one word; positions past 16,383; a word first seen there.
  { title: ["x"], body: [...many("often", 300), ...many("filler", 17_000), "late", "often", "late"] },
  { title: [], context: [], body: [], facets: [] },
  // Many of them, of words drawn (by a fixed rule) from letters of several scripts.
  ...Array.from({ length: 200 }, (_, n) => {
    const letters = ["a", "b", "z", "é", "ß", "प", "्", "र", "𝔁", "\uffee", "'", "\\", "1"];
    const word = (k: number) =>
      Array.from(
        { length: 1 + ((n * 7 + k) % 4) },
        (_, j) => letters[(n * 31 + k * 17 + j * 13) % letters.length],
      ).join("");
    const list = (from: number, length: number) => Array.from({ length }, (_, k) => word(from + k));
    return {
      title: list(0, n % 5),
      context: list(5, n % 3),
      body: list(9, (n * 3) % 40),
      facets: [`class-${9 + (n % 4)}`],
    };
  }),
];

describeEachDatabase("tsvectors sent as binary", (db) => {
  it("are the tsvectors their text would be", async () => {
    if (dialectOf(db() as unknown as Kysely<unknown>) === "sqlite") return;
    const all = new TsvectorColumn();
    const titles = new TsvectorColumn();
    for (const doc of docs) {
      const lexemes = documentLexemes(doc);
      const sorted = sortedLexemes(lexemes);
      all.add(lexemes, sorted);
      if (lexemes.bodyAdded) titles.add(lexemes, sorted, lexemes.inTitles);
      else titles.addNull();
    }
    const texts = docs.map(tsvectorTexts);
    const { rows } = await sql<{
      binary: string;
      text: string;
      binary_titles: string | null;
      text_titles: string;
    }>`
      select b.tsv::text as binary, t.tsv::text as text, b.titles::text as binary_titles, t.titles::text as text_titles
      from unnest(${all.done()}::tsvector[], ${titles.done()}::tsvector[]) with ordinality as b(tsv, titles, n)
      join unnest(${texts.map((t) => t.all)}::tsvector[], ${texts.map((t) => t.titles)}::tsvector[])
        with ordinality as t(tsv, titles, n) on t.n = b.n
      order by b.n`.execute(db());
    expect(rows.length).toBe(docs.length);
    for (const row of rows) {
      expect(row.binary).toBe(row.text);
      expect(row.binary_titles ?? row.binary).toBe(row.text_titles);
    }
    // The words beyond 16,383 are at its last position, and a word keeps at most 255 positions.
    expect(rows[3]?.text).toContain("'late':16383C");
    expect(rows[3]?.text.match(/'often':([\d,C]+)/)?.[1]?.split(",").length).toBe(255);
  });
});
