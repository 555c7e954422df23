import type { Kysely } from "kysely";

// Jobs that must run on one instance at a time (scheduled posts, Trash purge, backups): a row per
// job holds who runs it now and until when (app/server/jobs/lease.server.ts).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("job_leases")
    .addColumn("name", "text", (col) => col.primaryKey())
    .addColumn("holder", "text")
    .addColumn("lease_until", "text")
    .addColumn("last_run_at", "text")
    .addColumn("last_result", "text")
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("job_leases").execute();
}
