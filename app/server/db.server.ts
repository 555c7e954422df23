import fs from "node:fs";
import path from "node:path";
import { Kysely, PostgresDialect, SqliteDialect } from "kysely";
import pg from "pg";
import { isPostgres } from "../../migrations/columns.ts";
import { migrateToLatest } from "../../migrations/index.ts";
import type { DatabaseTarget } from "./config.server.ts";
import type { DB } from "./schema.server.ts";
import { openSqlite } from "./sqlite-adapter.server.ts";

export type Database = Kysely<DB>;

export type Dialect = "sqlite" | "postgres";

/** The one way to open the database: picks the dialect and applies pending migrations. */
export async function openDatabase(
  target: DatabaseTarget,
  options: { schema?: string; migrate?: boolean } = {},
): Promise<Database> {
  let db: Database;
  if (target.kind === "sqlite") {
    fs.mkdirSync(path.dirname(target.file), { recursive: true });
    db = new Kysely<DB>({ dialect: new SqliteDialect({ database: openSqlite(target.file) }) });
  } else {
    const pool = new pg.Pool({
      connectionString: target.url,
      max: 10,
      // A test run (or a tenant) can live in its own schema.
      ...(options.schema ? { options: `-c search_path=${options.schema}` } : {}),
    });
    // An idle client losing its server must not crash the process.
    pool.on("error", (err) => console.error(`database pool error: ${err.message}`));
    db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  }
  if (options.migrate !== false) await migrateToLatest(db);
  return db;
}

export function dialectOf(db: Kysely<unknown>): Dialect {
  return isPostgres(db) ? "postgres" : "sqlite";
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
