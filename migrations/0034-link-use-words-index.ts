import { type Kysely, sql } from "kysely";
import { isPostgres } from "./columns.ts";

// Link health's broad search tests each link it reads on the words its uses carry (decision 0038):
// one read of `link_uses` by link, ten thousand of them for one search. With the words in the index
// on `link_uses (link_id)`, that read is the index's alone (PostgreSQL: an index-only scan; SQLite:
// a covering index) rather than the index's and then a row of the table: at a million links the
// walk of "electrochemistry" went from 64 to 40 ms on PostgreSQL (decision 0039). It replaces the
// index on `link_id` alone, which every other read by link uses as well. A use's words are at most
// a few hundred bytes (a title has at most 200 characters), within a B-tree entry's limit.

export async function up(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db))
    await sql`create index link_uses_link_words_idx on link_uses (link_id) include (words)`.execute(db);
  else await sql`create index link_uses_link_words_idx on link_uses (link_id, words)`.execute(db);
  await sql`drop index link_uses_link_idx`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex("link_uses_link_idx").on("link_uses").columns(["link_id"]).execute();
  await sql`drop index link_uses_link_words_idx`.execute(db);
}
