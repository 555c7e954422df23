import { type Kysely, sql } from "kysely";

// Indexes for Manage Blogs' paged list (issue 12): each sort (date, or title ignoring case; ties
// by id) reads its window of 50 by walking an index, and the Tag filter and the tags-in-use query
// find their rows by tag. The Status filter uses posts_status_date_idx from 0001.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex("posts_date_idx").on("posts").columns(["date", "id"]).execute();
  await sql`create index posts_title_idx on posts (lower(title), id)`.execute(db);
  await db.schema.createIndex("posts_tag_date_idx").on("posts").columns(["tag", "date", "id"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const name of ["posts_tag_date_idx", "posts_title_idx", "posts_date_idx"]) {
    await db.schema.dropIndex(name).ifExists().execute();
  }
}
