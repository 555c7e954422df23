import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { addDataForm, chapterErrorsOnScreen, toChapterInputs } from "#app/lib/chapter-form.ts";
import { readChaptersCsv } from "#app/lib/chapters-csv.ts";
import {
  LINK_TYPES,
  linkFilterQuery,
  linkMetaWords,
  linkPassesFilters,
  readLinkFilters,
  readLinkMeta,
} from "#app/lib/link-types.ts";
import { slugify } from "#app/lib/slug.ts";
import { changeSummary, versionDiff } from "#app/server/history/changes.server.ts";
import { pageKey } from "#app/server/platform/page-key.server.ts";

// Typed links (decision 0025): the vocabulary, reading what editors type, the chapter page's filters
// and their keys in the page store, the CSV's new columns, and History's words for a changed type.

describe("the vocabulary", () => {
  it("has exactly the fourteen types, each slug being its label in the slug rule", () => {
    expect(LINK_TYPES.map((t) => t.label)).toEqual([
      "Textbook",
      "Notes",
      "Video",
      "MCQ",
      "Case-based",
      "Assertion-reason",
      "Source-based",
      "Short answer",
      "Long answer",
      "Sample paper",
      "Marking scheme",
      "Previous year paper",
      "Practice questions",
      "Syllabus",
    ]);
    for (const t of LINK_TYPES) expect(t.slug).toBe(slugify(t.label));
    expect(LINK_TYPES.map((t) => t.slug)).toContain("previous-year-paper");
  });

  it("reads a type by label or slug, a language by word or code, and a year; empty is none", () => {
    expect(readLinkMeta({ type: " Sample Paper ", language: "HINDI", year: "2025" })).toEqual({
      meta: { type: "sample-paper", language: "hi", year: 2025 },
      errors: {},
    });
    expect(readLinkMeta({ type: "mcq", language: "both", year: 1990 }).meta).toEqual({
      type: "mcq",
      language: "both",
      year: 1990,
    });
    expect(readLinkMeta({ type: "", language: "  ", year: "" })).toEqual({ meta: {}, errors: {} });
    expect(readLinkMeta({})).toEqual({ meta: {}, errors: {} });
  });

  it("refuses what is not ours with the field's words: unknown, out of range, not a number, hostile", () => {
    for (const year of ["1989", "2101", "20x5", "twenty", "2025.5", "-2025", "1e3", "0x7E9", 2025.5, 3000]) {
      expect(readLinkMeta({ year }).errors).toEqual({
        year: expect.stringMatching(/^Year: a year from 1990 to 2100/),
      });
    }
    for (const type of ["Podcast", "sample paper 2", "x".repeat(100_000), "<script>"]) {
      expect(readLinkMeta({ type }).errors.type).toMatch(/^Type: choose one of the list \(Textbook, /);
    }
    for (const language of ["Tamil", "hin", "e n", {}]) {
      expect(readLinkMeta({ language }).errors.language).toBe(
        "Language: choose English, Hindi or Both, or leave it empty.",
      );
    }
  });

  it("labels a link as the chapter page shows it", () => {
    expect(linkMetaWords({ type: "sample-paper", language: "hi", year: 2025 })).toEqual([
      "Sample paper",
      "Hindi",
      "2025",
    ]);
    expect(linkMetaWords({})).toEqual([]);
  });
});

describe("the chapter page's filters", () => {
  const page = "/class/10/chapter/real-numbers";

  it("reads only their exact values; anything else is no filter", () => {
    const read = (q: string) => readLinkFilters(new URLSearchParams(q));
    expect(read("lang=hi&type=sample-paper")).toEqual({ lang: "hi", type: "sample-paper" });
    expect(read("lang=en")).toEqual({ lang: "en" });
    expect(read("lang=HI&type=Sample%20paper")).toEqual({});
    expect(read("lang=both&type=podcast")).toEqual({});
    expect(linkFilterQuery({ type: "mcq", lang: "hi" })).toBe("?lang=hi&type=mcq");
    expect(linkFilterQuery({})).toBe("");
  });

  it("keeps links in the language or in Both; a link without a language counts as English", () => {
    const hindi = { language: "hi" as const };
    const both = { language: "both" as const };
    const english = { language: "en" as const };
    const none = {};
    const keep = (lang: "en" | "hi") =>
      [hindi, both, english, none].map((l) => linkPassesFilters(l, { lang }));
    expect(keep("hi")).toEqual([true, true, false, false]);
    expect(keep("en")).toEqual([false, true, true, true]);
    // A link without a type is shown only when no type is asked for.
    expect(linkPassesFilters({}, { type: "mcq" })).toBe(false);
    expect(linkPassesFilters({ type: "mcq", language: "hi" }, { type: "mcq", lang: "hi" })).toBe(true);
    expect(linkPassesFilters({ type: "mcq", language: "en" }, { type: "mcq", lang: "hi" })).toBe(false);
    expect(linkPassesFilters({}, {})).toBe(true);
  });

  it("are part of the stored page's key, normalised; made-up values share the unfiltered page's key", () => {
    expect(pageKey(`${page}?type=sample-paper&lang=hi&utm=x`)).toBe(`${page}?lang=hi&type=sample-paper`);
    expect(pageKey(`${page}?lang=en`)).toBe(`${page}?lang=en`);
    expect(pageKey(`${page}.data?type=mcq`)).toBe(`${page}.data?type=mcq`);
    for (const junk of [
      "lang=xx",
      "type=podcast",
      "lang=HI",
      `type=${"a".repeat(5000)}`,
      "lang=hi&lang=en",
    ]) {
      const key = pageKey(`${page}?${junk}`);
      expect(key === page || key === `${page}?lang=hi`).toBe(true);
    }
    // At most 3 languages × 15 types of keys per chapter, whatever is asked.
    const keys = new Set<string | null>();
    for (let i = 0; i < 2000; i++) keys.add(pageKey(`${page}?lang=${i % 7}&type=t${i}`));
    expect(keys).toEqual(new Set([page]));
    // A report's answer is still never stored.
    expect(pageKey(`${page}?lang=hi&report=thanks`)).toBeNull();
  });
});

describe("the console's link rows", () => {
  it("carry Type, Language and Year to the domain only when chosen, and put its messages at the row", () => {
    const data = new FormData();
    for (const [k, v] of Object.entries({
      intent: "save",
      grade: "10",
      subject: "science",
      "chapters[0].title": "Light",
      "chapters[0].official[0].title": "Sample paper",
      "chapters[0].official[0].url": "https://cbse.example/sp",
      "chapters[0].official[0].type": "sample-paper",
      "chapters[0].official[0].language": "hi",
      "chapters[0].official[0].year": "2025",
      "chapters[0].notes[0].title": "Notes",
      "chapters[0].notes[0].url": "https://n.example",
    }))
      data.append(k, v);
    const read = parseWithZod(data, { schema: addDataForm });
    expect(read.status).toBe("success");
    if (read.status !== "success") return;
    expect(read.value.inputs[0]?.links.official).toEqual([
      {
        title: "Sample paper",
        url: "https://cbse.example/sp",
        type: "sample-paper",
        language: "hi",
        year: "2025",
      },
    ]);
    expect(read.value.inputs[0]?.links.notes).toEqual([{ title: "Notes", url: "https://n.example" }]);
    const { places } = toChapterInputs([
      {
        title: "Light",
        official: [{ title: "A", url: "https://a.example", type: "", language: "", year: "3000" }],
        notes: [],
        questions: [],
        lectures: [],
      },
    ]);
    const shown = chapterErrorsOnScreen({ "chapters.0.official.0.year": "Year: bad" }, places, "chapters");
    expect(shown.fields).toEqual({ "chapters[0].official[0].year": "Year: bad" });
  });
});

describe("the chapters CSV's typed columns", () => {
  const known = (_grade: number, code: string) => (code === "science" ? "science" : null);

  it("reads Type, Language and Year as written, and an older file without them", () => {
    const text = [
      "Class,Subject,Chapter,Kind,Link title,URL,Type,Language,Year",
      "9,science,Motion,official,Sample paper,https://c.example/sp,Sample paper,Hindi,2025",
      "9,science,Motion,notes,Notes,https://n.example/m,,,",
    ].join("\r\n");
    const result = readChaptersCsv(text, known);
    expect(result.problems).toEqual([]);
    expect(result.chapters[0]?.links.map((l) => [l.kind, l.type, l.language, l.year])).toEqual([
      ["official", "Sample paper", "Hindi", "2025"],
      ["notes", "", "", ""],
    ]);
    const old = readChaptersCsv(
      "Class,Subject,Chapter,Kind,Link title,URL\r\n9,science,Motion,notes,N,https://n.example\r\n",
      known,
    );
    expect(old.problems).toEqual([]);
    expect(old.chapters[0]?.links[0]).toEqual({
      line: 2,
      kind: "notes",
      title: "N",
      url: "https://n.example",
    });
    // A header with only some of the new columns is not one of ours.
    expect(() => readChaptersCsv("Class,Subject,Chapter,Kind,Link title,URL,Type\r\n", known)).toThrow(
      /must name the columns/,
    );
  });
});

describe("History's words for typed links", () => {
  const chapter = (links: Record<string, unknown[]>) => ({
    grade: 10,
    subject: "science",
    title: "Light",
    links,
  });
  const link = { title: "Paper", url: "https://c.example/p" };

  it("says a new type, language or year changed a link, and shows them in the diff", () => {
    const before = chapter({ official: [link] });
    const after = chapter({ official: [{ ...link, type: "sample-paper", language: "hi", year: 2025 }] });
    expect(changeSummary("chapter", before, after, 2)).toBe("1 link changed");
    const diff = versionDiff("chapter", before, after, { subjects: new Map(), chapters: new Map() });
    expect(diff.map((d) => d.label)).toEqual(["Official links"]);
    const added = diff[0]?.parts
      .filter((p) => p.change === "added")
      .map((p) => p.text)
      .join("");
    expect(added).toContain("Paper — https://c.example/p (Sample paper · Hindi · 2025)");
    // A version from before official resources and types reads as none of them.
    expect(
      changeSummary("chapter", chapter({ notes: [link] }), chapter({ notes: [link], official: [] }), 2),
    ).toBe("no changes");
  });
});
