import { DatabaseSync, type StatementSync } from "node:sqlite";
import {
  type CompiledQuery,
  type DatabaseConnection,
  type DatabaseIntrospector,
  type Dialect,
  type DialectAdapter,
  type Driver,
  type Kysely,
  type QueryCompiler,
  type QueryResult,
  RawNode,
  SelectQueryNode,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
} from "kysely";
import { DatabaseBusyError } from "#app/server/errors.server.ts";
import { isSqliteBusy } from "#app/server/platform/db-errors.server.ts";

/**
 * Kysely over Node's built-in, synchronous `node:sqlite` (see docs/decisions/0001 and 0008).
 *
 * A synchronous call that waits for a lock freezes the whole server, so no call ever waits:
 * `busy_timeout` is 0, and a statement refused because another process (a CLI import, a second
 * instance) holds the write lock is tried again on a timer, with back-off, for at most
 * `lockWaitMs`; then it fails with DatabaseBusyError ("Busy, try again", a 503) having changed
 * nothing. Writes go through one writer connection, one at a time, and transactions begin
 * IMMEDIATE, so the lock is taken (or refused) at BEGIN, where trying again is safe. Reads outside
 * a transaction use a second, read-only connection: in WAL mode they never wait for a writer.
 */
export type SqliteOptions = {
  file: string;
  lockWaitMs: number;
  /**
   * One read-only connection inside one read transaction from open to close: every query sees the
   * database as it was at the first one, whatever others write meanwhile (a consistent export).
   */
  snapshot?: boolean;
};

/** node:sqlite refuses `undefined` and cannot bind Dates. */
function bindable(values: ReadonlyArray<unknown>): unknown[] {
  return values.map((v) => (v === undefined ? null : v instanceof Date ? v.toISOString() : v));
}

const STATEMENT_CACHE_SIZE = 200;

/** One node:sqlite connection, with each SQL text compiled once (Kysely builds the same few dozen). */
class SqliteConnection {
  readonly raw: DatabaseSync;
  private readonly statements = new Map<string, { stmt: StatementSync; reader: boolean }>();
  constructor(raw: DatabaseSync) {
    this.raw = raw;
  }

  run(sql: string, parameters: ReadonlyArray<unknown>): QueryResult<unknown> {
    let entry = this.statements.get(sql);
    if (!entry) {
      const stmt = this.raw.prepare(sql);
      entry = { stmt, reader: stmt.columns().length > 0 };
      if (this.statements.size >= STATEMENT_CACHE_SIZE)
        this.statements.delete(this.statements.keys().next().value ?? "");
      this.statements.set(sql, entry);
    }
    // A leading plain object is taken as named parameters, so positional values follow an empty one.
    // biome-ignore lint/suspicious/noExplicitAny: node:sqlite's bind types are narrower than Kysely's unknown[]
    const args: any[] = [{}, ...bindable(parameters)];
    if (entry.reader) return { rows: entry.stmt.all(...args) };
    const { changes, lastInsertRowid } = entry.stmt.run(...args);
    return { rows: [], numAffectedRows: BigInt(changes), insertId: BigInt(lastInsertRowid) };
  }
}

/** Runs `attempt` until it is not refused for a lock, waiting on timers (never blocking) until `deadline`. */
async function retryWhileBusy<T>(attempt: () => T, deadline: number): Promise<T> {
  for (let pause = 2; ; pause = Math.min(pause * 2, 50)) {
    try {
      return attempt();
    } catch (err) {
      if (!isSqliteBusy(err)) throw err;
      if (Date.now() + pause > deadline) throw new DatabaseBusyError(err);
      await new Promise((resolve) => setTimeout(resolve, pause));
    }
  }
}

/** This process's turn at the writer connection: first come, first served, waiting at most until a deadline. */
class WriterTurn {
  private taken = false;
  private readonly waiting: Array<() => void> = [];

  async take(deadline: number): Promise<void> {
    if (!this.taken) {
      this.taken = true;
      return;
    }
    await new Promise<void>((resolve, reject) => {
      const grant = () => {
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(
        () => {
          const at = this.waiting.indexOf(grant);
          if (at >= 0) this.waiting.splice(at, 1);
          reject(new DatabaseBusyError());
        },
        Math.max(0, deadline - Date.now()),
      );
      this.waiting.push(grant);
    });
  }

  give(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.taken = false;
  }
}

/** What Kysely holds for a query or a transaction; the connections themselves are the driver's. */
class Handle implements DatabaseConnection {
  inTransaction = false;
  private readonly driver: NodeSqliteDriver;
  constructor(driver: NodeSqliteDriver) {
    this.driver = driver;
  }
  executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    return this.driver.execute(this, query) as Promise<QueryResult<R>>;
  }
  async *streamQuery<R>(query: CompiledQuery): AsyncIterableIterator<QueryResult<R>> {
    for (const row of (await this.executeQuery<R>(query)).rows) yield { rows: [row] };
  }
}

function isRead(query: CompiledQuery): boolean {
  if (SelectQueryNode.is(query.query)) return true;
  return RawNode.is(query.query) && /^\s*select\b/i.test(query.sql);
}

class NodeSqliteDriver implements Driver {
  private writer: SqliteConnection | undefined;
  private reader: SqliteConnection | undefined;
  private readonly turn = new WriterTurn();
  private readonly options: SqliteOptions;
  constructor(options: SqliteOptions) {
    this.options = options;
  }

  async init(): Promise<void> {
    if (this.options.snapshot) {
      const only = new DatabaseSync(this.options.file, { readOnly: true });
      only.exec("PRAGMA busy_timeout = 0");
      only.exec("BEGIN");
      // A deferred transaction takes its snapshot at its first read.
      only.prepare("SELECT count(*) FROM sqlite_schema").get();
      this.reader = new SqliteConnection(only);
      this.writer = this.reader;
      return;
    }
    const writer = new DatabaseSync(this.options.file);
    // Only while opening (start-up): instances creating the same new file take turns at WAL mode.
    writer.exec("PRAGMA busy_timeout = 5000");
    try {
      writer.exec("PRAGMA journal_mode = WAL");
    } catch (err) {
      writer.close();
      // A command's load holds the file alone (withRollbackJournal): nothing can read it meanwhile.
      if (isSqliteBusy(err))
        throw new Error(
          "another process has the database file to itself (a restore or import: npm run content); start again when it has ended",
          { cause: err },
        );
      throw err;
    }
    writer.exec("PRAGMA foreign_keys = ON");
    writer.exec("PRAGMA synchronous = NORMAL");
    writer.exec("PRAGMA busy_timeout = 0");
    this.writer = new SqliteConnection(writer);
    this.reader = this.openReader();
  }

  private openReader(): SqliteConnection {
    const reader = new DatabaseSync(this.options.file);
    reader.exec("PRAGMA busy_timeout = 0");
    reader.exec("PRAGMA query_only = ON");
    return new SqliteConnection(reader);
  }

  /**
   * Runs `load` (a restore or an import: one long transaction) through a rollback journal rather
   * than WAL when no other connection has the file open, on one connection meanwhile. WAL writes
   * every page a transaction writes twice, into the WAL and then into the database at the
   * checkpoint; a rollback journal keeps a copy only of the pages the file had, and a load into an
   * empty site adds nearly all of its pages past them. A load that dies half-way leaves a journal
   * the next connection rolls back. Another connection open (a server) keeps WAL, so it reads on
   * throughout; WAL comes back after the load (and every connection that opens the file sets it).
   */
  async withRollbackJournal<T>(load: () => Promise<T>): Promise<T> {
    if (this.options.snapshot) return load();
    const { writer, reader } = this.connections;
    await this.turn.take(this.deadline());
    let switched = false;
    try {
      // The mode can leave WAL only when no connection has the file open, this process's reader too.
      reader.raw.close();
      switched = writer.raw.prepare("PRAGMA journal_mode = DELETE").get()?.journal_mode === "delete";
    } catch (err) {
      // Refused at once while another process (a server) has the file open: the load keeps WAL.
      if (!isSqliteBusy(err)) throw err;
    } finally {
      this.reader = switched ? writer : this.openReader();
      this.turn.give();
    }
    if (!switched) return load();
    let result: T;
    try {
      result = await load();
    } catch (err) {
      // The load's own error is the one to report; WAL comes back with the next opener if not here.
      await this.backToWal().catch(() => undefined);
      throw err;
    }
    await this.backToWal();
    return result;
  }

  private async backToWal(): Promise<void> {
    try {
      await this.turn.take(this.deadline());
      try {
        await retryWhileBusy(
          () => this.connections.writer.raw.exec("PRAGMA journal_mode = WAL"),
          this.deadline(),
        );
      } finally {
        this.turn.give();
      }
    } catch (err) {
      // Refused only while another process has the file open: it set WAL itself as it opened.
      if (!(err instanceof DatabaseBusyError)) throw err;
    } finally {
      this.reader = this.openReader();
    }
  }

  private get connections(): { writer: SqliteConnection; reader: SqliteConnection } {
    if (!this.writer || !this.reader) throw new Error("the SQLite database is closed");
    return { writer: this.writer, reader: this.reader };
  }

  private deadline(): number {
    return Date.now() + this.options.lockWaitMs;
  }

  async execute(handle: Handle, query: CompiledQuery): Promise<QueryResult<unknown>> {
    const { writer, reader } = this.connections;
    const run = (on: SqliteConnection) => () => on.run(query.sql, query.parameters);
    if (handle.inTransaction) return retryWhileBusy(run(writer), this.deadline());
    if (isRead(query)) return retryWhileBusy(run(reader), this.deadline());
    const deadline = this.deadline();
    await this.turn.take(deadline);
    try {
      return await retryWhileBusy(run(writer), deadline);
    } finally {
      this.turn.give();
    }
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    return new Handle(this);
  }

  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    const handle = connection as Handle;
    const { writer } = this.connections;
    const deadline = this.deadline();
    await this.turn.take(deadline);
    try {
      await retryWhileBusy(() => writer.raw.exec("BEGIN IMMEDIATE"), deadline);
    } catch (err) {
      this.turn.give();
      throw err;
    }
    handle.inTransaction = true;
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    const { writer } = this.connections;
    // A refused COMMIT leaves the transaction open: Kysely then rolls it back, which ends our turn.
    await retryWhileBusy(() => writer.raw.exec("COMMIT"), this.deadline());
    this.endTransaction(connection as Handle);
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    const { writer } = this.connections;
    try {
      if (writer.raw.isTransaction) writer.raw.exec("ROLLBACK");
    } finally {
      this.endTransaction(connection as Handle);
    }
  }

  private endTransaction(handle: Handle): void {
    if (!handle.inTransaction) return;
    handle.inTransaction = false;
    this.turn.give();
  }

  async savepoint(
    connection: DatabaseConnection,
    name: string,
    compile: QueryCompiler["compileQuery"],
  ): Promise<void> {
    await this.savepointCommand(connection, "savepoint", name, compile);
  }

  async rollbackToSavepoint(
    connection: DatabaseConnection,
    name: string,
    compile: QueryCompiler["compileQuery"],
  ): Promise<void> {
    await this.savepointCommand(connection, "rollback to", name, compile);
  }

  async releaseSavepoint(
    connection: DatabaseConnection,
    name: string,
    compile: QueryCompiler["compileQuery"],
  ): Promise<void> {
    await this.savepointCommand(connection, "release", name, compile);
  }

  private async savepointCommand(
    connection: DatabaseConnection,
    command: "savepoint" | "rollback to" | "release",
    name: string,
    _compile: QueryCompiler["compileQuery"],
  ): Promise<void> {
    if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) throw new Error(`invalid savepoint name: ${name}`);
    if (!(connection as Handle).inTransaction) throw new Error("savepoints need a transaction");
    this.connections.writer.raw.exec(`${command} ${name}`);
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    // A transaction is always ended by Kysely; this only guards the writer against a leak.
    this.endTransaction(connection as Handle);
  }

  async destroy(): Promise<void> {
    if (this.options.snapshot && this.reader?.raw.isTransaction) this.reader.raw.exec("COMMIT");
    this.reader?.raw.close();
    if (this.writer !== this.reader) this.writer?.raw.close();
    this.reader = undefined;
    this.writer = undefined;
  }
}

/** SQLite can run DDL in a transaction: migrations run in one, which is their lock (migrations/index.ts). */
class NodeSqliteAdapter extends SqliteAdapter {
  override get supportsMultipleConnections(): boolean {
    return true;
  }
  override get supportsTransactionalDdl(): boolean {
    return true;
  }
}

export class NodeSqliteDialect implements Dialect {
  private readonly options: SqliteOptions;
  constructor(options: SqliteOptions) {
    this.options = options;
  }
  /** The driver Kysely made of this dialect (one Kysely instance, one dialect). */
  private driver: NodeSqliteDriver | undefined;
  createDriver(): Driver {
    this.driver = new NodeSqliteDriver(this.options);
    return this.driver;
  }
  /** NodeSqliteDriver.withRollbackJournal, on this dialect's database. */
  withRollbackJournal<T>(load: () => Promise<T>): Promise<T> {
    return this.driver ? this.driver.withRollbackJournal(load) : load();
  }
  createQueryCompiler(): QueryCompiler {
    return new SqliteQueryCompiler();
  }
  createAdapter(): DialectAdapter {
    return new NodeSqliteAdapter();
  }
  // biome-ignore lint/suspicious/noExplicitAny: the introspector reads any schema
  createIntrospector(db: Kysely<any>): DatabaseIntrospector {
    return new SqliteIntrospector(db);
  }
}
