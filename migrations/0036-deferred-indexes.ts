import { type Kysely, sql } from "kysely";

// Indexes a bulk load into PostgreSQL builds after its commit (docs/decisions/0034, "indexes built
// after the commit"): the load's transaction writes here the definitions of the indexes it dropped
// on the tables built from the content (search documents, the link inventory), and after it commits
// they are built on two connections at once (PostgreSQL 15 builds a GIN index on one core), each in
// a transaction of its own that marks its row built; the tables are then analysed and the rows go.
// A process that dies in between leaves rows here: whoever opens the database next builds them.
// Made on both engines so that the schema is one; SQLite builds its indexes inside the load.

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table deferred_indexes (
    name text primary key,
    table_name text not null,
    definition text not null,
    weight bigint not null default 0,
    built integer not null default 0
  )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table deferred_indexes`.execute(db);
}
