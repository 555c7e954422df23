import type { Kysely } from "kysely";
import { columnKinds } from "./columns.ts";

// Failed logins, kept in the database so that every app instance shares the limit.
export async function up(db: Kysely<unknown>): Promise<void> {
  const c = columnKinds(db);
  await db.schema
    .createTable("login_failures")
    .addColumn("id", c.id, (col) => c.idOptions(col))
    .addColumn("key", "text", (col) => col.notNull())
    .addColumn("at", "text", (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex("login_failures_key_at_idx")
    .on("login_failures")
    .columns(["key", "at"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("login_failures").ifExists().execute();
}
