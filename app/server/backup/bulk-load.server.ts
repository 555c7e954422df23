import { type Kysely, sql } from "kysely";
import type { DB } from "#app/server/schema.server.ts";
import { isPostgres } from "#migrations/columns.ts";

// Loading a whole site's rows into empty tables inside one transaction (a restore). Nothing here
// imports db.server.ts: the search index and the link inventory use it, and the migrator calls them.

/**
 * Runs `work`, which fills `tables` from empty, with their secondary indexes (those behind no
 * primary key or unique constraint) and their foreign keys dropped on PostgreSQL, and makes them
 * again after, inside the caller's transaction (which then holds those tables: only for a load
 * into an empty site). An index built once over all the rows costs a fraction of hundreds of
 * thousands of inserts into it, and a foreign key added back checks every row in one join rather
 * than a lookup a row (a failed check still rolls everything back). Keys and unique constraints
 * stay: they are checks, and ON CONFLICT needs them. The definitions are read from the catalogue,
 * so they stay the migrations' own. SQLite builds its indexes as it goes.
 */
export async function fillInBulk<T>(
  db: Kysely<DB>,
  tables: readonly string[],
  work: () => Promise<T>,
): Promise<T> {
  if (!isPostgres(db as Kysely<unknown>)) return work();
  const { rows: indexes } = await sql<{ name: string; definition: string }>`
    select i.indexname as name, i.indexdef as definition from pg_indexes i
    where i.schemaname = current_schema() and i.tablename = any(${tables}::text[])
      and not exists (select 1 from pg_constraint c
        where c.conindid = format('%I.%I', i.schemaname, i.indexname)::regclass)
    order by i.indexname`.execute(db);
  const { rows: keys } = await sql<{ name: string; table: string; definition: string }>`
    select c.conname as name, t.relname as table, pg_get_constraintdef(c.oid) as definition
    from pg_constraint c join pg_class t on t.oid = c.conrelid
    where c.contype = 'f' and t.relnamespace = current_schema()::regnamespace
      and t.relname = any(${tables}::text[])
    order by c.conname`.execute(db);
  for (const key of keys)
    await sql`alter table ${sql.table(key.table)} drop constraint ${sql.id(key.name)}`.execute(db);
  for (const index of indexes) await sql`drop index ${sql.id(index.name)}`.execute(db);
  const result = await work();
  // The builds sort in memory rather than in many runs on disk (the setting ends with the transaction).
  await sql`set local maintenance_work_mem = '256MB'`.execute(db);
  // A partitioned table's own definition says ON ONLY; made again on it, each partition gets its index.
  for (const index of indexes) await sql.raw(index.definition.replace(" ON ONLY ", " ON ")).execute(db);
  for (const key of keys)
    await sql`alter table ${sql.table(key.table)} add constraint ${sql.id(key.name)} ${sql.raw(key.definition)}`.execute(
      db,
    );
  return result;
}
