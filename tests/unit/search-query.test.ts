import { describe, expect, it } from "vitest";
import { searchCopy } from "#app/content/search-copy.ts";
import { cleanQuery, MAX_SEARCH_PAGE, parseSearchParams, searchHref } from "#app/lib/search-query.ts";
import { MAX_QUERY_LENGTH } from "#app/server/search/types.ts";

const parse = (query: string) => parseSearchParams(new URLSearchParams(query));

describe("/search parameters", () => {
  it("read the query, class, subject, kind and page", () => {
    expect(parse("q=light&grade=10&subject=science&type=chapters&page=3")).toEqual({
      q: "light",
      grade: 10,
      subject: "science",
      type: "chapters",
      page: 3,
    });
    expect(parse("")).toEqual({ q: "", page: 1 });
  });

  it("drop values that make no sense rather than refuse them", () => {
    expect(parse("q=x&grade=13&subject=%3Cscript%3E&type=videos&page=-2")).toEqual({ q: "x", page: 1 });
    expect(parse("q=x&grade=09x&page=1.5")).toEqual({ q: "x", page: 1 });
    expect(parse("q=x&page=99999999999").page).toBe(MAX_SEARCH_PAGE);
    expect(parse("q=x&subject=Science").subject).toBe("science");
  });

  it("cap the query at 200 whole characters and tidy its spaces", () => {
    expect(cleanQuery("  photo\u0000syn \t\n thesis  ")).toBe("photo syn thesis");
    expect([...cleanQuery("a".repeat(5000))]).toHaveLength(MAX_QUERY_LENGTH);
    // An emoji is never cut in half: no lone surrogate reaches the page.
    const emoji = cleanQuery("😀".repeat(300));
    expect([...emoji]).toHaveLength(MAX_QUERY_LENGTH);
    expect(emoji.isWellFormed()).toBe(true);
    expect(cleanQuery('"NEAR( * -a: AND \\')).toBe('"NEAR( * -a: AND \\');
    expect(cleanQuery("परावर्तन")).toBe("परावर्तन");
  });
});

describe("/search addresses", () => {
  it("carry only what is set, and page 1 has no number", () => {
    expect(searchHref({ q: "light", page: 1 })).toBe("/search?q=light");
    expect(searchHref({ q: "a b&c", grade: 9, subject: "maths", type: "links", page: 2 })).toBe(
      "/search?q=a+b%26c&grade=9&subject=maths&type=links&page=2",
    );
    expect(searchHref({})).toBe("/search");
  });

  it("read back as what they were made from", () => {
    const params = { q: "अभिक्रि “x”", grade: 12 as const, type: "posts" as const, page: 4 };
    expect(parse(searchHref(params).split("?")[1] ?? "")).toEqual(params);
  });
});

describe("the count line", () => {
  const { countLine } = searchCopy;
  it("reads as the contract says", () => {
    expect(countLine(0, "zzz")).toBe('No results for "zzz"');
    expect(countLine(1, "light")).toBe('1 result for "light"');
    expect(countLine(42, "light")).toBe('42 results for "light"');
  });

  it("says when the search stopped counting, rather than a number it did not count", () => {
    expect(countLine(1000, "cell", true)).toBe('More than 1,000 results for "cell"');
    // Counts are grouped the Indian way on every page (DESIGN.md 8.2).
    expect(countLine(1000, "cell")).toBe('1,000 results for "cell"');
  });
});
