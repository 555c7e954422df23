import { DatabaseSync } from "node:sqlite";
import type { SqliteDatabase, SqliteStatement } from "kysely";

/**
 * Makes Node's built-in `node:sqlite` look like the better-sqlite3 object Kysely's
 * SqliteDialect expects (see docs/decisions/0001-node-sqlite.md):
 * - statements have no `.reader`: a statement that returns columns is a reader;
 * - a leading plain object is taken as named parameters, so positional values are
 *   always bound behind an empty named-parameter object;
 * - `undefined` is refused by node:sqlite and Dates are not bindable: both converted.
 */
function bindable(values: ReadonlyArray<unknown>): unknown[] {
  return values.map((v) => (v === undefined ? null : v instanceof Date ? v.toISOString() : v));
}

const STATEMENT_CACHE_SIZE = 200;

export function openSqlite(file: string): SqliteDatabase & { raw: DatabaseSync } {
  const raw = new DatabaseSync(file);
  raw.exec("PRAGMA journal_mode = WAL");
  raw.exec("PRAGMA foreign_keys = ON");
  raw.exec("PRAGMA busy_timeout = 5000");
  raw.exec("PRAGMA synchronous = NORMAL");
  // Kysely builds the same few dozen SQL texts over and over: compile each once. (Kysely's
  // driver runs one query at a time on this connection, so sharing a statement is safe.)
  const statements = new Map<string, ReturnType<DatabaseSync["prepare"]>>();
  const statement = (sql: string) => {
    let stmt = statements.get(sql);
    if (!stmt) {
      stmt = raw.prepare(sql);
      if (statements.size >= STATEMENT_CACHE_SIZE) statements.delete(statements.keys().next().value ?? "");
      statements.set(sql, stmt);
    }
    return stmt;
  };
  return {
    raw,
    close: () => raw.close(),
    prepare(sql: string): SqliteStatement {
      const stmt = statement(sql);
      // biome-ignore lint/suspicious/noExplicitAny: node:sqlite's bind types are narrower than Kysely's unknown[]
      const args = (values: ReadonlyArray<unknown>): any[] => [{}, ...bindable(values)];
      return {
        reader: stmt.columns().length > 0,
        all: (values) => stmt.all(...args(values)),
        run: (values) => {
          const r = stmt.run(...args(values));
          return { changes: r.changes, lastInsertRowid: r.lastInsertRowid };
        },
        iterate: (values) => stmt.iterate(...args(values)) as IterableIterator<unknown>,
      };
    },
  };
}
