import { type Kysely, sql } from "kysely";
import { isPostgres } from "./columns.ts";

// The Dashboard's "Content" filter (Empty, Has resources) without a probe per chapter
// (docs/decisions/0050). `chapters.resources` is how many notes and links a chapter has, kept by
// triggers as they come, go or move to another chapter. "Has resources" asked of 100,000 chapters
// was an index probe of chapter_links and one of notes a chapter: 200-330 ms on PostgreSQL after a
// Firestore import, 660 ms sorted by title; a test of a column of the row now. The bulk loads that
// write with the row triggers off (a restore, a first Firestore import) give it as they insert.

/** The kept count's triggers on both engines: [name, table, event, change (+ or -), row ("new" or "old")]. */
const COUNTING_TRIGGERS = [
  ["chapter_resources_link_added", "chapter_links", "insert", "+", "new"],
  ["chapter_resources_link_removed", "chapter_links", "delete", "-", "old"],
  ["chapter_resources_note_added", "notes", "insert", "+", "new"],
  ["chapter_resources_note_removed", "notes", "delete", "-", "old"],
] as const;

const MOVED = [
  ["chapter_resources_link_moved", "chapter_links"],
  ["chapter_resources_note_moved", "notes"],
] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table chapters add column resources integer not null default 0`.execute(db);
  await sql`update chapters set resources =
    (select count(*) from chapter_links l where l.chapter_id = chapters.id)
    + (select count(*) from notes n where n.chapter_id = chapters.id)`.execute(db);
  if (isPostgres(db)) return postgres(db);
  for (const [name, table, event, change, row] of COUNTING_TRIGGERS)
    await sql
      .raw(`create trigger ${name} after ${event} on ${table} begin
        update chapters set resources = resources ${change} 1 where id = ${row}.chapter_id; end`)
      .execute(db);
  for (const [name, table] of MOVED)
    await sql
      .raw(`create trigger ${name} after update of chapter_id on ${table}
        when old.chapter_id is not new.chapter_id begin
        update chapters set resources = resources - 1 where id = old.chapter_id;
        update chapters set resources = resources + 1 where id = new.chapter_id; end`)
      .execute(db);
}

async function postgres(db: Kysely<unknown>): Promise<void> {
  // Rows come in thousands a statement (a chapter's links saved again, a CSV import): one update
  // of each chapter a statement, from its transition table.
  const by = (rows: string, change: string) => `
    update chapters set resources = resources ${change} d.n
    from (select chapter_id, count(*) as n from ${rows} group by chapter_id) as d
    where chapters.id = d.chapter_id;`;
  for (const [name, table, event, change] of COUNTING_TRIGGERS) {
    const rows = change === "+" ? "added" : "removed";
    await sql
      .raw(`create function ${name}() returns trigger language plpgsql as $$
        begin ${by(rows, change)} return null; end $$`)
      .execute(db);
    await sql
      .raw(`create trigger ${name} after ${event} on ${table}
        referencing ${change === "+" ? "new" : "old"} table as ${rows} for each statement
        execute function ${name}()`)
      .execute(db);
  }
  // A move is rare (a row's chapter_id changed): a trigger a row, on that column only.
  for (const [name, table] of MOVED) {
    await sql
      .raw(`create function ${name}() returns trigger language plpgsql as $$ begin
        update chapters set resources = resources - 1 where id = old.chapter_id;
        update chapters set resources = resources + 1 where id = new.chapter_id;
        return null; end $$`)
      .execute(db);
    await sql
      .raw(`create trigger ${name} after update of chapter_id on ${table} for each row
        when (old.chapter_id is distinct from new.chapter_id) execute function ${name}()`)
      .execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const pg = isPostgres(db);
  for (const [name, table] of [...COUNTING_TRIGGERS, ...MOVED]) {
    await sql.raw(`drop trigger if exists ${name}${pg ? ` on ${table}` : ""}`).execute(db);
    if (pg) await sql.raw(`drop function if exists ${name}()`).execute(db);
  }
  await sql`alter table chapters drop column resources`.execute(db);
}
