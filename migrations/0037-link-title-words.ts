import { type Kysely, sql } from "kysely";
import { isPostgres } from "./columns.ts";

// PostgreSQL search (docs/decisions/0044): a link's document has no body, so its title words
// (`title_tsv`) were always a second copy of all its words (`tsv`): at 1,000,000 links, 165 MB of
// the link partition, and five GIN indexes (the title's, whole and per class) holding the same
// entries as the other five, some 13 s of a 100,000-chapter import's index builds. A link's row now
// keeps its words once: `title_tsv` is null, and a search for titles reads a link's `tsv`
// (app/server/search/postgres.server.ts). The check keeps every other document's titles there; a
// link's copy is allowed, as an instance of the code before (still running while another migrated)
// writes one, and reading `tsv` for links, this code never looks at it.
// The title indexes stay as they are: over the link partition they hold only its nulls (a few
// hundred kilobytes, built in a fraction of a second). SQLite's FTS5 tables are unchanged.

export async function up(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`alter table search_documents alter column title_tsv drop not null`.execute(db);
  await sql`update search_documents set title_tsv = null where kind = 'link'`.execute(db);
  await sql`alter table search_documents add constraint search_documents_title_words
    check (title_tsv is not null or kind = 'link')`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`alter table search_documents drop constraint search_documents_title_words`.execute(db);
  await sql`update search_documents set title_tsv = tsv where kind = 'link'`.execute(db);
  await sql`alter table search_documents alter column title_tsv set not null`.execute(db);
}
