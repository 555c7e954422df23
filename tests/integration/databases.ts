import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe } from "vitest";
import { type Database, openDatabase } from "#app/server/db.server.ts";

import { adminQuery, postgresAvailable as postgresRuns, TEST_DATABASE_URL } from "../postgres.ts";

export { TEST_DATABASE_URL };

const postgresAvailable = await postgresRuns();
if (!postgresAvailable) {
  console.log(
    "PostgreSQL tests skipped: no server at postgres://postgres@127.0.0.1:5432/test. Set TEST_DATABASE_URL to run them.",
  );
}

/** How a test's PostgreSQL database differs from the test server's own settings. */
export type DatabaseOptions = {
  /**
   * PostgreSQL: a database of its own whose default collation is this ICU locale's ("en"), as a
   * server set up in another language has, rather than a schema in the test database (C.UTF-8).
   */
  icuLocale?: string;
};

/**
 * A fresh, empty, migrated database of one dialect: a temp SQLite file, or a PostgreSQL schema of
 * its own (a database of its own with `icuLocale`).
 */
export async function freshDatabase(
  kind: "sqlite" | "postgres",
  options: DatabaseOptions = {},
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
  // Each run gets its own schema (or database), so parallel runs never see each other's data.
  const name = `cw_test_${randomBytes(6).toString("hex")}`;
  if (options.icuLocale) {
    await adminQuery(
      `create database ${name} template template0 locale_provider icu icu_locale '${options.icuLocale}'`,
    );
    const url = new URL(TEST_DATABASE_URL);
    url.pathname = `/${name}`;
    const db = await openDatabase({ kind: "postgres", url: url.href });
    return {
      db,
      drop: async () => {
        await db.destroy();
        await adminQuery(`drop database ${name} with (force)`);
      },
    };
  }
  await adminQuery(`create schema ${name}`);
  const db = await openDatabase({ kind: "postgres", url: TEST_DATABASE_URL }, { schema: name });
  return {
    db,
    drop: async () => {
      await db.destroy();
      await adminQuery(`drop schema ${name} cascade`);
    },
  };
}

/**
 * Runs the same suite on SQLite and on PostgreSQL. PostgreSQL is required when
 * TEST_DATABASE_URL is set or CI=true; otherwise it is skipped, with one line, when no server answers.
 */
export function describeEachDatabase(
  name: string,
  suite: (get: () => Database) => void,
  options: DatabaseOptions = {},
): void {
  for (const kind of ["sqlite", "postgres"] as const) {
    describe.skipIf(kind === "postgres" && !postgresAvailable)(`${name} [${kind}]`, () => {
      let handle: { db: Database; drop: () => Promise<void> } | undefined;
      beforeAll(async () => {
        handle = await freshDatabase(kind, options);
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
