import { type Kysely, sql } from "kysely";
import { isPostgres } from "./columns.ts";

// Link health's Search box, tested link by link (docs/decisions/0038): each chapter link's use of
// a link carries its search document's words (title, site, list, type, language, year), so a broad
// search asks "does this link's title match" with one indexed read of `link_uses` and a string test,
// not a full-text search per link. The inventory writes them as it counts uses; a chapter link's
// use is counted again when any of those columns changes, not only its address or chapter.
// Every chapter link is noted here, and the app counts them again after migrating (its code of the day).

const WORD_COLUMNS = ["url", "chapter_id", "title", "kind", "type", "language", "year"];
const OLD_COLUMNS = ["url", "chapter_id"];

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("link_uses")
    .addColumn("words", "text", (col) => col.notNull().defaultTo(""))
    .execute();
  await changedTrigger(db, WORD_COLUMNS);
  await sql`insert into link_pending (kind, ref_id) select 'chapter-link', id from chapter_links
    where true on conflict do nothing`.execute(db);
}

/** The trigger of migration 0012 that notes a chapter link whose `columns` changed. */
async function changedTrigger(db: Kysely<unknown>, columns: readonly string[]): Promise<void> {
  const name = "links_chapter_links_changed";
  if (isPostgres(db)) {
    const changed = columns.map((col) => `old.${col} is distinct from new.${col}`).join(" or ");
    await sql.raw(`drop trigger ${name} on chapter_links`).execute(db);
    await sql
      .raw(`create trigger ${name} after update of ${columns.join(", ")} on chapter_links for each row
        when (${changed}) execute function links_chapter_links_mark()`)
      .execute(db);
    return;
  }
  const changed = columns.map((col) => `old.${col} is not new.${col}`).join(" or ");
  await sql.raw(`drop trigger ${name}`).execute(db);
  await sql
    .raw(`create trigger ${name} after update of ${columns.join(", ")} on chapter_links when ${changed}
      begin insert or ignore into link_pending (kind, ref_id) values ('chapter-link', new.id); end`)
    .execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await changedTrigger(db, OLD_COLUMNS);
  await db.schema.alterTable("link_uses").dropColumn("words").execute();
}
