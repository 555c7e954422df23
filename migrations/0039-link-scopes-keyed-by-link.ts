import { type Kysely, sql } from "kysely";
import { isPostgres } from "./columns.ts";

// PostgreSQL (docs/decisions/0047): `link_scopes`' key is (link_id, scope), not (scope, link_id), and
// its index on link_id alone goes. Every read by the scope alone is a Link health list, which its
// list index serves (scope, severity, url); the triggers read by both columns (a use's scopes) or by
// the link alone (a link's severity, a link gone), which the key now serves too. One B-tree of
// 3,000,000 rows less to build after a 100,000-chapter import and to keep up on every use, and the
// key itself builds in half the time there (its first column a whole number, not text).
// The triggers' `on conflict (scope, link_id)` names the key's columns, whose order PostgreSQL does
// not compare. SQLite keeps its table as it is: its key orders a table without rowid, which only a
// copy of the whole table could change, and its import does not wait on that index.

export async function up(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`alter table link_scopes drop constraint link_scopes_pkey,
    add constraint link_scopes_pkey primary key (link_id, scope)`.execute(db);
  await sql`drop index if exists link_scopes_link_idx`.execute(db);
  // A load that died before building it must not build it later.
  await sql`delete from deferred_indexes where name = 'link_scopes_link_idx'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`alter table link_scopes drop constraint link_scopes_pkey,
    add constraint link_scopes_pkey primary key (scope, link_id)`.execute(db);
  await sql`create index link_scopes_link_idx on link_scopes (link_id)`.execute(db);
}
