import { describe, expect, it } from "vitest";
import { readListQuery } from "#app/lib/list-query.ts";

const SPEC = {
  sorts: ["title"] as const,
  defaultSort: "title" as const,
  defaultDir: { title: "asc" as const },
  filters: { host: (value: string) => value.length <= 20 },
};

describe("a list's state read from its URL", () => {
  it("takes NULs out of the search and the filters, which no database takes inside a text", () => {
    const query = readListQuery(new URLSearchParams("q=a%00b&host=%00you%00tube.com%00"), SPEC);
    expect(query.q).toBe("ab");
    expect(query.filters.host).toBe("youtube.com");
    expect(readListQuery(new URLSearchParams("q=%00%00"), SPEC).q).toBe("");
  });
});
