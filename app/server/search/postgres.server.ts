import { type Kysely, type RawBuilder, sql } from "kysely";
import { batches } from "#app/lib/batches.ts";
import { fillInBulk } from "#app/server/backup/bulk-load.server.ts";
import type { DB } from "#app/server/schema.server.ts";
import type { DocumentKind, DocumentRef, Engine, Filters } from "#app/server/search/engine-types.server.ts";
import { gradeFacet, HIDDEN_FACET, requiredFacets } from "#app/server/search/facets.server.ts";
import { isLoadRows } from "#app/server/search/load-rows.server.ts";
import { type DocumentColumns, documentColumns, lexeme } from "#app/server/search/tsvectors.server.ts";
import { exactTitleWord, type QueryTerm, type QueryWord } from "#app/server/search/words.server.ts";
import { INDEXED_GRADES } from "#migrations/0033-search-class-indexes.ts";

/** How alike a word must be to be a "Did you mean" candidate (pg_trgm's `%`). */
const NEAR_WORDS_SIMILARITY = 0.2;

// PostgreSQL (migration 0011): each document's words are a `tsvector` (`tsv`: everything;
// `title_tsv`: titles and context, where the best matches are looked for first; a link's are
// all its words, so it keeps them once, in `tsv`: columnOf), with GIN
// indexes. They are written here from our own words rather than by to_tsvector, whose parser
// would split words differently from the query side (URLs, hyphens, Devanagari signs depending on
// the locale). Titles are weight A, subject/host/tags/excerpt B, body text C; ts_rank ranks,
// normalised by the document's length. Facets are words starting with "~", which no word of a
// query can be.

/** Links are many and alike (one chapter has ten): at equal words a chapter or post goes first. */
const LINK_FACTOR = 0.8;
const facetLexeme = (facet: string) => lexeme(`~${facet}`);

/** Every term, each the OR of its alternatives; `weight` "A" looks in titles only. */
export function tsqueryText(terms: readonly QueryTerm[], weight: string = ""): string {
  const operand = (word: QueryWord) => {
    const flags = `${word.prefix ? "*" : ""}${weight}`;
    return flags ? `${lexeme(word.text)}:${flags}` : lexeme(word.text);
  };
  return terms
    .map((term) => `(${term.alternatives.map((words) => `(${words.map(operand).join(" & ")})`).join(" | ")})`)
    .join(" & ");
}

const tsquery = (text: string) => sql`cast(${text} as tsquery)`;

/**
 * The query's words, public documents only unless `all`, with the facets the filters require (not
 * the kind's: each kind is a partition of its own, chosen by `kind = ...`).
 */
function matching(
  terms: readonly QueryTerm[],
  options: { facets?: string[]; all?: boolean; weight?: string } = {},
): string {
  return [
    tsqueryText(terms, options.weight),
    ...(options.facets ?? []).map(facetLexeme),
    ...(options.all ? [] : [`!${facetLexeme(HIDDEN_FACET)}`]),
  ].join(" & ");
}

/** The facets of the filters but the kind, and the kind as the partition to read. */
const facetsOf = (filters: Filters) => requiredFacets({ grade: filters.grade, subject: filters.subject });
const kindOf = (filters: Filters) => (filters.kind ? sql`kind = ${filters.kind}` : sql`true`);
/**
 * A class filter, when the class has GIN indexes of its own (migration 0033): read from them, by the
 * row's `grade` (the value its facet is made of), rather than by intersecting the query's words with
 * the class's facet, a quarter of the partition (decision 0035). The same documents, in the same order.
 */
const ownClass = (filters: Filters): number | undefined =>
  filters.grade !== undefined && INDEXED_GRADES.includes(filters.grade) ? filters.grade : undefined;
/** The facets the index's words must hold: the filters' but the kind's and a class with its own indexes. */
const indexFacets = (filters: Filters) =>
  ownClass(filters) === undefined ? facetsOf(filters) : requiredFacets({ subject: filters.subject });
/** A class with its own indexes as a condition on the row (a literal: the planner picks its index by it). */
const classColumn = (filters: Filters) => {
  const grade = ownClass(filters);
  return grade === undefined ? sql`true` : sql`grade = ${sql.lit(grade)}`;
};
/** The mark every whole title's word begins with (exactTitleWord: "motion" as one word). */
const WHOLE_TITLE = exactTitleWord(["title"])?.charAt(0) ?? "";
/** Whether every word of the terms is a whole title: a handful of documents each. */
const onlyWholeTitles = (terms: readonly QueryTerm[]) =>
  terms.every((t) => t.alternatives.every((a) => a.every((w) => w.text.startsWith(WHOLE_TITLE))));
/** The filters but the kind as conditions on the row's columns (the same values as its facets: documents.server.ts). */
const filterColumns = (filters: Filters) =>
  sql.join(
    [
      sql`true`,
      ...(filters.grade !== undefined ? [sql`grade = ${filters.grade}`] : []),
      ...(filters.subject !== undefined ? [sql`subject_code = ${filters.subject}`] : []),
    ],
    sql` and `,
  );

const COLUMNS = {
  title: { column: "title_tsv", weight: "A" },
  titles: { column: "title_tsv", weight: "" },
  anywhere: { column: "tsv", weight: "" },
} as const;

type WordsColumn = "tsv" | "title_tsv";

/**
 * The column that holds a kind's `column` words. A link's document has no body: its title words
 * are all its words, kept once in `tsv` (`title_tsv` is null: migration 0037, decision 0044).
 */
const columnOf = (kind: DocumentKind, column: WordsColumn): WordsColumn => (kind === "link" ? "tsv" : column);

/** The schema pg_trgm was installed in (migration 0011): its functions are named with it. */
let trigramSchema: Promise<string> | undefined;
function trigramSchemaOf(db: Kysely<DB>): Promise<string> {
  trigramSchema ??= sql<{ schema: string }>`
    select extnamespace::regnamespace::text as schema from pg_extension where extname = 'pg_trgm'`
    .execute(db)
    .then(({ rows }) => {
      const schema = rows[0]?.schema;
      if (!schema) throw new Error("the pg_trgm extension is missing (migration 0011 creates it)");
      return schema;
    })
    .catch((err: unknown) => {
      trigramSchema = undefined;
      throw err;
    });
  return trigramSchema;
}

/**
 * A partition's rows and pages, and its most common lexemes with about how many documents hold
 * each: in `tsv` (`counts`) and in `title_tsv` (`titleCounts`).
 */
type PartitionStatistics = {
  kind: string;
  rows: number;
  pages: number;
  counts: Map<string, number>;
  titleCounts: Map<string, number>;
};
/** How long the statistics are kept (autovacuum's analyze changes them rarely). */
const STATISTICS_MS = 60_000;
const statistics = new WeakMap<object, { at: number; partitions: Promise<PartitionStatistics[]> }>();

/**
 * The most common lexemes of each partition's `tsv` and `title_tsv` (pg_stats, as ANALYZE left
 * them), read at most once a minute per database handle. Before any ANALYZE there are none:
 * nothing is common, and they are asked again next time.
 */
function lexemeStatistics(db: Kysely<DB>): Promise<PartitionStatistics[]> {
  const kept = statistics.get(db);
  if (kept && Date.now() - kept.at < STATISTICS_MS) return kept.partitions;
  const partitions = sql<{
    name: string;
    column: string;
    rows: number;
    pages: number;
    elems: string[] | null;
    freqs: number[] | null;
  }>`
    select s.tablename as name, s.attname as column, c.reltuples::float8 as rows, c.relpages::float8 as pages,
      s.most_common_elems::text::text[] as elems, s.most_common_elem_freqs::float8[] as freqs
    from pg_stats s join pg_class c on c.relname = s.tablename and c.relnamespace = current_schema()::regnamespace
    where s.schemaname = current_schema() and s.tablename like 'search\\_documents\\_%'
      and s.attname in ('tsv', 'title_tsv')`
    .execute(db)
    .then(({ rows }) => {
      const byKind = new Map<string, PartitionStatistics>();
      for (const r of rows) {
        const kind = r.name.replace(/^search_documents_/, "");
        const p = byKind.get(kind) ?? {
          kind,
          rows: Number(r.rows),
          pages: Number(r.pages),
          counts: new Map(),
          titleCounts: new Map(),
        };
        byKind.set(kind, p);
        const counts = r.column === "tsv" ? p.counts : p.titleCounts;
        (r.elems ?? []).forEach((lexeme, i) => {
          counts.set(lexeme, (r.freqs?.[i] ?? 0) * Number(r.rows));
        });
      }
      return [...byKind.values()];
    })
    .then((found) => {
      if (found.every((p) => p.counts.size === 0)) statistics.delete(db);
      return found;
    })
    .catch((err: unknown) => {
      statistics.delete(db);
      throw err;
    });
  statistics.set(db, { at: Date.now(), partitions });
  return partitions;
}

/** Reads the statistics again at the next search (a test, right after its ANALYZE). */
export function forgetLexemeStatistics(db: Kysely<DB>): void {
  statistics.delete(db);
}

// Dense queries (issue 32, decision 0035): a query whose every word is in a large share of a
// partition ("example.org": 600,000 of 1,000,000 links) would have its GIN index build a bitmap
// of every such document (100–500 ms), to keep the first thousand. Read in order, the partition
// gives them after a few thousand rows (2 ms). Each partition is read its own way, in one
// statement: where the statistics say the query is dense there, its first blocks are read in
// order (a TID range scan, no index), and the rest, only if these did not give enough, by the
// index as before. The documents come in the same order either way (a bitmap heap scan reads in
// block order too), so the results and counts are those of the index alone; a wrong guess costs
// the blocks read in vain, never a result.

/** The kinds, in the order of their partitions (by value): the order an index read finds them in. */
const KINDS: readonly DocumentKind[] = ["chapter", "link", "post"];
/** A kind's partition, as migration 0011 names it. */
const partition = (kind: DocumentKind) => sql.table(`search_documents_${kind}`);

/**
 * When a partition is read in order. `rowCost`: a row read in order costs about as much as this
 * many entries of the index's lists (a tsquery checked against a tsvector, measured at 1,000,000
 * links); `margin`: how many more blocks are read than the statistics say hold enough documents.
 * Tests change them to force a path.
 */
export const DENSE_READ = { rowCost: 5, margin: 1.5 };

/**
 * What an entry of a word's list costs the index when the word is a beginning (a typed word,
 * `mind:*`), in entries of a whole word, for the console's reads (matchingFirst). Such a word's
 * lists are gathered into a bitmap first, which costs about five times as much as reading a whole
 * word's list: at 1,000,000 links, "mind map"'s two beginnings (100,000 documents each) took 37-45
 * ms of the index's bitmap, "mind" and "map" whole 10-12 ms; a row read in order cost about as much
 * as one such entry (docs/decisions/0040). Search's own ranking reads keep counting them as one.
 */
export const PREFIX_ENTRY_COST = 5;

/** A tid's largest block number. */
const MAX_BLOCK = 2 ** 32 - 1;

/** How one statement reads a partition: its first `scanBlocks` blocks in order (0: only its index). */
export type PartitionPlan = { kind: DocumentKind; scanBlocks: number };

/**
 * How many of a partition's first blocks to read in order to find `wanted` documents matching
 * `terms` and `facets`, by the statistics `counts` (those of the column searched); 0 when its
 * index is cheaper. A document holds every term, and a term is found by any of its alternatives:
 * the query's share of the partition is taken as its rarest term's (the words of a query go
 * together: "mind map", "formula sheet"), times the facets' shares. A word too rare to be in the
 * statistics makes its index cheap: only the index then. `ownIndex`: facets whose documents have
 * indexes of their own (a class, migration 0033): shares of the query as the others are, but the
 * index read is theirs, whose lists are that much shorter. `prefixCost`: what an entry of a word
 * matched by its beginning costs, in entries (PREFIX_ENTRY_COST for the console's reads).
 */
export function blocksToScan(
  partition: Pick<PartitionStatistics, "rows" | "pages">,
  counts: ReadonlyMap<string, number>,
  terms: readonly QueryTerm[],
  facets: readonly string[],
  wanted: number,
  ownIndex: readonly string[] = [],
  prefixCost = 1,
): number {
  const { rows, pages } = partition;
  if (!(rows > 0 && pages > 0) || terms.length === 0) return 0;
  const count = (text: string) => counts.get(text) ?? 0;
  let share = 1;
  // What the index reads: every word's list.
  let entries = 0;
  for (const term of terms) {
    let best = 0;
    for (const words of term.alternatives) {
      best = Math.max(best, Math.min(...words.map((w) => count(w.text) / rows)));
      entries += words.reduce((n, w) => n + count(w.text) * (w.prefix ? prefixCost : 1), 0);
    }
    share = Math.min(share, best);
  }
  for (const facet of facets) {
    share *= count(`~${facet}`) / rows;
    entries += count(`~${facet}`);
  }
  for (const facet of ownIndex) {
    share *= count(`~${facet}`) / rows;
    entries *= count(`~${facet}`) / rows;
  }
  if (!(share > 0)) return 0;
  const read = Math.min(rows, wanted / share);
  if (read * DENSE_READ.rowCost >= entries) return 0;
  return Math.min(MAX_BLOCK, Math.max(1, Math.ceil((read * DENSE_READ.margin * pages) / rows)));
}

/** The facet of a class the query reads by that class's own indexes. */
const classFacets = (filters: Filters) => {
  const grade = ownClass(filters);
  return grade === undefined ? [] : [gradeFacet(grade)];
};

/** How each partition the query reads (its kind's, else all) is read by a statement wanting `wanted` rows. */
export async function partitionPlans(
  db: Kysely<DB>,
  query: Filters & { terms: readonly QueryTerm[] },
  column: WordsColumn,
  wanted: number,
): Promise<PartitionPlan[]> {
  const partitions = await lexemeStatistics(db);
  return KINDS.filter((kind) => !query.kind || kind === query.kind).map((kind) => {
    const p = partitions.find((s) => s.kind === kind);
    const counts = columnOf(kind, column) === "tsv" ? p?.counts : p?.titleCounts;
    return {
      kind,
      scanBlocks:
        p && counts
          ? blocksToScan(p, counts, query.terms, indexFacets(query), wanted, classFacets(query))
          : 0,
    };
  });
}

/**
 * The rows (kind, ref_id, and `column` as words) whose `column` matches `text` (a tsquery), in
 * the order an index read finds them, each partition read as `plans` say; when every partition
 * read is read by its index and keeps those words in `column`, the same statement as always.
 */
function matchingRows(
  column: WordsColumn,
  text: string,
  filters: Filters,
  plans: readonly PartitionPlan[],
  rowFilters: RawBuilder<unknown> = sql`true`,
) {
  const query = tsquery(text);
  if (plans.every((p) => p.scanBlocks === 0 && columnOf(p.kind, column) === column)) {
    const col = sql.ref(column);
    return sql`select kind, ref_id, ${col} as words from search_documents where ${col} @@ ${query} and ${kindOf(filters)} and ${rowFilters}`;
  }
  // A partition a statement each, in the order of their partitions (KINDS): the order one read
  // finds them in. Each named rather than chosen by `kind = ...`, which a b-tree on (kind, ref_id)
  // would answer, reading the whole partition by it, where the planner has no statistics yet.
  const branches = plans.flatMap(({ kind, scanBlocks }) => {
    const col = sql.ref(columnOf(kind, column));
    const from = sql`select kind, ref_id, ${col} as words from ${partition(kind)} where ${rowFilters}`;
    if (scanBlocks === 0) return [sql`${from} and ${col} @@ ${query}`];
    const edge = sql`cast(${`(${scanBlocks},0)`} as tid)`;
    // ts_match_vq is @@ under another name, which no index serves: these blocks are read in order.
    return [
      sql`${from} and ctid < ${edge} and ts_match_vq(${col}, ${query})`,
      sql`${from} and ctid >= ${edge} and ${col} @@ ${query}`,
    ];
  });
  return sql.join(branches, sql` union all `);
}

/**
 * Writes a round of documents (documentColumns): one short statement whatever their number, planned
 * once, rather than one with six parameters a document.
 */
async function insertDocumentColumns(db: Kysely<DB>, columns: DocumentColumns): Promise<void> {
  if (columns.count === 0) return;
  await sql`
    insert into search_documents (kind, ref_id, grade, subject_code, tsv, title_tsv)
    select kind, ref_id, grade, subject_code, tsv,
      case when kind = 'link' then null else coalesce(title_tsv, tsv) end
    from unnest(${columns.kind}::text[], ${columns.refId}::integer[], ${columns.grade}::integer[],
      ${columns.subject}::text[], ${columns.tsv}::tsvector[], ${columns.titleTsv}::tsvector[])
      as d(kind, ref_id, grade, subject_code, tsv, title_tsv)`.execute(db);
}

/** A ranking's order: by score (links after chapters and posts at equal words), then kind and id. */
const BY_SCORE = sql`order by c.score * (case when c.kind = 'link' then ${sql.lit(LINK_FACTOR)} else 1 end) desc, c.kind, c.ref_id`;

export const postgresEngine: Engine = {
  async removeDocuments(db, kind, refIds) {
    for (const ids of batches(refIds, 1000)) {
      await db.deleteFrom("search_documents").where("kind", "=", kind).where("ref_id", "in", ids).execute();
    }
  },

  addDocuments: (db, docs) => insertDocumentColumns(db, documentColumns(docs)),

  roundColumns: "tsvectors",

  addDocumentColumns(db, columns) {
    if (isLoadRows(columns)) throw new Error("PostgreSQL adds a round made elsewhere as its columns");
    return insertDocumentColumns(db, columns);
  },

  inBulk(db, work) {
    // A GIN index grows slowly one document at a time (each insert merges into its posting trees)
    // and is built many times faster all at once. The documents' unique (kind, ref_id) too: each
    // is added once, with no ON CONFLICT (the words' key stays: new words are added ON CONFLICT).
    return fillInBulk(db, ["search_documents", "search_words"], work, { keys: ["search_documents"] });
  },

  async clear(db) {
    await db.deleteFrom("search_documents").execute();
    await db.deleteFrom("search_words").execute();
  },

  async optimize(db) {
    await sql`analyze search_documents`.execute(db);
  },

  async count(db, query, atMost) {
    const plans = await partitionPlans(db, query, "tsv", atMost + 1);
    const text = matching(query.terms, { facets: indexFacets(query) });
    const { rows } = await sql<{ n: string }>`
      select count(*) as n from (
        select 1 from (${matchingRows("tsv", text, query, plans, classColumn(query))}) as d limit ${atMost + 1}
      ) as found`.execute(db);
    return Number(rows[0]?.n ?? 0);
  },

  async countAndRank(db, query, atMost, candidates, others) {
    // One statement (decision 0035): the first `atMost` + 1 title matches are read once, the first
    // `candidates` of them ranked as `rank` ranks them (the same rows, in the same order), and the
    // count is asked only when they are not enough to prove it. A title match is a match anywhere
    // (`title_tsv` holds some of `tsv`'s words and all its facets), so more than `atMost` of them
    // is the count. Each read takes its partitions its own way (dense ones in order). Before, the
    // count and the ranking were two statements, each building the same GIN bitmap where the
    // title matches prove the count ("trigonometry notes": 3,125 links, a list of 100,000 "notes").
    const reads = Math.max(candidates, atMost + 1);
    const { column, weight } = COLUMNS.titles;
    const [titlePlans, countPlans] = await Promise.all([
      partitionPlans(db, query, column, reads),
      partitionPlans(db, query, "tsv", atMost + 1),
    ]);
    const titles = matching(query.terms, { weight, facets: indexFacets(query) });
    const anywhere = matching(query.terms, { facets: indexFacets(query) });
    const score = (words: RawBuilder<unknown>) =>
      sql`ts_rank(${words}, ${tsquery(tsqueryText(query.terms))}, 1)`;
    // Fewer title matches than the page needs (a Hindi word of the notes: none), and the matches
    // the count reads (`anywhere`) are also those `rank(..., "anywhere", others + found)` would
    // read, in its order: ranked from that read, not from a second one. Their words are kept only
    // as far as that ranking may look.
    const limit = query.limit;
    const rankOthers = others !== undefined;
    const wordsUpTo = rankOthers ? others + limit : 0;
    // The count, an InitPlan of the CASE: run only when the title matches do not prove it.
    const { rows } = await sql<{
      kind: DocumentRef["kind"] | null;
      ref_id: number | null;
      other: boolean | null;
      total: string;
      found: string;
    }>`
      with read as materialized (
        select kind, ref_id, words, row_number() over () as n from (
          select kind, ref_id, words from (${matchingRows(column, titles, query, titlePlans, classColumn(query))}) as d
          limit ${reads}
        ) as r
      ), anywhere as materialized (
        select kind, ref_id, n, case when n < ${wordsUpTo} then words end as words from (
          select kind, ref_id, words, row_number() over () as n from (
            select kind, ref_id, words from (${matchingRows("tsv", anywhere, query, countPlans, classColumn(query))}) as d
            limit ${Math.max(atMost + 1, wordsUpTo)}
          ) as r
        ) as a
      )
      select t.total, t.found, b.kind, b.ref_id, b.other from (
        select f.found, case when f.found > ${atMost} then ${atMost + 1} else (
          select count(*) from (select 1 from anywhere limit ${atMost + 1}) as found
        ) end as total
        from (select count(*) as found from read) as f
      ) as t
      left join lateral (
        select kind, ref_id, false as other, row_number() over () as place from (
          select kind, ref_id from (
            select kind, ref_id, ${score(sql`read.words`)} as score from read where n <= ${candidates}
          ) as c
          ${BY_SCORE}
          limit ${limit}
        ) as ranked
        ${
          rankOthers
            ? sql`union all
        select kind, ref_id, true as other, place from (
          select kind, ref_id, row_number() over (${BY_SCORE}) as place from (
            select kind, ref_id, ${score(sql`a.words`)} as score
            from (select kind, ref_id, n, words from anywhere limit ${wordsUpTo}) as a
            where a.n <= ${others} + t.found and t.found < ${limit}
          ) as c
        ) as o
        where place <= ${limit} + t.found`
            : sql``
        }
      ) as b on true
      order by b.other, b.place`.execute(db);
    const total = Number(rows[0]?.total ?? 0);
    const found = Number(rows[0]?.found ?? 0);
    const refs = (other: boolean) =>
      rows.flatMap((r) =>
        r.kind !== null && r.ref_id !== null && r.other === other ? [{ kind: r.kind, refId: r.ref_id }] : [],
      );
    return {
      total,
      best: total > 0 ? refs(false) : [],
      ...(rankOthers && found < limit ? { others: total > 0 ? refs(true) : [] } : {}),
    };
  },

  async estimate(db, query, counted) {
    // From the statistics autovacuum keeps of each partition's most common lexemes (no row read):
    // a document holds every term, so at most as many as the rarest term's; the filters' facets
    // are taken as independent of the words. A term too rare to be listed: no estimate.
    const partitions = (await lexemeStatistics(db)).filter((p) => !query.kind || p.kind === query.kind);
    let total = 0;
    let listed = false;
    for (const p of partitions) {
      const terms = query.terms.map((t) => p.counts.get(t.word));
      if (terms.some((n) => n === undefined) || p.rows <= 0) continue;
      listed = true;
      const facets = facetsOf(query).map((f) => (p.counts.get(`~${f}`) ?? 0) / p.rows);
      total += facets.reduce((n, share) => n * share, Math.min(...(terms as number[])));
    }
    return listed ? Math.max(counted + 1, Math.round(total)) : undefined;
  },

  async frequent(db, terms, atLeast) {
    // Counting a common word's documents would read its whole list (a GIN bitmap): the statistics say.
    const partitions = await lexemeStatistics(db);
    return new Set(
      terms
        .map((t) => t.word)
        .filter((word) => partitions.reduce((n, p) => n + (p.counts.get(word) ?? 0), 0) > atLeast),
    );
  },

  async rank(db, query, where, candidates) {
    const { column, weight } = COLUMNS[where];
    const plans = await partitionPlans(db, query, column, candidates);
    // A whole title ("motion" as one word) is held by a handful of documents: its filters are read
    // from their rows. As facets, the index would go through a class's whole list (a quarter of the
    // partition: 100,000 links, 2-6 ms) to find that the title is not there.
    const byRows = WHOLE_TITLE !== "" && onlyWholeTitles(query.terms);
    const text = matching(query.terms, { weight, facets: byRows ? [] : indexFacets(query) });
    // Scored as they are found (at most `candidates` of them), then sorted.
    const { rows } = await sql<{ kind: DocumentRef["kind"]; ref_id: number }>`
      select kind, ref_id from (
        select kind, ref_id, ts_rank(d.words, ${tsquery(tsqueryText(query.terms))}, 1) as score
        from (${matchingRows(column, text, query, plans, byRows ? filterColumns(query) : classColumn(query))}) as d
        limit ${candidates}
      ) as c
      ${BY_SCORE}
      limit ${query.limit}`.execute(db);
    return rows.map((r) => ({ kind: r.kind, refId: r.ref_id }));
  },

  async nearWords(db, word, limit) {
    const schema = sql.id(await trigramSchemaOf(db));
    // Below pg_trgm's default 0.3 (still by the index): a swap in a short word ("motoin", "motion":
    // 0.27) must reach the typing-slip check in search.server.ts, as every shared trigram does on SQLite.
    const near = async (trx: Kysely<DB>) => {
      await sql`set local pg_trgm.similarity_threshold = ${sql.lit(NEAR_WORDS_SIMILARITY)}`.execute(trx);
      const { rows } = await sql<{ word: string }>`
        select word from search_words
        where word operator(${schema}.%) ${word}
        order by ${schema}.similarity(word, ${word}) desc, word
        limit ${limit}`.execute(trx);
      // Inside a caller's transaction, the rest of it keeps the usual threshold.
      await sql`set local pg_trgm.similarity_threshold to default`.execute(trx);
      return rows.map((r) => r.word);
    };
    return db.isTransaction ? near(db) : db.transaction().execute(near);
  },

  matching(kind, terms: QueryTerm[]) {
    return sql<{ ref_id: number }>`
      select d.ref_id from search_documents d where d.kind = ${kind} and d.tsv @@ ${tsquery(tsqueryText(terms))}`;
  },

  async matchingFirst(db, kind, terms, wanted) {
    // Where the statistics say the query is dense in the kind's partition, its first blocks are
    // read in order and the rest by the index, as search reads them (decision 0035): the same
    // documents in the same (block) order as a bitmap read of the index alone, without gathering
    // every match into a bitmap first ("mind map": 100,000 links, two beginnings).
    const partition = (await lexemeStatistics(db)).find((p) => p.kind === kind);
    const scanBlocks = partition
      ? blocksToScan(partition, partition.counts, terms, [], wanted, [], PREFIX_ENTRY_COST)
      : 0;
    if (scanBlocks === 0) return postgresEngine.matching(kind, terms);
    const query = tsquery(tsqueryText(terms));
    const edge = sql`cast(${`(${scanBlocks},0)`} as tid)`;
    // ts_match_vq is @@ under another name, which no index serves: these blocks are read in order.
    return sql<{ ref_id: number }>`
      select d.ref_id from search_documents d
        where d.kind = ${kind} and d.ctid < ${edge} and ts_match_vq(d.tsv, ${query})
      union all
      select d.ref_id from search_documents d where d.kind = ${kind} and d.ctid >= ${edge} and d.tsv @@ ${query}`;
  },

  async indexBytes(db) {
    const { rows } = await sql<{ bytes: string }>`
      select pg_total_relation_size('search_words') + (
        select coalesce(sum(pg_total_relation_size(inhrelid)), 0) from pg_inherits
        where inhparent = 'search_documents'::regclass
      ) as bytes`.execute(db);
    return Number(rows[0]?.bytes ?? 0);
  },
};
