import type { Kysely } from "kysely";

// Indexes for the console's paged lists (issue 12): each sort reads one window of 50 rows by
// walking an index instead of sorting the whole table, and filters by subject alone find their rows.
export async function up(db: Kysely<unknown>): Promise<void> {
  // Dashboard, syllabus order: class, the subject's order, then the chapter's position (the
  // chapters side is chapters_listing_idx).
  await db.schema
    .createIndex("subjects_order_idx")
    .on("subjects")
    .columns(["grade", "position", "code"])
    .execute();
  await db.schema.createIndex("chapters_title_idx").on("chapters").columns(["title", "id"]).execute();
  await db.schema.createIndex("chapters_updated_idx").on("chapters").columns(["updated_at", "id"]).execute();
  // The Dashboard's Subject filter without a class.
  await db.schema
    .createIndex("chapters_subject_idx")
    .on("chapters")
    .columns(["subject_code", "grade", "position"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const name of [
    "chapters_subject_idx",
    "chapters_updated_idx",
    "chapters_title_idx",
    "subjects_order_idx",
  ]) {
    await db.schema.dropIndex(name).ifExists().execute();
  }
}
