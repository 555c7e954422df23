import type { Kysely } from "kysely";
import { columnKinds } from "./columns.ts";

// The Trash (app/server/trash/): a deleted chapter, note or post is one row here, a snapshot of
// everything it was (its links, notes and history), while its own rows are really deleted, so the
// public site, search and feeds forget it at once. Kept 30 days; restored from the snapshot.
export async function up(db: Kysely<unknown>): Promise<void> {
  const c = columnKinds(db);
  await db.schema
    .createTable("trash")
    .addColumn("id", c.id, (col) => c.idOptions(col))
    .addColumn("kind", "text", (col) => col.notNull())
    // The id the item had (restored under it again when free); null for an item from a backup.
    .addColumn("item_id", "integer")
    // A note's chapter (by id), so its restore finds it even after the chapter was renamed.
    .addColumn("chapter_id", "integer")
    .addColumn("title", "text", (col) => col.notNull())
    // Where it was, as the list shows it: "Class 10 · Physics", a note's chapter, "Blog".
    .addColumn("place", "text", (col) => col.notNull())
    // The address it keeps while in the Trash: "GRADE:slug" for a chapter, the slug of a post.
    .addColumn("reserved_slug", "text")
    .addColumn("data", "text", (col) => col.notNull())
    .addColumn("deleted_by", "text", (col) => col.notNull())
    .addColumn("deleted_at", "text", (col) => col.notNull())
    .execute();
  // The list (newest first, by kind too) and the purge read by time.
  await db.schema.createIndex("trash_deleted_idx").on("trash").columns(["deleted_at", "id"]).execute();
  await db.schema.createIndex("trash_kind_idx").on("trash").columns(["kind", "deleted_at", "id"]).execute();
  // A new chapter or post checks its address against the Trash.
  await db.schema.createIndex("trash_reserved_idx").on("trash").columns(["kind", "reserved_slug"]).execute();
  await db.schema.createIndex("trash_item_idx").on("trash").columns(["kind", "item_id"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("trash").execute();
}
