import type { Kysely } from "kysely";
import { ENGLISH, HINDI } from "./0026-guide-texts.ts";

// The study guides become content (issue 31, docs/decisions/0026): one row per class (its id is
// the class, 9-12), holding the guide record in English and its Hindi texts as JSON (a guide is
// read and saved whole; no one asks for one tip), with a version for the console's conflict check
// and who saved it last, like chapters, notes and posts. Every database starts with the spec's
// guides and their Hindi translation, written here (a new one and an existing one alike).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("guides")
    .addColumn("id", "integer", (col) => col.primaryKey())
    .addColumn("english", "text", (col) => col.notNull())
    .addColumn("hindi", "text", (col) => col.notNull())
    .addColumn("version", "integer", (col) => col.notNull().defaultTo(1))
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("updated_at", "text", (col) => col.notNull())
    .addColumn("updated_by", "text")
    .execute();
  const at = new Date().toISOString();
  // biome-ignore lint/suspicious/noExplicitAny: migrations run on any schema
  await (db as Kysely<any>)
    .insertInto("guides")
    .values(
      ([9, 10, 11, 12] as const).map((grade) => ({
        id: grade,
        english: JSON.stringify(ENGLISH[grade]),
        hindi: JSON.stringify(HINDI[grade]),
        version: 1,
        created_at: at,
        updated_at: at,
        updated_by: null,
      })),
    )
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("guides").execute();
}
