import type { Kysely } from "kysely";
import { columnKinds } from "./columns.ts";

// History (app/server/history/): every save of a chapter, note or post keeps the version it
// replaced as one row here: its number, who made it and when, everything it held (JSON: a
// chapter's links, a post's related posts) and when it was replaced. The Trash moves these rows
// into its snapshots and back, so the columns are kept to this plain set.
export async function up(db: Kysely<unknown>): Promise<void> {
  const c = columnKinds(db);
  await db.schema
    .createTable("versions")
    .addColumn("id", c.id, (col) => c.idOptions(col))
    .addColumn("item_kind", "text", (col) => col.notNull())
    .addColumn("item_id", "integer", (col) => col.notNull())
    .addColumn("version", "integer", (col) => col.notNull())
    // Who made this version (an account's e-mail, "command line", "system"); null from before History.
    .addColumn("saved_by", "text")
    .addColumn("saved_at", "text", (col) => col.notNull())
    .addColumn("data", "text", (col) => col.notNull())
    .addColumn("replaced_at", "text", (col) => col.notNull())
    .execute();
  // An item's versions in order: the History page, retention and the Trash read them by item.
  await db.schema
    .createIndex("versions_item_idx")
    .on("versions")
    .columns(["item_kind", "item_id", "version"])
    .execute();
  // Who made the current version (the row itself); the versions table says it for the older ones.
  for (const table of ["chapters", "notes", "posts"]) {
    await db.schema.alterTable(table).addColumn("updated_by", "text").execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ["chapters", "notes", "posts"]) {
    await db.schema.alterTable(table).dropColumn("updated_by").execute();
  }
  await db.schema.dropTable("versions").execute();
}
