import { type Kysely, sql } from "kysely";

// SQLite's FTS5 indexes filled in bulk (a restore's or first import's search index and link URLs).
// FTS5 gathers the words of what it is given in memory and writes them out as a segment when that
// memory (`hashsize`) is full or a statement that may have to be undone alone begins; segments are
// then merged, and merged again. A load gives each index all its rows in one INSERT ... SELECT with
// 8 MB to gather them in, not 1: fewer, larger segments. Nothing here imports db.server.ts: the
// migrator calls the inventory that uses it.

/** FTS5's own default `hashsize`, and a bulk load's. */
const DEFAULT_HASH_SIZE = 1024 * 1024;
const LOAD_HASH_SIZE = 8 * 1024 * 1024;

async function setHashSize(db: Kysely<unknown>, indexes: readonly string[], bytes: number): Promise<void> {
  for (const index of indexes)
    await sql`insert into ${sql.table(index)} (${sql.ref(index)}, rank) values ('hashsize', ${sql.lit(bytes)})`.execute(
      db,
    );
}

/**
 * Runs `load` (its inserts into the FTS5 tables `indexes`) with their `hashsize` at 8 MB, set back
 * to the default after: it is kept in each index's config table, and a server's few rows a write
 * would otherwise hold more memory for nothing. A failed load is undone with its transaction.
 */
export async function withFtsLoadMemory<T>(
  db: Kysely<unknown>,
  indexes: readonly string[],
  load: () => Promise<T>,
): Promise<T> {
  await setHashSize(db, indexes, LOAD_HASH_SIZE);
  const result = await load();
  await setHashSize(db, indexes, DEFAULT_HASH_SIZE);
  return result;
}
