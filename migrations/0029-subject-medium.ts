import type { Kysely } from "kysely";

// A subject's medium (DESIGN.md 8.2, app/lib/medium.ts): "both" (the default: every subject there
// is), "english" or "hindi". The class page without ?subject= opens the first subject of its
// language's medium or of both.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("subjects")
    .addColumn("medium", "text", (col) => col.notNull().defaultTo("both"))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("subjects").dropColumn("medium").execute();
}
