import { type Kysely, sql } from "kysely";
import { columnKinds } from "./columns.ts";

// My account and two-step sign-in (issue 16, items 5–7; docs/decisions/0015):
// - sessions.device ("Chrome on Android", from the User-Agent at sign-in), address and last_seen_at
//   (touched at most once a minute): the list of one's sessions on My account.
// - two_step: an account's TOTP secret (RFC 6238). turned_on_at is null while it is being set up
//   (the QR code shown, no code confirmed yet); last_step is the last time step whose code was
//   accepted, so the same code cannot be used twice.
// - recovery_codes: ten one-time codes, only their sha256 stored; used_at marks one used.
// - sign_in_steps: a sign-in waiting for its code after a correct password (not a session): only
//   the sha256 of the browser's token is stored, and it expires within minutes.
// - site_state "two_step_required": 1 when every admin account must use two-step sign-in.
export async function up(db: Kysely<unknown>): Promise<void> {
  const c = columnKinds(db);
  await db.schema.alterTable("sessions").addColumn("device", "text").execute();
  await db.schema.alterTable("sessions").addColumn("address", "text").execute();
  await db.schema.alterTable("sessions").addColumn("last_seen_at", "text").execute();

  await db.schema
    .createTable("two_step")
    .addColumn("user_id", "integer", (col) => col.primaryKey().references("users.id").onDelete("cascade"))
    .addColumn("secret", "text", (col) => col.notNull())
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("turned_on_at", "text")
    .addColumn("last_step", "integer")
    .execute();

  await db.schema
    .createTable("recovery_codes")
    .addColumn("id", c.id, (col) => c.idOptions(col))
    .addColumn("user_id", "integer", (col) => col.notNull().references("users.id").onDelete("cascade"))
    .addColumn("code_hash", "text", (col) => col.notNull())
    .addColumn("used_at", "text")
    .execute();
  await db.schema
    .createIndex("recovery_codes_user_code_idx")
    .on("recovery_codes")
    .columns(["user_id", "code_hash"])
    .unique()
    .execute();

  await db.schema
    .createTable("sign_in_steps")
    .addColumn("token_hash", "text", (col) => col.primaryKey())
    .addColumn("user_id", "integer", (col) => col.notNull().references("users.id").onDelete("cascade"))
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("expires_at", "text", (col) => col.notNull())
    .execute();
  await db.schema.createIndex("sign_in_steps_user_idx").on("sign_in_steps").column("user_id").execute();

  await sql`insert into site_state (key, value) values ('two_step_required', 0)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from site_state where key = 'two_step_required'`.execute(db);
  for (const table of ["sign_in_steps", "recovery_codes", "two_step"])
    await db.schema.dropTable(table).execute();
  for (const column of ["device", "address", "last_seen_at"])
    await db.schema.alterTable("sessions").dropColumn(column).execute();
}
