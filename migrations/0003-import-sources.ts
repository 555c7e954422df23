import type { Kysely } from "kysely";

// Which documents of another system (the original Firestore product) have been imported, and as
// what: importing the same file twice adds nothing twice.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("import_sources")
    .addColumn("collection", "text", (col) => col.notNull())
    .addColumn("source_id", "text", (col) => col.notNull())
    .addColumn("target_id", "integer", (col) => col.notNull())
    .addPrimaryKeyConstraint("import_sources_pkey", ["collection", "source_id"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("import_sources").ifExists().execute();
}
