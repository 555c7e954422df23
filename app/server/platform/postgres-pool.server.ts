import type { PostgresPool, PostgresPoolClient } from "kysely";
import pg from "pg";
import { DatabaseUnavailableError } from "#app/server/errors.server.ts";
import { isPostgresUnavailable } from "#app/server/platform/db-errors.server.ts";
import { log } from "#app/server/platform/log.server.ts";
import { watchPool } from "#app/server/platform/metrics.server.ts";

/** A transaction left open by a stuck process gives its locks back after this long. */
const IDLE_IN_TRANSACTION_MS = 60_000;

export type PostgresPoolOptions = {
  url: string;
  /** A test run (or a tenant) can live in its own schema. */
  schema?: string;
  max?: number;
  /** Connecting, waiting for a free connection, and each statement: at most this long. */
  timeoutMs: number;
  /** Statement time limits off (migrations may run long; they still connect within `timeoutMs`). */
  unlimitedStatements?: boolean;
};

const ignore = () => {};

/**
 * A pg Pool for Kysely that never waits without end: connecting and waiting for a free connection
 * fail after `timeoutMs` (a silent or exhausted server), each statement is cancelled by the server
 * after `timeoutMs` and abandoned by the client soon after (a server that stops answering). Those
 * failures become DatabaseUnavailableError (a 503), and a connection that timed out is discarded
 * rather than handed to the next request.
 */
export function openPostgresPool(options: PostgresPoolOptions): PostgresPool {
  const { timeoutMs } = options;
  const pool = new pg.Pool({
    connectionString: options.url,
    max: options.max ?? 10,
    connectionTimeoutMillis: timeoutMs,
    keepAlive: true,
    idle_in_transaction_session_timeout: IDLE_IN_TRANSACTION_MS,
    ...(options.unlimitedStatements
      ? {}
      : // The server's own limit comes first (a clean cancel); the client's is for a silent server.
        { statement_timeout: timeoutMs, query_timeout: timeoutMs + 1_000 }),
    ...(options.schema ? { options: `-c search_path=${options.schema}` } : {}),
  });
  // An idle client losing its server must not crash the process.
  pool.on("error", (err) => log.error(`database pool error: ${err.message}`));
  const unwatch = watchPool(pool);
  const wrapped = new WeakMap<pg.PoolClient, PostgresPoolClient>();

  function wrap(client: pg.PoolClient): PostgresPoolClient {
    // A checked-out client whose connection drops emits 'error' (its query fails on its own):
    // unheard, that event would end the process.
    client.on("error", ignore);
    let broken = false;
    const query = async (sql: string, parameters: ReadonlyArray<unknown>) => {
      try {
        return await client.query(sql, parameters as unknown[]);
      } catch (err) {
        if (!isPostgresUnavailable(err)) throw err;
        // No SQLSTATE: the connection itself failed or timed out; it must not be reused.
        if (typeof (err as { severity?: unknown }).severity !== "string") broken = true;
        throw new DatabaseUnavailableError(err);
      }
    };
    return {
      query: query as unknown as PostgresPoolClient["query"],
      release: (destroy?: boolean) => client.release(destroy || broken ? true : undefined),
    };
  }

  return {
    options: pool.options,
    async connect() {
      let client: pg.PoolClient;
      try {
        client = await pool.connect();
      } catch (err) {
        throw new DatabaseUnavailableError(err);
      }
      let handle = wrapped.get(client);
      if (!handle) {
        handle = wrap(client);
        wrapped.set(client, handle);
      }
      return handle;
    },
    end: () => {
      unwatch();
      return pool.end();
    },
  };
}
