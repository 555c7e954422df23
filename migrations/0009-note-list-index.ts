import type { Kysely } from "kysely";

// Manage Notes opens newest first: its window of 50 is read by walking this index instead of
// sorting every note (issue 12's budget at 100,000 notes).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex("notes_updated_idx").on("notes").columns(["updated_at", "id"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("notes_updated_idx").ifExists().execute();
}
