import { type Kysely, sql } from "kysely";
import { isPostgres } from "./columns.ts";

// Link health's Search box, tested link by link (docs/decisions/0038): each chapter link's use of
// a link carries its search document's words (title, site, list, type, language, year), so a broad
// search asks "does this link's title match" with one indexed read of `link_uses` and a string test,
// not a full-text search per link. The inventory writes them as it counts uses; a chapter link's
// use is counted again when any of those columns changes, not only its address or chapter.
// The uses are emptied here (with the scopes made from them) and every chapter link, note and post
// is noted: the app counts the whole inventory again after migrating, with its code of the day and in
// bulk (db.server.ts), as a restore does. Updating a million uses in place took 15 minutes; this
// keeps every link, its status and its checks.

const WORD_COLUMNS = ["url", "chapter_id", "title", "kind", "type", "language", "year"];
const OLD_COLUMNS = ["url", "chapter_id"];

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("link_uses")
    .addColumn("words", "text", (col) => col.notNull().defaultTo(""))
    .execute();
  await changedTrigger(db, WORD_COLUMNS);
  await emptyUses(db);
  for (const [kind, table] of [
    ["chapter-link", "chapter_links"],
    ["note", "notes"],
    ["post", "posts"],
  ] as const)
    await sql`insert into link_pending (kind, ref_id) select ${kind}, id from ${sql.table(table)}
      where true on conflict do nothing`.execute(db);
}

/**
 * Every use gone, and `link_scopes` (kept from them by triggers) with them, without a trigger per
 * row: PostgreSQL truncates; SQLite sets the triggers of `link_uses` aside while it deletes.
 */
async function emptyUses(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) {
    await sql`truncate link_uses, link_scopes`.execute(db);
    return;
  }
  const { rows } = await sql<{ name: string; sql: string }>`
    select name, sql from sqlite_master where type = 'trigger' and tbl_name = 'link_uses'`.execute(db);
  for (const { name } of rows) await sql`drop trigger ${sql.id(name)}`.execute(db);
  await sql`delete from link_uses`.execute(db);
  await sql`delete from link_scopes`.execute(db);
  for (const trigger of rows) await sql.raw(trigger.sql).execute(db);
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
