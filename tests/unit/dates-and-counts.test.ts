import { describe, expect, it } from "vitest";
import { blogCopy } from "#app/content/blog-copy.ts";
import { chapterPageCopy } from "#app/content/chapter-page-copy.ts";
import { classPageCopy } from "#app/content/class-page-copy.ts";
import { frameCopy } from "#app/content/frame-copy.ts";
import { blogCopy as hindiBlogCopy } from "#app/content/hi/blog-copy.ts";
import { chapterPageCopy as hindiChapterPageCopy } from "#app/content/hi/chapter-page-copy.ts";
import { classPageCopy as hindiClassPageCopy } from "#app/content/hi/class-page-copy.ts";
import { frameCopy as hindiFrameCopy } from "#app/content/hi/frame-copy.ts";
import { searchCopy as hindiSearchCopy } from "#app/content/hi/search-copy.ts";
import { searchCopy } from "#app/content/search-copy.ts";
import { formatDate } from "#app/lib/dates.ts";
import { formatCount } from "#app/lib/numbers.ts";

// Dates and counts as the public pages print them (DESIGN.md 8.2): a Hindi page writes its dates
// with Hindi month names and Western digits; both languages group digits the Indian way.

/** Every day of a leap year, at midnight UTC. */
const leapYear = Array.from({ length: 366 }, (_, i) => new Date(Date.UTC(2028, 0, 1 + i)));

describe("formatDate in each language", () => {
  it("writes English dates as before, and Hindi ones with Hindi months", () => {
    expect(formatDate("2026-11-28")).toBe("28 November 2026");
    expect(formatDate("2026-11-28", "en")).toBe("28 November 2026");
    expect(formatDate("2026-11-28", "hi")).toBe("28 नवंबर 2026");
    expect(formatDate("2026-02-01", "hi")).toBe("1 फ़रवरी 2026");
    expect(formatDate("2026-09-05", "hi")).toBe("5 सितंबर 2026");
  });

  it("writes every day of a leap year as Intl does (en-IN, and hi-IN with Western digits)", () => {
    const options = { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" } as const;
    const english = new Intl.DateTimeFormat("en-IN", options);
    const hindi = new Intl.DateTimeFormat("hi-IN-u-nu-latn", options);
    for (const day of leapYear) {
      const iso = day.toISOString().slice(0, 10);
      expect(formatDate(iso, "en"), iso).toBe(english.format(day));
      expect(formatDate(iso, "hi"), iso).toBe(hindi.format(day));
    }
  });

  it("shows what is not a date as it is stored, in both languages", () => {
    for (const lang of ["en", "hi"] as const) {
      expect(formatDate("2 Nov 2026", lang)).toBe("2 Nov 2026");
      expect(formatDate("2026-02-30", lang)).toBe("2026-02-30");
      expect(formatDate("", lang)).toBe("");
    }
  });
});

describe("counts", () => {
  it("group digits the Indian way, with Western digits", () => {
    expect(formatCount(0)).toBe("0");
    expect(formatCount(999)).toBe("999");
    expect(formatCount(1000)).toBe("1,000");
    expect(formatCount(100000)).toBe("1,00,000");
    expect(formatCount(12345678)).toBe("1,23,45,678");
    // Grouped without Intl, as Intl groups them (every length, both signs).
    const intl = new Intl.NumberFormat("en-IN");
    for (const n of [1, 12, 123, 1234, 12345, 123456, 1234567, 99999999, Number.MAX_SAFE_INTEGER])
      for (const signed of [n, -n]) expect(formatCount(signed)).toBe(intl.format(signed));
    expect(formatCount(-0)).toBe("0");
    expect(formatCount(1234.5)).toBe("1,234.5");
  });

  it("in the search page's count line of both languages", () => {
    expect(searchCopy.countLine(0, "zzz")).toBe('No results for "zzz"');
    expect(searchCopy.countLine(1, "light")).toBe('1 result for "light"');
    expect(searchCopy.countLine(1000, "cell")).toBe('1,000 results for "cell"');
    expect(searchCopy.countLine(1000, "cell", true)).toBe('More than 1,000 results for "cell"');
    expect(hindiSearchCopy.countLine(0, "zzz")).toBe("“zzz” के लिए कोई परिणाम नहीं मिला");
    expect(hindiSearchCopy.countLine(42, "light")).toBe("“light” के लिए 42 परिणाम");
    expect(hindiSearchCopy.countLine(100000, "light")).toBe("“light” के लिए 1,00,000 परिणाम");
    expect(hindiSearchCopy.countLine(1000, "cell", true)).toBe("“cell” के लिए 1,000 से ज़्यादा परिणाम");
    // An estimate beyond what was counted says so (issue 32).
    expect(searchCopy.countLine(1000, "notes", true, 600000)).toBe('About 6,00,000 results for "notes"');
    expect(hindiSearchCopy.countLine(1000, "notes", true, 600000)).toBe("“notes” के लिए लगभग 6,00,000 परिणाम");
  });

  it("on the chapter cards (notes and links) of both languages", () => {
    expect(frameCopy.cards.contents(1_200, 1_00_000)).toBe("1,200 notes · 1,00,000 links");
    expect(frameCopy.cards.contents(1, 1)).toBe("1 note · 1 link");
    expect(frameCopy.cards.contents(0, 0)).toBe("Coming soon");
    expect(hindiFrameCopy.cards.contents(1_200, 1_00_000)).toBe("1,200 Notes · 1,00,000 लिंक");
    expect(hindiFrameCopy.cards.contents(0, 2_500)).toBe("2,500 लिंक");
    expect(hindiFrameCopy.cards.contents(1, 1)).toBe("1 Note · 1 लिंक");
    expect(hindiFrameCopy.cards.contents(0, 0)).toBe("जल्द आ रहा है");
  });

  it("in the pager (a subject's chapters, the blog, search) and the blog's title of both languages", () => {
    expect(frameCopy.pages.pageOf(2, 3)).toBe("Page 2 of 3");
    expect(frameCopy.pages.pageOf(1_000, 1_00_000)).toBe("Page 1,000 of 1,00,000");
    expect(hindiFrameCopy.pages.pageOf(1_000, 1_00_000)).toBe("पेज 1,000 / 1,00,000");
    expect(blogCopy.meta.title(1_500)).toBe("Blog (page 1,500) – Study Tips and Exam Guidance");
    expect(hindiBlogCopy.meta.title(1_500)).toBe("ब्लॉग (पेज 1,500) – पढ़ाई के टिप्स और परीक्षा की तैयारी");
  });

  it("in the class page's counts, the links a filter hides and the search suggestions of both languages", () => {
    expect(classPageCopy.chapterCount(1_00_000)).toBe("1,00,000 chapters");
    expect(classPageCopy.matchCount(1_234, 12_345)).toBe("1,234 of 12,345 chapters match");
    expect(hindiClassPageCopy.chapterCount(1_00_000)).toBe("1,00,000 अध्याय");
    expect(chapterPageCopy.filters.hidden(1_000)).toBe("1,000 links hidden by this filter.");
    expect(hindiChapterPageCopy.filters.hidden(1_000)).toBe("इस फ़िल्टर से 1,000 लिंक छिपे हैं।");
    expect(frameCopy.search.suggestionCount(1_000)).toBe("1,000 suggestions.");
    expect(hindiFrameCopy.search.suggestionCount(1_000)).toBe("1,000 सुझाव।");
  });
});
