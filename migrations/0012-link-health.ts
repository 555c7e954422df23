import { type Kysely, sql } from "kysely";
import { columnKinds, isPostgres } from "./columns.ts";

// Link health (issue 14, docs/decisions/0011-link-health.md). `links` holds one row per distinct
// normalised URL with its status, schedule and lease; `link_uses` every place it is used. Triggers on
// the content tables note each row a write touches in `link_pending`; the write's own transaction
// brings the inventory up to date before it commits (contentChanged → link-health/inventory.server.ts),
// as search does (0011). This migration marks every existing row pending; migrateToLatest builds the
// inventory right after, and every link found is due for a check at once.

/** The rows whose links are counted, and the columns whose change changes them. */
const SOURCES = [
  { table: "chapter_links", kind: "chapter-link", columns: ["url", "chapter_id"] },
  { table: "notes", kind: "note", columns: ["content", "chapter_id"] },
  { table: "posts", kind: "post", columns: ["content"] },
] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  const pg = isPostgres(db);
  const c = columnKinds(db);

  await db.schema
    .createTable("links")
    .addColumn("id", c.id, (col) => c.idOptions(col))
    .addColumn("url", "text", (col) => col.notNull())
    .addColumn("host", "text", (col) => col.notNull())
    .addColumn("status", "text", (col) => col.notNull().defaultTo("unchecked"))
    // The status's place in the list (Broken first): what the console sorts by, through an index.
    .addColumn("severity", "integer", (col) => col.notNull())
    .addColumn("final_url", "text")
    .addColumn("checked_at", "text")
    .addColumn("last_result", "text")
    // The last answer in a comparable form ("code:404", "error:timeout"): a human "fine" lasts while it does.
    .addColumn("last_answer", "text")
    // Warnings counted towards Broken (each at least a day after the one before).
    .addColumn("failures", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("last_failure_at", "text")
    .addColumn("marked_fine", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("fine_answer", "text")
    .addColumn("marked_fine_by", "text")
    .addColumn("due_at", "text", (col) => col.notNull())
    // A person asked for a check (Recheck, Check all, a student's report): checked first, even with LINK_CHECK=off.
    .addColumn("requested", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("lease_token", "text")
    .addColumn("lease_until", "text")
    .addColumn("status_changed_at", "text")
    .addColumn("previous_status", "text")
    .addColumn("created_at", "text", (col) => col.notNull())
    .addUniqueConstraint("links_url_key", ["url"])
    .execute();
  await db.schema.createIndex("links_due_idx").on("links").columns(["due_at"]).execute();
  await db.schema.createIndex("links_requested_idx").on("links").columns(["requested", "due_at"]).execute();
  await db.schema.createIndex("links_severity_idx").on("links").columns(["severity", "url"]).execute();
  await db.schema.createIndex("links_host_idx").on("links").columns(["host", "severity", "url"]).execute();
  await db.schema
    .createIndex("links_status_changed_idx")
    .on("links")
    .columns(["status", "status_changed_at"])
    .execute();

  await db.schema
    .createTable("link_uses")
    .addColumn("link_id", "integer", (col) => col.notNull().references("links.id").onDelete("cascade"))
    .addColumn("kind", "text", (col) => col.notNull())
    .addColumn("ref_id", "integer", (col) => col.notNull())
    // A chapter link's or note's chapter (null for a post): the class and subject filters, the chapter page.
    .addColumn("chapter_id", "integer")
    .addPrimaryKeyConstraint("link_uses_pkey", ["kind", "ref_id", "link_id"])
    .execute();
  await db.schema.createIndex("link_uses_link_idx").on("link_uses").columns(["link_id"]).execute();
  await db.schema.createIndex("link_uses_chapter_idx").on("link_uses").columns(["chapter_id"]).execute();

  await db.schema
    .createTable("link_pending")
    .addColumn("kind", "text", (col) => col.notNull())
    .addColumn("ref_id", "integer", (col) => col.notNull())
    .addPrimaryKeyConstraint("link_pending_pkey", ["kind", "ref_id"])
    .execute();

  await db.schema
    .createTable("link_checks")
    .addColumn("id", c.id, (col) => c.idOptions(col))
    .addColumn("link_id", "integer", (col) => col.notNull().references("links.id").onDelete("cascade"))
    .addColumn("checked_at", "text", (col) => col.notNull())
    .addColumn("code", "integer")
    .addColumn("error", "text")
    .addColumn("final_url", "text")
    .addColumn("status", "text", (col) => col.notNull())
    .addColumn("duration_ms", "integer", (col) => col.notNull())
    .execute();
  await db.schema.createIndex("link_checks_link_idx").on("link_checks").columns(["link_id", "id"]).execute();
  // "Did any site answer lately?": the network-down rule asks it of small runs.
  await db.schema.createIndex("link_checks_time_idx").on("link_checks").columns(["checked_at"]).execute();

  await db.schema
    .createTable("link_reports")
    .addColumn("id", c.id, (col) => c.idOptions(col))
    .addColumn("link_id", "integer", (col) => col.notNull().references("links.id").onDelete("cascade"))
    .addColumn("reason", "text", (col) => col.notNull())
    .addColumn("page", "text", (col) => col.notNull())
    // sha256 of a secret salt and the visitor's address: enough to count, never the address itself.
    .addColumn("address_hash", "text", (col) => col.notNull())
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("status", "text", (col) => col.notNull().defaultTo("open"))
    .addColumn("resolved_at", "text")
    .execute();
  await db.schema
    .createIndex("link_reports_status_idx")
    .on("link_reports")
    .columns(["status", "id"])
    .execute();
  await db.schema
    .createIndex("link_reports_address_idx")
    .on("link_reports")
    .columns(["address_hash", "created_at"])
    .execute();

  // Small named values: the reports' salt, the last "Check all links now".
  await db.schema
    .createTable("link_state")
    .addColumn("key", "text", (col) => col.primaryKey())
    .addColumn("value", "text", (col) => col.notNull())
    .execute();

  for (const source of SOURCES) {
    if (pg) await postgresTriggers(db, source);
    else await sqliteTriggers(db, source);
    // Everything that exists is counted now (the app builds the inventory in migrateToLatest's transaction).
    await sql`insert into link_pending (kind, ref_id) select ${sql.lit(source.kind)}, id from ${sql.table(source.table)}`.execute(
      db,
    );
  }
}

type Source = (typeof SOURCES)[number];

async function sqliteTriggers(db: Kysely<unknown>, { table, kind, columns }: Source): Promise<void> {
  const mark = (id: string) => `insert or ignore into link_pending (kind, ref_id) values ('${kind}', ${id});`;
  const changed = columns.map((col) => `old.${col} is not new.${col}`).join(" or ");
  await sql
    .raw(`create trigger links_${table}_added after insert on ${table} begin ${mark("new.id")} end`)
    .execute(db);
  await sql
    .raw(
      `create trigger links_${table}_changed after update of ${columns.join(", ")} on ${table} when ${changed} begin ${mark("new.id")} end`,
    )
    .execute(db);
  await sql
    .raw(`create trigger links_${table}_removed after delete on ${table} begin ${mark("old.id")} end`)
    .execute(db);
}

async function postgresTriggers(db: Kysely<unknown>, { table, kind, columns }: Source): Promise<void> {
  const mark = (id: string) =>
    `insert into link_pending (kind, ref_id) values ('${kind}', ${id}) on conflict do nothing;`;
  const changed = columns.map((col) => `old.${col} is distinct from new.${col}`).join(" or ");
  await sql
    .raw(`
      create function links_${table}_mark() returns trigger language plpgsql as $$
      begin
        if tg_op = 'DELETE' then ${mark("old.id")}
        else ${mark("new.id")}
        end if;
        return null;
      end $$`)
    .execute(db);
  await sql
    .raw(
      `create trigger links_${table}_added_removed after insert or delete on ${table} for each row execute function links_${table}_mark()`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger links_${table}_changed after update of ${columns.join(", ")} on ${table} for each row when (${changed}) execute function links_${table}_mark()`,
    )
    .execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const pg = isPostgres(db);
  for (const { table } of SOURCES) {
    if (pg) {
      await sql.raw(`drop trigger if exists links_${table}_added_removed on ${table}`).execute(db);
      await sql.raw(`drop trigger if exists links_${table}_changed on ${table}`).execute(db);
      await sql.raw(`drop function if exists links_${table}_mark()`).execute(db);
    } else {
      for (const what of ["added", "changed", "removed"])
        await sql.raw(`drop trigger if exists links_${table}_${what}`).execute(db);
    }
  }
  for (const table of ["link_state", "link_reports", "link_checks", "link_pending", "link_uses", "links"])
    await db.schema.dropTable(table).ifExists().execute();
}
