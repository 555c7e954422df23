import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { sql } from "kysely";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { type Database, openDatabase } from "#app/server/db.server.ts";
import { DatabaseBusyError, DatabaseUnavailableError } from "#app/server/errors.server.ts";
import { adminQuery, postgresAvailable as postgresRuns, TEST_DATABASE_URL } from "../postgres.ts";
import { type TcpProxy, tcpProxy } from "../tcp-proxy.ts";

// Issue 11, items 7-10: the database stopped, silent, exhausted or locked by another process, and
// instances starting together. Nothing here may hang: each case has a limit far below the test's.

const postgresAvailable = await postgresRuns();

/** A fresh, empty PostgreSQL schema of the test's own. */
async function freshSchema(): Promise<string> {
  const schema = `cw_badday_${randomBytes(5).toString("hex")}`;
  await adminQuery(`create schema ${schema}`);
  return schema;
}

function tempDir(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), "cw-badday-"));
}

const TIMEOUT_MS = 500;

describe.skipIf(!postgresAvailable)("PostgreSQL stopped, silent or exhausted [postgres]", () => {
  let proxy: TcpProxy;
  let schema: string;
  let db: Database;

  beforeAll(async () => {
    const target = new URL(TEST_DATABASE_URL);
    proxy = await tcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
    schema = await freshSchema();
    db = await openDatabase(
      { kind: "postgres", url: proxy.url(TEST_DATABASE_URL) },
      { schema, timeoutMs: TIMEOUT_MS },
    );
  });
  afterEach(() => proxy.set("open"));
  afterAll(async () => {
    await db?.destroy();
    await proxy?.close();
    if (schema) await adminQuery(`drop schema ${schema} cascade`);
  });

  const count = async () => (await db.selectFrom("subjects").select("code").execute()).length;

  it("a stopped server fails each query with a 503 error, and is used again when it is back", async () => {
    expect(await count()).toBe(0);
    proxy.set("down");
    await expect(count()).rejects.toBeInstanceOf(DatabaseUnavailableError);
    await expect(
      db.insertInto("subjects").values({ grade: 9, code: "x", label: "X", position: 1 }).execute(),
    ).rejects.toBeInstanceOf(DatabaseUnavailableError);
    proxy.set("open");
    expect(await count()).toBe(0);
  });

  it("a silent server fails queries within the limit instead of hanging, and recovers", async () => {
    expect(await count()).toBe(0); // a pooled connection exists: it goes silent too
    proxy.set("silent");
    await expect(count()).rejects.toBeInstanceOf(DatabaseUnavailableError);
    await expect(count()).rejects.toBeInstanceOf(DatabaseUnavailableError);
    await expect(
      db.transaction().execute((trx) => trx.selectFrom("subjects").selectAll().execute()),
    ).rejects.toBeInstanceOf(DatabaseUnavailableError);
    proxy.set("open");
    expect(await count()).toBe(0);
  });

  it("a slow statement is stopped by the statement limit", async () => {
    await expect(sql`select pg_sleep(30)`.execute(db)).rejects.toBeInstanceOf(DatabaseUnavailableError);
    expect(await count()).toBe(0);
  });

  it("an exhausted pool fails fast instead of queueing without end", async () => {
    let release = () => {};
    const hold = new Promise<void>((resolve) => {
      release = resolve;
    });
    // Every connection of the pool (10) busy in a transaction.
    const holders = Array.from({ length: 10 }, () =>
      db.transaction().execute(async (trx) => {
        await trx.selectFrom("subjects").selectAll().execute();
        await hold;
      }),
    );
    await expect(count()).rejects.toBeInstanceOf(DatabaseUnavailableError);
    release();
    await Promise.all(holders);
    expect(await count()).toBe(0);
  });

  it("start-up against a silent server gives up within the limit, naming the wait", async () => {
    proxy.set("silent");
    const opening = openDatabase(
      { kind: "postgres", url: proxy.url(TEST_DATABASE_URL) },
      { schema, timeoutMs: TIMEOUT_MS },
    );
    await expect(opening).rejects.toThrow(/did not answer within 500 ms/);
  });
});

describe("SQLite locked by another process [sqlite]", () => {
  let dir: string;
  let file: string;
  let db: Database;
  let other: DatabaseSync;

  beforeAll(async () => {
    dir = tempDir();
    file = path.join(dir, "site.db");
    db = await openDatabase({ kind: "sqlite", file }, { timeoutMs: TIMEOUT_MS });
    // Another process's connection (a CLI import, a second instance) to the same file.
    other = new DatabaseSync(file);
  });
  afterAll(async () => {
    other?.close();
    await db?.destroy();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const addSubject = (code: string) =>
    db.insertInto("subjects").values({ grade: 9, code, label: code, position: 1 }).execute();
  const codes = async () => (await db.selectFrom("subjects").select("code").execute()).map((r) => r.code);

  it("a write waiting for the lock never blocks reads, and goes through once the lock is free", async () => {
    other.exec("BEGIN IMMEDIATE");
    other.exec("INSERT INTO subjects (grade, code, label, position) VALUES (9, 'cli', 'CLI', 1)");
    let settled = false;
    const write = addSubject("app").finally(() => {
      settled = true;
    });
    // While the write waits, the server goes on: reads (of the last committed state) are answered.
    expect(await codes()).toEqual([]);
    expect(settled).toBe(false);
    other.exec("COMMIT");
    await write;
    expect((await codes()).sort()).toEqual(["app", "cli"]);
  });

  it("a write that cannot get the lock in time fails with 'Busy, try again' and changes nothing", async () => {
    other.exec("BEGIN IMMEDIATE");
    try {
      const attempt = db.transaction().execute(async (trx) => {
        await trx
          .insertInto("subjects")
          .values({ grade: 10, code: "late", label: "Late", position: 1 })
          .execute();
      });
      await expect(attempt).rejects.toBeInstanceOf(DatabaseBusyError);
      await expect(addSubject("late")).rejects.toThrow("Busy, try again.");
      expect(await codes()).not.toContain("late");
    } finally {
      other.exec("ROLLBACK");
    }
    // Nothing is left locked or half done: the next write goes through.
    await addSubject("after");
    expect(await codes()).toContain("after");
  });
});

describe("instances starting together on a new database", () => {
  it("four instances migrate a new SQLite file at once [sqlite]", async () => {
    const dir = tempDir();
    const file = path.join(dir, "site.db");
    try {
      const dbs = await Promise.all(Array.from({ length: 4 }, () => openDatabase({ kind: "sqlite", file })));
      const applied = await sql<{ n: number }>`select count(*) as n from kysely_migration`.execute(
        dbs[0] as Database,
      );
      expect(Number(applied.rows[0]?.n)).toBeGreaterThanOrEqual(5);
      await Promise.all(dbs.map((db) => db.destroy()));
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it.skipIf(!postgresAvailable)(
    "four instances migrate a new PostgreSQL schema at once [postgres]",
    async () => {
      const schema = await freshSchema();
      try {
        const dbs = await Promise.all(
          Array.from({ length: 4 }, () =>
            openDatabase({ kind: "postgres", url: TEST_DATABASE_URL }, { schema }),
          ),
        );
        const applied = await sql<{ n: string }>`select count(*) as n from kysely_migration`.execute(
          dbs[0] as Database,
        );
        expect(Number(applied.rows[0]?.n)).toBeGreaterThanOrEqual(5);
        await Promise.all(dbs.map((db) => db.destroy()));
      } finally {
        await adminQuery(`drop schema ${schema} cascade`);
      }
    },
  );
});
