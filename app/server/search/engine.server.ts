import type { Kysely } from "kysely";
import type { DB } from "#app/server/schema.server.ts";
import type { Engine } from "#app/server/search/engine-types.server.ts";
import { postgresEngine } from "#app/server/search/postgres.server.ts";
import { sqliteEngine } from "#app/server/search/sqlite.server.ts";
import { isPostgres } from "#migrations/columns.ts";

// Which engine a database has. What an engine is (and the types its parts share) is in
// engine-types.server.ts, which imports none of them: the engines import it, not this file.

export function engineOf(db: Kysely<DB>): Engine {
  return isPostgres(db as Kysely<unknown>) ? postgresEngine : sqliteEngine;
}
