import { type Kysely, sql } from "kysely";
import { isPostgres } from "./columns.ts";

// PostgreSQL search, a class filter (issue 32, docs/decisions/0035): a class was a facet word of
// each document, so the GIN index intersected the query's words with the class's list, a quarter
// of the partition (100,000 links at 100,000 chapters: 3-6 ms, even when the word is not in that
// class at all). Each class now has GIN indexes of its own, partial indexes of `tsv` and
// `title_tsv` over its documents (`grade = N`), which the search reads for a class filter: the same
// documents, found in the same order, from lists a quarter as long. Made on the partitioned table,
// so each kind's partition has its own (posts, which have no class, hold none). A bulk load drops
// and makes them again with the others (fillInBulk reads their definitions). SQLite's FTS5 index is
// unchanged.

/** The classes with indexes of their own (DESIGN: grades are exactly these). */
export const INDEXED_GRADES: readonly number[] = [9, 10, 11, 12];

const COLUMNS = ["tsv", "title_tsv"] as const;

/**
 * Named after the column's index of all documents, in the order made: a bulk load makes a table's
 * indexes again by name, and each partition's index names then come out as the migrations made them.
 */
const indexName = (column: string, grade: number) =>
  `search_documents_${column}_idx_class${String(grade).padStart(2, "0")}`;

export async function up(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  // Built at once over a large site's rows: sorted in memory rather than in runs on disk.
  await sql`set local maintenance_work_mem = '256MB'`.execute(db);
  for (const column of COLUMNS) {
    for (const grade of INDEXED_GRADES) {
      await sql`create index ${sql.id(indexName(column, grade))} on search_documents
        using gin (${sql.id(column)}) where grade = ${sql.lit(grade)}`.execute(db);
    }
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  for (const column of COLUMNS) {
    for (const grade of INDEXED_GRADES) {
      await sql`drop index if exists ${sql.id(indexName(column, grade))}`.execute(db);
    }
  }
}
