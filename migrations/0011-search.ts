import { type Kysely, sql } from "kysely";
import { columnKinds, isPostgres } from "./columns.ts";

// Search (issue 13, docs/decisions/0010-search.md). A row of search_documents per chapter (with
// the text of its notes), link and post; its words in the engine's own full-text index. Triggers
// on the content tables write the documents a change touches into search_pending; the write's own
// transaction rebuilds them before it commits (contentChanged → app/server/search/documents.server.ts).
// This migration marks every existing document pending, and migrateToLatest builds them right after.

/** The content tables whose rows are documents: the columns whose change changes the document. */
const SOURCES = [
  { table: "chapters", kind: "chapter", columns: ["title", "grade", "subject_code"] },
  { table: "chapter_links", kind: "link", columns: ["title", "url", "kind", "chapter_id"] },
  {
    table: "posts",
    kind: "post",
    columns: ["title", "excerpt", "content", "tag", "category", "seo_keywords", "status"],
  },
] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  const pg = isPostgres(db);
  const c = columnKinds(db);

  let documents = db.schema
    .createTable("search_documents")
    // On PostgreSQL the table is split by kind (below): a primary key would have to include it.
    .addColumn("id", c.id, (col) => (pg ? col.notNull() : c.idOptions(col)))
    .addColumn("kind", "text", (col) => col.notNull())
    .addColumn("ref_id", "integer", (col) => col.notNull())
    // The filters of /search: SQLite checks them on the documents it ranks (PostgreSQL has facets).
    .addColumn("grade", "integer")
    .addColumn("subject_code", "text")
    .addUniqueConstraint("search_documents_source_key", ["kind", "ref_id"]);
  if (pg) {
    // One partition per kind: a search for links only (or chapters only) reads that kind's index,
    // and every index is smaller than one over all documents (links are three in four).
    documents = documents
      .addColumn("tsv", sql`tsvector`, (col) => col.notNull())
      .addColumn("title_tsv", sql`tsvector`, (col) => col.notNull())
      .modifyEnd(sql`partition by list (kind)`);
  }
  await documents.execute();
  if (pg) {
    for (const kind of ["chapter", "link", "post"]) {
      await sql
        .raw(`create table search_documents_${kind} partition of search_documents for values in ('${kind}')`)
        .execute(db);
    }
  }

  await db.schema
    .createTable("search_pending")
    .addColumn("kind", "text", (col) => col.notNull())
    .addColumn("ref_id", "integer", (col) => col.notNull())
    .addPrimaryKeyConstraint("search_pending_pkey", ["kind", "ref_id"])
    .execute();
  await db.schema
    .createTable("search_words")
    .addColumn("word", "text", (col) => col.primaryKey())
    .execute();
  await db.schema
    .createTable("search_synonyms")
    .addColumn("term", "text", (col) => col.primaryKey())
    .addColumn("alternatives", "text", (col) => col.notNull())
    .execute();
  await db.schema
    .createTable("search_queries")
    .addColumn("day", "text", (col) => col.notNull())
    .addColumn("query", "text", (col) => col.notNull())
    .addColumn("searches", "integer", (col) => col.notNull())
    .addColumn("results", "integer", (col) => col.notNull())
    .addPrimaryKeyConstraint("search_queries_pkey", ["day", "query"])
    .execute();
  // The report finds each query's latest day.
  await db.schema
    .createIndex("search_queries_query_idx")
    .on("search_queries")
    .columns(["query", "day"])
    .execute();

  if (pg) await postgresIndexes(db);
  else await sqliteIndexes(db);

  for (const source of SOURCES) {
    if (pg) await postgresTriggers(db, source);
    else await sqliteTriggers(db, source);
  }
  if (pg) await postgresDependents(db);
  else await sqliteDependents(db);

  // Everything that exists is to be indexed (the app builds it in migrateToLatest's transaction).
  for (const source of SOURCES) {
    await sql`insert into search_pending (kind, ref_id) select ${sql.lit(source.kind)}, id from ${sql.table(source.table)}`.execute(
      db,
    );
  }
}

async function sqliteIndexes(db: Kysely<unknown>): Promise<void> {
  // Contentless (the text is in the content tables; snippets are made from there), deletable by
  // rowid. Words arrive already normalised (app/server/search/words.server.ts); the tokenizer keeps
  // combining marks in words, or Devanagari would split at every vowel sign.
  // `search_titles` holds titles and context only: where the best matches are looked for first,
  // without reading the long lists of words common in note and post bodies.
  for (const [table, columns] of [
    ["search_fts", "title, context, body, facets"],
    ["search_titles", "title, context, facets"],
  ]) {
    await sql
      .raw(`
        create virtual table ${table} using fts5(
          ${columns},
          content = '', contentless_delete = 1,
          tokenize = "unicode61 remove_diacritics 2 categories 'L* N* Co M*'",
          prefix = '2 3 4'
        )`)
      .execute(db);
  }
  await sql`
    create virtual table search_words_trigram using fts5(
      word, content = 'search_words', content_rowid = 'rowid', tokenize = 'trigram'
    )`.execute(db);
  // Words are only ever added (a reindex empties both tables at once).
  await sql`
    create trigger search_words_added after insert on search_words begin
      insert into search_words_trigram (rowid, word) values (new.rowid, new.word);
    end`.execute(db);
}

async function postgresIndexes(db: Kysely<unknown>): Promise<void> {
  await sql`create index search_documents_tsv_idx on search_documents using gin (tsv)`.execute(db);
  await sql`create index search_documents_title_tsv_idx on search_documents using gin (title_tsv)`.execute(
    db,
  );
  // One pg_trgm per database, in "public" when there is one, so that a schema dropped with its
  // objects (a test run's) never takes the extension from the others. Two first migrations take turns.
  await sql`select pg_advisory_xact_lock(hashtext('chapterwise-pg-trgm'))`.execute(db);
  const { rows } = await sql<{ schema: string }>`
    select coalesce(
      (select extnamespace::regnamespace::text from pg_extension where extname = 'pg_trgm'),
      (select nspname::text from pg_namespace where nspname = 'public'),
      current_schema()
    ) as schema`.execute(db);
  const schema = rows[0]?.schema ?? "public";
  await sql`create extension if not exists pg_trgm with schema ${sql.id(schema)}`.execute(db);
  await sql`create index search_words_trgm_idx on search_words using gin (word ${sql.id(schema)}.gin_trgm_ops)`.execute(
    db,
  );
}

type Source = (typeof SOURCES)[number];

const sqliteMark = (kind: string, id: string) =>
  `insert or ignore into search_pending (kind, ref_id) values ('${kind}', ${id});`;
const postgresMark = (kind: string, id: string) =>
  `insert into search_pending (kind, ref_id) values ('${kind}', ${id}) on conflict do nothing;`;

async function sqliteTriggers(db: Kysely<unknown>, source: Source): Promise<void> {
  const { table, kind, columns } = source;
  const changed = columns.map((col) => `old.${col} is not new.${col}`).join(" or ");
  await sql
    .raw(
      `create trigger search_${table}_added after insert on ${table} begin ${sqliteMark(kind, "new.id")} end`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger search_${table}_changed after update of ${columns.join(", ")} on ${table} when ${changed} begin ${sqliteMark(kind, "new.id")} end`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger search_${table}_removed after delete on ${table} begin ${sqliteMark(kind, "old.id")} end`,
    )
    .execute(db);
}

async function postgresTriggers(db: Kysely<unknown>, source: Source): Promise<void> {
  const { table, kind, columns } = source;
  const changed = columns.map((col) => `old.${col} is distinct from new.${col}`).join(" or ");
  await sql
    .raw(`
      create function search_${table}_mark() returns trigger language plpgsql as $$
      begin
        if tg_op = 'DELETE' then ${postgresMark(kind, "old.id")}
        else ${postgresMark(kind, "new.id")}
        end if;
        return null;
      end $$`)
    .execute(db);
  await sql
    .raw(
      `create trigger search_${table}_added_removed after insert or delete on ${table} for each row execute function search_${table}_mark()`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger search_${table}_changed after update of ${columns.join(", ")} on ${table} for each row when (${changed}) execute function search_${table}_mark()`,
    )
    .execute(db);
}

// A note is part of its chapter's document (of both chapters', when it moves). A chapter that moves
// to another class or subject takes its links along (their documents carry class and subject for
// the filters); a renamed subject changes its chapters'.
const NOTE_COLUMNS = ["content", "chapter_id", "seo_description", "seo_keywords"];
const MOVED_CHAPTER_DOCUMENTS = "select 'link', id from chapter_links where chapter_id = new.id";
const RENAMED_SUBJECT_DOCUMENTS =
  "select 'chapter', id from chapters where grade = new.grade and subject_code = new.code";

async function sqliteDependents(db: Kysely<unknown>): Promise<void> {
  const mark = (id: string) => sqliteMark("chapter", id);
  const changed = NOTE_COLUMNS.map((col) => `old.${col} is not new.${col}`).join(" or ");
  await sql
    .raw(`create trigger search_notes_added after insert on notes begin ${mark("new.chapter_id")} end`)
    .execute(db);
  await sql
    .raw(`
      create trigger search_notes_changed after update of ${NOTE_COLUMNS.join(", ")} on notes
      when ${changed} begin ${mark("old.chapter_id")} ${mark("new.chapter_id")} end`)
    .execute(db);
  await sql
    .raw(`create trigger search_notes_removed after delete on notes begin ${mark("old.chapter_id")} end`)
    .execute(db);
  await sql
    .raw(`
      create trigger search_chapters_moved after update of grade, subject_code on chapters
      when old.grade is not new.grade or old.subject_code is not new.subject_code begin
        insert or ignore into search_pending (kind, ref_id) ${MOVED_CHAPTER_DOCUMENTS};
      end`)
    .execute(db);
  await sql
    .raw(`
      create trigger search_subjects_renamed after update of label on subjects
      when old.label is not new.label begin
        insert or ignore into search_pending (kind, ref_id) ${RENAMED_SUBJECT_DOCUMENTS};
      end`)
    .execute(db);
}

async function postgresDependents(db: Kysely<unknown>): Promise<void> {
  const insert = (select: string) =>
    `insert into search_pending (kind, ref_id) ${select} on conflict do nothing;`;
  const changed = NOTE_COLUMNS.map((col) => `old.${col} is distinct from new.${col}`).join(" or ");
  await sql
    .raw(`
      create function search_notes_mark() returns trigger language plpgsql as $$
      begin
        if tg_op in ('UPDATE', 'DELETE') then ${postgresMark("chapter", "old.chapter_id")} end if;
        if tg_op in ('UPDATE', 'INSERT') then ${postgresMark("chapter", "new.chapter_id")} end if;
        return null;
      end $$`)
    .execute(db);
  await sql
    .raw(`
      create trigger search_notes_added_removed after insert or delete on notes
      for each row execute function search_notes_mark()`)
    .execute(db);
  await sql
    .raw(`
      create trigger search_notes_changed after update of ${NOTE_COLUMNS.join(", ")} on notes
      for each row when (${changed}) execute function search_notes_mark()`)
    .execute(db);
  await sql
    .raw(`
      create function search_chapters_moved() returns trigger language plpgsql as $$
      begin
        ${insert(MOVED_CHAPTER_DOCUMENTS)}
        return null;
      end $$`)
    .execute(db);
  await sql
    .raw(`
      create trigger search_chapters_moved after update of grade, subject_code on chapters for each row
      when (old.grade is distinct from new.grade or old.subject_code is distinct from new.subject_code)
      execute function search_chapters_moved()`)
    .execute(db);
  await sql
    .raw(`
      create function search_subjects_renamed() returns trigger language plpgsql as $$
      begin
        ${insert(RENAMED_SUBJECT_DOCUMENTS)}
        return null;
      end $$`)
    .execute(db);
  await sql
    .raw(`
      create trigger search_subjects_renamed after update of label on subjects for each row
      when (old.label is distinct from new.label) execute function search_subjects_renamed()`)
    .execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const pg = isPostgres(db);
  const tables = ["chapters", "notes", "chapter_links", "posts", "subjects"];
  for (const table of tables) {
    const triggers = pg
      ? await sql<{
          name: string;
        }>`select tgname as name from pg_trigger where tgrelid = ${table}::regclass and tgname like 'search_%'`.execute(
          db,
        )
      : await sql<{
          name: string;
        }>`select name from sqlite_master where type = 'trigger' and tbl_name = ${table} and name like 'search_%'`.execute(
          db,
        );
    for (const { name } of triggers.rows) {
      await sql.raw(`drop trigger ${name}${pg ? ` on ${table}` : ""}`).execute(db);
    }
  }
  if (pg) {
    for (const fn of [
      "chapters_mark",
      "notes_mark",
      "chapter_links_mark",
      "posts_mark",
      "chapters_moved",
      "subjects_renamed",
    ])
      await sql.raw(`drop function if exists search_${fn}()`).execute(db);
  } else {
    for (const table of ["search_fts", "search_titles", "search_words_trigram"])
      await sql.raw(`drop table if exists ${table}`).execute(db);
  }
  for (const table of [
    "search_queries",
    "search_synonyms",
    "search_words",
    "search_pending",
    "search_documents",
  ])
    await db.schema.dropTable(table).ifExists().execute();
}
