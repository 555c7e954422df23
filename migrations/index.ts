import type { Kysely } from "kysely";
import { type Migration, Migrator } from "kysely/migration";
import * as initial from "./0001-initial.ts";
import * as loginFailures from "./0002-login-failures.ts";

// Listed here rather than read from the folder, so that migrations run the same
// from the bundled server, the CLI and the tests. Append new ones; never edit old ones.
const migrations: Record<string, Migration> = {
  "0001-initial": initial,
  "0002-login-failures": loginFailures,
};

// biome-ignore lint/suspicious/noExplicitAny: migrations run on any schema
export async function migrateToLatest(db: Kysely<any>): Promise<void> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === "Error");
  if (error || failed) {
    const reason = error instanceof Error ? error.message : String(error ?? "unknown error");
    throw new Error(`database migration ${failed?.migrationName ?? ""} failed: ${reason}`);
  }
}
