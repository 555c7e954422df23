import { type Kysely, sql } from "kysely";
import { isPostgres } from "./columns.ts";

// Search now keeps, beside each Devanagari word, how it sounds (app/server/search/sounds.server.ts),
// so "prakash" finds "प्रकाश". The documents that hold Devanagari are marked here to be built again
// (the app builds what is marked in migrateToLatest's transaction); the others gain nothing from it.
const DEVANAGARI = "[\u0900-\u097f]";

export async function up(db: Kysely<unknown>): Promise<void> {
  const holds = (column: string) =>
    isPostgres(db)
      ? sql`${sql.ref(column)} ~ ${DEVANAGARI}`
      : sql`${sql.ref(column)} glob ${`*${DEVANAGARI}*`}`;
  const mark = isPostgres(db) ? sql`on conflict do nothing` : sql``;
  const insert = isPostgres(db) ? sql`insert into` : sql`insert or ignore into`;
  await sql`${insert} search_pending (kind, ref_id)
    select 'chapter', c.id from chapters c
    where ${holds("c.title")} or exists (
      select 1 from notes n where n.chapter_id = c.id
        and (${holds("n.content")} or ${holds("n.seo_description")} or ${holds("n.seo_keywords")}))
      or exists (select 1 from subjects s where s.grade = c.grade and s.code = c.subject_code and ${holds("s.label")})
    ${mark}`.execute(db);
  await sql`${insert} search_pending (kind, ref_id)
    select 'link', id from chapter_links where ${holds("title")} ${mark}`.execute(db);
  await sql`${insert} search_pending (kind, ref_id)
    select 'post', id from posts
    where ${holds("title")} or ${holds("excerpt")} or ${holds("content")} or ${holds("tag")}
      or ${holds("category")} or ${holds("seo_keywords")}
    ${mark}`.execute(db);
}

export async function down(): Promise<void> {
  // Nothing to undo: the documents are rebuilt from the content whenever it changes.
}
