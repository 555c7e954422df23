import { describe, expect, it } from "vitest";
import {
  applyRowIntent,
  asAddDataDraft,
  asEditDraft,
  type ChapterDraft,
  draftErrors,
  draftErrorsForChapter,
  emptyChapterDraft,
  FormShapeError,
  hasChapterTitle,
  isBlankChapter,
  parseRowIntent,
  parseWholeNumber,
  type RowIntent,
  readAddDataDraft,
  readEditDraft,
  rowIntentValue,
  summarizeErrors,
  toChapterInput,
  toChapterInputs,
} from "#app/lib/chapter-form.ts";

function form(entries: Record<string, string>): FormData {
  const data = new FormData();
  for (const [key, value] of Object.entries(entries)) data.append(key, value);
  return data;
}

function chapter(title: string, links: Partial<ChapterDraft["links"]> = {}): ChapterDraft {
  return { title, links: { ...emptyChapterDraft().links, ...links } };
}

describe("readAddDataDraft", () => {
  it("reads class, subject, chapters and their links in order, keeping the text as typed", () => {
    const draft = readAddDataDraft(
      form({
        grade: " 10 ",
        subject: "mathematics",
        "chapters.0.title": "  Real Numbers ",
        "chapters.0.notes.0.title": "Summary",
        "chapters.0.notes.0.url": "https://example.org/a",
        "chapters.0.lectures.0.title": "Video",
        "chapters.0.lectures.0.url": "",
        "chapters.1.title": "Polynomials",
      }),
    );
    expect(draft).toEqual({
      grade: "10",
      subject: "mathematics",
      chapters: [
        chapter("  Real Numbers ", {
          notes: [{ title: "Summary", url: "https://example.org/a" }],
          lectures: [{ title: "Video", url: "" }],
        }),
        chapter("Polynomials"),
      ],
    });
  });

  it("closes gaps in row numbers (rows removed in the browser) and sorts them numerically", () => {
    const draft = readAddDataDraft(
      form({
        "chapters.10.title": "Third",
        "chapters.2.title": "Second",
        "chapters.0.title": "First",
        "chapters.0.questions.7.title": "Later",
        "chapters.0.questions.7.url": "https://example.org/7",
        "chapters.0.questions.3.url": "https://example.org/3",
      }),
    );
    expect(draft.chapters.map((c) => c.title)).toEqual(["First", "Second", "Third"]);
    expect(draft.chapters[0]?.links.questions).toEqual([
      { title: "", url: "https://example.org/3" },
      { title: "Later", url: "https://example.org/7" },
    ]);
  });

  it("gives no chapters when the form has none, and ignores names it does not know", () => {
    expect(readAddDataDraft(form({ grade: "9", "chapters.x.title": "?", other: "1" })).chapters).toEqual([]);
  });

  it("refuses more rows than a page ever sends", () => {
    const entries: Record<string, string> = {};
    for (let i = 0; i < 101; i++) entries[`chapters.${i}.title`] = `C${i}`;
    expect(() => readAddDataDraft(form(entries))).toThrow(FormShapeError);
  });

  it("refuses more than 100 links in one list, and more than 1,000 in one form", () => {
    const list = form({ "chapters.0.title": "A" });
    for (let j = 0; j < 101; j++) list.append(`chapters.0.notes.${j}.url`, "https://example.org");
    expect(() => readAddDataDraft(list)).toThrow(/more than 100 Notes links in one chapter/);
    // 30,000 link fields spread so that no list is over its cap: refused as a whole.
    const flood = new FormData();
    for (let i = 0; i < 100; i++)
      for (const kind of ["notes", "questions", "lectures"])
        for (let j = 0; j < 50; j++) {
          flood.append(`chapters.${i}.${kind}.${j}.title`, "t");
          flood.append(`chapters.${i}.${kind}.${j}.url`, "https://example.org");
        }
    expect(() => readAddDataDraft(flood)).toThrow(/more than 1,000 links/);
  });

  it("reads one name per field: the first value counts, and row numbers with leading zeros are not ours", () => {
    const data = form({ "chapters.0.title": "A", "chapters.0.notes.1.url": "https://example.org/1" });
    data.append("chapters.0.title", "B");
    data.append("chapters.0.notes.01.url", "https://example.org/01");
    data.append("chapters.00.title", "C");
    expect(readAddDataDraft(data).chapters).toEqual([
      chapter("A", { notes: [{ title: "", url: "https://example.org/1" }] }),
    ]);
  });

  it("treats uploaded files as empty text", () => {
    const data = form({ "chapters.0.title": "A" });
    data.append("chapters.0.notes.0.url", new Blob(["x"]), "x.txt");
    expect(readAddDataDraft(data).chapters[0]?.links.notes).toEqual([{ title: "", url: "" }]);
  });
});

describe("readEditDraft", () => {
  it("reads the edit form (no prefix) with its id and version", () => {
    expect(
      readEditDraft(
        form({
          id: "12",
          version: "3",
          grade: "11",
          subject: "physics",
          title: "Units",
          "notes.0.title": "N",
          "notes.0.url": "https://example.org",
        }),
      ),
    ).toEqual({
      id: "12",
      version: "3",
      grade: "11",
      subject: "physics",
      chapter: chapter("Units", { notes: [{ title: "N", url: "https://example.org" }] }),
    });
  });
});

describe("parseWholeNumber", () => {
  it("accepts plain positive integers only", () => {
    expect(parseWholeNumber("42")).toBe(42);
    for (const bad of ["", "0", "-1", "1.5", "1e3", " 7", "abc", "99999999999999"]) {
      expect(parseWholeNumber(bad)).toBeNull();
    }
    expect(parseWholeNumber("0", { min: 0 })).toBe(0);
  });
});

describe("row intents", () => {
  const samples: RowIntent[] = [
    { type: "add-chapter" },
    { type: "remove-chapter", chapter: 2 },
    { type: "add-link", chapter: 0, kind: "notes" },
    { type: "remove-link", chapter: 1, kind: "questions", row: 3 },
    { type: "move-link", chapter: 0, kind: "lectures", row: 1, direction: "up" },
  ];

  it("round-trip through the button value", () => {
    for (const op of samples) expect(parseRowIntent(rowIntentValue(op))).toEqual(op);
    expect(rowIntentValue({ type: "add-link", chapter: 0, kind: "notes" })).toBe("add-notes-link:0");
  });

  it("reject anything else", () => {
    for (const bad of [
      "save",
      "add-videos-link:0",
      "remove-chapter",
      "move-notes-link:0:1:left",
      "add-notes-link:x",
    ]) {
      expect(parseRowIntent(bad)).toBeNull();
    }
  });

  const make = { chapter: emptyChapterDraft, link: () => ({ title: "", url: "" }) };
  const start = [
    chapter("A", {
      notes: [
        { title: "n1", url: "u1" },
        { title: "n2", url: "u2" },
      ],
    }),
    chapter("B"),
  ];

  it("add one empty row to the right list of the right chapter", () => {
    const next = applyRowIntent(start, { type: "add-link", chapter: 1, kind: "lectures" }, make);
    expect(next[1]?.links.lectures).toEqual([{ title: "", url: "" }]);
    expect(next[0]).toBe(start[0]);
    expect(start[1]?.links.lectures).toEqual([]);
  });

  it("remove and move rows", () => {
    const removed = applyRowIntent(start, { type: "remove-link", chapter: 0, kind: "notes", row: 0 }, make);
    expect(removed[0]?.links.notes).toEqual([{ title: "n2", url: "u2" }]);
    const moved = applyRowIntent(
      start,
      { type: "move-link", chapter: 0, kind: "notes", row: 1, direction: "up" },
      make,
    );
    expect(moved[0]?.links.notes.map((l) => l.title)).toEqual(["n2", "n1"]);
  });

  it("change nothing for rows that are not there or moves past the ends", () => {
    for (const op of [
      { type: "move-link", chapter: 0, kind: "notes", row: 0, direction: "up" },
      { type: "move-link", chapter: 0, kind: "notes", row: 1, direction: "down" },
      { type: "remove-link", chapter: 0, kind: "notes", row: 5 },
      { type: "add-link", chapter: 9, kind: "notes" },
      { type: "remove-chapter", chapter: 9 },
    ] satisfies RowIntent[]) {
      expect(applyRowIntent(start, op, make)).toEqual(start);
    }
  });

  it("add and remove chapters, never leaving none", () => {
    expect(applyRowIntent(start, { type: "add-chapter" }, make)).toHaveLength(3);
    expect(applyRowIntent(start, { type: "remove-chapter", chapter: 0 }, make).map((c) => c.title)).toEqual([
      "B",
    ]);
    expect(applyRowIntent([chapter("Only")], { type: "remove-chapter", chapter: 0 }, make)).toEqual([
      emptyChapterDraft(),
    ]);
  });
});

describe("from draft to domain input", () => {
  it("skips empty link rows and empty chapters, remembering where each kept one came from", () => {
    const drafts = [
      chapter(""),
      chapter("Second", {
        notes: [
          { title: " ", url: "" },
          { title: "Kept", url: "https://example.org" },
        ],
      }),
      chapter("", { questions: [{ title: "Orphan", url: "https://example.org/q" }] }),
    ];
    expect(isBlankChapter(drafts[0] as ChapterDraft)).toBe(true);
    const { inputs, places } = toChapterInputs(drafts);
    expect(inputs).toEqual([
      chapter("Second", { notes: [{ title: "Kept", url: "https://example.org" }] }),
      chapter("", { questions: [{ title: "Orphan", url: "https://example.org/q" }] }),
    ]);
    expect(places.map((p) => p.chapter)).toEqual([1, 2]);
    expect(places[0]?.links.notes).toEqual([1]);
  });

  it("maps the domain's error keys back to the rows on screen", () => {
    const drafts = [
      chapter(""),
      chapter("Second", {
        notes: [
          { title: "", url: "" },
          { title: "", url: "ftp://x" },
        ],
      }),
    ];
    const { places } = toChapterInputs(drafts);
    expect(
      draftErrors(
        {
          "chapters.0.title": "clash",
          "chapters.0.notes.0.url": "bad url",
          "chapters.0.notes.0.title": "no title",
          subject: "no subject",
        },
        places,
      ),
    ).toEqual({
      "chapters.1.title": "clash",
      "chapters.1.notes.1.url": "bad url",
      "chapters.1.notes.1.title": "no title",
      subject: "no subject",
    });
  });

  it("maps an edited chapter's keys (no prefix)", () => {
    const { place } = toChapterInput(
      chapter("T", {
        lectures: [
          { title: "", url: "" },
          { title: "L", url: "javascript:x" },
        ],
      }),
    );
    expect(draftErrorsForChapter({ title: "t", "lectures.0.url": "u" }, place)).toEqual({
      title: "t",
      "lectures.1.url": "u",
    });
  });

  it("knows when no chapter has a title", () => {
    expect(hasChapterTitle([chapter("  "), chapter("", { notes: [{ title: "a", url: "b" }] })])).toBe(false);
    expect(hasChapterTitle([chapter(""), chapter("x")])).toBe(true);
  });
});

describe("reading a draft back from an action result", () => {
  it("accepts the shapes the actions return and rejects anything else", () => {
    const add = { grade: "9", subject: "science", chapters: [chapter("A")], added: [] };
    expect(asAddDataDraft(add)).toEqual({ grade: "9", subject: "science", chapters: [chapter("A")] });
    const edit = {
      id: "1",
      version: "2",
      grade: "9",
      subject: "science",
      chapter: chapter("A"),
      reason: "conflict",
    };
    expect(asEditDraft(edit)?.chapter).toEqual(chapter("A"));
    for (const bad of [null, undefined, "x", { grade: 9 }, { ...add, chapters: [{ title: 1 }] }]) {
      expect(asAddDataDraft(bad)).toBeNull();
    }
    expect(asEditDraft({ ...edit, id: 1 })).toBeNull();
    expect(asEditDraft({ ...edit, chapter: { title: "A", links: { notes: "x" } } })).toBeNull();
  });
});

describe("summarizeErrors", () => {
  it("leads with the first wrong field on screen and counts the rest", () => {
    expect(
      summarizeErrors({
        "chapters.1.title": "second chapter",
        "chapters.0.questions.0.url": "question url",
        "chapters.0.notes.2.title": "note title",
        "chapters.0.notes.10.url": "later note",
      }),
    ).toBe("note title (3 more fields marked below.)");
    expect(summarizeErrors({ "notes.0.url": "url", title: "title" })).toBe(
      "title (1 more field marked below.)",
    );
    expect(summarizeErrors({ "chapters.0.title": "t", subject: "Pick a subject" })).toMatch(
      /^Pick a subject/,
    );
    expect(summarizeErrors({ title: "only" })).toBe("only");
    expect(summarizeErrors({})).toBe("Some fields need your attention.");
  });
});
