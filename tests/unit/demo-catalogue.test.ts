import { describe, expect, it } from "vitest";
import { guides } from "#app/content/guides.ts";
import { homeCopy } from "#app/content/home-copy.ts";
import { GRADES } from "#app/lib/grades.ts";
import { slugify } from "#app/lib/slug.ts";
import { SUBJECT_CODE_RULE } from "#app/server/catalogue/subjects.server.ts";
import {
  type DemoChapter,
  type DemoLink,
  type DemoSubject,
  demoCatalogue,
  demoHindiCatalogue,
  demoSubjects,
} from "../../cli/demo-catalogue.ts";

// The demo data `npm run demo` loads (English-medium subjects, then the Hindi ones): the rules the loader and the
// public pages rely on, and the subjects the home page and the study guides promise.

const DEVANAGARI = /[\u0900-\u097F]/;

function chaptersOf(catalogue: Record<number, DemoSubject[]>) {
  return GRADES.flatMap((grade) =>
    (catalogue[grade] ?? []).flatMap((subject) =>
      subject.chapters.map((chapter) => ({ grade, subject, chapter })),
    ),
  );
}

function linksOf(chapter: DemoChapter): DemoLink[] {
  return [chapter.notes, chapter.questions, chapter.lectures, chapter.official].flatMap((list) => list ?? []);
}

const main = chaptersOf(demoCatalogue);
const hindi = chaptersOf(demoHindiCatalogue);

describe("demo catalogue", () => {
  it("has every subject the home page and the study guides name, in the class they name it", () => {
    const home = homeCopy("ChapterWise").classes.cards;
    for (const grade of GRADES) {
      const labels = demoSubjects(grade).map((s) => s.label);
      const named = [
        ...guides[grade].keySubjects,
        ...(home.find((card) => card.grade === grade)?.subjects ?? []),
      ];
      // The Hindi subject is labelled in Devanagari (हिंदी), as its book is.
      const missing = named.filter(
        (name) => !labels.includes(name) && !(name === "Hindi" && demoHindiCatalogue[grade].length > 0),
      );
      expect(missing, `Class ${grade}`).toEqual([]);
    }
  });

  it("gives every chapter an address and keeps the Hindi titles apart", () => {
    for (const { grade, chapter } of main) {
      expect(slugify(chapter.title), `Class ${grade}: ${chapter.title}`).not.toBe("");
      expect(DEVANAGARI.test(chapter.title), chapter.title).toBe(false);
    }
    expect(hindi.length).toBeGreaterThan(0);
    for (const { chapter } of hindi) expect(DEVANAGARI.test(chapter.title), chapter.title).toBe(true);
    for (const subject of GRADES.flatMap((g) => [...demoCatalogue[g], ...demoHindiCatalogue[g]])) {
      expect(subject.code).toMatch(SUBJECT_CODE_RULE);
    }
  });

  it("never repeats a chapter title within a subject, except where two books of it share one", () => {
    for (const grade of GRADES) {
      for (const subject of demoCatalogue[grade]) {
        const seen = new Map<string, string | undefined>();
        for (const chapter of subject.chapters) {
          if (seen.has(chapter.title)) {
            expect(chapter.book, `${subject.label}: ${chapter.title}`).toBeDefined();
            expect(chapter.book).not.toBe(seen.get(chapter.title));
          }
          seen.set(chapter.title, chapter.book);
        }
      }
    }
  });

  it("says what changed for a chapter out of the syllabus or new, in at most 300 characters", () => {
    const marked = main.filter(({ chapter }) => chapter.syllabus);
    expect(
      marked.filter(({ chapter }) => chapter.syllabus?.status === "Not in syllabus").length,
    ).toBeGreaterThan(0);
    expect(
      marked.filter(({ chapter }) => chapter.syllabus?.status === "New this session").length,
    ).toBeGreaterThan(0);
    for (const { chapter } of marked) {
      const text = chapter.syllabus?.whatChanged ?? "";
      expect(text.length, chapter.title).toBeGreaterThan(0);
      expect(text.length, chapter.title).toBeLessThanOrEqual(300);
    }
  });

  it("keeps a former title's address free, so the old address can redirect", () => {
    const renamed = main.filter(({ chapter }) => chapter.formerTitles?.length);
    expect(renamed.length).toBeGreaterThan(0);
    for (const { grade, chapter } of renamed) {
      const current = new Set(main.filter((c) => c.grade === grade).map((c) => slugify(c.chapter.title)));
      for (const former of chapter.formerTitles ?? []) {
        expect(slugify(former), former).not.toBe("");
        expect(current.has(slugify(former)), `${former} is still a chapter of Class ${grade}`).toBe(false);
      }
    }
  });

  it("links only https addresses, each at most once in a chapter, with official links typed", () => {
    for (const { chapter } of [...main, ...hindi]) {
      const urls = linksOf(chapter).map((link) => link.url);
      for (const url of urls) expect(new URL(url).protocol, url).toBe("https:");
      expect(new Set(urls).size, chapter.title).toBe(urls.length);
      for (const link of chapter.official ?? []) {
        expect(link.type, link.title).toBeDefined();
        expect(link.language, link.title).toBeDefined();
      }
    }
    const withOfficial = main.filter(({ chapter }) => chapter.official?.length);
    expect(withOfficial.length).toBeGreaterThanOrEqual(10);
    expect(new Set(withOfficial.map(({ grade }) => grade))).toEqual(new Set(GRADES));
    const inHindi = main.flatMap(({ chapter }) => linksOf(chapter)).filter((l) => l.language === "Hindi");
    expect(inHindi.length).toBeGreaterThan(0);
  });
});
