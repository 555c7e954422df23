import { sql } from "kysely";
import { batches } from "#app/lib/batches.ts";
import { type Grade, parseGrade } from "#app/lib/grades.ts";
import { notePreview } from "#app/lib/html-text.ts";
import { parseKeywords, readKeywords } from "#app/lib/keywords.ts";
import type { NoteListQuery } from "#app/lib/note-list.ts";
import { currentActor } from "#app/server/console/actor.server.ts";
import {
  containsText,
  fromNearerEnd,
  type ListPage,
  listSearch,
  readPage,
  turned,
} from "#app/server/console/list-page.server.ts";
import { replaceVersion } from "#app/server/console/versioned-save.server.ts";
import { contentChanged } from "#app/server/content-changes.server.ts";
import { type Database, inTransaction, now } from "#app/server/db.server.ts";
import { DomainError, NotFoundError } from "#app/server/errors.server.ts";
import { sanitizeRichText } from "#app/server/platform/sanitize.server.ts";
import type { SanitizedHtml } from "#app/server/platform/sanitize-pool.server.ts";
import type { NoteRow } from "#app/server/schema.server.ts";
import { type Trashed, trashNotes } from "#app/server/trash/put.server.ts";

export const MAX_NOTE_LENGTH = 200_000;
export const MAX_SEO_DESCRIPTION = 300;

export type Note = {
  id: number;
  chapterId: number;
  content: string;
  seoDescription: string;
  seoKeywords: string[];
  createdAt: string;
  updatedAt: string;
  version: number;
};
export type NoteInput = { chapterId: number; content: string; seoDescription: string; seoKeywords: string };

function toNote(row: NoteRow): Note {
  return {
    id: row.id,
    chapterId: row.chapter_id,
    content: row.content,
    seoDescription: row.seo_description,
    seoKeywords: readKeywords(row.seo_keywords),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    version: row.version,
  };
}

function checkNote(input: NoteInput) {
  if (!Number.isInteger(input.chapterId) || input.chapterId <= 0)
    throw new DomainError("Select chapter", { field: "chapterId" });
  const content = sanitizeRichText(input.content);
  if (!content.replace(/<[^>]*>/g, "").trim()) {
    throw new DomainError("Content: write the note before adding it.", { field: "content" });
  }
  if (input.content.length > MAX_NOTE_LENGTH) {
    throw new DomainError(
      `Content: a note can be at most ${MAX_NOTE_LENGTH.toLocaleString("en-IN")} characters.`,
      { field: "content" },
    );
  }
  const seoDescription = input.seoDescription.trim();
  if (seoDescription.length > MAX_SEO_DESCRIPTION) {
    throw new DomainError(`SEO description: at most ${MAX_SEO_DESCRIPTION} characters.`, {
      field: "seoDescription",
    });
  }
  return { content, seoDescription, seoKeywords: JSON.stringify(parseKeywords(input.seoKeywords)) };
}

export async function addNote(db: Database, input: NoteInput): Promise<Note> {
  const note = checkNote(input);
  const chapter = await db
    .selectFrom("chapters")
    .select("id")
    .where("id", "=", input.chapterId)
    .executeTakeFirst();
  if (!chapter)
    throw new DomainError("Select chapter: that chapter no longer exists.", { field: "chapterId" });
  const at = now();
  return inTransaction(db, async (trx) => {
    const row = await trx
      .insertInto("notes")
      .values({
        chapter_id: input.chapterId,
        content: note.content,
        seo_description: note.seoDescription,
        seo_keywords: note.seoKeywords,
        created_at: at,
        updated_at: at,
        updated_by: currentActor().label,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await contentChanged(trx);
    return toNote(row);
  });
}

export async function updateNote(
  db: Database,
  id: number,
  expectedVersion: number,
  input: NoteInput,
): Promise<Note> {
  return (await saveNote(db, id, expectedVersion, input)).after;
}

/** `updateNote`, answering the note it replaced too (read once, by the save itself). */
export async function saveNote(
  db: Database,
  id: number,
  expectedVersion: number,
  input: NoteInput,
): Promise<{ before: Note; after: Note }> {
  const note = checkNote(input);
  const { before, after } = await inTransaction(db, async (trx) => {
    const saved = await replaceVersion(trx, "notes", id, expectedVersion, {
      chapter_id: input.chapterId,
      content: note.content,
      seo_description: note.seoDescription,
      seo_keywords: note.seoKeywords,
    });
    await contentChanged(trx);
    return saved;
  });
  return { before: toNote(before), after: toNote(after) };
}

/** Deletes a note: it moves to the Trash, with its history. Returns its place there. */
export async function deleteNote(db: Database, id: number): Promise<Trashed> {
  return inTransaction(db, async (trx) => {
    const [moved] = await trashNotes(trx, [id]);
    if (!moved) throw new NotFoundError("note");
    await contentChanged(trx);
    return moved;
  });
}

export async function getNote(db: Database, id: number): Promise<Note | null> {
  const row = await db.selectFrom("notes").selectAll().where("id", "=", id).executeTakeFirst();
  return row ? toNote(row) : null;
}

/** Which of `ids` are notes (a bulk confirmation asks only about those). */
export async function existingNoteIds(db: Database, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db.selectFrom("notes").select("id").where("id", "in", ids).orderBy("id").execute();
  return rows.map((r) => r.id);
}

/** A chapter's notes, oldest first: the first one gives the chapter page its metadata. */
export async function notesForChapter(db: Database, chapterId: number): Promise<Note[]> {
  const rows = await db
    .selectFrom("notes")
    .selectAll()
    .where("chapter_id", "=", chapterId)
    .orderBy("id")
    .execute();
  return rows.map(toNote);
}

/** A row of Manage Notes: what the table shows, with the preview instead of the HTML. */
export type NotePageRow = {
  id: number;
  chapterTitle: string;
  chapterSlug: string;
  grade: Grade;
  subjectLabel: string;
  preview: string;
  updatedAt: string;
};

/**
 * How much of a note's HTML the list reads to make its 80-character preview: enough for the
 * text of any ordinary note, so a page never carries whole notes (some are 200,000 characters).
 */
const PREVIEW_SOURCE = 2000;

function noteListFrom(db: Database, query: NoteListQuery) {
  const grade = parseGrade(query.filters.class);
  let list = db
    .selectFrom("notes")
    .innerJoin("chapters", "chapters.id", "notes.chapter_id")
    .innerJoin("subjects", (j) =>
      j.onRef("subjects.grade", "=", "chapters.grade").onRef("subjects.code", "=", "chapters.subject_code"),
    );
  if (grade !== null) list = list.where("chapters.grade", "=", grade);
  if (query.filters.subject) list = list.where("chapters.subject_code", "=", query.filters.subject);
  if (query.q) {
    // The search index keeps a chapter's notes with it: of the chapters whose text matches (found
    // by the index), the notes that hold every word themselves; or any note of a chapter whose
    // title holds the text.
    const q = query.q;
    const words = q.split(/\s+/).filter(Boolean).slice(0, 8);
    list = list.where((eb) =>
      eb.or([
        containsText("chapters.title", q),
        eb.and([
          listSearch(db, "chapter", "notes.chapter_id", "chapters.title", q)(eb),
          ...words.map((w) => eb.or([containsText("notes.content", w), containsText("chapters.title", w)])),
        ]),
      ]),
    );
  }
  return list;
}

/** One page of Manage Notes: filtered by class, subject and search, sorted, 50 rows. */
export async function listNotePage(db: Database, query: NoteListQuery): Promise<ListPage<NotePageRow>> {
  const from = noteListFrom(db, query);
  return readPage(
    query.page,
    async () => Number((await from.select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow()).n),
    async (page) => {
      // First the window's ids, in order: nothing else is read for the rows skipped by the offset
      // (with a bound LIMIT, SQLite would compute every row's columns before sorting).
      const ids = await fromNearerEnd(page, async ({ limit, offset, reversed }) => {
        let window = from.select("notes.id");
        const dir = turned(query.dir, reversed);
        if (query.sort === "chapter") window = window.orderBy("chapters.title", dir);
        if (query.sort === "class") {
          window = window
            .orderBy("chapters.grade", dir)
            .orderBy("subjects.position", dir)
            .orderBy("chapters.position", dir);
        }
        if (query.sort === "updated") window = window.orderBy("notes.updated_at", dir);
        // The id last, so that equal keys keep one order and pages never overlap.
        return (await window.orderBy("notes.id", dir).limit(limit).offset(offset).execute()).map((r) => r.id);
      });
      if (ids.length === 0) return [];
      const found = await db
        .selectFrom("notes")
        .innerJoin("chapters", "chapters.id", "notes.chapter_id")
        .innerJoin("subjects", (j) =>
          j
            .onRef("subjects.grade", "=", "chapters.grade")
            .onRef("subjects.code", "=", "chapters.subject_code"),
        )
        .select([
          "notes.id",
          "notes.updated_at",
          "chapters.title as chapter_title",
          "chapters.slug as chapter_slug",
          "chapters.grade",
          "subjects.label as subject_label",
          sql<string>`substr(${sql.ref("notes.content")}, 1, ${PREVIEW_SOURCE})`.as("head"),
        ])
        .where("notes.id", "in", ids)
        .execute();
      const byId = new Map(found.map((r) => [r.id, r]));
      return ids.flatMap((id) => {
        const r = byId.get(id);
        if (!r) return [];
        return [
          {
            id: r.id,
            chapterTitle: r.chapter_title,
            chapterSlug: r.chapter_slug,
            grade: r.grade as Grade,
            subjectLabel: r.subject_label,
            // A tag cut in half at the end of the excerpt is not text.
            preview: notePreview(r.head.replace(/<[^>]*$/, "")),
            updatedAt: r.updated_at,
          },
        ];
      });
    },
  );
}

/**
 * Deletes the chosen notes (to the Trash) in one transaction: all of them, or none when any is
 * gone already (someone else deleted it), so the admin never wonders which ones went.
 */
export async function deleteNotes(
  db: Database,
  ids: number[],
): Promise<{ deleted: number; trashed: Trashed[] }> {
  const wanted = [...new Set(ids)];
  return inTransaction(db, async (trx) => {
    const trashed = await trashNotes(trx, wanted);
    const deleted = trashed.length;
    if (deleted !== wanted.length) {
      const missing = wanted.length - deleted;
      // Throwing rolls the transaction back: nothing is deleted.
      throw new DomainError(
        `${missing === 1 ? "One of the selected notes no longer exists" : `${missing} of the selected notes no longer exist`} (deleted by someone else?). Nothing was deleted: reload the page and select again.`,
        { status: 409 },
      );
    }
    await contentChanged(trx);
    return { deleted, trashed };
  });
}

/** A note as a backup recorded it (and the Trash: with the id to keep, when free). */
type RestoredNote = {
  id?: number;
  content: string;
  seoDescription: string;
  seoKeywords: string[];
  createdAt: string;
  updatedAt: string;
};

/** A restored note's row: its HTML through the one sanitizer (done already: `content`), its times as they were. */
function restoredRow(chapterId: number, n: RestoredNote, content: SanitizedHtml) {
  return {
    ...(n.id === undefined ? {} : { id: n.id }),
    chapter_id: chapterId,
    content,
    seo_description: n.seoDescription,
    seo_keywords: JSON.stringify(n.seoKeywords),
    created_at: n.createdAt,
    updated_at: n.updatedAt,
  };
}

/** A backup's note of a restored chapter, as it was (and a note from the Trash). Returns its id. */
export async function restoreNote(trx: Database, chapterId: number, n: RestoredNote): Promise<number> {
  const row = await trx
    .insertInto("notes")
    .values(restoredRow(chapterId, n, sanitizeRichText(n.content) as SanitizedHtml))
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * Many of a backup's notes at once (a full restore, app/server/backup/restore-backup.server.ts), each with
 * the id the restore gave it, its chapter's, and its version and last editor; `contents` are their
 * HTML, in order, as `sanitizeRichTexts` gave it (begun by the caller, so another thread works on
 * it while the caller writes the notes' chapters).
 */
export async function restoreNotes(
  trx: Database,
  notes: ReadonlyArray<
    RestoredNote & { id: number; chapterId: number; version: number; updatedBy: string | null }
  >,
  contents: readonly SanitizedHtml[],
): Promise<void> {
  if (contents.length !== notes.length) throw new Error("restoreNotes: one sanitized content per note");
  const rows = notes.map((n, i) => ({
    ...restoredRow(n.chapterId, n, contents[i] as SanitizedHtml),
    version: n.version,
    updated_by: n.updatedBy,
  }));
  // Notes are long: a statement holds a bounded amount of text.
  for (const part of batches(rows, 100)) await trx.insertInto("notes").values(part).execute();
}
