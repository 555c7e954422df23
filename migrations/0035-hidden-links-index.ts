import { type Kysely, sql } from "kysely";

// The links students are not shown (confirmed Broken, not marked fine: docs/decisions/0011) are
// asked about on every class page rendered afresh: it counts each card's shown links, a probe of
// `links` by id per chapter link (240 for a page of 60 cards), each a row of the whole table, all
// over it (a million rows at a real site's density). This partial index holds only the hidden
// links, a few pages that stay in memory (both engines take the condition's bound values into
// account: app/server/catalogue/chapter-contents.server.ts, shownLinkCounts). At 100,000 chapters a
// class page's statements went from 2.1-2.7 to 1.6-2.2 ms of CPU (SQLite, docs/decisions/0016). A
// chapter page's question (which of its addresses are hidden) stays with the unique index on
// `url`: a probe each, which SQLite prefers to a partial index on `url` anyway.

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index links_hidden_idx on links (id) where status = 'broken' and marked_fine = 0`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index links_hidden_idx`.execute(db);
}
