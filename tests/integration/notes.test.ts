import { beforeAll, expect, it } from "vitest";
import { createChapters, emptyLinks } from "../../app/server/chapters.server.ts";
import { ConflictError, DomainError, NotFoundError } from "../../app/server/errors.server.ts";
import {
  addNote,
  deleteNote,
  getNote,
  listNotes,
  notesForChapter,
  updateNote,
} from "../../app/server/notes.server.ts";
import { addSubject } from "../../app/server/subjects.server.ts";
import { describeEachDatabase } from "./databases.ts";

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (err) {
    return err;
  }
  throw new Error("expected the promise to be rejected");
}

describeEachDatabase("notes", (db) => {
  let sets = 0;
  let relations = 0;

  beforeAll(async () => {
    await addSubject(db(), 11, "mathematics", "Mathematics");
    const created = await createChapters(db(), 11, "mathematics", [
      { title: "Sets", links: emptyLinks() },
      { title: "Relations and Functions", links: emptyLinks() },
    ]);
    sets = created[0]?.id ?? 0;
    relations = created[1]?.id ?? 0;
  });

  it("adds a note with keywords parsed and its HTML sanitized", async () => {
    const note = await addNote(db(), {
      chapterId: sets,
      content:
        '<h3>Sets</h3><p>A set is a <strong>well-defined</strong> collection.<img src="x" onerror="y"></p>',
      seoDescription: "  Sets for class 11.  ",
      seoKeywords: "sets, , class 11 ,maths",
    });
    expect(note.chapterId).toBe(sets);
    expect(note.content).toBe("<h3>Sets</h3><p>A set is a <strong>well-defined</strong> collection.</p>");
    expect(note.seoDescription).toBe("Sets for class 11.");
    expect(note.seoKeywords).toEqual(["sets", "class 11", "maths"]);
    expect(note.version).toBeGreaterThanOrEqual(0);
  });

  it("refuses a note without a chapter ('Select chapter'), with a missing chapter, or without text", async () => {
    const none = await rejection(
      addNote(db(), { chapterId: 0, content: "<p>x</p>", seoDescription: "", seoKeywords: "" }),
    );
    expect(none).toBeInstanceOf(DomainError);
    expect((none as DomainError).message).toBe("Select chapter");
    expect((none as DomainError).field).toBe("chapterId");

    const missing = await rejection(
      addNote(db(), { chapterId: 987_654, content: "<p>x</p>", seoDescription: "", seoKeywords: "" }),
    );
    expect((missing as DomainError).field).toBe("chapterId");

    const empty = await rejection(
      addNote(db(), {
        chapterId: sets,
        content: "<p> </p><script>x</script>",
        seoDescription: "",
        seoKeywords: "",
      }),
    );
    expect((empty as DomainError).field).toBe("content");
  });

  it("lists notes with their chapter and an 80-character text preview without tags", async () => {
    const long = `<p>${"Relations &amp; functions ".repeat(10)}</p>`;
    const note = await addNote(db(), {
      chapterId: relations,
      content: long,
      seoDescription: "",
      seoKeywords: "",
    });
    const item = (await listNotes(db())).find((n) => n.id === note.id);
    expect(item?.chapterTitle).toBe("Relations and Functions");
    expect(item?.grade).toBe(11);
    expect(item?.subjectLabel).toBe("Mathematics");
    expect(item?.preview).toHaveLength(80);
    expect(item?.preview.startsWith("Relations & functions Relations & functions")).toBe(true);
    expect(item?.preview).not.toMatch(/[<>]/);
  });

  it("keeps a chapter's notes oldest first (the first gives the page its metadata)", async () => {
    const first = await addNote(db(), {
      chapterId: relations,
      content: "<p>one</p>",
      seoDescription: "d1",
      seoKeywords: "",
    });
    const second = await addNote(db(), {
      chapterId: relations,
      content: "<p>two</p>",
      seoDescription: "d2",
      seoKeywords: "",
    });
    const ids = (await notesForChapter(db(), relations)).map((n) => n.id);
    expect(ids.indexOf(first.id)).toBeLessThan(ids.indexOf(second.id));
  });

  it("updates with the version it was opened at; a stale version is a conflict and changes nothing", async () => {
    const note = await addNote(db(), {
      chapterId: sets,
      content: "<p>v1</p>",
      seoDescription: "",
      seoKeywords: "",
    });
    const updated = await updateNote(db(), note.id, note.version, {
      chapterId: relations,
      content: "<p>v2</p>",
      seoDescription: "moved",
      seoKeywords: "a",
    });
    expect(updated).toMatchObject({ chapterId: relations, content: "<p>v2</p>", version: note.version + 1 });

    const stale = await rejection(
      updateNote(db(), note.id, note.version, {
        chapterId: sets,
        content: "<p>stale</p>",
        seoDescription: "",
        seoKeywords: "",
      }),
    );
    expect(stale).toBeInstanceOf(ConflictError);
    expect((await getNote(db(), note.id))?.content).toBe("<p>v2</p>");

    const gone = await rejection(
      updateNote(db(), 999_999, 0, {
        chapterId: sets,
        content: "<p>x</p>",
        seoDescription: "",
        seoKeywords: "",
      }),
    );
    expect(gone).toBeInstanceOf(NotFoundError);
  });

  it("deletes a note; deleting it again is NotFound", async () => {
    const note = await addNote(db(), {
      chapterId: sets,
      content: "<p>bye</p>",
      seoDescription: "",
      seoKeywords: "",
    });
    await deleteNote(db(), note.id);
    expect(await getNote(db(), note.id)).toBeNull();
    expect(await rejection(deleteNote(db(), note.id))).toBeInstanceOf(NotFoundError);
  });
});
