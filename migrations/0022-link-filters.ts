import { type Kysely, sql } from "kysely";
import { isPostgres } from "./columns.ts";

// Link health's class and subject filters and its Search box without a scan (issue 30).
//
// `link_scopes` holds, per link, one row for each class (`g:11`), subject (`s:chemistry`) and class
// with subject (`g:11:chemistry`) where it is used, with its severity and URL, so "the links of
// class 11 Chemistry, worst first, by URL" is one range of one index. `n` counts the uses behind a
// row. Triggers keep it equal to link_uses joined with chapters: as uses come and go, as a chapter
// moves to another class or subject, comes or goes, and as a link's severity changes.
//
// The Search box's "any part of the address": SQLite keeps the URLs in an FTS5 table with the
// trigram tokenizer (`link_urls`, rowid = links.id), written by the inventory as it adds and removes
// links; PostgreSQL has a pg_trgm GIN index on lower(url).

/** Each use's three scopes: `k` comes from THREE, the chapter is `c`. */
const SCOPE = `case k.k when 1 then 'g:' || c.grade when 2 then 's:' || c.subject_code
  else 'g:' || c.grade || ':' || c.subject_code end`;
const THREE = "(select 1 as k union all select 2 union all select 3) as k";

/** Adds the scopes of `uses` (rows of link_id, chapter_id), its chapters read from `chapters`. */
const add = (uses: string, chapters = "chapters") => `
  insert into link_scopes (scope, link_id, severity, url, n)
  select ${SCOPE}, u.link_id, l.severity, l.url, count(*)
  from (${uses}) as u join ${chapters} as c on c.id = u.chapter_id
    join links as l on l.id = u.link_id cross join ${THREE}
  where true group by 1, 2, 3, 4
  on conflict (scope, link_id) do update set n = link_scopes.n + excluded.n;`;

/** Takes away the scopes of `uses`; rows left with no use go. */
const remove = (uses: string, chapters = "chapters") => `
  update link_scopes set n = link_scopes.n - d.k from (
    select ${SCOPE} as scope, u.link_id, count(*) as k
    from (${uses}) as u join ${chapters} as c on c.id = u.chapter_id cross join ${THREE}
    group by 1, 2
  ) as d where link_scopes.scope = d.scope and link_scopes.link_id = d.link_id;
  delete from link_scopes where n <= 0 and link_id in (select link_id from (${uses}) as u);`;

/** A chapter row of a trigger (`old` or `new`) as a table to join. */
const row = (r: string) => `(select ${r}.id as id, ${r}.grade as grade, ${r}.subject_code as subject_code)`;
const usesOf = (r: string) => `select link_id, chapter_id from link_uses where chapter_id = ${r}.id`;

export async function up(db: Kysely<unknown>): Promise<void> {
  const pg = isPostgres(db);
  if (pg) {
    await sql`create table link_scopes (
      scope text not null, link_id integer not null, severity integer not null, url text not null,
      n integer not null, constraint link_scopes_pkey primary key (scope, link_id))`.execute(db);
    await sql`create index link_scopes_list_idx on link_scopes (scope, severity, url) include (link_id)`.execute(
      db,
    );
  } else {
    // Without a rowid, the list's index carries the link's id (the key) and answers alone.
    await sql`create table link_scopes (
      scope text not null, link_id integer not null, severity integer not null, url text not null,
      n integer not null, primary key (scope, link_id)) without rowid`.execute(db);
    await sql`create index link_scopes_list_idx on link_scopes (scope, severity, url)`.execute(db);
  }
  await sql`create index link_scopes_link_idx on link_scopes (link_id)`.execute(db);
  await sql.raw(add("select link_id, chapter_id from link_uses where chapter_id is not null")).execute(db);
  if (pg) await postgres(db);
  else await sqlite(db);
}

async function sqlite(db: Kysely<unknown>): Promise<void> {
  const use = (r: string) => `select ${r}.link_id as link_id, ${r}.chapter_id as chapter_id`;
  const triggers = {
    link_scopes_use_added: `after insert on link_uses when new.chapter_id is not null begin ${add(use("new"))} end`,
    link_scopes_use_removed: `after delete on link_uses when old.chapter_id is not null begin ${remove(use("old"))} end`,
    link_scopes_chapter_added: `after insert on chapters begin ${add(usesOf("new"), row("new"))} end`,
    link_scopes_chapter_removed: `after delete on chapters begin ${remove(usesOf("old"), row("old"))} end`,
    link_scopes_chapter_moved: `after update of grade, subject_code on chapters
      when old.grade is not new.grade or old.subject_code is not new.subject_code
      begin ${remove(usesOf("old"), row("old"))} ${add(usesOf("new"), row("new"))} end`,
    link_scopes_severity: `after update of severity on links when old.severity is not new.severity
      begin update link_scopes set severity = new.severity where link_id = new.id; end`,
    link_scopes_link_removed: `after delete on links begin delete from link_scopes where link_id = old.id; end`,
  };
  for (const [name, body] of Object.entries(triggers))
    await sql.raw(`create trigger ${name} ${body}`).execute(db);
  await sql`create virtual table link_urls using fts5(url, tokenize = 'trigram case_sensitive 0', detail = none)`.execute(
    db,
  );
  await sql`insert into link_urls (rowid, url) select id, url from links`.execute(db);
}

async function postgres(db: Kysely<unknown>): Promise<void> {
  const functions = {
    // Uses come in thousands a statement (a restore): one pass over each statement's rows.
    link_scopes_use_added: add("select link_id, chapter_id from added"),
    link_scopes_use_removed: remove("select link_id, chapter_id from removed"),
    link_scopes_chapter_added: add(usesOf("new"), row("new")),
    link_scopes_chapter_removed: remove(usesOf("old"), row("old")),
    link_scopes_chapter_moved: `${remove(usesOf("old"), row("old"))} ${add(usesOf("new"), row("new"))}`,
    link_scopes_severity: "update link_scopes set severity = new.severity where link_id = new.id;",
    link_scopes_link_removed: "delete from link_scopes where link_id = old.id;",
  };
  for (const [name, body] of Object.entries(functions))
    await sql
      .raw(`create function ${name}() returns trigger language plpgsql as $$
        begin ${body} return null; end $$`)
      .execute(db);
  const triggers = {
    link_scopes_use_added: `after insert on link_uses referencing new table as added for each statement`,
    link_scopes_use_removed: `after delete on link_uses referencing old table as removed for each statement`,
    link_scopes_chapter_added: "after insert on chapters for each row",
    link_scopes_chapter_removed: "after delete on chapters for each row",
    link_scopes_chapter_moved: `after update of grade, subject_code on chapters for each row
      when (old.grade is distinct from new.grade or old.subject_code is distinct from new.subject_code)`,
    link_scopes_severity:
      "after update of severity on links for each row when (old.severity <> new.severity)",
    link_scopes_link_removed: "after delete on links for each row",
  };
  for (const [name, when] of Object.entries(triggers))
    await sql.raw(`create trigger ${name} ${when} execute function ${name}()`).execute(db);
  // pg_trgm is there since 0011, in "public" or this schema.
  const { rows } = await sql<{ schema: string }>`
    select extnamespace::regnamespace::text as schema from pg_extension where extname = 'pg_trgm'`.execute(
    db,
  );
  const ops = sql`${sql.id(rows[0]?.schema ?? "public")}.gin_trgm_ops`;
  await sql`create index links_url_trgm_idx on links using gin (lower(url) ${ops})`.execute(db);
}

const TABLES = {
  link_scopes_use_added: "link_uses",
  link_scopes_use_removed: "link_uses",
  link_scopes_chapter_added: "chapters",
  link_scopes_chapter_removed: "chapters",
  link_scopes_chapter_moved: "chapters",
  link_scopes_severity: "links",
  link_scopes_link_removed: "links",
};

export async function down(db: Kysely<unknown>): Promise<void> {
  const pg = isPostgres(db);
  for (const [name, table] of Object.entries(TABLES)) {
    if (pg) {
      await sql.raw(`drop trigger if exists ${name} on ${table}`).execute(db);
      await sql.raw(`drop function if exists ${name}()`).execute(db);
    } else await sql.raw(`drop trigger if exists ${name}`).execute(db);
  }
  if (pg) await sql`drop index if exists links_url_trgm_idx`.execute(db);
  else await sql`drop table if exists link_urls`.execute(db);
  await db.schema.dropTable("link_scopes").ifExists().execute();
}
