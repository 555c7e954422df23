import { type Kysely, type SqlBool, sql } from "kysely";
import { batches } from "#app/lib/batches.ts";
import { linkHost, linksInHtml, normaliseLinkUrl } from "#app/lib/link-urls.ts";
import {
  fillInBulk,
  insertRows,
  type RowColumn,
  withoutRowTriggers,
} from "#app/server/backup/bulk-load.server.ts";
import { LINK_STATUSES, type LinkStatus } from "#app/server/link-health/types.ts";
import { integerArray, textArray } from "#app/server/platform/binary-arrays.server.ts";
import { withFtsLoadMemory } from "#app/server/platform/fts-loads.server.ts";
import {
  everyRowInRounds,
  type IdQuery,
  pieces,
  queueEveryRow,
  queuesDeferred,
  type RowIds,
} from "#app/server/platform/pending.server.ts";
import type { DB, LinkUseTable } from "#app/server/schema.server.ts";
import { type ChapterLinkUse, linkUseWords } from "#app/server/search/document-words.server.ts";
import { isPostgres } from "#migrations/columns.ts";

// The inventory of links is kept in step with the content inside the transaction that changes it,
// the way the search index is (docs/decisions/0011-link-health.md). Triggers (migration 0012) note
// each chapter link, note and post a write touches in `link_pending`; contentChanged(), which every
// write of content calls inside its transaction, then calls updateLinkInventory() to count their
// links again here. A URL seen for the first time gets a row, due for a check at once; a URL no
// longer used anywhere loses its row. Nothing here imports db.server.ts: the migrator calls it too.

type Db = Kysely<DB>;
type UseKind = LinkUseTable["kind"];

/** Pending rows read per round. */
const BATCH = 500;
/** Notes and posts are read fewer at a time: one may be 200,000 characters of HTML. */
const TEXT_BATCH = 50;

/** Where a status stands in the console's list: Broken first. */
export function severityOf(status: LinkStatus): number {
  return LINK_STATUSES.indexOf(status);
}

/** A place a link is used; a chapter link's with its document's words (linkUseWords), others none. */
type Use = { kind: UseKind; refId: number; chapterId: number | null; url: string; words: string };

/** The links each pending row holds now (rows that are gone hold none). */
async function readUses(db: Db, kind: UseKind, ids: RowIds): Promise<Use[]> {
  if (kind === "chapter-link") {
    const rows = await db
      .selectFrom("chapter_links")
      .select(["id", "chapter_id", "url", "title", "kind", "type", "language", "year"])
      .where("id", "in", ids as IdQuery)
      .execute();
    return rows.flatMap((r) => {
      const url = normaliseLinkUrl(r.url);
      return url ? [{ kind, refId: r.id, chapterId: r.chapter_id, url, words: linkUseWords(r) }] : [];
    });
  }
  const uses: Use[] = [];
  for (const part of pieces(ids, TEXT_BATCH)) {
    const rows =
      kind === "note"
        ? await db
            .selectFrom("notes")
            .select(["id", "chapter_id", "content"])
            .where("id", "in", part as IdQuery)
            .execute()
        : (
            await db
              .selectFrom("posts")
              .select(["id", "content"])
              .where("id", "in", part as IdQuery)
              .execute()
          ).map((r) => ({ ...r, chapter_id: null }));
    for (const r of rows) {
      for (const url of linksInHtml(r.content))
        uses.push({ kind, refId: r.id, chapterId: r.chapter_id, url, words: "" });
    }
  }
  return uses;
}

/**
 * SQLite: new links' URLs into `link_urls`, the trigram index of the Search box (migration 0022;
 * PostgreSQL indexes links.url itself). A row left under a reused id is replaced.
 */
async function indexUrls(db: Db, added: ReadonlyArray<{ id: number; url: string }>): Promise<void> {
  if (added.length === 0) return;
  await sql`insert or replace into link_urls (rowid, url) values ${sql.join(
    added.map((r) => sql`(${r.id}, ${r.url})`),
  )}`.execute(db);
}

/** SQLite: removed links' URLs out of `link_urls`. */
async function unindexUrls(db: Db, ids: readonly number[]): Promise<void> {
  if (ids.length > 0) await db.deleteFrom("link_urls").where("rowid", "in", ids).execute();
}

/**
 * The ids of `urls`, adding a row (due at once) for each URL not seen before; on SQLite with its
 * URL in `link_urls` unless a load builds that after (`urlsLater`).
 */
async function linkIds(db: Db, urls: string[], at: string, urlsLater = false): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  if (!isPostgres(db as Kysely<unknown>)) {
    for (const part of batches(urls, BATCH)) {
      // As JSON (one parameter, nothing for Kysely to compile value by value); the ids of those
      // added come back, and only the others are looked up.
      const { rows: added } = await sql<{ id: number; url: string }>`
        insert into links (url, host, status, severity, due_at, created_at)
        select value ->> 0, value ->> 1, 'unchecked', ${severityOf("unchecked")}, ${at}, ${at}
        from json_each(${JSON.stringify(part.map((url) => [url, linkHost(url)]))}) where true
        on conflict (url) do nothing returning id, url`.execute(db);
      if (!urlsLater) await indexUrls(db, added);
      for (const r of added) ids.set(r.url, r.id);
      const others = part.filter((url) => !ids.has(url));
      if (others.length === 0) continue;
      const rows = await db.selectFrom("links").select(["id", "url"]).where("url", "in", others).execute();
      for (const r of rows) ids.set(r.url, r.id);
    }
    return ids;
  }
  for (const part of batches(urls, BATCH)) {
    await db
      .insertInto("links")
      .values(
        part.map((url) => ({
          url,
          host: linkHost(url),
          status: "unchecked" as const,
          severity: severityOf("unchecked"),
          due_at: at,
          created_at: at,
        })),
      )
      .onConflict((oc) => oc.column("url").doNothing())
      .execute();
    const rows = await db.selectFrom("links").select(["id", "url"]).where("url", "in", part).execute();
    for (const r of rows) ids.set(r.url, r.id);
  }
  return ids;
}

/**
 * Counts the links of one kind's pending rows again; returns the links that lost a use. When the
 * inventory was `empty` as this began (a restore), there are no uses to forget. A use that is still
 * there stays, its words updated in place when they changed (a title edited), so the tables kept
 * from uses by triggers (counts, scopes) are not taken apart and made again for it.
 */
async function recount(db: Db, kind: UseKind, ids: number[], at: string, empty: boolean): Promise<number[]> {
  const uses = await readUses(db, kind, ids);
  if (empty) {
    await writeUses(db, kind, uses, at);
    return [];
  }
  const before = await db
    .selectFrom("link_uses")
    .innerJoin("links", "links.id", "link_uses.link_id")
    .select(["link_uses.link_id", "link_uses.ref_id", "link_uses.chapter_id", "link_uses.words", "links.url"])
    .where("link_uses.kind", "=", kind)
    .where("link_uses.ref_id", "in", ids)
    .execute();
  const gone = new Map(before.map((r) => [`${r.ref_id} ${r.url}`, r]));
  const added: Use[] = [];
  const reworded: Array<{ linkId: number; refId: number; words: string }> = [];
  for (const use of uses) {
    const key = `${use.refId} ${use.url}`;
    const was = gone.get(key);
    // A use whose chapter changed goes and comes back: the scopes' triggers follow inserts and deletes.
    if (!was || was.chapter_id !== use.chapterId) {
      added.push(use);
      continue;
    }
    gone.delete(key);
    if (was.words !== use.words) reworded.push({ linkId: was.link_id, refId: use.refId, words: use.words });
  }
  // Row values (VALUES' columns are column1, column2... on both engines; typed, for PostgreSQL).
  const pairs = (rows: ReadonlyArray<{ refId: number; linkId: number; words?: string }>) =>
    sql`values ${sql.join(
      rows.map(
        (r) =>
          sql`(cast(${r.refId} as integer), cast(${r.linkId} as integer)${r.words === undefined ? sql`` : sql`, cast(${r.words} as text)`})`,
      ),
    )}`;
  const lost = [...gone.values()].map((r) => ({ refId: r.ref_id, linkId: r.link_id }));
  for (const part of batches(lost, BATCH))
    await db
      .deleteFrom("link_uses")
      .where("kind", "=", kind)
      .where(sql<SqlBool>`(ref_id, link_id) in (${pairs(part)})`)
      .execute();
  for (const part of batches(reworded, BATCH))
    await sql`update link_uses set words = v.column3 from (${pairs(part)}) as v
      where link_uses.kind = ${kind} and link_uses.ref_id = v.column1 and link_uses.link_id = v.column2`.execute(
      db,
    );
  await writeUses(db, kind, added, at);
  return lost.map((r) => r.linkId);
}

const USE_COLUMNS: readonly RowColumn[] = [
  ["link_id", "integer"],
  ["kind", "text"],
  ["ref_id", "integer"],
  ["chapter_id", "integer"],
  ["words", "text"],
];

/** Writes the uses of links (none of them written yet), adding the links not seen before. */
async function writeUses(
  db: Db,
  kind: UseKind,
  uses: readonly Use[],
  at: string,
  urlsLater = false,
): Promise<void> {
  const idOf = await linkIds(db, [...new Set(uses.map((u) => u.url))], at, urlsLater);
  const rows = uses.flatMap((u) => {
    const linkId = idOf.get(u.url);
    return linkId === undefined ? [] : [[linkId, kind, u.refId, u.chapterId, u.words]];
  });
  for (const part of batches(rows, BATCH)) await insertRows(db, "link_uses", USE_COLUMNS, part);
}

/**
 * PostgreSQL, into an inventory being built from nothing (nobody else adds links meanwhile): the
 * same in one statement, each column an array (short, planned once, rather than three statements
 * with thousands of parameters). The links not seen before are added, and every use takes its
 * link's id, added or already there. That one is looked up by its URL a use at a time: `links`
 * grows through the load without statistics, and a join with it was planned as a scan of the
 * whole table each round (300,000 links, hundreds of rounds).
 */
async function writeUsesAtOnce(db: Db, kind: UseKind, uses: readonly Use[], at: string): Promise<void> {
  if (uses.length === 0) return;
  const urls = [...new Set(uses.map((u) => u.url))];
  await sql`
    with added as (
      insert into links (url, host, status, severity, due_at, created_at)
      select url, host, 'unchecked', ${severityOf("unchecked")}::integer, ${at}::text, ${at}::text
      from unnest(${textArray(urls)}::text[], ${textArray(urls.map(linkHost))}::text[]) as n(url, host)
      on conflict (url) do nothing
      returning id, url
    )
    insert into link_uses (link_id, kind, ref_id, chapter_id, words)
    select coalesce(added.id, (select id from links where links.url = u.url)), ${kind}::text, u.ref_id,
      u.chapter_id, u.words
    from unnest(${textArray(uses.map((u) => u.url))}::text[], ${integerArray(uses.map((u) => u.refId))}::integer[],
      ${integerArray(uses.map((u) => u.chapterId))}::integer[], ${textArray(uses.map((u) => u.words))}::text[])
      as u(url, ref_id, chapter_id, words)
    left join added on added.url = u.url`.execute(db);
}

const TABLES = { "chapter-link": "chapter_links", note: "notes", post: "posts" } as const;

/**
 * Counts the links of every chapter link, note and post into an inventory that has none (a
 * restore, inside its transaction, after its rows are in), reading each table in id order rather
 * than through `link_pending` (which it empties), one round written while the next is read
 * (everyRowInRounds). Returns how many content rows it read.
 *
 * The tables kept from links and their uses by triggers (counts, scopes, SQLite's URL index) are
 * built once at the end, from all the rows, with the triggers off meanwhile (withoutRowTriggers,
 * docs/decisions/0022-bulk-loads.md).
 *
 * `chapterLinksFrom`, when the search index is built in the same load, gives the chapter links'
 * uses instead of a read of its own: it is called with the writer of their rounds (and what it
 * gives counts as read), in id order, and made with the links' search documents
 * (indexEveryDocument), so each link is read and its words made once (decision 0034).
 */
export async function countEveryLink(
  db: Db,
  at = new Date().toISOString(),
  chapterLinksFrom?: (write: (uses: ChapterLinkUse[]) => Promise<void>) => Promise<unknown>,
): Promise<number> {
  const pg = isPostgres(db as Kysely<unknown>);
  const write = pg
    ? writeUsesAtOnce
    : (d: Db, k: UseKind, u: readonly Use[], a: string) => writeUses(d, k, u, a, true);
  let read = 0;
  // Links have five indexes besides their key and URL, uses two and a foreign key: made once, after.
  // So is the uses' key on PostgreSQL (each use is written once, with no ON CONFLICT; a link's
  // key and URL stay: the URL's decides which links are new).
  await withoutRowTriggers(db, ["links", "link_uses"], () =>
    fillInBulk(
      db,
      ["links", "link_uses"],
      async () => {
        for (const kind of KINDS) {
          if (kind === "chapter-link" && chapterLinksFrom) {
            await chapterLinksFrom(async (uses) => {
              read += uses.length;
              await write(
                db,
                kind,
                uses.map((u) => ({ kind, ...u })),
                at,
              );
            });
            continue;
          }
          read += await everyRowInRounds(
            db,
            TABLES[kind],
            kind === "chapter-link" ? BATCH : TEXT_BATCH,
            (ids) => readUses(db, kind, ids),
            (uses) => write(db, kind, uses, at),
          );
        }
      },
      { keys: ["link_uses"] },
    ),
  );
  await tallyEveryLink(db);
  await db.deleteFrom("link_pending").execute();
  return read;
}

/** Each use's three scopes (`k` from SCOPE_KINDS; the chapter is `c`): as migration 0022's triggers write them. */
const SCOPE = sql`case k.k when 1 then 'g:' || c.grade when 2 then 's:' || c.subject_code
  else 'g:' || c.grade || ':' || c.subject_code end`;
const SCOPE_KINDS = sql`(select 1 as k union all select 2 union all select 3) as k`;

/**
 * Builds again, from `links`, `link_uses` and `chapters` as they are, what the triggers of
 * migrations 0021 and 0022 keep from them row by row: `link_counts` and `link_host_counts` (one row
 * a key, where PostgreSQL's triggers append differences: readers sum them), `link_scopes`, and on
 * SQLite the Search box's `link_urls`. One statement each, inside the caller's transaction.
 */
export async function tallyEveryLink(db: Db): Promise<void> {
  await db.deleteFrom("link_counts").execute();
  await sql`insert into link_counts (status, requested, marked_fine, n)
    select status, requested, marked_fine, count(*) from links
    group by status, requested, marked_fine`.execute(db);
  await db.deleteFrom("link_host_counts").execute();
  await sql`insert into link_host_counts (host, status, n)
    select host, status, count(*) from links group by host, status`.execute(db);
  await db.deleteFrom("link_scopes").execute();
  // Its rows are one a group (no row twice): on PostgreSQL its key is built after them too (a
  // sorted build, not three inserts into its b-tree a use).
  await fillInBulk(
    db,
    ["link_scopes"],
    () =>
      sql`insert into link_scopes (scope, link_id, severity, url, n)
      select ${SCOPE}, u.link_id, l.severity, l.url, count(*)
      from link_uses as u join chapters as c on c.id = u.chapter_id
        join links as l on l.id = u.link_id cross join ${SCOPE_KINDS}
      group by 1, 2, 3, 4`.execute(db),
    { keys: ["link_scopes"] },
  );
  if (isPostgres(db as Kysely<unknown>)) return;
  await db.deleteFrom("link_urls").execute();
  // One statement with FTS5's load memory: at 1,000,000 links 5.5 s, where 2,000 a statement with
  // its default memory took 15 s (and one statement with the default, three times that); its
  // segments merged once at the end (decision 0052).
  await withFtsLoadMemory(
    db as Kysely<unknown>,
    ["link_urls"],
    () => sql`insert into link_urls (rowid, url) select id, url from links`.execute(db),
    { mergedOnce: true },
  );
}

/** Runs `work` in a transaction: `db`'s when it is one, else a new one. */
function transaction<T>(db: Db, work: (trx: Db) => Promise<T>): Promise<T> {
  return db.isTransaction ? work(db) : db.transaction().execute(work);
}

const KINDS: readonly UseKind[] = ["chapter-link", "note", "post"];

/**
 * Counts again the links of every row noted in `link_pending` and forgets them: called by
 * contentChanged() inside the write's transaction (and by the migrator after migration 0012).
 * Returns how many content rows it read.
 */
export function updateLinkInventory(db: Db, at = new Date().toISOString()): Promise<number> {
  if (queuesDeferred()) return Promise.resolve(0);
  return transaction(db, async (trx) => {
    let read = 0;
    // Whether the inventory was empty as this began (asked once, and only when there is work).
    let empty: boolean | undefined;
    // Read on from the last one taken (see updateSearchIndex: deleted rows stay in PostgreSQL's
    // index until the transaction ends).
    for (let after: { kind: string; ref_id: number } | undefined; ; ) {
      const from = after;
      const pending = await trx
        .selectFrom("link_pending")
        .select(["kind", "ref_id"])
        .$if(from !== undefined, (q) =>
          q.where(sql<SqlBool>`(kind, ref_id) > (${from?.kind}, ${from?.ref_id})`),
        )
        .orderBy("kind")
        .orderBy("ref_id")
        .limit(BATCH)
        .execute();
      if (pending.length === 0) return read;
      empty ??= await linkInventoryEmpty(trx);
      after = pending.at(-1);
      const touched = new Set<number>();
      for (const kind of KINDS) {
        const ids = pending.filter((p) => p.kind === kind).map((p) => p.ref_id);
        if (ids.length === 0) continue;
        for (const id of await recount(trx, kind, ids, at, empty)) touched.add(id);
        await trx.deleteFrom("link_pending").where("kind", "=", kind).where("ref_id", "in", ids).execute();
        read += ids.length;
      }
      // A URL used nowhere any more leaves the inventory (its checks and reports with it).
      for (const part of batches([...touched], BATCH)) {
        const gone = await trx
          .deleteFrom("links")
          .where("id", "in", part)
          .where(({ not, exists, selectFrom }) =>
            not(
              exists(
                selectFrom("link_uses").select("link_id").whereRef("link_uses.link_id", "=", "links.id"),
              ),
            ),
          )
          .$if(!isPostgres(trx as Kysely<unknown>), (q) => q.returning("id"))
          .execute();
        if (!isPostgres(trx as Kysely<unknown>))
          await unindexUrls(
            trx,
            (gone as Array<{ id: number }>).map((r) => r.id),
          );
      }
    }
  });
}

/**
 * Notes every chapter link, note and post as to be counted (those already noted stay as they are):
 * a restore that wrote its rows without the triggers that note them one by one.
 */
export function noteEveryLinkSource(trx: Db): Promise<void> {
  return queueEveryRow(trx, "link_pending", {
    "chapter-link": "chapter_links",
    note: "notes",
    post: "posts",
  });
}

/** Whether no link is counted as used anywhere (a new site, or an inventory a migration emptied). */
export async function linkInventoryEmpty(db: Db): Promise<boolean> {
  return (await db.selectFrom("link_uses").select("link_id").limit(1).executeTakeFirst()) === undefined;
}

/** Whether content rows wait to have their links counted (cheap: one indexed row at most). */
export async function linkInventoryPending(db: Db): Promise<boolean> {
  return (await db.selectFrom("link_pending").select("ref_id").limit(1).executeTakeFirst()) !== undefined;
}
