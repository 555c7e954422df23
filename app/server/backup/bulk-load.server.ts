import { AsyncLocalStorage } from "node:async_hooks";
import { type Kysely, sql } from "kysely";
import pLimit from "p-limit";
import { integerArray, textArray } from "#app/server/platform/binary-arrays.server.ts";
import type { DB } from "#app/server/schema.server.ts";
import { isPostgres } from "#migrations/columns.ts";

// Loading a whole site's rows into empty tables inside one transaction (a restore, a first
// Firestore import): docs/decisions/0022-bulk-loads.md. Nothing here imports db.server.ts: the search
// index and the link inventory use it, and the migrator calls them.

/** The tables whose rows the search index and link inventory are built from (see withoutRowTriggers). */
export const CONTENT_TABLES = ["chapters", "chapter_links", "notes", "posts"] as const;

/**
 * The content tables a bulk load analyses (PostgreSQL) before the search index is built from them:
 * it reads a round of chapters' notes by chapter, which, planned for tables the planner knows
 * nothing of, read every note for each round (decision 0034).
 */
export const READ_BY_INDEXING = ["chapters", "notes"] as const;

/**
 * Runs `work` (a load) with the row triggers of `tables` off, inside the caller's transaction, which
 * then holds those tables until it ends. The triggers keep queues and derived tables a row at a time
 * (the search and link queues of the content tables, migrations 0011 and 0012; link health's counts,
 * scopes and URL index, 0021 and 0022): a trigger call a row, millions for a large site. The caller
 * builds whatever they keep from the tables afterwards, in a few statements over all the rows, in
 * the same transaction. PostgreSQL switches them off and on (ALTER TABLE ... DISABLE TRIGGER USER);
 * SQLite cannot, so they are dropped and made again from their own definitions (sqlite_master), in
 * the order they were made (SQLite fires the newest first). Either way it is undone with the
 * transaction: a load that fails or dies half-way leaves the triggers as they were.
 */
export async function withoutRowTriggers<T>(
  db: Kysely<DB>,
  tables: readonly string[],
  work: () => Promise<T>,
): Promise<T> {
  if (!db.isTransaction) throw new Error("withoutRowTriggers runs inside a transaction");
  const off = new Set([...(triggersOff.getStore() ?? []), ...tables]);
  const run = () => triggersOff.run(off, work);
  if (isPostgres(db as Kysely<unknown>)) {
    for (const table of tables) await sql`alter table ${sql.table(table)} disable trigger user`.execute(db);
    const result = await run();
    for (const table of tables) await sql`alter table ${sql.table(table)} enable trigger user`.execute(db);
    return result;
  }
  const { rows: triggers } = await sql<{ name: string; definition: string }>`
    select name, sql as definition from sqlite_master
    where type = 'trigger' and tbl_name in (${sql.join(tables)}) order by rowid`.execute(db);
  for (const trigger of triggers) await sql`drop trigger ${sql.id(trigger.name)}`.execute(db);
  const result = await run();
  for (const trigger of triggers) await sql.raw(trigger.definition).execute(db);
  return result;
}

const triggersOff = new AsyncLocalStorage<ReadonlySet<string>>();

/**
 * Whether `table`'s row triggers are off here (inside withoutRowTriggers): a write that would
 * leave a kept count to them gives the count itself (a chapter's `resources`, migration 0040).
 */
export function rowTriggersOff(table: string): boolean {
  return triggersOff.getStore()?.has(table) ?? false;
}

/**
 * The tables built from the content in a load (the search index, the link inventory), whose
 * secondary indexes nothing in the rest of a load reads: on PostgreSQL those are built after the
 * load commits, two at once (withIndexesAfterCommit). The content tables' stay inside it: the
 * search index is built by reading notes by chapter.
 */
export const INDEXED_AFTER_COMMIT = ["search_documents", "search_words", "links", "link_uses", "link_scopes"];

const afterCommit = new AsyncLocalStorage<boolean>();

/**
 * Runs `work` (a load's transaction, which it begins and commits itself) with the secondary indexes
 * that fillInBulk makes again on INDEXED_AFTER_COMMIT written into `deferred_indexes` rather than
 * built; the caller builds them after the commit (buildDeferredIndexes). PostgreSQL 15 builds a GIN
 * index on one core, and inside one transaction one statement at a time: at 100,000 chapters those
 * builds were some 40% of a restore with the second core idle (decision 0034). Their rows go in with
 * the load, so a process that dies before they are built leaves them for whoever opens the
 * database next; the data itself is all in or not at all, as before.
 */
export function withIndexesAfterCommit<T>(work: () => Promise<T>): Promise<T> {
  return afterCommit.run(true, work);
}

/**
 * Runs `work`, which fills `tables` from empty, with their secondary indexes (those behind no
 * primary key or unique constraint) and their foreign keys dropped on PostgreSQL, and makes them
 * again after, inside the caller's transaction (which then holds those tables: only for a load
 * into an empty site). An index built once over all the rows costs a fraction of hundreds of
 * thousands of inserts into it, and a foreign key added back checks every row in one join rather
 * than a lookup a row (a failed check still rolls everything back). Keys and unique constraints
 * stay: they are checks, and ON CONFLICT needs them. The definitions are read from the catalogue,
 * so they stay the migrations' own (inside withIndexesAfterCommit, those of INDEXED_AFTER_COMMIT
 * are noted to build after the commit instead). SQLite drops and makes again its plain indexes the
 * same way (its foreign keys are checked a row at a time, by the keys' own indexes).
 *
 * `keys` names tables (of `tables`) whose primary key and unique constraints go too on PostgreSQL,
 * for work that writes no row twice and no ON CONFLICT on them (one INSERT ... SELECT ... GROUP BY
 * by the key), into a table no foreign key points at: a key added back is one sorted build, where
 * hundreds of thousands of inserts each walk its b-tree (and a duplicate still fails the load).
 */
export async function fillInBulk<T>(
  db: Kysely<DB>,
  tables: readonly string[],
  work: () => Promise<T>,
  options: { keys?: readonly string[] } = {},
): Promise<T> {
  if (!isPostgres(db as Kysely<unknown>)) return fillSqliteInBulk(db, tables, work);
  const { rows: indexes } = await sql<{ name: string; table: string; definition: string }>`
    select i.indexname as name, i.tablename as table, i.indexdef as definition from pg_indexes i
    where i.schemaname = current_schema() and i.tablename = any(${tables}::text[])
      and not exists (select 1 from pg_constraint c
        where c.conindid = format('%I.%I', i.schemaname, i.indexname)::regclass)
    order by i.indexname`.execute(db);
  const keyed = (options.keys ?? []).filter((table) => tables.includes(table));
  // Foreign keys first (dropped first, added back last), then the keys of `keyed`.
  const { rows: keys } = await sql<{ name: string; table: string; definition: string }>`
    select c.conname as name, t.relname as table, pg_get_constraintdef(c.oid) as definition
    from pg_constraint c join pg_class t on t.oid = c.conrelid
    where t.relnamespace = current_schema()::regnamespace
      and (c.contype = 'f' and t.relname = any(${tables}::text[])
        or c.contype in ('p', 'u') and t.relname = any(${keyed}::text[]))
    order by c.contype = 'f' desc, c.conname`.execute(db);
  for (const key of keys)
    await sql`alter table ${sql.table(key.table)} drop constraint ${sql.id(key.name)}`.execute(db);
  for (const index of indexes) await sql`drop index ${sql.id(index.name)}`.execute(db);
  const result = await work();
  // The builds sort in memory rather than in many runs on disk (the setting ends with the transaction).
  await sql`set local maintenance_work_mem = '256MB'`.execute(db);
  const later = afterCommit.getStore() === true;
  for (const index of indexes) {
    // A partitioned table's own definition says ON ONLY; made again on it, each partition gets its index.
    const definition = index.definition.replace(" ON ONLY ", " ON ");
    if (later && INDEXED_AFTER_COMMIT.includes(index.table))
      await deferIndex(db, index.name, index.table, definition);
    else await sql.raw(definition).execute(db);
  }
  for (const key of keys.toReversed())
    await sql`alter table ${sql.table(key.table)} add constraint ${sql.id(key.name)} ${sql.raw(key.definition)}`.execute(
      db,
    );
  return result;
}

/** Notes an index to build after the load commits, weighed by its table's size as the load left it. */
async function deferIndex(db: Kysely<DB>, name: string, table: string, definition: string): Promise<void> {
  await sql`insert into deferred_indexes (name, table_name, definition, weight)
    select ${name}, ${table}, ${definition}, coalesce(sum(pg_total_relation_size(relid)), 0)
    from pg_partition_tree(${table}::regclass)
    on conflict (name) do update set table_name = excluded.table_name, definition = excluded.definition,
      weight = excluded.weight, built = 0`.execute(db);
}

type DeferredIndex = { name: string; table: string; definition: string; partitioned: boolean };

/** How many indexes buildDeferredIndexes builds at once: PostgreSQL's GIN builds use one core each. */
const BUILDERS = 2;

/**
 * Builds the indexes a load left in `deferred_indexes` (withIndexesAfterCommit), on `db`'s
 * connections (a pool of two or more, without statement time limits), two at once, the largest
 * tables' first and of a table its GIN indexes first (PostgreSQL 15 builds one on one core, several
 * times as long as a B-tree over the same rows: started last, it ends alone), each in a transaction
 * of its own that marks its row built; then vacuums and analyses each table
 * whose indexes are all built (an expression index has statistics of its own, so after them) and
 * forgets its rows. Another process building at once (two instances starting after a load that
 * died) takes other rows (SKIP LOCKED). An index that cannot be built stays noted and the others
 * are built; then this throws, naming it. Returns how many indexes this call built.
 */
export async function buildDeferredIndexes(db: Kysely<DB>): Promise<number> {
  let built = 0;
  // The partitioned tables this call's builders are at (the other looks for another table's index), and what failed.
  const busy = new Set<string>();
  const failed = new Map<string, string>();
  // One claim at a time here, so that the builders never pick the same partitioned table.
  let claims: Promise<unknown> = Promise.resolve();
  const inTurn = <T>(claim: () => Promise<T>): Promise<T> => {
    const turn = claims.then(claim);
    claims = turn.catch(() => {});
    return turn;
  };
  const builder = async () => {
    for (;;) {
      let claimed: DeferredIndex | undefined;
      try {
        await db.transaction().execute(async (trx) => {
          claimed = await inTurn(async () => {
            const { rows } = await sql<DeferredIndex>`
              select d.name, d.table_name as table, d.definition, coalesce(c.relkind = 'p', false) as partitioned
              from deferred_indexes d left join pg_class c on c.oid = to_regclass(d.table_name)
              where d.built = 0 and not (d.table_name = any(${[...busy]}::text[]))
                and not (d.name = any(${[...failed.keys()]}::text[]))
              order by d.weight desc, d.definition like '% USING gin %' desc, d.definition like '% WHERE %', d.name limit 1
              for update of d skip locked`.execute(trx);
            if (rows[0]?.partitioned) busy.add(rows[0].table);
            return rows[0];
          });
          if (!claimed) return;
          // A partitioned table's indexes one at a time, whoever builds them (this lock conflicts
          // with itself, not with reads): the partitions' own index names are chosen as each is
          // made, and two made at once could choose the same one. A plain table's are built side by
          // side (each build's SHARE lock lets the other's in): at 100,000 chapters, the links'
          // six waited behind each other while the other builder had nothing left (decision 0044).
          if (claimed.partitioned)
            await sql`lock table ${sql.table(claimed.table)} in share row exclusive mode`.execute(trx);
          // Sorted in memory rather than in runs on disk (the setting ends with the transaction).
          await sql`set local maintenance_work_mem = '256MB'`.execute(trx);
          await sql.raw(claimed.definition).execute(trx);
          await sql`update deferred_indexes set built = 1 where name = ${claimed.name}`.execute(trx);
        });
      } catch (err) {
        // Not even claimed: the database itself failed, and the next claim would too.
        if (!claimed) throw err;
        failed.set(claimed.name, (err as Error).message);
      } finally {
        if (claimed?.partitioned) busy.delete(claimed.table);
      }
      if (!claimed) return;
      if (!failed.has(claimed.name)) built += 1;
    }
  };
  // Both builders end before anything is said: one that failed leaves the other to finish.
  const ended = await Promise.allSettled(Array.from({ length: BUILDERS }, builder));
  for (const end of ended) if (end.status === "rejected") throw end.reason;
  const { rows: tables } = await sql<{ table: string }>`
    select table_name as table from deferred_indexes group by table_name having min(built) = 1
    order by table_name`.execute(db);
  // Each table vacuumed and analysed on a connection of its own. Vacuumed, not only
  // analysed: a count of Link health's class or subject reads only its index once the visibility
  // map says every row is visible (300-860 ms a page right after a 100,000-chapter import, 13-92
  // ms after; about a second a table), and autovacuum may come minutes later, or never. With them
  // the content tables the load filled: the Dashboard's "Content" filter asks of every chapter
  // whether a link or note points at it, 100,000 reads of those indexes (1.0 s before, 0.24 s after).
  const vacuumed = tables.length > 0 ? [...tables.map(({ table }) => table), ...CONTENT_TABLES] : [];
  // Two at once, the rest waiting here: asked all at once, they waited in the pool's queue, whose
  // wait for a connection is limited (DB_TIMEOUT_MS), and on a slow machine a 100,000-chapter
  // import's later vacuums outwaited it (the import then said its indexes were not built).
  const atMostTwo = pLimit(BUILDERS);
  await Promise.all(
    vacuumed.map((table) => atMostTwo(() => sql`vacuum (analyze) ${sql.table(table)}`.execute(db))),
  );
  if (tables.length > 0)
    await sql`delete from deferred_indexes where table_name = any(${tables.map((t) => t.table)}::text[])`.execute(
      db,
    );
  if (failed.size > 0) throw new Error([...failed].map(([name, reason]) => `${name}: ${reason}`).join("; "));
  return built;
}

/** fillInBulk on SQLite: its indexes made with CREATE INDEX (not UNIQUE), dropped and made again. */
async function fillSqliteInBulk<T>(
  db: Kysely<DB>,
  tables: readonly string[],
  work: () => Promise<T>,
): Promise<T> {
  const { rows: indexes } = await sql<{ name: string; definition: string }>`
    select m.name, m.sql as definition from sqlite_master m
    where m.type = 'index' and m.tbl_name in (${sql.join(tables)}) and m.sql is not null
      and exists (select 1 from pragma_index_list(m.tbl_name) i
        where i.name = m.name and i.origin = 'c' and not i."unique")
    order by m.rowid`.execute(db);
  for (const index of indexes) await sql`drop index ${sql.id(index.name)}`.execute(db);
  const result = await work();
  for (const index of indexes) await sql.raw(index.definition).execute(db);
  return result;
}

/** A column insertRows writes: its name and its type on PostgreSQL (whose array of it is sent). */
export type RowColumn = readonly [name: string, pgType: "integer" | "text"];

/**
 * Inserts `rows` (each its values in the order of `columns`: numbers, text or null) into `table` in
 * one statement with one parameter a column on PostgreSQL (arrays, read by unnest) and one in all
 * on SQLite (JSON, read by json_each), rather than a parameter a value: nothing for Kysely to parse
 * and compile value by value, and a short statement for the database to plan (decision 0034).
 */
export async function insertRows(
  db: Kysely<DB>,
  table: string,
  columns: readonly RowColumn[],
  rows: ReadonlyArray<readonly unknown[]>,
): Promise<void> {
  if (rows.length > 0) await rowsInserted(db, table, columns, rows).execute(db);
}

/**
 * insertRows, giving back the rows as written, every column (in no promised order). On SQLite the
 * rows are bound parameters: read back from JSON (`->>` a column) with RETURNING, 100,000 chapters
 * took 2 s longer (decision 0043).
 */
export async function insertRowsReturning<R>(
  db: Kysely<DB>,
  table: string,
  columns: readonly RowColumn[],
  rows: ReadonlyArray<readonly unknown[]>,
): Promise<R[]> {
  if (rows.length === 0) return [];
  if (isPostgres(db as Kysely<unknown>))
    return (await sql<R>`${rowsInserted(db, table, columns, rows)} returning *`.execute(db)).rows;
  const names = sql.join(columns.map(([name]) => sql.ref(name)));
  const values = sql.join(rows.map((row) => sql`(${sql.join(row.map((value) => sql`${value ?? null}`))})`));
  return (await sql<R>`insert into ${sql.table(table)} (${names}) values ${values} returning *`.execute(db))
    .rows;
}

function rowsInserted(
  db: Kysely<DB>,
  table: string,
  columns: readonly RowColumn[],
  rows: ReadonlyArray<readonly unknown[]>,
) {
  const names = sql.join(columns.map(([name]) => sql.ref(name)));
  if (isPostgres(db as Kysely<unknown>)) {
    // Each column a binary array (binary-arrays.server.ts): nothing quoted, escaped or parsed.
    const arrays = columns.map(([, type], i) => {
      const values = rows.map((row) => row[i] ?? null);
      const array =
        type === "integer"
          ? integerArray(values as Array<number | null>)
          : textArray(values as Array<string | null>);
      return sql`cast(${array} as ${sql.raw(type)}[])`;
    });
    return sql`insert into ${sql.table(table)} (${names}) select * from unnest(${sql.join(arrays)})`;
  }
  const values = columns.map((_, i) => sql`value ->> ${sql.lit(i)}`);
  return sql`insert into ${sql.table(table)} (${names}) select ${sql.join(values)}
    from json_each(${JSON.stringify(rows)})`;
}
