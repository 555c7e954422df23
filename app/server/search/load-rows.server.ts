// SQLite's bulk load of the search index (sqlite.server.ts, inBulk): a round of documents goes to
// `temp.search_load` as the JSON text of their rows, one parameter a statement, read by SQLite's
// JSON rather than hundreds of thousands of values bound one by one. Nothing here touches a
// database, so a bulk load makes these rows on the documents' thread (document-pool.server.ts),
// beside the main thread's writes, as PostgreSQL's tsvectors are (docs/decisions/0053).

/**
 * Characters of JSON a statement of the load sends at most (with one document longer than that, it
 * goes alone): under V8's large-object size (128 KB; 2 bytes a character where the text is not
 * Latin-1), so each statement's text is young garbage that the next scavenge frees. A restore's
 * round of 100 chapters, each document with its notes' text, made strings of some 180 KB, kept in
 * the heap's large-object space until a full collection: 20-30 MB of them at a time at 100,000
 * chapters, the restore's peak of memory (decision 0034, "night").
 */
const LOAD_STATEMENT_CHARS = 48 * 1024;
/** Most documents a statement of the load sends. */
const LOAD_STATEMENT_ROWS = 500;

/** A statement's JSON array of rows, and how many rows it holds. */
export type LoadStatement = { json: string; rows: number };

/** `docs` as JSON arrays of their rows (`row` of each, in order), each at most LOAD_STATEMENT_CHARS long. */
export function* loadStatements<T>(docs: readonly T[], row: (doc: T) => unknown[]): Generator<LoadStatement> {
  let part: string[] = [];
  let chars = 0;
  for (const doc of docs) {
    const json = JSON.stringify(row(doc));
    if (
      part.length > 0 &&
      (chars + json.length + 1 > LOAD_STATEMENT_CHARS || part.length >= LOAD_STATEMENT_ROWS)
    ) {
      yield { json: `[${part.join(",")}]`, rows: part.length };
      part = [];
      chars = 0;
    }
    part.push(json);
    chars += json.length + 1;
  }
  if (part.length > 0) yield { json: `[${part.join(",")}]`, rows: part.length };
}

/**
 * A round of documents as SQLite's load takes them: their rows (kind, ref_id, grade, subject_code,
 * title, context, body, facets), in order. The ids are not in them: the load gives those as it
 * writes, in the order the rounds arrive.
 */
export type LoadRows = { count: number; statements: LoadStatement[] };

/** Whether a round's columns (engine-types' RoundColumns) are load rows rather than PostgreSQL's binary columns. */
export function isLoadRows(columns: object): columns is LoadRows {
  return "statements" in columns;
}

/** A document's words (of a column) as the text FTS5 is given. */
export const text = (words: readonly string[]) => words.join(" ");

/** What a document's row is made of: an IndexedDocument (engine-types.server.ts, which imports this file's types). */
type LoadDocument = {
  kind: string;
  refId: number;
  grade: number | null;
  subjectCode: string | null;
  title: readonly string[];
  context: readonly string[];
  body: readonly string[];
  facets: readonly string[];
};

export function loadRows(docs: readonly LoadDocument[]): LoadRows {
  const statements = [
    ...loadStatements(docs, (d) => [
      d.kind,
      d.refId,
      d.grade,
      d.subjectCode,
      text(d.title),
      text(d.context),
      text(d.body),
      text(d.facets),
    ]),
  ];
  return { count: docs.length, statements };
}
