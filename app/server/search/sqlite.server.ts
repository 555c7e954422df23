import { type Expression, type SqlBool, sql } from "kysely";
import { batches } from "#app/lib/batches.ts";
import type { DocumentRef, Engine, EngineQuery } from "#app/server/search/engine-types.server.ts";
import { HIDDEN_FACET, requiredFacets } from "#app/server/search/facets.server.ts";
import type { QueryTerm, QueryWord } from "#app/server/search/words.server.ts";

// SQLite: FTS5 (migration 0011). Two contentless indexes hold each document's words by rowid =
// search_documents.id: `search_fts` (title, context, body, facets) and `search_titles` (title,
// context, facets), where the best matches are looked for first. bm25 ranks, with these weights.
const WEIGHTS = { title: 10, context: 3, body: 1 };
/** Links are many and alike (one chapter has ten): at equal words a chapter or post goes first. */
const LINK_FACTOR = 0.8;

/** A word as an FTS5 phrase: quoted (so no word is ever syntax), with `*` to match longer words. */
function phrase(word: QueryWord): string {
  return `"${word.text.replaceAll('"', '""')}"${word.prefix ? "*" : ""}`;
}

/** Every term, each the OR of its alternatives (an alternative of several words needs them all). */
export function ftsQuery(terms: readonly QueryTerm[]): string {
  return terms
    .map(
      (term) => `(${term.alternatives.map((words) => `(${words.map(phrase).join(" AND ")})`).join(" OR ")})`,
    )
    .join(" AND ");
}

/**
 * The query's words in `columns` (never in the facets), public documents only unless `all`, with
 * the facets the filters require (only for counting: bm25 would read each facet's whole list).
 */
function match(
  terms: readonly QueryTerm[],
  columns: string,
  options: { facets?: string[]; all?: boolean } = {},
) {
  const facets = options.facets ?? [];
  const required = facets.length > 0 ? ` AND {facets} : (${facets.map((f) => `"${f}"`).join(" AND ")})` : "";
  const hidden = options.all ? "" : ` NOT {facets} : "${HIDDEN_FACET}"`;
  return `({${columns}} : (${ftsQuery(terms)})${required})${hidden}`;
}

/** The filters as conditions on the documents being ranked. */
function filtered(query: EngineQuery) {
  return sql.join(
    [
      sql`1 = 1`,
      ...(query.grade !== undefined ? [sql`d.grade = ${query.grade}`] : []),
      ...(query.subject !== undefined ? [sql`d.subject_code = ${query.subject}`] : []),
      ...(query.kind !== undefined ? [sql`d.kind = ${query.kind}`] : []),
    ],
    sql` and `,
  );
}

const INDEXES = {
  title: { table: "search_titles", columns: "title", weights: sql`${sql.lit(WEIGHTS.title)}, 0, 0` },
  titles: {
    table: "search_titles",
    columns: "title context",
    weights: sql`${sql.lit(WEIGHTS.title)}, ${sql.lit(WEIGHTS.context)}, 0`,
  },
  anywhere: {
    table: "search_fts",
    columns: "title context body",
    weights: sql`${sql.lit(WEIGHTS.title)}, ${sql.lit(WEIGHTS.context)}, ${sql.lit(WEIGHTS.body)}, 0`,
  },
} as const;

/** The connections (transactions) loading in bulk: their documents wait in `temp.search_load`. */
const loading = new WeakSet<object>();
/** FTS5's memory for words not yet written (its own default), and for a bulk load: 8 MB, not 1. */
const DEFAULT_HASH_SIZE = 1024 * 1024;
const LOAD_HASH_SIZE = 8 * 1024 * 1024;

/** Sets FTS5's `hashsize` of both indexes (kept in their config tables, so set back after a load). */
async function setHashSize(db: Parameters<Engine["inBulk"]>[0], bytes: number): Promise<void> {
  for (const index of ["search_fts", "search_titles"]) {
    await sql`insert into ${sql.table(index)} (${sql.ref(index)}, rank) values ('hashsize', ${sql.lit(bytes)})`.execute(
      db,
    );
  }
}

export const sqliteEngine: Engine = {
  concurrent: false,

  async removeDocuments(db, kind, refIds) {
    for (const ids of batches(refIds, 500)) {
      const rows = await db
        .selectFrom("search_documents")
        .select("id")
        .where("kind", "=", kind)
        .where("ref_id", "in", ids)
        .execute();
      if (rows.length === 0) continue;
      const docIds = sql.join(rows.map((r) => r.id));
      await sql`delete from search_fts where rowid in (${docIds})`.execute(db);
      await sql`delete from search_titles where rowid in (${docIds})`.execute(db);
      await db
        .deleteFrom("search_documents")
        .where(
          "id",
          "in",
          rows.map((r) => r.id),
        )
        .execute();
    }
  },

  async addDocuments(db, docs) {
    const staged = loading.has(db);
    for (const part of batches(docs, 100)) {
      const inserted = await db
        .insertInto("search_documents")
        .values(
          part.map((d) => ({ kind: d.kind, ref_id: d.refId, grade: d.grade, subject_code: d.subjectCode })),
        )
        .returning(["id", "kind", "ref_id"])
        .execute();
      const ids = new Map(inserted.map((r) => [`${r.kind}:${r.ref_id}`, r.id]));
      const text = (words: readonly string[]) => words.join(" ");
      const id = (d: (typeof part)[number]) => ids.get(`${d.kind}:${d.refId}`);
      const rows = part.map(
        (d) => sql`(${id(d)}, ${text(d.title)}, ${text(d.context)}, ${text(d.body)}, ${text(d.facets)})`,
      );
      if (staged) {
        await sql`insert into temp.search_load (id, title, context, body, facets) values ${sql.join(rows)}`.execute(
          db,
        );
        continue;
      }
      await sql`insert into search_fts (rowid, title, context, body, facets) values ${sql.join(rows)}`.execute(
        db,
      );
      await sql`insert into search_titles (rowid, title, context, facets) values ${sql.join(
        part.map((d) => sql`(${id(d)}, ${text(d.title)}, ${text(d.context)}, ${text(d.facets)})`),
      )}`.execute(db);
    }
  },

  async clear(db) {
    for (const index of ["search_fts", "search_titles", "search_words_trigram"]) {
      await sql`insert into ${sql.table(index)} (${sql.ref(index)}) values ('delete-all')`.execute(db);
    }
    await db.deleteFrom("search_documents").execute();
    await db.deleteFrom("search_words").execute();
  },

  async inBulk(db, work) {
    // FTS5 keeps the words of the documents it is given in memory and writes them to disk as a
    // segment when that memory is full, or when a statement begins that might have to be undone
    // alone (every INSERT of several rows): then 100 documents a segment, merged and merged again.
    // For the load the documents wait in a table of this connection's own, and go into the
    // indexes in one INSERT ... SELECT each, with more memory to gather them in.
    await sql`create temp table search_load (
      id integer primary key, title text not null, context text not null, body text not null, facets text not null
    )`.execute(db);
    loading.add(db);
    let result: Awaited<ReturnType<typeof work>>;
    try {
      result = await work();
    } catch (err) {
      // Gone with the transaction's rollback; dropped here too for a caller that runs none.
      await sql`drop table if exists temp.search_load`.execute(db).catch(() => {});
      throw err;
    } finally {
      loading.delete(db);
    }
    await setHashSize(db, LOAD_HASH_SIZE);
    await sql`insert into search_fts (rowid, title, context, body, facets)
      select id, title, context, body, facets from temp.search_load`.execute(db);
    await sql`insert into search_titles (rowid, title, context, facets)
      select id, title, context, facets from temp.search_load`.execute(db);
    await setHashSize(db, DEFAULT_HASH_SIZE);
    await sql`drop table temp.search_load`.execute(db);
    return result;
  },

  async optimize(db) {
    // One b-tree per index after a rebuild: fewer pages for every later query to read.
    for (const index of ["search_fts", "search_titles"]) {
      await sql`insert into ${sql.table(index)} (${sql.ref(index)}) values ('optimize')`.execute(db);
    }
  },

  async count(db, query, atMost) {
    const { rows } = await sql<{ n: number }>`
      select count(*) as n from (
        select rowid from search_fts
        where search_fts match ${match(query.terms, INDEXES.anywhere.columns, { facets: requiredFacets(query) })}
        limit ${atMost + 1}
      )`.execute(db);
    return Number(rows[0]?.n ?? 0);
  },

  async rank(db, query, where, candidates) {
    const index = INDEXES[where];
    const table = sql.table(index.table);
    // The first candidates that pass the filters are scored where they are found (bm25 needs the
    // full-text cursor), then sorted.
    const { rows } = await sql<{ kind: DocumentRef["kind"]; ref_id: number }>`
      select kind, ref_id from (
        select d.kind, d.ref_id, bm25(${table}, ${index.weights}) as score
        from ${table} join search_documents d on d.id = ${table}.rowid
        where ${table} match ${match(query.terms, index.columns)} and ${filtered(query)}
        limit ${candidates}
      )
      order by score * (case when kind = 'link' then ${sql.lit(LINK_FACTOR)} else 1 end), kind, ref_id
      limit ${query.limit}`.execute(db);
    return rows.map((r) => ({ kind: r.kind, refId: r.ref_id }));
  },

  async nearWords(db, word, limit) {
    const chars = Array.from(word);
    const grams = new Set<string>();
    for (let i = 0; i + 3 <= chars.length && grams.size < 30; i++) grams.add(chars.slice(i, i + 3).join(""));
    if (grams.size === 0) return [];
    const trigrams = [...grams].map((g) => `"${g.replaceAll('"', '""')}"`).join(" OR ");
    const { rows } = await sql<{ word: string }>`
      select word from search_words_trigram where search_words_trigram match ${trigrams}
      order by rank limit ${limit}`.execute(db);
    return rows.map((r) => r.word);
  },

  matches(kind, column, terms: QueryTerm[]): Expression<SqlBool> {
    return sql<SqlBool>`${sql.ref(column)} in (
      select d.ref_id from search_documents d
      where d.kind = ${kind} and d.id in (
        select rowid from search_fts where search_fts match ${match(terms, INDEXES.anywhere.columns, { all: true })}))`;
  },

  async indexBytes(db) {
    const { rows } = await sql<{ bytes: number | null }>`
      select sum(pgsize) as bytes from dbstat
      where name like 'search_documents%' or name like 'search_fts%' or name like 'search_titles%'
        or name like 'search_words%' or name like 'sqlite_autoindex_search_%'`.execute(db);
    return Number(rows[0]?.bytes ?? 0);
  },
};
