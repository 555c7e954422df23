import type { Grade } from "../lib/grades.ts";
import { notePreview } from "../lib/html-text.ts";
import { parseKeywords, readKeywords } from "../lib/keywords.ts";
import { contentChanged } from "./content-changes.server.ts";
import { type Database, inTransaction, now } from "./db.server.ts";
import { ConflictError, DomainError, NotFoundError } from "./errors.server.ts";
import { sanitizeRichText } from "./sanitize.server.ts";
import type { NoteRow } from "./schema.server.ts";

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
export type NoteListItem = Note & {
  preview: string;
  chapterTitle: string;
  grade: Grade;
  subjectLabel: string;
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
  const note = checkNote(input);
  const row = await inTransaction(db, async (trx) => {
    const saved = await trx
      .updateTable("notes")
      .set({
        chapter_id: input.chapterId,
        content: note.content,
        seo_description: note.seoDescription,
        seo_keywords: note.seoKeywords,
        updated_at: now(),
        version: expectedVersion + 1,
      })
      .where("id", "=", id)
      .where("version", "=", expectedVersion)
      .returningAll()
      .executeTakeFirst();
    if (saved) await contentChanged(trx);
    return saved;
  });
  if (row) return toNote(row);
  const exists = await db.selectFrom("notes").select("id").where("id", "=", id).executeTakeFirst();
  throw exists ? new ConflictError("note") : new NotFoundError("note");
}

export async function deleteNote(db: Database, id: number): Promise<void> {
  await inTransaction(db, async (trx) => {
    const result = await trx.deleteFrom("notes").where("id", "=", id).executeTakeFirst();
    if (Number(result.numDeletedRows) === 0) throw new NotFoundError("note");
    await contentChanged(trx);
  });
}

export async function getNote(db: Database, id: number): Promise<Note | null> {
  const row = await db.selectFrom("notes").selectAll().where("id", "=", id).executeTakeFirst();
  return row ? toNote(row) : null;
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

export async function listNotes(db: Database): Promise<NoteListItem[]> {
  const rows = await db
    .selectFrom("notes")
    .innerJoin("chapters", "chapters.id", "notes.chapter_id")
    .innerJoin("subjects", (j) =>
      j.onRef("subjects.grade", "=", "chapters.grade").onRef("subjects.code", "=", "chapters.subject_code"),
    )
    .selectAll("notes")
    .select(["chapters.title as chapter_title", "chapters.grade", "subjects.label as subject_label"])
    .orderBy("chapters.grade")
    .orderBy("subjects.position")
    .orderBy("chapters.position")
    .orderBy("notes.id")
    .execute();
  return rows.map((r) => ({
    ...toNote(r),
    preview: notePreview(r.content),
    chapterTitle: r.chapter_title,
    grade: r.grade as Grade,
    subjectLabel: r.subject_label,
  }));
}
