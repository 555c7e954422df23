import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe } from "vitest";
import { type Database, openDatabase } from "#app/server/db.server.ts";

import { postgresAvailable as postgresRuns, TEST_DATABASE_URL } from "../postgres.ts";

export { TEST_DATABASE_URL };

const postgresAvailable = await postgresRuns();
if (!postgresAvailable) {
  console.log(
    "PostgreSQL tests skipped: no server at postgres://postgres@127.0.0.1:5432/test. Set TEST_DATABASE_URL to run them.",
  );
}

/** A fresh, empty, migrated database of one dialect: a temp SQLite file, or a PostgreSQL schema of its own. */
export async function freshDatabase(
  kind: "sqlite" | "postgres",
): Promise<{ db: Database; drop: () => Promise<void> }> {
  if (kind === "sqlite") {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "cw-test-"));
    const db = await openDatabase({ kind: "sqlite", file: path.join(dir, "site.db") });
    return {
      db,
      drop: async () => {
        await db.destroy();
        fs.rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  // Each run gets its own schema, so parallel runs never see each other's data.
  const schema = `cw_test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  await admin.end();
  const db = await openDatabase({ kind: "postgres", url: TEST_DATABASE_URL }, { schema });
  return {
    db,
    drop: async () => {
      await db.destroy();
      const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
      await client.connect();
      await client.query(`drop schema ${schema} cascade`);
      await client.end();
    },
  };
}

/**
 * Runs the same suite on SQLite and on PostgreSQL. PostgreSQL is required when
 * TEST_DATABASE_URL is set or CI=true; otherwise it is skipped, with one line, when no server answers.
 */
export function describeEachDatabase(name: string, suite: (get: () => Database) => void): void {
  for (const kind of ["sqlite", "postgres"] as const) {
    describe.skipIf(kind === "postgres" && !postgresAvailable)(`${name} [${kind}]`, () => {
      let handle: { db: Database; drop: () => Promise<void> } | undefined;
      beforeAll(async () => {
        handle = await freshDatabase(kind);
      });
      afterAll(async () => {
        await handle?.drop();
      });
      suite(() => {
        if (!handle) throw new Error("database not ready");
        return handle.db;
      });
    });
  }
}
