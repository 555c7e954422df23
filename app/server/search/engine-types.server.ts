import type { Kysely, RawBuilder } from "kysely";
import type { DB, SearchDocumentTable } from "#app/server/schema.server.ts";
import type { LoadRows } from "#app/server/search/load-rows.server.ts";
import type { DocumentColumns } from "#app/server/search/tsvectors.server.ts";
import type { QueryTerm } from "#app/server/search/words.server.ts";

// What each engine does for search; everything else (which documents exist, their words, the
// query's words, snippets, results) is decided once, in TypeScript, for both.

/** A chapter (found by its title, subject, class and its notes' text), a link or a post. */
export type DocumentKind = SearchDocumentTable["kind"];

/** A document as indexed: its words by weight (titles weigh most), and the facets filters use. */
export type IndexedDocument = {
  kind: DocumentKind;
  refId: number;
  grade: number | null;
  subjectCode: string | null;
  title: string[];
  context: string[];
  body: string[];
  /** Words of their own kind, never matched by a query's words: see `facets` below. */
  facets: string[];
};

export type DocumentRef = { kind: DocumentKind; refId: number };

/** The filters of a search, as facets every matching document must have. */
export type Filters = { grade?: number; subject?: string; kind?: DocumentKind };

/**
 * What a student's search asks of the engine: every term must match; public documents only.
 * `common`: the words of terms that alone match more than COMMON documents (`frequent`): they
 * are in most candidates, so they need not decide the order.
 */
export type EngineQuery = Filters & {
  terms: QueryTerm[];
  limit: number;
  offset: number;
  common?: ReadonlySet<string>;
};

/**
 * How many documents, at most, are ranked for one page. Ranking reads each candidate's words, so
 * a query matching half the catalogue ("notes") would cost in proportion: the best are looked for
 * among the first CANDIDATES title matches, then (when they are not a page) among the first
 * OTHER_CANDIDATES found anywhere, whose words (a chapter's notes, a post's body) are long to read.
 * A page further on takes as many more as it needs.
 */
export const CANDIDATES = 1000;
export const OTHER_CANDIDATES = 500;

/**
 * A term that alone matches more documents than this is *common* (issue 32: "example.org",
 * "notes 2", "topic 5" at a million links). Common words are not also matched by their beginnings
 * (a student who typed a word that finds so much meant it), and on SQLite they do not take part in
 * bm25's score, whose weight of a word (its IDF) costs a read of every document holding it, and
 * is next to nothing for a word in many of them. As many as are ranked: a query with one word that
 * is not common has at most this many matches, so all of them are candidates.
 */
export const COMMON = CANDIDATES;

/** A round of documents as an engine's columns, made by `makeRound` (document-pool.server.ts). */
export type RoundColumns = DocumentColumns | LoadRows;
export type RoundColumnsKind = "tsvectors" | "load-rows";

export type Engine = {
  /** Removes the documents of these rows (those that exist). */
  removeDocuments(db: Kysely<DB>, kind: DocumentKind, refIds: readonly number[]): Promise<void>;
  /** Adds documents (none of them in the index yet). */
  addDocuments(db: Kysely<DB>, docs: readonly IndexedDocument[]): Promise<void>;
  /**
   * What a round of documents made elsewhere is for this engine (a bulk load makes them on a worker
   * thread, document-pool.server.ts): PostgreSQL's columns with their tsvectors, SQLite's load rows.
   */
  roundColumns: RoundColumnsKind;
  /** Adds documents made elsewhere as the engine's `roundColumns`. */
  addDocumentColumns(db: Kysely<DB>, columns: RoundColumns): Promise<void>;
  /** Empties the index and the vocabulary. */
  clear(db: Kysely<DB>): Promise<void>;
  /**
   * Runs `work`, which adds documents by the hundred thousand to an empty index (a restore), in the
   * way that engine builds an index fastest.
   */
  inBulk<T>(db: Kysely<DB>, work: () => Promise<T>): Promise<T>;
  /** After a rebuild from scratch: compacts the index, refreshes statistics. */
  optimize(db: Kysely<DB>): Promise<void>;
  /** How many public documents match (with the filters), counting no further than `atMost` + 1. */
  count(db: Kysely<DB>, query: EngineQuery, atMost: number): Promise<number>;
  /**
   * `count(query, atMost)` and `rank(query, "titles", candidates)` (`best`), asked together: an
   * engine may run them side by side, or let the title matches it ranks prove the count (each is a
   * match of the query anywhere: more than `atMost` of them, and there is no need to count).
   * `best` is empty when nothing matches. With `others`, when `best` is shorter than `query.limit`,
   * an engine may also give what `rank({ ...query, limit: query.limit + best.length }, "anywhere",
   * others + best.length)` would (`others`), read with the count (the same matches, in the same
   * order): the documents found elsewhere than in titles, which the page then needs.
   */
  countAndRank(
    db: Kysely<DB>,
    query: EngineQuery,
    atMost: number,
    candidates: number,
    others?: number,
  ): Promise<{ total: number; best: DocumentRef[]; others?: DocumentRef[] }>;
  /**
   * About how many public documents match (with the filters), for a query that `count` found to
   * match more than `counted`: never a count of them all (that costs in proportion). At least
   * `counted` + 1; undefined when the engine cannot tell.
   */
  estimate(db: Kysely<DB>, query: EngineQuery, counted: number): Promise<number | undefined>;
  /** The words of the terms that alone (whole, anywhere, public documents) match more than `atLeast`. */
  frequent(db: Kysely<DB>, terms: readonly QueryTerm[], atLeast: number): Promise<Set<string>>;
  /**
   * Up to `limit` matching public documents, best first, among the first `candidates` found whose
   * title (`title`), title and context (`titles`), or any text (`anywhere`) holds every term.
   */
  rank(
    db: Kysely<DB>,
    query: EngineQuery,
    where: "title" | "titles" | "anywhere",
    candidates: number,
  ): Promise<DocumentRef[]>;
  /** Vocabulary words that look like `word` (candidates; the caller ranks them). */
  nearWords(db: Kysely<DB>, word: string, limit: number): Promise<string[]>;
  /**
   * The ids (`ref_id`) of the documents of `kind` (public or not) that match every term, as a
   * select that can be read in part: joined and limited, it stops at the matches it needs.
   */
  matching(kind: DocumentKind, terms: QueryTerm[]): RawBuilder<{ ref_id: number }>;
  /**
   * `matching`, for a read that keeps its first `wanted` matches only (Link health's title part):
   * the same documents in the same order, read the cheaper way for the query where the engine can
   * tell (PostgreSQL: a dense query's first blocks in order, decision 0035; docs/decisions/0040).
   */
  matchingFirst(
    db: Kysely<DB>,
    kind: DocumentKind,
    terms: QueryTerm[],
    wanted: number,
  ): Promise<RawBuilder<{ ref_id: number }>>;
  /** Bytes the index takes on disk (documents, full-text index, vocabulary), for the bench. */
  indexBytes(db: Kysely<DB>): Promise<number>;
};
