import { type Kysely, sql } from "kysely";
import type { DB } from "#app/server/schema.server.ts";

// The search index and the link inventory each keep a queue of the content rows a write touched
// (`search_pending`, `link_pending`: kind and row id), filled by triggers (migrations 0011, 0012).

type ContentTable = "chapters" | "chapter_links" | "notes" | "posts";

/**
 * Puts every row of each table in `queue` under its kind (rows already there stay as they are): a
 * rebuild from scratch, and a restore that wrote its rows without the triggers.
 */
export async function queueEveryRow(
  db: Kysely<DB>,
  queue: "search_pending" | "link_pending",
  tables: Readonly<Record<string, ContentTable>>,
): Promise<void> {
  for (const [kind, table] of Object.entries(tables)) {
    // `where true`: SQLite reads ON CONFLICT right after a SELECT's FROM as a join's ON.
    await sql`insert into ${sql.table(queue)} (kind, ref_id)
      select ${sql.lit(kind)}, id from ${sql.table(table)} where true
      on conflict do nothing`.execute(db);
  }
}
