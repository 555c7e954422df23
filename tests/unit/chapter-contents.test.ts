import { describe, expect, it } from "vitest";
import { COMING_SOON, contentLine, isContentFilter } from "#app/lib/chapter-contents.ts";

describe("what a chapter card says it holds", () => {
  it("counts notes and links, singular and plural, and says Coming soon when empty", () => {
    expect(contentLine(2, 6)).toBe("2 notes · 6 links");
    expect(contentLine(1, 1)).toBe("1 note · 1 link");
    expect(contentLine(0, 3)).toBe("3 links");
    expect(contentLine(1, 0)).toBe("1 note");
    expect(contentLine(0, 0)).toBe(COMING_SOON);
    expect(COMING_SOON).toBe("Coming soon");
  });

  it("knows the Dashboard's Content filter values", () => {
    expect(isContentFilter("empty")).toBe(true);
    expect(isContentFilter("has-resources")).toBe(true);
    expect(isContentFilter("Empty")).toBe(false);
    expect(isContentFilter("")).toBe(false);
  });
});
