import fs from "node:fs";
import path from "node:path";
import { Kysely, type LogEvent, PostgresDialect, type SqlBool, sql } from "kysely";
import { buildDeferredIndexes } from "#app/server/backup/bulk-load.server.ts";
import { type DatabaseTarget, DEFAULT_DB_TIMEOUT_MS } from "#app/server/config.server.ts";
import { DatabaseBusyError, DatabaseTroubleError } from "#app/server/errors.server.ts";
import {
  countEveryLink,
  linkInventoryEmpty,
  linkInventoryPending,
  updateLinkInventory,
} from "#app/server/link-health/inventory.server.ts";
import { log } from "#app/server/platform/log.server.ts";
import { queryTimer } from "#app/server/platform/metrics.server.ts";
import { openPostgresPool } from "#app/server/platform/postgres-pool.server.ts";
import { addPhaseTime } from "#app/server/platform/render-timing.server.ts";
import { NodeSqliteDialect } from "#app/server/platform/sqlite-adapter.server.ts";
import type { DB } from "#app/server/schema.server.ts";
import { searchIndexPending, updateSearchIndex } from "#app/server/search/documents.server.ts";
import { isPostgres } from "#migrations/columns.ts";
import { migrateToLatest } from "#migrations/index.ts";

export type Database = Kysely<DB>;

export type Dialect = "sqlite" | "postgres";

export type OpenOptions = {
  /** A test run (or a tenant) can live in its own PostgreSQL schema. */
  schema?: string;
  migrate?: boolean;
  /** How long anything waits for the database (DB_TIMEOUT_MS): then it fails with a 503, never hangs. */
  timeoutMs?: number;
  /**
   * SQLite: how long a write waits for another process's lock before "Busy, try again". Short for
   * the server (its own writes take milliseconds, so a longer wait means a long CLI import: answer
   * at once rather than hold the visitor); the CLI waits as long as DB_TIMEOUT_MS.
   */
  lockWaitMs?: number;
  /**
   * PostgreSQL: no time limit per statement (the CLI: a whole export or import may run long). It
   * still connects within `timeoutMs`.
   */
  unlimitedStatements?: boolean;
};

/** The server's SQLite lock wait: no response waits longer than this for another process's lock. */
export const SERVER_LOCK_WAIT_MS = 200;

/** How long start-up waits for other instances migrating the same database. */
const MIGRATION_WAIT_MS = 120_000;

/** Kysely's `log`: the metrics' statement timer, and the statement's time added to its page's render timing. */
function timedQueries(timer: (event: LogEvent) => void): (event: LogEvent) => void {
  return (event) => {
    timer(event);
    addPhaseTime("queries", event.queryDurationMillis);
  };
}

/** The one way to open the database: picks the dialect and applies pending migrations. */
export async function openDatabase(target: DatabaseTarget, options: OpenOptions = {}): Promise<Database> {
  const timeoutMs = options.timeoutMs ?? DEFAULT_DB_TIMEOUT_MS;
  let db: Database;
  // PostgreSQL migrations run on a connection of their own without statement time limits (a
  // migration, or the wait for another instance's, may take long); it still connects within the limit.
  let migrationDb: Database;
  // PostgreSQL: connections of their own without statement time limits (migrations, index builds).
  let longRunning: ((max: number) => Database) | undefined;
  let sqlite: NodeSqliteDialect | undefined;
  if (target.kind === "sqlite") {
    fs.mkdirSync(path.dirname(target.file), { recursive: true });
    sqlite = new NodeSqliteDialect({
      file: target.file,
      lockWaitMs: options.lockWaitMs ?? Math.min(timeoutMs, SERVER_LOCK_WAIT_MS),
    });
    db = new Kysely<DB>({
      dialect: sqlite,
      // Every statement's time, for db_query_duration_seconds (app/server/platform/metrics.server.ts).
      log: timedQueries(queryTimer("sqlite")),
    });
    migrationDb = db;
  } else {
    const pool = (unlimited?: { max: number }) =>
      openPostgresPool({
        url: target.url,
        schema: options.schema,
        timeoutMs,
        ...(unlimited ? { max: unlimited.max, unlimitedStatements: true } : {}),
      });
    db = new Kysely<DB>({
      dialect: new PostgresDialect({ pool: pool(options.unlimitedStatements ? { max: 1 } : undefined) }),
      log: timedQueries(queryTimer("postgres")),
    });
    longRunning = (max) => new Kysely<DB>({ dialect: new PostgresDialect({ pool: pool({ max }) }) });
    migrationDb = longRunning(1);
  }
  opened.set(db, { target, longRunning, sqlite });
  try {
    if (options.migrate !== false) await migrateWhenFree(migrationDb);
  } catch (err) {
    await db.destroy();
    // Start-up prints this in one line, with DATABASE_URL (server.ts).
    const cause = err instanceof DatabaseTroubleError ? err.cause : err;
    const reason = cause instanceof Error ? cause.message : String(cause);
    throw new Error(
      err instanceof DatabaseTroubleError && !(err instanceof DatabaseBusyError)
        ? `the database did not answer within ${timeoutMs} ms (${reason})`
        : reason,
      { cause: err },
    );
  } finally {
    if (migrationDb !== db) await migrationDb.destroy();
  }
  if (options.migrate !== false) await finishDeferredIndexes(db);
  return db;
}

/**
 * Indexes a load left unbuilt when its process died after the commit: built before this process
 * serves anything. The data is whole without them (a search meanwhile would read whole tables), so
 * a build that fails is logged and start-up goes on; the next start tries again.
 */
async function finishDeferredIndexes(db: Database): Promise<void> {
  try {
    const built = await buildIndexesLeftByLoads(db);
    if (built > 0) log.info(`built ${built} indexes that a restore or import left unbuilt`);
  } catch (err) {
    log.error(`indexes that a restore or import left unbuilt could not be built: ${(err as Error).message}`);
  }
}

/**
 * Where each open database lives, for `withSnapshot`; (PostgreSQL) how to open long-running
 * connections to it; (SQLite) its dialect, for `withLoadJournal`.
 */
const opened = new WeakMap<
  Database,
  { target: DatabaseTarget; longRunning?: (max: number) => Database; sqlite?: NodeSqliteDialect }
>();

/**
 * Runs `load`, a command's restore or import (one long transaction of its own), on SQLite through
 * a rollback journal when nothing else has the file open: each page written once rather than twice
 * (NodeSqliteDriver.withRollbackJournal; decision 0048). With a server open on the file, as before.
 * Only for a command's own process: its other reads share the load's connection meanwhile.
 */
export function withLoadJournal<T>(db: Database, load: () => Promise<T>): Promise<T> {
  const sqlite = opened.get(db)?.sqlite;
  return sqlite ? sqlite.withRollbackJournal(load) : load();
}

/**
 * PostgreSQL: builds the indexes a bulk load left to build after its commit (a restore, a first
 * Firestore import; buildDeferredIndexes), on two connections of its own without statement time
 * limits. Called by the load after it commits, and as the database is opened (a load that died
 * before they were built). Returns how many it built; nothing to do costs one query.
 */
export async function buildIndexesLeftByLoads(db: Database): Promise<number> {
  const longRunning = opened.get(db)?.longRunning;
  if (!longRunning) return 0;
  const any = await db.selectFrom("deferred_indexes").select("name").limit(1).executeTakeFirst();
  if (!any) return 0;
  const side = longRunning(2);
  try {
    return await buildDeferredIndexes(side);
  } finally {
    await side.destroy();
  }
}

/**
 * Runs `work` on one consistent view of the database, as it was when it began, while others go on
 * writing (a backup that never mixes before and after). PostgreSQL: a read-only REPEATABLE READ
 * transaction. SQLite: a read-only connection of its own inside one read transaction (WAL keeps
 * that view for it without holding up writers or the server's other reads).
 */
export async function withSnapshot<T>(db: Database, work: (snapshot: Database) => Promise<T>): Promise<T> {
  const target = opened.get(db)?.target;
  if (target?.kind === "sqlite") {
    const snapshot = new Kysely<DB>({
      dialect: new NodeSqliteDialect({ file: target.file, lockWaitMs: 0, snapshot: true }),
    });
    try {
      return await work(snapshot);
    } finally {
      await snapshot.destroy();
    }
  }
  return db.transaction().setIsolationLevel("repeatable read").setAccessMode("read only").execute(work);
}

/** The first free id of a table, for rows whose ids a restore gives itself (then `idsGiven`). */
export async function firstFreeId(db: Database, table: "chapters" | "notes"): Promise<number> {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.max("id").as("top"))
    .executeTakeFirst();
  return toNumber(row?.top) + 1;
}

/**
 * After rows were written with ids of their own: PostgreSQL's id sequence moves past them (SQLite
 * takes the next id after the largest by itself).
 */
export async function idsGiven(db: Database, table: "chapters" | "notes"): Promise<void> {
  if (!isPostgres(db as Kysely<unknown>)) return;
  await sql`select setval(pg_get_serial_sequence(${table}, 'id'), ${await firstFreeId(db, table)}, false)`.execute(
    db,
  );
}

/**
 * After a load of many rows in one transaction (a restore): PostgreSQL's planner learns how big the
 * tables now are, or it goes on planning for the empty tables it last saw (a scan of a whole table
 * per statement). SQLite plans by its indexes without needing this. `only` limits it to those
 * tables, `except` leaves those out (analysed earlier in the load, and not changed since).
 */
export async function tablesGrew(
  db: Database,
  options: { only?: readonly string[]; except?: readonly string[] } = {},
): Promise<void> {
  if (!isPostgres(db as Kysely<unknown>)) return;
  // A table whose indexes are built after the load commits is analysed then (buildDeferredIndexes).
  const { rows } = await sql<{ name: string }>`
    select tablename as name from pg_tables t where schemaname = current_schema()
      and not exists (select 1 from deferred_indexes d where d.table_name in (t.tablename,
        (select relname from pg_class where oid = pg_partition_root(format('%I.%I', schemaname, tablename)))))`.execute(
    db,
  );
  // Only tables with rows: one analysed empty is then believed empty (never read by an index).
  const filled: string[] = [];
  for (const { name } of rows) {
    if (options.only && !options.only.includes(name)) continue;
    if (options.except?.includes(name)) continue;
    const { rows: any } = await sql`select 1 from ${sql.table(name)} limit 1`.execute(db);
    if (any.length > 0) filled.push(name);
  }
  if (filled.length > 0) await sql`analyze ${sql.join(filled.map((name) => sql.id(name)))}`.execute(db);
}

/**
 * Rows a migration marked for the search index or the link inventory (0011, 0012) are built in the
 * migrations' transaction, by today's code: the migrations themselves import nothing of the app.
 */
async function buildWhatMigrationsMarked(trx: Kysely<unknown>): Promise<void> {
  const index = trx as unknown as Kysely<DB>;
  if (await searchIndexPending(index)) await updateSearchIndex(index);
  // An inventory a migration emptied (0032) is counted again whole, in bulk, as a restore counts it.
  if (await linkInventoryPending(index))
    await ((await linkInventoryEmpty(index)) ? countEveryLink(index) : updateLinkInventory(index));
}

/** Another instance migrating the same SQLite file holds the write lock: wait for it, on timers. */
async function migrateWhenFree(db: Database): Promise<void> {
  const deadline = Date.now() + MIGRATION_WAIT_MS;
  for (;;) {
    try {
      return await migrateToLatest(db, buildWhatMigrationsMarked);
    } catch (err) {
      if (!(err instanceof DatabaseBusyError) || Date.now() > deadline) throw err;
    }
  }
}

export function dialectOf(db: Kysely<unknown>): Dialect {
  return isPostgres(db) ? "postgres" : "sqlite";
}

/**
 * `column` is one of `ids`, the list passed as one value (a JSON text on SQLite, an array on
 * PostgreSQL) and read as rows, each id then looked up by its key. As `= any(array)` PostgreSQL
 * read a whole index in order and tested each row against the array (10,000 ids: 600 ms).
 */
export function isOneOf(db: Kysely<DB> | Kysely<unknown>, column: string, ids: readonly number[]) {
  return isPostgres(db as Kysely<unknown>)
    ? sql<SqlBool>`${sql.ref(column)} in (select unnest(cast(${[...ids]} as integer[])))`
    : sql<SqlBool>`${sql.ref(column)} in (select value from json_each(${JSON.stringify(ids)}))`;
}

/** PostgreSQL returns counts as strings, SQLite as numbers. */
export function toNumber(value: string | number | bigint | null | undefined): number {
  return value == null ? 0 : Number(value);
}

/** A unique constraint refused a write; `detail` names the table and column (or constraint). */
export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; errcode?: number; message?: string } | null;
  if (!e) return false;
  return e.code === "23505" || e.errcode === 2067 || /UNIQUE constraint failed/.test(e.message ?? "");
}

export function isForeignKeyViolation(err: unknown): boolean {
  const e = err as { code?: string; errcode?: number; message?: string } | null;
  if (!e) return false;
  return e.code === "23503" || e.errcode === 787 || /FOREIGN KEY constraint failed/.test(e.message ?? "");
}

/** Runs `work` in a transaction, or in the caller's when `db` already is one (domain functions compose). */
export function inTransaction<T>(db: Database, work: (trx: Database) => Promise<T>): Promise<T> {
  return db.isTransaction ? work(db) : db.transaction().execute(work);
}

export function now(): string {
  return new Date().toISOString();
}
