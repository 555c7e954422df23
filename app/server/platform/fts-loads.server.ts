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

/** FTS5's own default `automerge`: a level's segments are merged once it has this many. */
const DEFAULT_AUTOMERGE = 4;

async function setOption(db: Kysely<unknown>, index: string, option: string, value: number): Promise<void> {
  await sql`insert into ${sql.table(index)} (${sql.ref(index)}, rank) values (${option}, ${sql.lit(value)})`.execute(
    db,
  );
}

/** Merges every segment of the FTS5 table `index` into one: fewer pages for each later query to read. */
export async function optimizeFts(db: Kysely<unknown>, index: string): Promise<void> {
  await sql`insert into ${sql.table(index)} (${sql.ref(index)}) values ('optimize')`.execute(db);
}

/**
 * Runs `load` (its inserts into the FTS5 tables `indexes`) with their `hashsize` at 8 MB, set back
 * to the default after: it is kept in each index's config table, and a server's few rows a write
 * would otherwise hold more memory for nothing. A failed load is undone with its transaction.
 *
 * `mergedOnce`: the segments are not merged as they come (`automerge` 0; FTS5 still merges a level
 * of 16, its `crisismerge`) but all at once at the end (`optimize`), leaving one segment. For the
 * links' URLs (trigrams, no positions) that is 2.4 s less at 1,000,000 links; for the search
 * documents' indexes it costs 1-1.7 s more, so they merge as usual (docs/decisions/0052).
 */
export async function withFtsLoadMemory<T>(
  db: Kysely<unknown>,
  indexes: readonly string[],
  load: () => Promise<T>,
  { mergedOnce = false }: { mergedOnce?: boolean } = {},
): Promise<T> {
  for (const index of indexes) {
    await setOption(db, index, "hashsize", LOAD_HASH_SIZE);
    if (mergedOnce) await setOption(db, index, "automerge", 0);
  }
  const result = await load();
  for (const index of indexes) {
    if (mergedOnce) {
      await optimizeFts(db, index);
      await setOption(db, index, "automerge", DEFAULT_AUTOMERGE);
    }
    await setOption(db, index, "hashsize", DEFAULT_HASH_SIZE);
  }
  return result;
}
