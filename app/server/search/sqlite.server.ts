import { type Kysely, sql } from "kysely";
import { batches } from "#app/lib/batches.ts";
import { optimizeFts, withFtsLoadMemory } from "#app/server/platform/fts-loads.server.ts";
import type { DB } from "#app/server/schema.server.ts";
import type { DocumentRef, Engine, EngineQuery } from "#app/server/search/engine-types.server.ts";
import { HIDDEN_FACET, kindFacet, requiredFacets } from "#app/server/search/facets.server.ts";
import { isLoadRows, type LoadRows, loadRows, text } from "#app/server/search/load-rows.server.ts";
import { type QueryTerm, type QueryWord, wholeWords } from "#app/server/search/words.server.ts";

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

/**
 * The connections (transactions) loading in bulk: their documents wait in `temp.search_load`, with
 * the ids this gives them (the next one here), and go into `search_documents` and both indexes at
 * the end, a statement each.
 */
const loading = new WeakMap<object, { next: number }>();

/**
 * How many of an ascending list of matching rowids (`first`, the first `counted` + 1) and a
 * descending one (`last`, the last as many) there are in all: exact when they meet, else those
 * read and the gap between them at the density they were found in. Each list's widest gap is
 * left out of its density: one early match far from the rest (a chapter's note among links)
 * would otherwise make it look ten times sparser.
 */
export function estimateFromEnds(first: readonly number[], last: readonly number[], counted: number): number {
  const lowEnd = first.at(-1);
  const highEnd = last.at(-1);
  if (lowEnd === undefined || highEnd === undefined) return counted + 1;
  if (highEnd <= lowEnd) return new Set([...first, ...last]).size;
  let gaps = 0;
  let span = 0;
  for (const ids of [first, last]) {
    let widest = 0;
    for (let i = 1; i < ids.length; i++) {
      const gap = Math.abs((ids[i] as number) - (ids[i - 1] as number));
      widest = Math.max(widest, gap);
      span += gap;
      gaps++;
    }
    if (ids.length > 2) {
      span -= widest;
      gaps--;
    }
  }
  const between = highEnd - lowEnd - 1;
  const density = span > 0 ? gaps / span : 1;
  return Math.max(counted + 1, Math.round(first.length + last.length + density * between));
}

/**
 * A query with a common word (engine-types.server.ts, COMMON): its candidates are the first it
 * finds, read lazily with the filters as facets (no score, so no word's whole list is read);
 * they are scored by bm25 over the other words only, whose lists are short. When every word is
 * common, chapters and posts come before links, each kind by id.
 */
async function rankAmongCommon(
  db: Parameters<Engine["rank"]>[0],
  query: Parameters<Engine["rank"]>[1],
  where: keyof typeof INDEXES,
  candidates: number,
): Promise<DocumentRef[]> {
  const index = INDEXES[where];
  const table = sql.table(index.table);
  const common = query.common ?? new Set<string>();
  const rare = query.terms.filter((t) => !common.has(t.word));
  const { rows: found } = await sql<{ id: number; kind: DocumentRef["kind"]; ref_id: number }>`
    select c.id, d.kind, d.ref_id from (
      select rowid as id from ${table}
      where ${table} match ${match(query.terms, index.columns, { facets: requiredFacets(query) })}
      limit ${candidates}
    ) as c join search_documents d on d.id = c.id`.execute(db);
  // The words that decide: the others' bm25 (each is in at most COMMON documents: all are read).
  // Every word common: chapters and posts first, each kind by id. (Asking which of
  // them hold every word in their title would not do: FTS5 reads a column-filtered word's whole
  // list when few match, whatever rowids are asked for.)
  const { rows: scored } =
    rare.length > 0
      ? await sql<{ id: number; score: number }>`
          select rowid as id, bm25(${table}, ${index.weights}) as score from ${table}
          where ${table} match ${match(rare, index.columns)}`.execute(db)
      : { rows: [] };
  const scores = new Map(scored.map((r) => [r.id, r.score]));
  const score = (f: (typeof found)[number]) =>
    (scores.get(f.id) ?? 0) * (f.kind === "link" ? LINK_FACTOR : 1);
  return found
    .sort(
      (a, b) =>
        score(a) - score(b) ||
        Number(a.kind === "link") - Number(b.kind === "link") ||
        a.kind.localeCompare(b.kind) ||
        a.ref_id - b.ref_id,
    )
    .slice(0, query.limit)
    .map((r) => ({ kind: r.kind, refId: r.ref_id }));
}

/**
 * Writes a round of a bulk load's documents (loadRows) to `temp.search_load`, a statement each of
 * its JSON texts. The ids of all of them are taken before the first statement: a call made while
 * this one waits takes the ones after.
 */
async function addLoadRows(db: Kysely<DB>, rows: LoadRows): Promise<void> {
  const load = loading.get(db);
  if (!load) throw new Error("A round's load rows are written inside the search index's bulk load only");
  let first = load.next;
  load.next += rows.count;
  for (const { json, rows: count } of rows.statements) {
    // A row's id is its place in the round (json_each's key for an array: 0, 1, ...) after `first`.
    await sql`insert into temp.search_load
      (id, kind, ref_id, grade, subject_code, title, context, body, facets)
      select ${first} + key, value ->> 0, value ->> 1, value ->> 2, value ->> 3, value ->> 4, value ->> 5,
        value ->> 6, value ->> 7
      from json_each(${json})`.execute(db);
    first += count;
  }
}

export const sqliteEngine: Engine = {
  async removeDocuments(db, kind, refIds) {
    for (const ids of batches(refIds, 500)) {
      if (loading.has(db))
        await sql`delete from temp.search_load where kind = ${kind} and ref_id in (${sql.join(ids)})`.execute(
          db,
        );
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
    if (loading.has(db)) return addLoadRows(db, loadRows(docs));
    for (const part of batches(docs, 100)) {
      const inserted = await db
        .insertInto("search_documents")
        .values(
          part.map((d) => ({ kind: d.kind, ref_id: d.refId, grade: d.grade, subject_code: d.subjectCode })),
        )
        .returning(["id", "kind", "ref_id"])
        .execute();
      const ids = new Map(inserted.map((r) => [`${r.kind}:${r.ref_id}`, r.id]));
      const id = (d: (typeof part)[number]) => ids.get(`${d.kind}:${d.refId}`);
      const rows = part.map(
        (d) => sql`(${id(d)}, ${text(d.title)}, ${text(d.context)}, ${text(d.body)}, ${text(d.facets)})`,
      );
      await sql`insert into search_fts (rowid, title, context, body, facets) values ${sql.join(rows)}`.execute(
        db,
      );
      await sql`insert into search_titles (rowid, title, context, facets) values ${sql.join(
        part.map((d) => sql`(${id(d)}, ${text(d.title)}, ${text(d.context)}, ${text(d.facets)})`),
      )}`.execute(db);
    }
  },

  roundColumns: "load-rows",

  addDocumentColumns(db, columns) {
    if (!isLoadRows(columns)) throw new Error("SQLite adds a round made elsewhere as its load's rows");
    return addLoadRows(db, columns);
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
    // indexes in one INSERT ... SELECT each, with more memory to gather them in. Their rows of
    // `search_documents` too: ids are given here, after the last one search_documents ever gave
    // (AUTOINCREMENT's record), rather than read back a hundred documents at a time.
    await sql`create temp table search_load (
      id integer primary key, kind text not null, ref_id integer not null, grade integer, subject_code text,
      title text not null, context text not null, body text not null, facets text not null
    )`.execute(db);
    const { rows: last } = await sql<{ id: number | null }>`
      select max(coalesce((select seq from sqlite_sequence where name = 'search_documents'), 0),
        coalesce((select max(id) from search_documents), 0)) as id`.execute(db);
    loading.set(db, { next: Number(last[0]?.id ?? 0) + 1 });
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
    await sql`insert into search_documents (id, kind, ref_id, grade, subject_code)
      select id, kind, ref_id, grade, subject_code from temp.search_load`.execute(db);
    await withFtsLoadMemory(db as Kysely<unknown>, ["search_fts", "search_titles"], async () => {
      await sql`insert into search_fts (rowid, title, context, body, facets)
        select id, title, context, body, facets from temp.search_load`.execute(db);
      await sql`insert into search_titles (rowid, title, context, facets)
        select id, title, context, facets from temp.search_load`.execute(db);
    });
    await sql`drop table temp.search_load`.execute(db);
    return result;
  },

  async optimize(db) {
    // One b-tree per index after a rebuild: fewer pages for every later query to read.
    for (const index of ["search_fts", "search_titles"]) {
      await optimizeFts(db as Kysely<unknown>, index);
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

  async countAndRank(db, query, atMost, candidates) {
    // One statement at a time on one connection: the count (read lazily: 0.2 ms), then the
    // ranking only when there is something to rank.
    const total = await this.count(db, query, atMost);
    return { total, best: total > 0 ? await this.rank(db, query, "titles", candidates) : [] };
  },

  async estimate(db, query, counted) {
    // The first and the last matches by rowid, `counted` + 1 of each (both read lazily, as a
    // count stops early); between them, as many as their density says. Exact when they meet.
    const matching = match(query.terms, INDEXES.anywhere.columns, { facets: requiredFacets(query) });
    const ends = (order: "asc" | "desc") =>
      sql<{ id: number }>`
        select rowid as id from search_fts where search_fts match ${matching}
        order by rowid ${sql.raw(order)} limit ${counted + 1}`
        .execute(db)
        .then(({ rows }) => rows.map((r) => r.id));
    const first = await ends("asc");
    const last = await ends("desc");
    return estimateFromEnds(first, last, counted);
  },

  async frequent(db, terms, atLeast) {
    const common = new Set<string>();
    for (const term of wholeWords(terms)) {
      const found = await this.count(db, { terms: [term], limit: 0, offset: 0 }, atLeast);
      if (found > atLeast) common.add(term.word);
    }
    return common;
  },

  async rank(db, query, where, candidates) {
    const index = INDEXES[where];
    const table = sql.table(index.table);
    if (query.terms.some((t) => query.common?.has(t.word)))
      return rankAmongCommon(db, query, where, candidates);
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

  matching(kind, terms: QueryTerm[]) {
    // From the matches to their documents (CROSS JOIN keeps that order): as `d.id in (matches)`
    // the planner read every document of the kind, a million for links (31,000 matches: 100 ms, not 15).
    // The kind's facet is asked of the index, so only the kind's matches are looked up: the
    // Dashboard's "topic 1" matched 300,000 link documents and one chapter, and looked up all of
    // them, twice a page (count and rows): 250 ms a time, 93 with the facet, at 1,000,000 links.
    return sql<{ ref_id: number }>`
      select d.ref_id from search_fts cross join search_documents d on d.id = search_fts.rowid
      where search_fts match ${match(terms, INDEXES.anywhere.columns, { all: true, facets: [kindFacet(kind)] })}
        and d.kind = ${kind}`;
  },

  async matchingFirst(_db, kind, terms) {
    // FTS5 gives its matches in rowid order, as few as a limit needs: nothing to choose.
    return sqliteEngine.matching(kind, terms);
  },

  async indexBytes(db) {
    const { rows } = await sql<{ bytes: number | null }>`
      select sum(pgsize) as bytes from dbstat
      where name like 'search_documents%' or name like 'search_fts%' or name like 'search_titles%'
        or name like 'search_words%' or name like 'sqlite_autoindex_search_%'`.execute(db);
    return Number(rows[0]?.bytes ?? 0);
  },
};
