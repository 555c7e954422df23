import { describe, expect, it } from "vitest";
import { fromNearerEnd, turned } from "#app/server/console/list-page.server.ts";

// A page's ids read from whichever end of the list is nearer: the same rows as read from the start.
describe("fromNearerEnd", () => {
  /** A list of `total` ids, read as a database would: in an order, with a limit and an offset. */
  const list = (total: number) => {
    const ids = Array.from({ length: total }, (_, i) => i + 1);
    const offsets: number[] = [];
    const read = async ({
      limit,
      offset,
      reversed,
    }: {
      limit: number;
      offset: number;
      reversed: boolean;
    }) => {
      offsets.push(offset);
      return (reversed ? ids.toReversed() : ids).slice(offset, offset + limit);
    };
    return { ids, offsets, read };
  };

  it("gives every page of every size of list the rows read from the start", async () => {
    for (const total of [0, 1, 49, 50, 51, 99, 100, 101, 149, 150, 2000]) {
      const { ids, read } = list(total);
      for (let offset = 0; offset < total; offset += 50) {
        const page = await fromNearerEnd({ limit: 50, offset, total }, read);
        expect(page, `${total} rows, offset ${offset}`).toEqual(ids.slice(offset, offset + 50));
      }
    }
  });

  it("skips at most half the list, and nothing for the last page", async () => {
    const { offsets, read } = list(100_000);
    await fromNearerEnd({ limit: 50, offset: 99_950, total: 100_000 }, read);
    await fromNearerEnd({ limit: 50, offset: 50_000, total: 100_000 }, read);
    await fromNearerEnd({ limit: 50, offset: 49_950, total: 100_000 }, read);
    expect(offsets).toEqual([0, 49_950, 49_950]);
  });

  it("reads nothing past the end", async () => {
    const { offsets, read } = list(10);
    expect(await fromNearerEnd({ limit: 50, offset: 50, total: 10 }, read)).toEqual([]);
    expect(offsets).toEqual([]);
  });

  it("turns a direction round only when reading from the end", () => {
    expect([turned("asc", false), turned("desc", false), turned("asc", true), turned("desc", true)]).toEqual([
      "asc",
      "desc",
      "desc",
      "asc",
    ]);
  });
});
