import { AsyncLocalStorage } from "node:async_hooks";
import { type Kysely, type SelectQueryBuilder, sql } from "kysely";
import { batches } from "#app/lib/batches.ts";
import type { DB } from "#app/server/schema.server.ts";

// The search index and the link inventory each keep a queue of the content rows a write touched
// (`search_pending`, `link_pending`: kind and row id), filled by triggers (migrations 0011, 0012).

export type ContentTable = "chapters" | "chapter_links" | "notes" | "posts";

const deferred = new AsyncLocalStorage<boolean>();

/**
 * Runs `work` (a bulk write inside one transaction: the Firestore import) with the queues left to
 * fill: each write's contentChanged() would otherwise walk both queues from their first key, and on
 * PostgreSQL every walk passes every row the transaction deleted before (they stay in the index
 * until it ends), which makes 100,000 writes quadratic. The caller builds once at the end, walking
 * each queue once by key.
 */
export function withQueuesDeferred<T>(work: () => Promise<T>): Promise<T> {
  return deferred.run(true, work);
}

/** Whether the queues are left for the caller to build (see withQueuesDeferred). */
export function queuesDeferred(): boolean {
  return deferred.getStore() === true;
}

/**
 * Puts every row of each table in `queue` under its kind (rows already there stay as they are): a
 * rebuild from scratch, and a restore that wrote its rows without the triggers.
 */
export async function queueEveryRow(
  db: Kysely<DB>,
  queue: "search_pending" | "link_pending",
  tables: Readonly<Record<string, ContentTable>>,
): Promise<void> {
  for (const [kind, table] of Object.entries(tables)) {
    // `where true`: SQLite reads ON CONFLICT right after a SELECT's FROM as a join's ON.
    await sql`insert into ${sql.table(queue)} (kind, ref_id)
      select ${sql.lit(kind)}, id from ${sql.table(table)} where true
      on conflict do nothing`.execute(db);
  }
}

/**
 * Which rows of a table to read: their ids, or a query giving them (so that statements reading a
 * table in id order go together, without waiting for the ids first).
 */
export type RowIds = readonly number[] | IdQuery;
export type IdQuery = SelectQueryBuilder<DB, keyof DB, { id: number }>;

/** `ids` in pieces of at most `size` (a query is one piece: it says how many). */
export function pieces(ids: RowIds, size: number): Array<number[] | IdQuery> {
  return Array.isArray(ids) ? batches(ids, size) : [ids as IdQuery];
}

/** The rows of a round read as a range: those with an id above `after`, in id order, `size` at most. */
export type IdRange = { after: number; size: number };

export function isIdRange(ids: RowIds | IdRange): ids is IdRange {
  return !Array.isArray(ids) && typeof (ids as IdRange).after === "number";
}

/**
 * Every row of `table` in id order, `size` a round: `read` reads a round's rows (given as a query
 * of their ids, and as the range they are), `write` writes what they make. A round's rows are asked
 * for before the round before is written, so on PostgreSQL, whose server takes one connection's
 * statements in turn, the server writes one round while this process makes the next. For a build
 * into an empty index or inventory (a restore, inside its transaction). Returns how many rows it read.
 *
 * `idsRead`, when what a round makes names the id of each row it read (in id order), lets `read`
 * read the range itself: one statement a round, and no query of the ids beside it.
 */
export async function everyRowInRounds<T>(
  db: Kysely<DB>,
  table: ContentTable,
  size: number,
  read: (ids: IdQuery, range: IdRange) => Promise<T>,
  write: (made: T) => Promise<unknown>,
  idsRead?: (made: T) => readonly number[],
): Promise<number> {
  const round = async (after: number) => {
    const ids = db
      .selectFrom(table)
      .select("id")
      .where("id", ">", after)
      .orderBy("id")
      .limit(size) as unknown as IdQuery;
    if (idsRead) {
      const made = await read(ids, { after, size });
      const rows = idsRead(made);
      return { last: rows.at(-1), count: rows.length, made };
    }
    const [rows, made] = await Promise.all([ids.execute(), read(ids, { after, size })]);
    return { last: rows.at(-1)?.id, count: rows.length, made };
  };
  let count = 0;
  let writing: Promise<unknown> = Promise.resolve();
  for (let next = round(0); ; ) {
    const { last, count: n, made } = await next;
    if (last === undefined) break;
    next = round(last);
    // A failure (which ends the transaction) is heard when it is awaited, a round later.
    next.catch(() => {});
    const written = write(made);
    written.catch(() => {});
    await writing;
    writing = written;
    count += n;
  }
  await writing;
  return count;
}
