import { type Kysely, sql } from "kysely";
import { columnKinds } from "./columns.ts";

// A team in the console (issue 16, docs/decisions/0015):
// - users.role: "admin", "editor" or null (signed in without a console role). It replaces the
//   is_admin flag (1 → admin, 0 → none), which is dropped so that no code can read it any more.
// - users.deactivated_at: when an admin deactivated the account (null: it may sign in).
// - users.last_sign_in_at: when its last session started (the Users page's "Last sign-in").
// - An account waiting for its first password (invited) has an empty password_hash.
// - password_links: one-time links to set a password (an invitation, or after "Reset password"):
//   only the sha256 of the random token is stored; a link is used once and expires.
export async function up(db: Kysely<unknown>): Promise<void> {
  const c = columnKinds(db);
  await db.schema.alterTable("users").addColumn("role", "text").execute();
  await db.schema.alterTable("users").addColumn("deactivated_at", "text").execute();
  await db.schema.alterTable("users").addColumn("last_sign_in_at", "text").execute();
  await sql`update users set role = 'admin' where is_admin = 1`.execute(db);
  await db.schema.alterTable("users").dropColumn("is_admin").execute();

  await db.schema
    .createTable("password_links")
    .addColumn("id", c.id, (col) => c.idOptions(col))
    .addColumn("user_id", "integer", (col) => col.notNull().references("users.id").onDelete("cascade"))
    .addColumn("token_hash", "text", (col) => col.notNull().unique())
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("expires_at", "text", (col) => col.notNull())
    .addColumn("used_at", "text")
    .execute();
  await db.schema.createIndex("password_links_user_idx").on("password_links").column("user_id").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("password_links").execute();
  await db.schema
    .alterTable("users")
    .addColumn("is_admin", "integer", (col) => col.notNull().defaultTo(0))
    .execute();
  await sql`update users set is_admin = 1 where role = 'admin'`.execute(db);
  for (const column of ["role", "deactivated_at", "last_sign_in_at"])
    await db.schema.alterTable("users").dropColumn(column).execute();
}
