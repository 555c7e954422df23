import { type Kysely, sql } from "kysely";
import { isPostgres } from "./columns.ts";

// Typed links and official resources (issue 31, docs/decisions/0025-typed-links.md). A chapter link
// may carry a type (a slug such as `sample-paper`), a language (`en`, `hi`, `both`) and a year; each
// is null when the editor gave none. The fourth list, `official`, is a new value of `kind` (a text
// column without a check), so it needs no change here.
//
// The search document of a link carries its type and year, so migration 0011's trigger, which notes
// a link's document when one of its columns changes, now watches the new columns too. Link health
// (migrations 0012, 0021, 0022) watches a link's address and chapter only: neither its list nor its
// type changes what is checked or counted.

const WATCHED = ["title", "url", "kind", "chapter_id", "type", "language", "year"];
const BEFORE = ["title", "url", "kind", "chapter_id"];

async function watch(db: Kysely<unknown>, columns: string[]): Promise<void> {
  const mark = "insert into search_pending (kind, ref_id) values ('link', new.id)";
  if (isPostgres(db)) {
    const changed = columns.map((col) => `old.${col} is distinct from new.${col}`).join(" or ");
    await sql.raw("drop trigger if exists search_chapter_links_changed on chapter_links").execute(db);
    await sql
      .raw(
        `create trigger search_chapter_links_changed after update of ${columns.join(", ")} on chapter_links for each row when (${changed}) execute function search_chapter_links_mark()`,
      )
      .execute(db);
  } else {
    const changed = columns.map((col) => `old.${col} is not new.${col}`).join(" or ");
    await sql.raw("drop trigger if exists search_chapter_links_changed").execute(db);
    await sql
      .raw(
        `create trigger search_chapter_links_changed after update of ${columns.join(", ")} on chapter_links when ${changed} begin ${mark.replace("insert", "insert or ignore")}; end`,
      )
      .execute(db);
  }
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("chapter_links").addColumn("type", "text").execute();
  await db.schema.alterTable("chapter_links").addColumn("language", "text").execute();
  await db.schema.alterTable("chapter_links").addColumn("year", "integer").execute();
  await watch(db, WATCHED);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await watch(db, BEFORE);
  await db.schema.alterTable("chapter_links").dropColumn("year").execute();
  await db.schema.alterTable("chapter_links").dropColumn("language").execute();
  await db.schema.alterTable("chapter_links").dropColumn("type").execute();
}
