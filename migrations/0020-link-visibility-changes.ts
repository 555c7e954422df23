import type { Kysely } from "kysely";

// A content version bump that changed only whether students see some link addresses (a link turned
// Broken, came back, or was marked fine) says which ones here, so every instance drops just the
// stored pages showing them instead of all of them (app/server/content-changes.server.ts). Only the
// last 1,000 or so are kept: an instance further behind than that drops everything, as before.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("link_visibility_changes")
    .addColumn("version", "integer", (col) => col.primaryKey())
    .addColumn("urls", "text", (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("link_visibility_changes").ifExists().execute();
}
