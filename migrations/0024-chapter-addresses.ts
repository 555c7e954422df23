import { type Kysely, sql } from "kysely";
import { isPostgres } from "./columns.ts";

// Addresses that last (DESIGN 8.1, docs/decisions/0024): every address a chapter left behind, as
// (grade, slug) -> the chapter's id, so an old address answers 301 to the chapter's address of
// today in one hop and one indexed read, however often it changed. Kept by triggers on `chapters`,
// so every way a chapter changes address (Edit Resource, Move to, History's Restore, the CSV
// import) records it without each remembering to:
// - a chapter that leaves (grade, slug) records it, pointing at itself (an older row there is replaced);
// - a chapter that takes (grade, slug), new or renamed, deletes any row there: a live chapter's
//   address always wins, and a chapter renamed back keeps no row pointing at itself.
// No foreign key: a chapter in the Trash keeps its rows (they answer nothing while no chapter has
// its id) and has them back when restored; Delete forever removes them (app/server/catalogue/chapter-addresses.server.ts).

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("chapter_addresses")
    .addColumn("grade", "integer", (col) => col.notNull())
    .addColumn("slug", "text", (col) => col.notNull())
    .addColumn("chapter_id", "integer", (col) => col.notNull())
    .addPrimaryKeyConstraint("chapter_addresses_pkey", ["grade", "slug"])
    .execute();
  await db.schema
    .createIndex("chapter_addresses_chapter_idx")
    .on("chapter_addresses")
    .column("chapter_id")
    .execute();
  if (isPostgres(db)) await postgresTriggers(db);
  else await sqliteTriggers(db);
}

const LEAVE = (row: string) =>
  `insert into chapter_addresses (grade, slug, chapter_id) values (old.grade, old.slug, ${row}.id)
     on conflict (grade, slug) do update set chapter_id = excluded.chapter_id;`;
const TAKE = (row: string) =>
  `delete from chapter_addresses where grade = ${row}.grade and slug = ${row}.slug;`;

async function sqliteTriggers(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(`create trigger chapter_addresses_taken after insert on chapters begin ${TAKE("new")} end`)
    .execute(db);
  await sql
    .raw(
      `create trigger chapter_addresses_moved after update of grade, slug on chapters
       when old.grade is not new.grade or old.slug is not new.slug
       begin ${TAKE("new")} ${LEAVE("new")} end`,
    )
    .execute(db);
}

async function postgresTriggers(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(`create function chapter_addresses_moved() returns trigger language plpgsql as $$
      begin ${TAKE("new")} ${LEAVE("new")} return null; end $$`)
    .execute(db);
  await sql
    .raw(`create trigger chapter_addresses_moved after update of grade, slug on chapters for each row
      when (old.grade is distinct from new.grade or old.slug is distinct from new.slug)
      execute function chapter_addresses_moved()`)
    .execute(db);
  // Inserts come a few hundred rows a statement in a restore: one delete per statement, not per row.
  await sql
    .raw(`create function chapter_addresses_taken() returns trigger language plpgsql as $$
      begin
        delete from chapter_addresses a using added n where a.grade = n.grade and a.slug = n.slug;
        return null;
      end $$`)
    .execute(db);
  await sql
    .raw(`create trigger chapter_addresses_taken after insert on chapters referencing new table as added
      for each statement execute function chapter_addresses_taken()`)
    .execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const name of ["taken", "moved"]) {
    if (isPostgres(db)) {
      await sql.raw(`drop trigger if exists chapter_addresses_${name} on chapters`).execute(db);
      await sql.raw(`drop function if exists chapter_addresses_${name}()`).execute(db);
    } else await sql.raw(`drop trigger if exists chapter_addresses_${name}`).execute(db);
  }
  await db.schema.dropTable("chapter_addresses").ifExists().execute();
}
