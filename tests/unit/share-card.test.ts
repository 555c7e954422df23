import { describe, expect, it } from "vitest";
import { shareCardSvg, titleLines } from "#app/server/publishing/share-card.server.ts";

describe("a chapter's share card", () => {
  it("breaks the title between words into at most three lines, with an ellipsis past them", () => {
    expect(titleLines("Real Numbers")).toEqual(["Real Numbers"]);
    expect(titleLines("Pair of Linear Equations in Two Variables")).toEqual([
      "Pair of Linear Equations",
      "in Two Variables",
    ]);
    expect(titleLines("अम्ल, क्षारक एवं लवण")).toEqual(["अम्ल, क्षारक एवं लवण"]);
    const long = titleLines("word ".repeat(40));
    expect(long).toHaveLength(3);
    expect(long[2]?.endsWith("…")).toBe(true);
    // A word longer than a line stands alone rather than being cut.
    expect(titleLines(`${"x".repeat(40)} end`)).toEqual(["x".repeat(40), "end"]);
    expect(titleLines("   ")).toEqual([]);
  });

  it("is SVG of 1200 × 630 with the title, class and subject and site name, escaped", () => {
    const svg = shareCardSvg({
      title: `<script>alert("x")</script> & Co`,
      kicker: "Class 10 · Science",
      siteName: "Chapter<Wise>",
    });
    expect(svg).toContain('width="1200" height="630"');
    expect(svg).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;");
    expect(svg).toContain("&amp; Co");
    expect(svg).toContain("Class 10 · Science");
    expect(svg).toContain("Chapter&lt;Wise&gt;");
    expect(svg).not.toContain("<script>");
  });
});
