import { describe, expect, it } from "vitest";
import { formatDate, isIsoDate, postDateMillis, sortNewestFirst, todayIso } from "#app/lib/dates.ts";
import { parseGrade } from "#app/lib/grades.ts";
import { htmlToText, notePreview } from "#app/lib/html-text.ts";
import { parseKeywords, readKeywords } from "#app/lib/keywords.ts";
import { addressSlug, slugify, uniqueSlug } from "#app/lib/slug.ts";
import { safeHttpUrl } from "#app/lib/url.ts";

describe("slug rule", () => {
  it.each([
    ["Real Numbers", "real-numbers"],
    ["  Light – Reflection and Refraction ", "light-reflection-and-refraction"],
    ["Thermodynamics", "thermodynamics"],
    ["--A  B__C--", "a-b-c"],
    ["Sets & Functions (Part I)", "sets-functions-part-i"],
    ["!!!", ""],
    ["Class 10: Maths", "class-10-maths"],
    // Any script (DESIGN 8.2): letters, digits and combining marks kept, NFC, lowercased.
    ["सूरदास के पद", "सूरदास-के-पद"],
    ["प्रकाश – परावर्तन तथा अपवर्तन", "प्रकाश-परावर्तन-तथा-अपवर्तन"],
    ["सूरदास के पद".normalize("NFD"), "सूरदास-के-पद"],
    ["Motion (गति)", "motion-गति"],
    ["अध्याय १०", "अध्याय-१०"],
    ["क्\u200dष और क्\u200cष", "क्ष-और-क्ष"],
    ["Έργο Ένα", "έργο-ένα"],
    ["\u093f\u0902", ""],
    ["।॥ — ½ ☃", ""],
  ])("%j → %j", (title, slug) => expect(slugify(title)).toBe(slug));

  it("finds a chapter however its address spells the slug", () => {
    expect(addressSlug("Real-Numbers")).toBe("real-numbers");
    expect(addressSlug("सूरदास-के-पद".normalize("NFD"))).toBe("सूरदास-के-पद");
  });

  it("chooses the first free suffix", () => {
    expect(uniqueSlug("x", new Set())).toBe("x");
    expect(uniqueSlug("x", new Set(["x", "x-2"]))).toBe("x-3");
  });
});

describe("grades", () => {
  it("accepts exactly 9, 10, 11 and 12", () => {
    expect([9, 10, 11, 12].map((g) => parseGrade(String(g)))).toEqual([9, 10, 11, 12]);
    for (const bad of ["8", "13", "0", "09.5", "abc", "", "10abc", " 1e1", "-9", null, undefined]) {
      expect(parseGrade(bad)).toBeNull();
    }
  });
});

describe("post dates (spec: seconds → ms, strings parsed, missing or unparseable = 0)", () => {
  it("reads every form the original product stored", () => {
    expect(postDateMillis("2026-01-12")).toBe(Date.UTC(2026, 0, 12));
    expect(postDateMillis({ seconds: 1_700_000_000 })).toBe(1_700_000_000_000);
    expect(postDateMillis("not a date")).toBe(0);
    expect(postDateMillis(undefined)).toBe(0);
    expect(postDateMillis(null)).toBe(0);
  });

  it("sorts newest first, undated last, ties in original order", () => {
    const posts = [
      { id: "a", date: "2026-01-01" },
      { id: "b", date: undefined },
      { id: "c", date: { seconds: Date.UTC(2026, 5, 1) / 1000 } },
      { id: "d", date: "2026-01-01" },
      { id: "e", date: "garbage" },
    ];
    expect(sortNewestFirst(posts, (p) => p.date).map((p) => p.id)).toEqual(["c", "a", "d", "b", "e"]);
  });

  it("validates and formats ISO dates", () => {
    expect(isIsoDate("2026-02-28")).toBe(true);
    expect(isIsoDate("2026-02-30")).toBe(false);
    expect(isIsoDate("26-2-3")).toBe(false);
    expect(formatDate("2026-11-02")).toBe("2 November 2026");
    expect(todayIso(new Date("2026-11-22T20:00:00Z"))).toBe("2026-11-23"); // already the 23rd in India
    expect(todayIso(new Date("2026-11-22T18:29:00Z"))).toBe("2026-11-22");
  });

  it("writes every day of a leap year as Intl's en-IN does", () => {
    const intl = new Intl.DateTimeFormat("en-IN", {
      day: "numeric",
      month: "long",
      year: "numeric",
      timeZone: "UTC",
    });
    for (
      let day = new Date("2028-01-01T00:00:00Z");
      day.getUTCFullYear() === 2028;
      day.setUTCDate(day.getUTCDate() + 1)
    ) {
      const iso = day.toISOString().slice(0, 10);
      expect(formatDate(iso), iso).toBe(intl.format(day));
    }
    expect(formatDate("2 Nov 2026")).toBe("2 Nov 2026");
  });
});

describe("keywords", () => {
  it("splits on commas, trims, drops empty entries", () => {
    expect(parseKeywords(" physics, , motion ,,laws of motion ")).toEqual([
      "physics",
      "motion",
      "laws of motion",
    ]);
    expect(parseKeywords("")).toEqual([]);
    expect(readKeywords('["a","b"]')).toEqual(["a", "b"]);
    expect(readKeywords("{broken")).toEqual([]);
  });
});

describe("HTML to text and the note preview", () => {
  it("strips tags, decodes entities and folds whitespace", () => {
    expect(htmlToText("<h3>Ohm&#39;s law</h3><p>V = I &times; R &amp; P = VI</p>")).toBe(
      "Ohm's law V = I &times; R & P = VI",
    );
    expect(htmlToText("<p>a</p><script>alert(1)</script><p>b</p>")).toBe("a b");
  });
  it("keeps the first 80 characters", () => {
    const long = `<p>${"x".repeat(100)}</p>`;
    expect(notePreview(long)).toHaveLength(80);
    expect(notePreview("<p>short</p>")).toBe("short");
  });
});

describe("link URLs", () => {
  it("keeps only http(s)", () => {
    expect(safeHttpUrl("https://ncert.nic.in/textbook.php")).toBe("https://ncert.nic.in/textbook.php");
    expect(safeHttpUrl(" http://example.com ")).toBe("http://example.com/");
    for (const bad of [
      "javascript:alert(1)",
      "data:text/html,x",
      "ftp://x.y",
      "//evil.com",
      "/relative",
      "https://",
      "",
      "java\tscript:x",
      "https://a b.c",
    ]) {
      expect(safeHttpUrl(bad)).toBeNull();
    }
  });
});
