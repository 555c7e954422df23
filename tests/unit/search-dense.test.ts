import { afterEach, describe, expect, it } from "vitest";
import { blocksToScan, DENSE_READ, PREFIX_ENTRY_COST } from "#app/server/search/postgres.server.ts";
import { queryTerms } from "#app/server/search/words.server.ts";

// When PostgreSQL reads a partition's first blocks in order rather than by its GIN index (issue
// 32, decision 0035): the statistics of 1,000,000 links as ANALYZE kept them.
const links = { rows: 1_000_000, pages: 58_000 };
const counts = new Map([
  ["example", 600_000],
  ["org", 600_000],
  ["mind", 100_000],
  ["map", 100_000],
  ["notes", 300_000],
  ["motion", 30_000],
  ["~g10", 250_000],
]);
const saved = { ...DENSE_READ };

describe("reading a partition in order", () => {
  afterEach(() => {
    Object.assign(DENSE_READ, saved);
  });

  it("when every word is common there, as few blocks as hold the rows wanted", () => {
    // 1,001 of 60% of the rows: about 1,700 rows, 100 blocks, and half as many again.
    expect(blocksToScan(links, counts, queryTerms("example.org"), [], 1001)).toBe(146);
    // Words that go together: the rarest decides ("mind map" is in 10%, not 1%).
    expect(blocksToScan(links, counts, queryTerms("mind map"), [], 1001)).toBe(871);
    // A filter's facet is a share of its own.
    expect(blocksToScan(links, counts, queryTerms("notes"), ["g10"], 1001)).toBe(
      blocksToScan(links, counts, queryTerms("notes"), [], 4004),
    );
  });

  it("by the index when a word is rare there, or the index is cheaper", () => {
    // Not in the statistics (the chapters' partition for "example.org"): none, or too few to list.
    expect(blocksToScan(links, new Map(), queryTerms("example.org"), [], 1001)).toBe(0);
    expect(blocksToScan(links, counts, queryTerms("example electrochemistry"), [], 1001)).toBe(0);
    // In 3%: 33,000 rows to read for 1,001, dearer than the index's 30,000 entries.
    expect(blocksToScan(links, counts, queryTerms("motion"), [], 1001)).toBe(0);
    // ...but ten of them are soon found.
    expect(blocksToScan(links, counts, queryTerms("motion"), [], 10)).toBeGreaterThan(0);
    expect(blocksToScan({ rows: 0, pages: 0 }, counts, queryTerms("notes"), [], 1001)).toBe(0);
    expect(blocksToScan(links, counts, [], [], 1001)).toBe(0);
  });

  it("reads a class with indexes of its own from them: a share of the rows, and of the entries", () => {
    // "notes" in class 10 by the class's facet: 550,000 entries (the word's and the class's), or
    // 13,347 rows in order. From the class's own index: a quarter of the word's list, 75,000
    // entries, still more than the rows.
    const inOrder = blocksToScan(links, counts, queryTerms("notes"), ["g10"], 1001);
    expect(blocksToScan(links, counts, queryTerms("notes"), [], 1001, ["g10"])).toBe(inOrder);
    // "mind map" in class 10: 40,040 rows in order cost more than the 50,000 entries of the class's
    // index (by its facet, 450,000: in order).
    expect(blocksToScan(links, counts, queryTerms("mind map"), ["g10"], 1001)).toBeGreaterThan(0);
    expect(blocksToScan(links, counts, queryTerms("mind map"), [], 1001, ["g10"])).toBe(0);
  });

  it("counts a typed word's entries at what a beginning costs the index, for the console's reads", () => {
    // Link health's title part keeps its first 10,001 documents (docs/decisions/0040). "mind map"
    // typed is two beginnings of 100,000 documents each: counted as whole words, the index looks
    // cheaper (200,000 entries against 100,000 rows in order); each gathered into a bitmap first,
    // it is not.
    const wanted = 10_001;
    const prefixed = (q: string) =>
      blocksToScan(links, counts, queryTerms(q), [], wanted, [], PREFIX_ENTRY_COST);
    expect(blocksToScan(links, counts, queryTerms("mind map"), [], wanted)).toBe(0);
    expect(prefixed("mind map")).toBe(8701);
    // One beginning in 10% is about as dear either way: the index. One in 3%: the index.
    expect(prefixed("mind")).toBe(0);
    expect(prefixed("motion")).toBe(0);
    // A whole word (one letter is never a beginning) counts as it did.
    expect(blocksToScan(links, counts, queryTerms("motion", undefined, false), [], wanted, [], 5)).toBe(
      blocksToScan(links, counts, queryTerms("motion", undefined, false), [], wanted),
    );
  });

  it("never past the last block a tid can name", () => {
    Object.assign(DENSE_READ, { rowCost: 0, margin: 1e12 });
    expect(blocksToScan(links, counts, queryTerms("notes"), [], 1001)).toBe(2 ** 32 - 1);
  });
});
