import { describe, expect, it } from "vitest";
import { filterChapters, matchesChapterSearch } from "#app/lib/chapter-search.ts";

describe("chapter search", () => {
  const chapters = [{ title: "Triangles" }, { title: "Introduction to Trigonometry" }, { title: "Circles" }];

  it("matches a substring of the title, ignoring case", () => {
    expect(filterChapters(chapters, "TRI").map((c) => c.title)).toEqual([
      "Triangles",
      "Introduction to Trigonometry",
    ]);
    expect(matchesChapterSearch("Light – Reflection and Refraction", "reflection AND")).toBe(true);
  });
  it("shows everything for an empty or blank search, and keeps the order", () => {
    expect(filterChapters(chapters, "")).toEqual(chapters);
    expect(filterChapters(chapters, "   ")).toEqual(chapters);
  });
  it("ignores spaces around the search but not inside it", () => {
    expect(filterChapters(chapters, "  circles ").map((c) => c.title)).toEqual(["Circles"]);
    expect(filterChapters(chapters, "tri angles")).toEqual([]);
  });
  it("finds nothing for text no title contains", () => {
    expect(filterChapters(chapters, "zzqx")).toEqual([]);
  });
});
