import { type Kysely, sql } from "kysely";
import { isPostgres } from "./columns.ts";

// Search documents gained two kinds of words (decision 0027): beside each Devanagari word, how it
// sounds (app/server/search/sounds.server.ts), so "prakash" finds "प्रकाश"; and a chapter's or post's
// whole title as one word, so a chapter whose title is exactly the query comes first. Every chapter
// and post, and the links holding Devanagari, are marked here to be built again (the app builds what
// is marked in migrateToLatest's transaction); other links gain nothing from it.
const DEVANAGARI = "[\u0900-\u097f]";

export async function up(db: Kysely<unknown>): Promise<void> {
  const pg = isPostgres(db);
  const insert = pg ? sql`insert into` : sql`insert or ignore into`;
  const mark = pg ? sql`on conflict do nothing` : sql``;
  const holdsDevanagari = pg ? sql`title ~ ${DEVANAGARI}` : sql`title glob ${`*${DEVANAGARI}*`}`;
  await sql`${insert} search_pending (kind, ref_id) select 'chapter', id from chapters ${mark}`.execute(db);
  await sql`${insert} search_pending (kind, ref_id) select 'post', id from posts ${mark}`.execute(db);
  await sql`${insert} search_pending (kind, ref_id)
    select 'link', id from chapter_links where ${holdsDevanagari} ${mark}`.execute(db);
}

export async function down(): Promise<void> {
  // Nothing to undo: the documents are rebuilt from the content whenever it changes.
}
