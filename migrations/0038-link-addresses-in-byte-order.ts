import { type Kysely, sql } from "kysely";
import { isPostgres } from "./columns.ts";

// PostgreSQL (docs/decisions/0045): Link health's addresses and hosts compare as bytes (`COLLATE "C"`),
// not by the database's locale. They are normalised URLs, ASCII only (the WHATWG serialiser
// percent-encodes a path and spells a host in punycode), so a locale adds nothing to their order
// but its cost: every check of the unique URL index as links are added, and every sort of the
// link lists' indexes (1,000,000 links, 3,000,000 scope rows in a 100,000-chapter import), went
// through strcoll. Byte order is also SQLite's (BINARY), so the console lists links in the same
// order on both engines, whatever locale a server was set up with. `lower(url)` in the trigram
// index lowers ASCII letters only under "C": the same for an ASCII address.
// The columns' indexes are built again (the tables are not rewritten): about 30 s at 1,000,000 links
// on a slow 2-core machine, Link health's tables locked meanwhile.

/** Each table's columns, changed in one statement: its indexes are built again once. */
const COLUMNS = [
  ["links", ["url", "host"]],
  ["link_scopes", ["url"]],
  ["link_host_counts", ["host"]],
] as const;

async function collate(db: Kysely<unknown>, collation: "C" | "default"): Promise<void> {
  for (const [table, columns] of COLUMNS)
    await sql`alter table ${sql.table(table)} ${sql.join(
      columns.map((column) => sql`alter column ${sql.ref(column)} type text collate ${sql.id(collation)}`),
    )}`.execute(db);
}

export async function up(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) await collate(db, "C");
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) await collate(db, "default");
}
