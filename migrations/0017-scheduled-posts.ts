import type { Kysely } from "kysely";

// Scheduled posts (issue 15): a post may be Scheduled, with the moment it goes public by itself
// (`publish_at`, ISO-8601 UTC text; null unless Scheduled). The publishing job finds the due ones
// through the index, without reading every post.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("posts").addColumn("publish_at", "text").execute();
  await db.schema
    .createIndex("posts_status_publish_at_idx")
    .on("posts")
    .columns(["status", "publish_at"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("posts_status_publish_at_idx").ifExists().execute();
  await db.schema.alterTable("posts").dropColumn("publish_at").execute();
}
