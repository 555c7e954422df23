import type { Kysely } from "kysely";

// This year's syllabus (issue 31, docs/decisions/0023-syllabus-sessions.md).
// - `chapter_syllabus`: a chapter's status in one session (its first year: 2026 for "2026-27"),
//   'new' or 'out' (or 'in' with a "What changed"), and that note. A chapter without a row for a
//   session is In syllabus there, so a new database and every existing chapter need no rows. Keyed
//   by chapter and session: the class page's chapters are found by key, and a chapter's rows go with it.
// - `chapters.book` and `chapters.chapter_number`: the textbook and its chapter number, optional.
// - The current session is the site_state row 'syllabus_session', written when an admin chooses
//   one; until then it is the session of today's date (app/lib/sessions.ts).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("chapter_syllabus")
    .addColumn("chapter_id", "integer", (col) => col.notNull().references("chapters.id").onDelete("cascade"))
    .addColumn("session", "integer", (col) => col.notNull())
    .addColumn("status", "text", (col) => col.notNull())
    .addColumn("what_changed", "text", (col) => col.notNull().defaultTo(""))
    .addPrimaryKeyConstraint("chapter_syllabus_pkey", ["chapter_id", "session"])
    .execute();
  await db.schema.alterTable("chapters").addColumn("book", "text").execute();
  await db.schema.alterTable("chapters").addColumn("chapter_number", "integer").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("chapters").dropColumn("chapter_number").execute();
  await db.schema.alterTable("chapters").dropColumn("book").execute();
  await db.schema.dropTable("chapter_syllabus").execute();
}
