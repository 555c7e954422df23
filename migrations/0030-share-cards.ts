import type { Kysely } from "kysely";
import { columnKinds } from "./columns.ts";

// Each chapter's share card (the og:image link previews show, DESIGN.md 8.3), per language: drawn
// once per title and kept here, so a restart or another instance serves it without drawing it again.
// `card_key` is the hash of what the card shows (title, class and subject, site name): a new title
// draws a new card, which takes the old one's place.
export async function up(db: Kysely<unknown>): Promise<void> {
  const c = columnKinds(db);
  await db.schema
    .createTable("share_cards")
    .addColumn("chapter_id", "integer", (col) => col.notNull().references("chapters.id").onDelete("cascade"))
    .addColumn("lang", "text", (col) => col.notNull())
    .addColumn("card_key", "text", (col) => col.notNull())
    .addColumn("png", c.blob, (col) => col.notNull())
    .addColumn("created_at", "text", (col) => col.notNull())
    .addPrimaryKeyConstraint("share_cards_pkey", ["chapter_id", "lang"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("share_cards").ifExists().execute();
}
