import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { editChapterForm } from "#app/lib/chapter-form.ts";
import {
  checkSyllabusFields,
  notInSyllabusHeading,
  parseSession,
  readSyllabusStatus,
  sessionChoices,
  sessionName,
  sessionOf,
  syllabusBadge,
} from "#app/lib/sessions.ts";

describe("sessions", () => {
  it("names a session by its two years", () => {
    expect(sessionName(2026)).toBe("2026-27");
    expect(sessionName(2099)).toBe("2099-00");
    expect(sessionName(2009)).toBe("2009-10");
  });

  it("reads only well-formed sessions", () => {
    expect(parseSession("2026-27")).toBe(2026);
    expect(parseSession(" 2026-27 ")).toBe(2026);
    for (const bad of ["2026-28", "2026", "26-27", "2026/27", "1999-00", "2100-01", "", "x", "2026-27x"])
      expect(parseSession(bad), bad).toBeNull();
    expect(parseSession(2026)).toBeNull();
    expect(parseSession(null)).toBeNull();
  });

  it("takes the session of a date in India: 1 April starts it", () => {
    expect(sessionOf(new Date("2026-04-01T00:00:00+05:30"))).toBe(2026);
    // 31 March 23:59 in India is still the old session, though 1 April has begun nowhere yet in UTC terms.
    expect(sessionOf(new Date("2026-03-31T23:59:00+05:30"))).toBe(2025);
    // 31 March 19:00 UTC is already 1 April 00:30 in India.
    expect(sessionOf(new Date("2026-03-31T19:00:00Z"))).toBe(2026);
    expect(sessionOf(new Date("2026-11-28T10:00:00Z"))).toBe(2026);
    expect(sessionOf(new Date("2027-01-15T10:00:00Z"))).toBe(2026);
  });

  it("offers a few sessions back and one ahead, always the current one", () => {
    expect(sessionChoices(2026, 2026)).toEqual([2027, 2026, 2025, 2024, 2023, 2022]);
    expect(sessionChoices(2026, 2020)).toContain(2020);
    expect(sessionChoices(2026, 2020)[0]).toBe(2027);
  });

  it("says the badges and the class page's heading in the session's name", () => {
    expect(syllabusBadge("out", 2026)).toBe("Not in 2026-27 syllabus");
    expect(syllabusBadge("new", 2026)).toBe("New in 2026-27");
    expect(syllabusBadge("in", 2026)).toBeNull();
    expect(notInSyllabusHeading(2027)).toBe("Not in the 2027-28 syllabus");
  });

  it("reads a status by its code or its words; blank is In syllabus", () => {
    expect(readSyllabusStatus("")).toBe("in");
    expect(readSyllabusStatus("Not in syllabus")).toBe("out");
    expect(readSyllabusStatus("new this session")).toBe("new");
    expect(readSyllabusStatus("out")).toBe("out");
    expect(readSyllabusStatus("maybe")).toBeNull();
  });

  it("checks the syllabus fields with the console's words", () => {
    const ok = checkSyllabusFields({
      status: "out",
      whatChanged: " Section 3.4\nremoved ",
      book: "NCERT",
      chapterNumber: "3",
    });
    expect(ok.errors).toEqual({});
    expect(ok.value).toEqual({
      status: "out",
      whatChanged: "Section 3.4 removed",
      book: "NCERT",
      chapterNumber: 3,
    });
    const bad = checkSyllabusFields({
      status: "gone",
      whatChanged: "x".repeat(301),
      book: "b".repeat(201),
      chapterNumber: "-2",
    });
    expect(bad.errors.status).toMatch(/^Syllabus status:/);
    expect(bad.errors.whatChanged).toMatch(/^What changed: at most 300/);
    expect(bad.errors.book).toMatch(/^Book:/);
    expect(bad.errors.chapterNumber).toMatch(/^Chapter number:/);
    for (const n of ["0", "1.5", "1e3", "abc", "1000"])
      expect(
        checkSyllabusFields({ status: "", whatChanged: "", book: "", chapterNumber: n }).errors.chapterNumber,
        n,
      ).toBeTruthy();
    expect(
      checkSyllabusFields({ status: "", whatChanged: "x".repeat(300), book: "", chapterNumber: "" }).errors,
    ).toEqual({});
    // Control characters go; the text stays.
    expect(
      checkSyllabusFields({ status: "", whatChanged: "a\u0000b\u0007c", book: "", chapterNumber: "" }).value
        .whatChanged,
    ).toBe("abc");
  });

  it("puts the refusals at Edit Resource's fields", () => {
    const form = new FormData();
    for (const [k, v] of Object.entries({
      intent: "update",
      id: "1",
      version: "1",
      grade: "9",
      subject: "science",
      title: "Motion",
      syllabusStatus: "bogus",
      chapterNumber: "0",
    }))
      form.set(k, v);
    const parsed = parseWithZod(form, { schema: editChapterForm });
    expect(parsed.status).toBe("error");
    const errors = parsed.reply().error ?? {};
    expect(errors.syllabusStatus?.[0]).toMatch(/^Syllabus status:/);
    expect(errors.chapterNumber?.[0]).toMatch(/^Chapter number:/);
    form.set("syllabusStatus", "new");
    form.set("chapterNumber", "7");
    const good = parseWithZod(form, { schema: editChapterForm });
    expect(good.status).toBe("success");
    if (good.status === "success")
      expect(good.value.change.syllabus).toEqual({
        status: "new",
        whatChanged: "",
        book: "",
        chapterNumber: 7,
      });
  });
});
