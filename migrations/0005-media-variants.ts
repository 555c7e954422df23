import type { Kysely } from "kysely";
import { columnKinds } from "./columns.ts";

// Narrower copies of each uploaded image (480, 800, 1200 px wide), so that a phone is sent a picture its
// size. They are made from the stored image alone: at upload, or on first request for older images.
export async function up(db: Kysely<unknown>): Promise<void> {
  const c = columnKinds(db);
  await db.schema
    .createTable("media_variants")
    .addColumn("media_id", "text", (col) => col.notNull().references("media.id").onDelete("cascade"))
    .addColumn("width", "integer", (col) => col.notNull())
    .addColumn("webp", c.blob, (col) => col.notNull())
    .addColumn("fallback", c.blob, (col) => col.notNull())
    .addColumn("created_at", "text", (col) => col.notNull())
    .addPrimaryKeyConstraint("media_variants_pkey", ["media_id", "width"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("media_variants").ifExists().execute();
}
