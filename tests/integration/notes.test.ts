import { beforeAll, describe, expect, it } from "vitest";
import { readListQuery } from "#app/lib/list-query.ts";
import { NOTE_LIST } from "#app/lib/note-list.ts";
import { createChapters, emptyLinks } from "#app/server/catalogue/chapters.server.ts";
import {
  addNote,
  deleteNote,
  deleteNotes,
  getNote,
  listNotePage,
  notesForChapter,
  updateNote,
} from "#app/server/catalogue/notes.server.ts";
import { chapterChoice, pickChapters } from "#app/server/catalogue/pickers.server.ts";
import { addSubject } from "#app/server/catalogue/subjects.server.ts";
import type { Database } from "#app/server/db.server.ts";
import { ConflictError, DomainError, NotFoundError } from "#app/server/errors.server.ts";
import { describeEachDatabase } from "./databases.ts";

/** Manage Notes' list as its address asks for it. */
function page(db: Database, address: string) {
  return listNotePage(db, readListQuery(new URLSearchParams(address), NOTE_LIST));
}

async function contentVersion(db: Database): Promise<number> {
  const row = await db
    .selectFrom("site_state")
    .select("value")
    .where("key", "=", "content_version")
    .executeTakeFirstOrThrow();
  return Number(row.value);
}

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
    const list = await page(db(), "class=11&q=relations");
    const item = list.rows.find((n) => n.id === note.id);
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

  describe("Manage Notes list", () => {
    const physics: number[] = [];
    const noteIds: number[] = [];

    beforeAll(async () => {
      await addSubject(db(), 12, "physics", "Physics");
      await addSubject(db(), 12, "chemistry", "Chemistry");
      const titles = Array.from({ length: 6 }, (_, i) => ({
        title: `Optics part ${i + 1}`,
        links: emptyLinks(),
      }));
      for (const c of await createChapters(db(), 12, "physics", titles)) physics.push(c.id);
      const [solutions] = await createChapters(db(), 12, "chemistry", [
        { title: "Solutions", links: emptyLinks() },
      ]);
      // 55 physics notes (more than a page) and one chemistry note whose text mentions "Snell".
      for (let i = 0; i < 55; i++) {
        const note = await addNote(db(), {
          chapterId: physics[i % physics.length] ?? 0,
          content: `<p>Physics note ${String(i).padStart(2, "0")}: ${"light bends ".repeat(20)}</p>`,
          seoDescription: "",
          seoKeywords: "",
        });
        noteIds.push(note.id);
      }
      await addNote(db(), {
        chapterId: solutions?.id ?? 0,
        content: `<p>Solutions, and a <strong>SNELL-like</strong> aside ${"x".repeat(5000)}</p>`,
        seoDescription: "",
        seoKeywords: "",
      });
    });

    it("pages by 50 with the total, newest first, and clamps a page past the end", async () => {
      const first = await page(db(), "class=12&subject=physics");
      expect(first.total).toBe(55);
      expect(first.rows).toHaveLength(50);
      expect(first.pageCount).toBe(2);
      expect(first.rows[0]?.preview.startsWith("Physics note 54")).toBe(true);
      const second = await page(db(), "class=12&subject=physics&page=2");
      expect(second.rows).toHaveLength(5);
      const all = [...first.rows, ...second.rows].map((r) => r.id);
      expect(new Set(all).size).toBe(55);
      // The second page is read from the list's end (fromNearerEnd): the five oldest, in order.
      expect(second.rows.map((r) => r.preview.slice(0, 15))).toEqual(
        [4, 3, 2, 1, 0].map((i) => `Physics note 0${i}`),
      );
      expect((await page(db(), "class=12&subject=physics&page=99")).page).toBe(2);
      // Every sort each way: the two pages are the other way's two pages backwards.
      const both = async (query: string) => {
        const pages = [await page(db(), `${query}&page=1`), await page(db(), `${query}&page=2`)];
        return pages.flatMap((p) => p.rows.map((r) => r.id));
      };
      for (const sort of ["updated", "chapter", "class"]) {
        const up = await both(`class=12&subject=physics&sort=${sort}&dir=asc`);
        expect(up).toHaveLength(55);
        expect(await both(`class=12&subject=physics&sort=${sort}&dir=desc`)).toEqual(up.toReversed());
      }
    });

    it("shows the 80-character preview of the text, never the HTML", async () => {
      const { rows } = await page(db(), "class=12&subject=chemistry");
      expect(rows).toHaveLength(1);
      expect(rows[0]?.preview).toHaveLength(80);
      expect(rows[0]?.preview.startsWith("Solutions, and a SNELL-like aside xxx")).toBe(true);
      expect(JSON.stringify(rows)).not.toMatch(/<|strong/);
      expect(rows[0]).toMatchObject({ chapterTitle: "Solutions", grade: 12, subjectLabel: "Chemistry" });
    });

    it("searches chapter titles and note text ignoring case; % and _ are plain characters", async () => {
      expect((await page(db(), "q=snell")).rows.map((r) => r.chapterTitle)).toEqual(["Solutions"]);
      expect((await page(db(), "q=OPTICS PART 2&class=12")).total).toBe(Math.ceil((55 - 1) / physics.length));
      expect((await page(db(), "q=note 0%")).total).toBe(0);
      expect((await page(db(), "q=note_0")).total).toBe(0);
      expect((await page(db(), "class=9&q=physics")).total).toBe(0);
    });

    it("sorts by chapter title and by class, both ways, with stable pages", async () => {
      const byTitle = await page(db(), "class=12&sort=chapter&dir=asc");
      const titles = byTitle.rows.map((r) => r.chapterTitle);
      expect(titles).toEqual([...titles].sort((a, b) => a.localeCompare(b)));
      const desc = await page(db(), "class=12&sort=chapter&dir=desc");
      expect(desc.rows[0]?.chapterTitle).toBe("Solutions");
      // Syllabus order: class 11 before class 12.
      const byClass = await page(db(), "sort=class&dir=asc");
      expect(byClass.rows[0]?.grade).toBe(11);
    });

    it("deletes the selected notes in one go and says how many; the public content version moves", async () => {
      const before = await contentVersion(db());
      const chosen = noteIds.slice(0, 4);
      expect((await deleteNotes(db(), chosen)).deleted).toBe(4);
      for (const id of chosen) expect(await getNote(db(), id)).toBeNull();
      expect(await contentVersion(db())).toBeGreaterThan(before);
    });

    it("refuses a bulk delete whole when one note is already gone: nothing is deleted", async () => {
      const before = await contentVersion(db());
      const alive = noteIds.slice(4, 7);
      const gone = noteIds[0] ?? 0;
      const err = await rejection(deleteNotes(db(), [...alive, gone]));
      expect(err).toBeInstanceOf(DomainError);
      expect((err as DomainError).message).toMatch(/no longer exists.*Nothing was deleted/);
      for (const id of alive) expect(await getNote(db(), id)).not.toBeNull();
      expect(await contentVersion(db())).toBe(before);
    });

    it("the chapter picker offers at most 20 chapters by title, with their class and subject", async () => {
      const found = await pickChapters(db(), "optics PART");
      expect(found.map((o) => o.label)).toEqual(titlesOf(6));
      expect(found[0]?.detail).toBe("Class 12 · Physics");
      expect(await pickChapters(db(), "50%")).toEqual([]);
      expect((await pickChapters(db(), "")).length).toBeLessThanOrEqual(20);
      expect(await chapterChoice(db(), physics[0] ?? 0)).toMatchObject({ label: "Optics part 1" });
      expect(await chapterChoice(db(), 987_654)).toBeNull();
    });
  });
});

function titlesOf(n: number): string[] {
  return Array.from({ length: n }, (_, i) => `Optics part ${i + 1}`);
}
