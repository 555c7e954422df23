import { type Kysely, sql } from "kysely";
import { isPostgres } from "./columns.ts";

// Link health's counts without a scan (issue 30): `link_counts` holds how many links have each
// status, a check a person asked for and a "fine" mark (the menu's badge), kept by triggers on `links` in the transaction of
// every change, so /admin/links reads a handful of rows at a million links. SQLite keeps one row
// per (status, requested, marked_fine) and updates it. PostgreSQL appends a row of differences per statement
// (statement triggers over transition tables): one row updated again and again inside a long
// transaction (a restore, an import) would leave a chain of versions every update walks, and
// concurrent writers would queue on it. Readers sum the rows; linkCounts() folds them together now
// and then.

export async function up(db: Kysely<unknown>): Promise<void> {
  const pg = isPostgres(db);
  let table = db.schema
    .createTable("link_counts")
    .addColumn("status", "text", (col) => col.notNull())
    .addColumn("requested", "integer", (col) => col.notNull())
    .addColumn("marked_fine", "integer", (col) => col.notNull())
    .addColumn("n", "integer", (col) => col.notNull());
  if (!pg) table = table.addPrimaryKeyConstraint("link_counts_pkey", ["status", "requested", "marked_fine"]);
  await table.execute();
  // And by site, for the list's host filter.
  let hosts = db.schema
    .createTable("link_host_counts")
    .addColumn("host", "text", (col) => col.notNull())
    .addColumn("status", "text", (col) => col.notNull())
    .addColumn("n", "integer", (col) => col.notNull());
  if (!pg) hosts = hosts.addPrimaryKeyConstraint("link_host_counts_pkey", ["host", "status"]);
  await hosts.execute();
  if (pg)
    await db.schema.createIndex("link_host_counts_host_idx").on("link_host_counts").column("host").execute();
  await sql`insert into link_host_counts (host, status, n)
    select host, status, count(*) from links group by host, status`.execute(db);
  await sql`insert into link_counts (status, requested, marked_fine, n)
    select status, requested, marked_fine, count(*) from links group by status, requested, marked_fine`.execute(
    db,
  );
  if (pg) await postgresTriggers(db);
  else await sqliteTriggers(db);
}

async function sqliteTriggers(db: Kysely<unknown>): Promise<void> {
  const add = (row: string) =>
    `insert into link_counts (status, requested, marked_fine, n)
       values (${row}.status, ${row}.requested, ${row}.marked_fine, 1)
       on conflict (status, requested, marked_fine) do update set n = n + 1;
     insert into link_host_counts (host, status, n) values (${row}.host, ${row}.status, 1)
       on conflict (host, status) do update set n = n + 1;`;
  const remove = (row: string) =>
    `update link_counts set n = n - 1 where status = ${row}.status
       and requested = ${row}.requested and marked_fine = ${row}.marked_fine;
     update link_host_counts set n = n - 1 where host = ${row}.host and status = ${row}.status;`;
  await sql.raw(`create trigger link_counts_added after insert on links begin ${add("new")} end`).execute(db);
  await sql
    .raw(`create trigger link_counts_removed after delete on links begin ${remove("old")} end`)
    .execute(db);
  await sql
    .raw(
      `create trigger link_counts_changed after update of status, requested, marked_fine, host on links
       when old.status is not new.status or old.requested is not new.requested
         or old.marked_fine is not new.marked_fine or old.host is not new.host
       begin ${remove("old")} ${add("new")} end`,
    )
    .execute(db);
}

async function postgresTriggers(db: Kysely<unknown>): Promise<void> {
  const differences = {
    added: ["count(*) from added group by", "count(*) from added group by"],
    removed: ["-count(*) from removed group by", "-count(*) from removed group by"],
  };
  const changes = (columns: string) => `sum(d) from (
      select ${columns}, 1 as d from added union all select ${columns}, -1 from removed
    ) as x group by`;
  const functions = {
    ...differences,
    changed: [changes("status, requested, marked_fine"), changes("host, status")],
  };
  for (const [name, [byStatus, byHost]] of Object.entries(functions)) {
    await sql
      .raw(`
        create function link_counts_${name}() returns trigger language plpgsql as $$
        begin
          insert into link_counts (status, requested, marked_fine, n)
            select status, requested, marked_fine, ${byStatus} 1, 2, 3 ${name === "changed" ? "having sum(d) <> 0" : ""};
          insert into link_host_counts (host, status, n)
            select host, status, ${byHost} 1, 2 ${name === "changed" ? "having sum(d) <> 0" : ""};
          return null;
        end $$`)
      .execute(db);
  }
  await sql
    .raw(`create trigger link_counts_added after insert on links referencing new table as added
      for each statement execute function link_counts_added()`)
    .execute(db);
  await sql
    .raw(`create trigger link_counts_removed after delete on links referencing old table as removed
      for each statement execute function link_counts_removed()`)
    .execute(db);
  // Transition tables allow no column list: every update comes here, and nets to nothing unless a
  // status, a request or a mark changed.
  await sql
    .raw(`create trigger link_counts_changed after update on links
      referencing new table as added old table as removed
      for each statement execute function link_counts_changed()`)
    .execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const name of ["added", "removed", "changed"]) {
    if (isPostgres(db)) {
      await sql.raw(`drop trigger if exists link_counts_${name} on links`).execute(db);
      await sql.raw(`drop function if exists link_counts_${name}()`).execute(db);
    } else await sql.raw(`drop trigger if exists link_counts_${name}`).execute(db);
  }
  await db.schema.dropTable("link_counts").ifExists().execute();
  await db.schema.dropTable("link_host_counts").ifExists().execute();
}
