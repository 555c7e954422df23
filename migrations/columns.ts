import type { ColumnDefinitionBuilder, Kysely } from "kysely";
import { sql } from "kysely";

/** The few column types that differ between SQLite and PostgreSQL, chosen once per migration. */
export type ColumnKinds = {
  id: "integer" | "serial";
  idOptions: (col: ColumnDefinitionBuilder) => ColumnDefinitionBuilder;
  blob: ReturnType<typeof sql.raw>;
};

/**
 * Which engine `db` runs on. Migrations own it because the app imports them (db.server.ts runs them)
 * and never the other way: app/server imports it from here, downward.
 */
export function isPostgres(db: Kysely<unknown>): boolean {
  return db.getExecutor().adapter.constructor.name.toLowerCase().includes("postgres");
}

export function columnKinds(db: Kysely<unknown>): ColumnKinds {
  return isPostgres(db)
    ? { id: "serial", idOptions: (col) => col.primaryKey(), blob: sql.raw("bytea") }
    : { id: "integer", idOptions: (col) => col.primaryKey().autoIncrement(), blob: sql.raw("blob") };
}
