import type { Kysely } from "kysely";
import { up as createLoginFailures } from "./0002-login-failures.ts";

// Login limits as counters that are reserved *before* a password is checked (one atomic upsert
// per attempt, see docs/decisions/0006), and the devices and addresses each account signed in from.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("login_counters")
    .addColumn("key", "text", (col) => col.primaryKey())
    .addColumn("window_start", "text", (col) => col.notNull())
    .addColumn("attempts", "integer", (col) => col.notNull())
    .execute();
  await db.schema
    .createTable("login_known_sources")
    .addColumn("user_id", "integer", (col) => col.notNull().references("users.id").onDelete("cascade"))
    .addColumn("source", "text", (col) => col.notNull())
    .addColumn("last_seen_at", "text", (col) => col.notNull())
    .addPrimaryKeyConstraint("login_known_sources_pk", ["user_id", "source"])
    .execute();
  // Replaced by login_counters: a failure list could not be counted before the check, atomically.
  await db.schema.dropTable("login_failures").ifExists().execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("login_known_sources").ifExists().execute();
  await db.schema.dropTable("login_counters").ifExists().execute();
  await createLoginFailures(db);
}
