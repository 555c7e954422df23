import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import {
  addDataForm,
  chapterErrorsOnScreen,
  editChapterForm,
  FILL_OUT_MESSAGE,
  toChapterInputs,
} from "#app/lib/chapter-form.ts";

// The chapter forms as their pages send them (Conform's field names), read by their schemas.

function form(entries: Record<string, string>): FormData {
  const data = new FormData();
  for (const [key, value] of Object.entries(entries)) data.append(key, value);
  return data;
}

const noLinks = { official: [], notes: [], questions: [], lectures: [] };
const row = (title: string, url: string) => ({ title, url, type: "", language: "", year: "" });

/** A refused form's messages by field (none for a form that passed). */
function messages(read: { status?: string }) {
  return "error" in read ? (read.error as Record<string, string[] | null> | null) : undefined;
}

function addData(entries: Record<string, string> | FormData) {
  const data = entries instanceof FormData ? entries : form({ intent: "save", ...entries });
  return parseWithZod(data, { schema: addDataForm });
}

describe("Add Data's schema", () => {
  it("reads class, subject and the chapters with their links in order, keeping the text as typed", () => {
    const read = addData({
      grade: "10",
      subject: " mathematics ",
      "chapters[0].title": "  Real Numbers ",
      "chapters[0].notes[0].title": "Summary",
      "chapters[0].notes[0].url": "https://example.org/a",
      "chapters[0].lectures[0].title": "Video",
      "chapters[0].lectures[0].url": "https://example.org/v",
      "chapters[1].title": "Polynomials",
    });
    expect(read.status).toBe("success");
    if (read.status !== "success") return;
    expect(read.value).toMatchObject({ intent: "save", grade: 10, subject: "mathematics" });
    expect(read.value.inputs).toEqual([
      {
        title: "  Real Numbers ",
        links: {
          ...noLinks,
          notes: [{ title: "Summary", url: "https://example.org/a" }],
          lectures: [{ title: "Video", url: "https://example.org/v" }],
        },
      },
      { title: "Polynomials", links: noLinks },
    ]);
  });

  it("skips empty link rows and empty chapters, remembering where each saved one came from", () => {
    const read = addData({
      grade: "9",
      subject: "science",
      "chapters[0].title": "",
      "chapters[1].title": "Second",
      "chapters[1].notes[0].title": " ",
      "chapters[1].notes[1].title": "Kept",
      "chapters[1].notes[1].url": "https://example.org",
      "chapters[2].questions[0].title": "Orphan",
      "chapters[2].questions[0].url": "https://example.org/q",
    });
    if (read.status !== "success") throw new Error(JSON.stringify(messages(read)));
    expect(read.value.inputs).toEqual([
      { title: "Second", links: { ...noLinks, notes: [{ title: "Kept", url: "https://example.org" }] } },
      { title: "", links: { ...noLinks, questions: [{ title: "Orphan", url: "https://example.org/q" }] } },
    ]);
    expect(read.value.places).toEqual([
      { chapter: 1, links: { ...noLinks, notes: [1] } },
      { chapter: 2, links: { ...noLinks, questions: [0] } },
    ]);
  });

  it("says the spec's alert when the subject or every chapter title is missing, and marks those fields", () => {
    const empty = addData({ grade: "9", subject: "science", "chapters[0].title": " " });
    expect(messages(empty)).toEqual({
      "": [FILL_OUT_MESSAGE],
      "chapters[0].title": ["Chapter Title: enter the name of at least one chapter."],
    });
    const noSubject = addData({ grade: "9", "chapters[0].title": "A" });
    expect(messages(noSubject)).toEqual({
      "": [FILL_OUT_MESSAGE],
      subject: ["Subject: choose the subject these chapters belong to."],
    });
    expect(messages(addData({ grade: "13", subject: "science", "chapters[0].title": "A" }))).toEqual({
      grade: ["Class: choose Class 9, 10, 11 or 12."],
    });
  });

  it("refuses more rows than a page ever sends: chapters, links in one list, links in one form", () => {
    const many = form({ intent: "save", grade: "9", subject: "science" });
    for (let i = 0; i < 101; i++) many.append(`chapters[${i}].title`, `C${i}`);
    expect(messages(addData(many))).toEqual({
      chapters: [expect.stringMatching(/more than 100 chapters/)],
    });

    const list = form({ intent: "save", grade: "9", subject: "science", "chapters[0].title": "A" });
    for (let j = 0; j < 101; j++) list.append(`chapters[0].notes[${j}].url`, "https://example.org");
    expect(messages(addData(list))).toEqual({
      "chapters[0].notes": [expect.stringMatching(/more than 100 Notes links in one chapter/)],
    });

    // 1,500 links spread so that no list is over its cap: refused as a whole.
    const spread = form({ intent: "save", grade: "9", subject: "science" });
    for (let i = 0; i < 25; i++)
      for (const kind of ["notes", "questions", "lectures"])
        for (let j = 0; j < 20; j++) {
          spread.append(`chapters[${i}].${kind}[${j}].title`, "t");
          spread.append(`chapters[${i}].${kind}[${j}].url`, "https://example.org");
        }
    expect(messages(addData(spread))).toEqual({ chapters: [expect.stringMatching(/more than 1,000 links/)] });
  });

  it("refuses fields shaped unlike the page's (a list sent as text)", () => {
    const read = addData({ grade: "9", subject: "science", chapters: "abc" });
    expect(read.status).toBe("error");
    expect(JSON.stringify(messages(read))).toMatch(/not the one this page sends/);
  });

  it("applies a row button without JavaScript: the form comes back with the row, nothing validated yet", () => {
    const data = form({ intent: "save", grade: "11", "chapters[0].title": "Typed" });
    data.append("__intent__", JSON.stringify({ type: "insert", payload: { name: "chapters[0].notes" } }));
    const read = addData(data);
    expect(read.status).toBeUndefined();
    const reply = read.reply();
    expect(reply.intent).toMatchObject({ type: "insert" });
    expect(reply.initialValue).toMatchObject({ grade: "11", chapters: [{ title: "Typed" }] });
    expect((reply.initialValue as { chapters: Array<{ notes: unknown[] }> }).chapters[0]?.notes).toHaveLength(
      1,
    );
  });
});

describe("Edit Resource's schema", () => {
  it("reads the chapter with its id, version, class and subject", () => {
    const read = parseWithZod(
      form({
        intent: "update",
        id: "12",
        version: "0",
        grade: "11",
        subject: "physics",
        title: "Units",
        "notes[0].title": "",
        "notes[1].title": "N",
        "notes[1].url": "https://example.org",
      }),
      { schema: editChapterForm },
    );
    if (read.status !== "success") throw new Error(JSON.stringify(messages(read)));
    expect(read.value).toEqual({
      intent: "update",
      id: 12,
      version: 0,
      change: {
        grade: 11,
        subjectCode: "physics",
        title: "Units",
        links: { ...noLinks, notes: [{ title: "N", url: "https://example.org" }] },
      },
      place: { chapter: 0, links: { ...noLinks, notes: [1] } },
    });
  });

  it("refuses a form without the chapter, its version or its subject", () => {
    const read = parseWithZod(form({ intent: "update", id: "", version: "x", grade: "10" }), {
      schema: editChapterForm,
    });
    expect(Object.keys(messages(read) ?? {}).sort()).toEqual(["id", "subject", "version"]);
    expect(messages(read)?.version?.[0]).toMatch(/lost track of which version/);
  });
});

describe("the domain's messages on screen", () => {
  it("are put at the rows they are about, in Add Data (saved chapters and rows renumbered)", () => {
    const { places } = toChapterInputs([
      { title: "", ...noLinks },
      {
        title: "Second",
        ...noLinks,
        notes: [row("", ""), row("", "ftp://x")],
      },
    ]);
    const shown = chapterErrorsOnScreen(
      {
        "chapters.0.notes.0.url": "bad url",
        "chapters.0.notes.0.title": "no title",
        "chapters.0.title": "clash",
        subject: "no subject",
      },
      places,
      "chapters",
    );
    expect(shown.fields).toEqual({
      subject: "no subject",
      "chapters[1].title": "clash",
      "chapters[1].notes[1].title": "no title",
      "chapters[1].notes[1].url": "bad url",
    });
    // The toast leads with the first wrong field on screen and counts the rest.
    expect(shown.summary).toBe("no subject (3 more fields marked below.)");
  });

  it("are put at the rows of Edit Resource (no chapter list)", () => {
    const place = { chapter: 0, links: { ...noLinks, lectures: [1] } };
    const shown = chapterErrorsOnScreen({ "lectures.0.url": "u", title: "t" }, [place]);
    expect(shown.fields).toEqual({ title: "t", "lectures[1].url": "u" });
    expect(shown.summary).toBe("t (1 more field marked below.)");
    expect(chapterErrorsOnScreen({ title: "only" }, [place]).summary).toBe("only");
  });
});
