import { describe, expect, it } from "vitest";
import { chapterPageCopy as english } from "#app/content/chapter-page-copy.ts";
import { chapterPageCopy as hindi } from "#app/content/hi/chapter-page-copy.ts";
import {
  CHAPTER_PAGE,
  LINK_ITEM,
  REPORT_OUTCOMES,
  reportedAddress,
  reportedIn,
} from "#app/lib/link-report.ts";
import { pageKey } from "#app/server/platform/page-key.server.ts";

describe("Report broken link: the way back to the chapter page", () => {
  it("carries the answer and the link, lands on the item, and is never a stored page", () => {
    const to = reportedAddress(
      "/class/10/chapter/light",
      "thanks",
      "https://example.com/a?b=1&c#d",
      "lectures-2",
    );
    expect(to).toBe(
      "/class/10/chapter/light?report=thanks&link=https%3A%2F%2Fexample.com%2Fa%3Fb%3D1%26c%23d#lectures-2",
    );
    const url = new URL(`http://site${to}`);
    expect(reportedIn(url.searchParams)).toEqual({ outcome: "thanks", url: "https://example.com/a?b=1&c#d" });
    expect(pageKey(to)).toBeNull();
  });

  it("leaves out an item id that is not one of the page's", () => {
    expect(reportedAddress("/class/9/chapter/x", "gone", "https://e.com/", "#evil")).not.toContain("#");
  });

  it("reads nothing from an address without a known answer and a link", () => {
    for (const query of ["", "report=thanks", "link=https://e.com", "report=pwned&link=https://e.com"]) {
      expect(reportedIn(new URLSearchParams(query)), query).toBeNull();
    }
  });

  it("has words for every answer in both languages, and the contract's thanks", () => {
    expect(english.report.answers.thanks).toBe("Thanks! We'll check this link.");
    for (const copy of [english, hindi])
      for (const outcome of REPORT_OUTCOMES) expect(copy.report.answers[outcome].length).toBeGreaterThan(10);
  });

  it("takes only this site's chapter pages and the page's item ids", () => {
    expect(CHAPTER_PAGE.test("/class/12/chapter/thermodynamics-2")).toBe(true);
    // The Hindi chapter page too: its visitor comes back to it.
    expect(CHAPTER_PAGE.test("/hi/class/10/chapter/real-numbers")).toBe(true);
    for (const page of [
      "/class/13/chapter/x",
      "/hi/hi/class/10/chapter/x",
      "/en/class/10/chapter/x",
      "//evil.example/class/9/chapter/x",
      "https://evil.example/",
      "/class/9/chapter/x?y",
      "/blog/x",
    ]) {
      expect(CHAPTER_PAGE.test(page), page).toBe(false);
    }
    expect(LINK_ITEM.test("questions-12")).toBe(true);
    expect(LINK_ITEM.test("questions-12\n")).toBe(false);
  });
});
