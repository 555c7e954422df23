import type { Kysely } from "kysely";
import { sql } from "kysely";

// One number that every content change bumps: app instances compare it to drop their page caches.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("site_state")
    .addColumn("key", "text", (col) => col.primaryKey())
    .addColumn("value", "integer", (col) => col.notNull())
    .execute();
  await sql`insert into site_state (key, value) values ('content_version', 0)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("site_state").ifExists().execute();
}
