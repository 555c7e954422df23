import { type Kysely, sql } from "kysely";
import { type Migration, Migrator } from "kysely/migration";
import * as initial from "./0001-initial.ts";
import * as loginFailures from "./0002-login-failures.ts";
import * as importSources from "./0003-import-sources.ts";
import * as contentVersion from "./0004-content-version.ts";
import * as mediaVariants from "./0005-media-variants.ts";
import { isPostgres } from "./columns.ts";

// Listed here rather than read from the folder, so that migrations run the same
// from the bundled server, the CLI and the tests. Append new ones; never edit old ones.
const migrations: Record<string, Migration> = {
  "0001-initial": initial,
  "0002-login-failures": loginFailures,
  "0003-import-sources": importSources,
  "0004-content-version": contentVersion,
  "0005-media-variants": mediaVariants,
};

// biome-ignore lint/suspicious/noExplicitAny: migrations run on any schema
export async function migrateToLatest(db: Kysely<any>): Promise<void> {
  // On PostgreSQL the migrator must look for its own tables in *our* schema only: other schemas of the
  // same database (e.g. test runs) may hold tables of the same name.
  const schema = isPostgres(db)
    ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(db)).rows[0]?.schema
    : undefined;
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === "Error");
  if (error || failed) {
    const reason = error instanceof Error ? error.message : String(error ?? "unknown error");
    throw new Error(`database migration ${failed?.migrationName ?? ""} failed: ${reason}`);
  }
}
