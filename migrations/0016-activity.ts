import type { Kysely } from "kysely";
import { columnKinds } from "./columns.ts";

// The Activity log (issue 15): one row per console write, sign-in and command-line change: who
// (the actor's label, and the account when a person did it), when (ISO text, UTC), from which
// address, what (a stable action name, the item and a short summary). Never a password, token or
// session id (app/server/console/activity.server.ts caps every text). The indexes serve the page's newest
// first list and its person and action filters; rows older than 365 days are deleted by a job.
export async function up(db: Kysely<unknown>): Promise<void> {
  const c = columnKinds(db);
  await db.schema
    .createTable("activity")
    .addColumn("id", c.id, (col) => c.idOptions(col))
    .addColumn("at", "text", (col) => col.notNull())
    .addColumn("actor", "text", (col) => col.notNull())
    // No foreign key: the log outlives a removed account (its label says who it was).
    .addColumn("actor_id", "integer")
    .addColumn("address", "text")
    .addColumn("action", "text", (col) => col.notNull())
    .addColumn("item", "text")
    .addColumn("summary", "text")
    .execute();
  await db.schema.createIndex("activity_at_idx").on("activity").columns(["at", "id"]).execute();
  await db.schema.createIndex("activity_actor_idx").on("activity").columns(["actor", "at"]).execute();
  await db.schema.createIndex("activity_action_idx").on("activity").columns(["action", "at"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("activity").execute();
}
