import type { Kysely } from "kysely";

// The console's toasts travel in the session (POST/redirect/GET): the message a write leaves for the
// next page the admin sees, as JSON, taken (and cleared) by the console layout.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("sessions").addColumn("flash", "text").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("sessions").dropColumn("flash").execute();
}
