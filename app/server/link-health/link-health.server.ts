import { createHash, randomBytes } from "node:crypto";
import {
  type Expression,
  type Kysely,
  type RawBuilder,
  type SelectQueryBuilder,
  type SqlBool,
  sql,
} from "kysely";
import { normaliseLinkUrl, replaceHrefs } from "#app/lib/link-urls.ts";
import { containsText, type ListPage, likePattern, readPage } from "#app/server/console/list-page.server.ts";
import { saveVersion } from "#app/server/console/versioned-save.server.ts";
import { contentChanged, linkVisibilityChanged } from "#app/server/content-changes.server.ts";
import { type Database, inTransaction, isOneOf, toNumber } from "#app/server/db.server.ts";
import { DomainError, NotFoundError } from "#app/server/errors.server.ts";
import { severityOf } from "#app/server/link-health/inventory.server.ts";
import { requestChecks, wakeCheckers } from "#app/server/link-health/queue.server.ts";
import {
  type CheckProgress,
  LINK_STATUS_WORDS,
  LINK_STATUSES,
  type LinkCounts,
  type LinkDigest,
  type LinkListQuery,
  type LinkReport,
  type LinkRow,
  type LinkStatus,
  type LinkUse,
  type ReportReason,
} from "#app/server/link-health/types.ts";
import { DAY_MS, isHidden } from "#app/server/link-health/verdict.server.ts";
import { showsLinks } from "#app/server/platform/shown-links.server.ts";
import type { DB, LinkUseTable } from "#app/server/schema.server.ts";
import { consoleMatchingFirst, consoleWordsTest } from "#app/server/search/search.server.ts";
import { isPostgres } from "#migrations/columns.ts";

// Link health for the console, the chapter page and `npm run links` (issue 14,
// docs/decisions/0011): the list with its counts and filters, the actions on links (Recheck, Check all links now,
// Mark as fine, Use new address), students' reports and the weekly digest. The inventory itself
// follows content writes (inventory.server.ts); checks are claimed and recorded in queue.server.ts.

/** Places shown per link in the list ("and N more" beyond). */
const USES_SHOWN = 10;
/** Reports one address may make in an hour. */
export const REPORTS_PER_HOUR = 5;
const HOUR_MS = 3_600_000;

// ---------------------------------------------------------------------------------------------
// The list
// ---------------------------------------------------------------------------------------------

type UseRow = { link_id: number; kind: LinkUseTable["kind"]; ref_id: number; chapter_id: number | null };

/** The places of each link (at most USES_SHOWN each), described for the page. */
async function usesOf(db: Database, linkIds: number[]): Promise<Map<number, LinkUse[]>> {
  const byLink = new Map<number, LinkUse[]>();
  if (linkIds.length === 0) return byLink;
  const { rows } = await sql<UseRow>`
    select link_id, kind, ref_id, chapter_id from (
      select link_id, kind, ref_id, chapter_id,
        row_number() over (partition by link_id order by kind, ref_id) as n
      from link_uses where link_id in (${sql.join(linkIds)})
    ) as ranked where n <= ${USES_SHOWN} order by link_id, n`.execute(db);
  const ids = (kind: UseRow["kind"]) => rows.filter((r) => r.kind === kind).map((r) => r.ref_id);
  const [chapterLinks, notes, posts] = await Promise.all([
    ids("chapter-link").length === 0
      ? []
      : db
          .selectFrom("chapter_links")
          .innerJoin("chapters", "chapters.id", "chapter_links.chapter_id")
          .select([
            "chapter_links.id",
            "chapter_links.title as link_title",
            "chapters.id as chapter_id",
            "chapters.title",
            "chapters.grade",
            "chapters.subject_code",
          ])
          .where("chapter_links.id", "in", ids("chapter-link"))
          .execute(),
    ids("note").length === 0
      ? []
      : db
          .selectFrom("notes")
          .innerJoin("chapters", "chapters.id", "notes.chapter_id")
          .select(["notes.id", "chapters.id as chapter_id", "chapters.title", "chapters.grade"])
          .where("notes.id", "in", ids("note"))
          .execute(),
    ids("post").length === 0
      ? []
      : db.selectFrom("posts").select(["id", "title", "slug"]).where("id", "in", ids("post")).execute(),
  ]);
  const described = new Map<string, LinkUse>();
  for (const r of chapterLinks)
    described.set(`chapter-link:${r.id}`, {
      kind: "chapter-link",
      chapterId: r.chapter_id,
      grade: r.grade,
      subjectCode: r.subject_code,
      chapterTitle: r.title,
      linkTitle: r.link_title,
    });
  for (const r of notes)
    described.set(`note:${r.id}`, {
      kind: "note",
      noteId: r.id,
      chapterId: r.chapter_id,
      grade: r.grade,
      chapterTitle: r.title,
    });
  for (const r of posts)
    described.set(`post:${r.id}`, { kind: "post", postId: r.id, postTitle: r.title, slug: r.slug });
  for (const r of rows) {
    const use = described.get(`${r.kind}:${r.ref_id}`);
    if (!use) continue;
    const list = byLink.get(r.link_id) ?? [];
    list.push(use);
    byLink.set(r.link_id, list);
  }
  return byLink;
}

/** The shortest piece of a search that the URL index can look for (a trigram). */
const URL_SEARCH_MIN = 3;

/**
 * The links whose URL holds `text` (ignoring case), through an index: SQLite's trigram table
 * `link_urls` finds candidates by the longest piece of the text without LIKE's wildcards, and the
 * URL itself then decides; PostgreSQL's trigram index answers the LIKE (backslash is its default
 * escape). A text without URL_SEARCH_MIN such characters in a row finds no address: an index of
 * trigrams cannot look for it, and a scan reads every link (such a text still finds links by the
 * beginnings of the words of their title, site and kind, through search). Nor does a text with a
 * space ("mind map"): a normalised URL has none (normaliseLinkUrl writes it %20), and PostgreSQL's
 * trigrams leave spaces and punctuation out, so its index offered every "mind-maps" address to be
 * read and refused (100,000 at a million links: 160 ms for nothing).
 */
function urlMatches(db: Database, text: string, placed = false) {
  const columns = placed ? PLACE : ID;
  const piece = text
    .toLowerCase()
    .split(/[%_\\]/)
    .reduce((a, b) => (b.length > a.length ? b : a), "");
  if ([...piece].length < URL_SEARCH_MIN || /\s/.test(text)) return undefined;
  if (isPostgres(db as Kysely<unknown>))
    return db
      .selectFrom("links")
      .select(columns)
      .where(sql<SqlBool>`lower(links.url) like ${likePattern(text)}`);
  return db
    .selectFrom("link_urls")
    .innerJoin("links", "links.id", "link_urls.rowid")
    .select(columns)
    .where(sql<SqlBool>`link_urls match ${trigramsOf(piece)}`)
    .where(containsText("links.url", text));
}

/**
 * A link found by a search's indexes; on PostgreSQL with its place in the list (severity, then
 * URL) and its site, read with it (the index reads the row anyway), so the matches are put in order
 * and filtered here, not by reading each link again (decision 0039).
 */
type Match = { id: number; severity?: number; url?: string; host?: string };
type Place = Required<Match>;
const PLACE = ["links.id", "links.severity", "links.url", "links.host"] as const;
const ID = ["links.id"] as const;

/**
 * An FTS5 query for the URLs holding `piece` (at least three characters): every third of its
 * trigrams and its last, quoted, each once. Each URL holding the piece has them all; the few others
 * that do are left out by the URL itself. Fewer trigrams read fewer of the index's long lists: a
 * trigram asked for again reads its list again ("w" typed 200 times asked 67 times for the 900,000
 * addresses holding "www": 1.2 s at 400,000 links).
 */
function trigramsOf(piece: string): string {
  const chars = [...piece];
  const starts = [...chars.keys()].filter((i) => i % 3 === 0 && i + 3 <= chars.length);
  starts.push(chars.length - 3);
  const trigrams = new Set(starts.map((i) => chars.slice(i, i + 3).join("")));
  return [...trigrams].map((t) => `"${t.replaceAll('"', '""')}"`).join(" ");
}

/** The class and subject filters' row of `link_scopes` (migration 0022). */
function scopeOf(query: LinkListQuery): string | undefined {
  if (query.grade && query.subject) return `g:${query.grade}:${query.subject}`;
  if (query.grade) return `g:${query.grade}`;
  if (query.subject) return `s:${query.subject}`;
  return undefined;
}

/**
 * A search finding at most this many links is counted and paged exactly: its links are found
 * through the indexes first, and the page is read among them.
 */
export const SEARCH_EXACT_UP_TO = 10_000;
/**
 * A broader search ("youtube" is in 300,000 of a million addresses) lists its first this many
 * links, worst first, read in the list's order and tested one by one; the count says "more than"
 * (decision 0036). Its matches are at least SEARCH_EXACT_UP_TO in the whole list, so finding these
 * reads a bounded share of it.
 */
export const BROAD_SEARCH_LISTED = 1_000;

/**
 * A broad search reads at most this many links of the list, in its order: where its matches are few
 * among the most urgent links (a site's addresses sort late), it lists those it found and says it
 * stopped, rather than reading on through a million (decision 0038).
 */
export const BROAD_SEARCH_READS = 10_000;

/** The limits above, changed by tests only (to reach them with a few links). */
export type SearchLimits = { exactUpTo: number; broadListed: number; broadReads: number };

/**
 * Chapter links whose title, site or kind search finds (`found`: consoleMatchingFirst's select),
 * as their links (`placed`: with their places).
 */
function titleMatches(db: Database, found: RawBuilder<{ ref_id: number }> | undefined, placed = false) {
  if (!found) return undefined;
  // Joined, not `in (...)`: read as far as a limit needs, rather than every match first.
  const uses = db
    .selectFrom(sql<{ ref_id: number }>`(${found})`.as("m"))
    .innerJoin("link_uses", (join) =>
      join.onRef("link_uses.ref_id", "=", "m.ref_id").on("link_uses.kind", "=", "chapter-link"),
    );
  return placed
    ? uses.innerJoin("links", "links.id", "link_uses.link_id").select(PLACE)
    : uses.select("link_uses.link_id as id");
}

/**
 * A link (`idColumn`) with a chapter link's title, site or kind that search finds for `text`, tested
 * on the words its uses carry (migration 0032): one indexed read of `link_uses` per link, where a
 * full-text search per link cost 0.03-0.07 ms on PostgreSQL and SQLite's set of every title match
 * (300,000 for "youtube") 300-400 ms to build (decision 0038).
 */
function titleTest(idColumn: string, text: string): Expression<SqlBool> | undefined {
  const test = consoleWordsTest("u.words", text);
  // `offset 0` keeps PostgreSQL asking link by link: without it, an EXISTS beside an OR becomes a
  // hashed list of every use that matches, read whole (a million uses) before the first link.
  return (
    test &&
    sql<SqlBool>`exists (select 1 from link_uses as u where u.link_id = ${sql.ref(idColumn)} and ${test}
      limit 1 offset 0)`
  );
}

/** Sites a broad search reads on past its walk, at most: more would cost more than they find. */
const SITES_READ = 10;

/**
 * The sites (hosts) whose name holds `text`, when there are SITES_READ or fewer (the kept counts
 * know every host), and how many links they have: all of them match a search for it.
 */
async function sitesHolding(db: Database, text: string): Promise<{ hosts: string[]; links: number }> {
  const rows = await db
    .selectFrom("link_host_counts")
    .select(["host", (eb) => eb.fn.sum<number | string | bigint>("n").as("n")])
    .where("host", "like", likePattern(text.toLowerCase()))
    .groupBy("host")
    .limit(SITES_READ + 1)
    .execute();
  if (rows.length > SITES_READ) return { hosts: [], links: 0 };
  return { hosts: rows.map((r) => r.host), links: rows.reduce((sum, r) => sum + Number(r.n), 0) };
}

/**
 * The links a search finds through the indexes (its URL and title parts, each asked for one more
 * than `upTo`, which says whether there are more): `all` of them up to `upTo`, else those read.
 */
async function searchMatches(
  parts: ReadonlyArray<{ execute(): Promise<Match[]> } | undefined>,
  upTo: number,
): Promise<{ places: Match[]; all: boolean }> {
  const found = new Map<number, Match>();
  for (const part of parts) {
    const rows = part ? await part.execute() : [];
    for (const r of rows) found.set(r.id, r);
    // A part that read its limit may have more (the title part gives a link once per use): not all.
    if (found.size > upTo || rows.length > upTo) return { places: [...found.values()], all: false };
  }
  return { places: [...found.values()], all: true };
}

/**
 * The list's order: worst first, then by URL, as both databases compare them: byte by byte (SQLite's
 * BINARY; PostgreSQL's `COLLATE "C"`, migration 0038), which for an ASCII address is JavaScript's `<`.
 */
const byPlace = (a: Omit<Place, "host">, b: Omit<Place, "host">) =>
  a.severity - b.severity || (a.url < b.url ? -1 : a.url === b.url ? 0 : 1);

/**
 * Runs `work` so that its reads return rows in the same order every time: on PostgreSQL without
 * parallel workers or synchronised scans, which return a table's rows in any order. A broad search lists the first matches
 * its indexes read, so each page of it would otherwise come from a different set.
 */
function inSameOrder<T>(db: Database, work: (db: Database) => Promise<T>): Promise<T> {
  if (!isPostgres(db as Kysely<unknown>)) return work(db);
  const ordered = async (trx: Database) => {
    await sql`set local max_parallel_workers_per_gather = 0`.execute(trx);
    // A big table's scan otherwise starts where another one reached (synchronised scans).
    await sql`set local synchronize_seqscans = off`.execute(trx);
    return work(trx);
  };
  return db.isTransaction ? ordered(db) : db.transaction().execute(ordered);
}

/** One page (50 rows) of the Link health list: worst first, then by URL. */
export async function listLinks(
  db: Database,
  query: LinkListQuery,
  limits: SearchLimits = {
    exactUpTo: SEARCH_EXACT_UP_TO,
    broadListed: BROAD_SEARCH_LISTED,
    broadReads: BROAD_SEARCH_READS,
  },
): Promise<ListPage<LinkRow>> {
  const host = query.host?.trim().toLowerCase();
  // No NUL reaches a query: neither engine takes one inside a text.
  const text = query.q?.replace(/\0/g, "").trim();
  const scope = scopeOf(query);
  // With a class or subject, the list is read from link_scopes, which holds each link's severity
  // and URL in that order: the page and its count are one range of its index.
  const at = scope
    ? { id: "link_scopes.link_id", severity: "link_scopes.severity", url: "link_scopes.url" }
    : { id: "links.id", severity: "links.severity", url: "links.url" };
  const conditions: Expression<SqlBool>[] = [];
  if (query.status) conditions.push(sql<SqlBool>`${sql.ref(at.severity)} = ${severityOf(query.status)}`);
  if (host)
    conditions.push(
      scope
        ? sql<SqlBool>`exists (select 1 from links where links.id = link_scopes.link_id and links.host = ${host})`
        : sql<SqlBool>`links.host = ${host}`,
    );
  // A search: the URL (host included) as typed, or a chapter link's title, site or kind as search finds them.
  const byUrl = text ? urlMatches(db, text) : undefined;
  // Sites whose name holds the text ("youtube"): with more links than are counted exactly, the
  // search is broad at once, without reading that many addresses to find out. The whole list only:
  // a class's list cannot read on through a site's index, and needs the matches the indexes give.
  const sites = byUrl && text && !scope ? await sitesHolding(db, text) : { hosts: [], links: 0 };
  // The matches' places are read with them on PostgreSQL, for the whole list (a class's or subject's
  // list holds its own), where reading each link again for its place took 60-95 ms for 10,000;
  // SQLite reads a link by its key in a microsecond, and the list orders them (decision 0039).
  const placed = Boolean(text) && !scope && isPostgres(db as Kysely<unknown>);
  const exactly = Boolean(text) && sites.links <= limits.exactUpTo;
  // The title part's documents, read the cheaper way for the query: on PostgreSQL a dense query's
  // first blocks in order ("mind map": 100,000 links), the same documents in the same order
  // (docs/decisions/0040). Asked of `db` itself, whose statistics are kept a minute.
  const byTitle =
    exactly && text ? await consoleMatchingFirst(db, "link", text, limits.exactUpTo + 1) : undefined;
  const matched =
    exactly && text
      ? await inSameOrder(db, (q) =>
          searchMatches(
            [
              urlMatches(q, text, placed)?.limit(limits.exactUpTo + 1),
              titleMatches(q, byTitle, placed)?.limit(limits.exactUpTo + 1),
            ],
            limits.exactUpTo,
          ),
        )
      : undefined;
  const found = matched?.all ? matched.places : undefined;
  const broad = Boolean(text) && found === undefined;
  // A broad search's test of one link of the walk (`w`, below): its URL itself (when the index could
  // look for it, as above), or its titles.
  const walkTest =
    broad && text
      ? sql<SqlBool>`(${sql.join(
          [
            ...(byUrl ? [containsText("w.url", text)] : []),
            ...[titleTest("w.id", text)].flatMap((test) => (test ? [test] : [])),
          ],
          sql` or `,
        )})`
      : undefined;
  // Typed as the links table for the builder; every column is named through `at`.
  const filtered = () =>
    (
      (scope
        ? db.selectFrom("link_scopes").where("link_scopes.scope", "=", scope)
        : db.selectFrom("links")) as unknown as SelectQueryBuilder<DB, "links", object>
    ).where(sql<SqlBool>`${conditions.length > 0 ? sql.join(conditions, sql` and `) : sql`1 = 1`}`);
  // The first `limit` links of a read of the list, in its order, with their places.
  const inListOrder = (q: SelectQueryBuilder<DB, "links", object>, limit: number) =>
    q
      .select([
        sql<number>`${sql.ref(at.id)}`.as("id"),
        sql<number>`${sql.ref(at.severity)}`.as("severity"),
        sql<string>`${sql.ref(at.url)}`.as("url"),
      ])
      .orderBy(sql.ref(at.severity))
      .orderBy(sql.ref(at.url))
      .limit(limit);
  // The ids of the `matches` the list's filters keep, with those of `kept` (kept already, with their
  // places), in the list's order, the first `limit`. Those whose places were read are sorted here;
  // others are put in order by the list (looked up by their ids, isOneOf), then merged with `kept`
  // here (the database compares URLs as JavaScript does: byPlace).
  const inOrder = async (
    matches: readonly Match[],
    kept: ReadonlyArray<Omit<Place, "host">>,
    limit: number,
  ): Promise<number[]> => {
    if (matches.length + kept.length === 0) return [];
    let places: Array<Omit<Place, "host">>;
    if (placed)
      places = (matches as Place[]).filter(
        (p) => (!query.status || p.severity === severityOf(query.status)) && (!host || p.host === host),
      );
    else if (matches.length === 0) places = [];
    else {
      places = await inListOrder(
        filtered().where(isOneOf(db, at.id, [...new Set(matches.map((m) => m.id))])),
        limit,
      ).execute();
      if (kept.length === 0) return places.map((p) => p.id);
    }
    const seen = new Set<number>();
    return [...kept, ...places]
      .filter((p) => !seen.has(p.id) && seen.add(p.id))
      .sort(byPlace)
      .slice(0, limit)
      .map((p) => p.id);
  };
  // The whole list's length with its status and site filters, from the kept counts.
  const keptLength = async () =>
    host
      ? await hostCount(db, host, query.status || undefined)
      : sumOf(await storedCounts(db), (r) => !query.status || r.status === query.status);
  let total = 0;
  // A broad search's count stops one past what it lists: more than that is "more".
  let more = false;
  const asked = Math.max(1, query.page ?? 1);
  // A search's links as listed, in order: every page is a slice of them.
  let listedIds: number[] | undefined;
  // A broad search that stopped reading the list before it found what it lists: how far it read.
  let searched: ListPage<LinkRow>["searched"];
  const listed = await readPage(
    asked,
    async () => {
      // Without filters but the status and site, the kept counts answer (a count would read every link).
      if (!scope && !text) total = await keptLength();
      else if (walkTest) {
        // One read of the list's order, at most `broadReads` links, tested one by one and kept to one
        // past what it lists: every page of it is among these.
        const walk = (reads: number) => inListOrder(filtered(), reads).as("w");
        const walked = await db
          .selectFrom(walk(limits.broadReads))
          .select(["w.id", "w.severity", "w.url"])
          .where(walkTest)
          .orderBy("w.severity")
          .orderBy("w.url")
          .limit(limits.broadListed + 1)
          .execute();
        // Fewer found than it lists: the walk read the whole list, or stopped at `broadReads`.
        // The whole list's length (by status and site) is kept; a class's or subject's is counted
        // as far as it matters.
        const stopped =
          walked.length <= limits.broadListed &&
          (scope
            ? toNumber(
                (
                  await db
                    .selectFrom(walk(limits.broadReads + 1))
                    .select((eb) => eb.fn.countAll().as("n"))
                    .executeTakeFirst()
                )?.n as number | bigint | undefined,
              )
            : await keptLength()) > limits.broadReads;
        // Stopped: the sites whose name holds the text are read on through their own index, their
        // links being matches all (a site's addresses sort together, often late: "youtube").
        // And the matches the indexes gave before the search proved broad (by title: "electrochemistry"),
        // read with their places: put in order among the rest without reading them again.
        const known = stopped && matched ? matched.places : [];
        const readOn = stopped ? sites.hosts : [];
        const bySite = await Promise.all(
          readOn.map((site) =>
            inListOrder(filtered().where("links.host", "=", site), limits.broadListed + 1).execute(),
          ),
        );
        // The walk's finds, and those of the indexes and sites it may not have read, in order.
        const rows =
          known.length + readOn.length === 0
            ? walked.map((r) => r.id)
            : await inOrder(known, [...walked, ...bySite.flat()], limits.broadListed + 1);
        listedIds = rows.slice(0, limits.broadListed);
        total = listedIds.length;
        if (stopped)
          searched = { links: limits.broadReads, sites: readOn, found: matched?.places.length ?? 0 };
        more = rows.length > limits.broadListed || stopped;
      } else if (found) {
        // Every match is known: those the filters keep, put in order at once.
        listedIds = await inOrder(found, [], found.length);
        total = listedIds.length;
      } else {
        const row = await filtered()
          .select((eb) => eb.fn.countAll().as("n"))
          .executeTakeFirst();
        total = toNumber(row?.n as number | bigint | undefined);
      }
      return total;
    },
    async ({ limit, offset }) => {
      // A page past the middle is read from the end, so no page skips more than half the list; the
      // skipping reads only the index of (severity, url), the page's own rows are read after.
      const fromEnd = offset > total / 2;
      const size = Math.min(limit, Math.max(0, total - offset));
      const direction = fromEnd ? sql`desc` : sql`asc`;
      const page = filtered()
        .select(sql<number>`${sql.ref(at.id)}`.as("id"))
        // The URL is unique: (severity, url) orders every page the same way, by its index.
        .orderBy(sql`${sql.ref(at.severity)} ${direction}`)
        .orderBy(sql`${sql.ref(at.url)} ${direction}`)
        .limit(fromEnd ? size : limit)
        .offset(fromEnd ? Math.max(0, total - offset - size) : offset);
      const ids = listedIds?.slice(offset, offset + limit);
      const rows = await db
        .selectFrom("links")
        .select([
          "links.id",
          "links.url",
          "links.host",
          "links.status",
          "links.final_url",
          "links.checked_at",
          "links.last_result",
          "links.marked_fine",
        ])
        .where("links.id", "in", ids ?? page)
        .orderBy("links.severity")
        .orderBy("links.url")
        .execute();
      const shown = rows.map((r) => r.id);
      const [uses, counts] = await Promise.all([
        usesOf(db, shown),
        shown.length === 0
          ? []
          : db
              .selectFrom("link_uses")
              .select(["link_id", (eb) => eb.fn.countAll().as("n")])
              .where("link_id", "in", shown)
              .groupBy("link_id")
              .execute(),
      ]);
      const useCount = new Map(counts.map((c) => [c.link_id, toNumber(c.n as number | bigint)]));
      return rows.map((r) => ({
        id: r.id,
        url: r.url,
        host: r.host,
        status: r.status,
        finalUrl: r.final_url,
        checkedAt: r.checked_at,
        lastResult: r.last_result,
        markedFine: Boolean(r.marked_fine),
        uses: uses.get(r.id) ?? [],
        useCount: useCount.get(r.id) ?? 0,
      }));
    },
  );
  return { ...listed, more, ...(searched === undefined ? {} : { searched }) };
}

type CountRow = { status: LinkStatus; requested: number; markedFine: number; n: number };

/** Rows of `link_counts` past which PostgreSQL's differences are folded together. */
const FOLD_AFTER = 200;

/**
 * The links by status, asked-for check and "fine" mark, from `link_counts` (kept by triggers,
 * migration 0021): a few rows at any number of links. On PostgreSQL each statement that changed
 * links added a row of differences; past FOLD_AFTER rows they are summed into one row each.
 */
async function storedCounts(db: Database): Promise<CountRow[]> {
  const rows = await db
    .selectFrom("link_counts")
    .select(["status", "requested", "marked_fine", (eb) => eb.fn.sum<number>("n").as("n")])
    .select((eb) => eb.fn.countAll().as("k"))
    .groupBy(["status", "requested", "marked_fine"])
    .execute();
  const stored = rows.reduce((sum, r) => sum + toNumber(r.k as number | bigint), 0);
  if (stored > FOLD_AFTER && isPostgres(db as Kysely<unknown>) && !db.isTransaction) {
    // Rows added while this runs are not in its snapshot and stay; two folds at once each take
    // only the rows they deleted, so the sums never change.
    await sql`with gone as (delete from link_counts returning status, requested, marked_fine, n)
      insert into link_counts (status, requested, marked_fine, n)
      select status, requested, marked_fine, sum(n) from gone group by 1, 2, 3 having sum(n) <> 0`.execute(
      db,
    );
  }
  return rows.map((r) => ({
    status: r.status,
    requested: r.requested,
    markedFine: r.marked_fine,
    n: toNumber(r.n as number | bigint | string),
  }));
}

/** How many links of one site (of one status), from `link_host_counts`, folded like storedCounts. */
async function hostCount(db: Database, host: string, status?: LinkStatus): Promise<number> {
  const row = await db
    .selectFrom("link_host_counts")
    .select([(eb) => eb.fn.sum<number>("n").as("n"), (eb) => eb.fn.countAll().as("k")])
    .where("host", "=", host)
    .$if(status !== undefined, (q) => q.where("status", "=", status as LinkStatus))
    .executeTakeFirst();
  if (
    toNumber(row?.k as number | bigint) > FOLD_AFTER / 4 &&
    isPostgres(db as Kysely<unknown>) &&
    !db.isTransaction
  ) {
    await sql`with gone as (delete from link_host_counts where host = ${host} returning host, status, n)
      insert into link_host_counts (host, status, n)
      select host, status, sum(n) from gone group by 1, 2 having sum(n) <> 0`.execute(db);
  }
  return toNumber(row?.n as number | bigint | string | null | undefined);
}

const sumOf = (rows: CountRow[], keep: (r: CountRow) => boolean) =>
  rows.reduce((sum, r) => (keep(r) ? sum + r.n : sum), 0);

/** Links by status, for the counts at the top of the page. */
export async function linkCounts(db: Database): Promise<LinkCounts> {
  const rows = await storedCounts(db);
  return Object.fromEntries(LINK_STATUSES.map((s) => [s, sumOf(rows, (r) => r.status === s)])) as LinkCounts;
}

/** The side menu's badge: Broken links nobody has marked fine (what students no longer see). */
export async function brokenCount(db: Database): Promise<number> {
  return sumOf(await storedCounts(db), (r) => r.status === "broken" && !r.markedFine);
}

/**
 * Which of `urls` (as stored, e.g. one chapter's links) students must not see: confirmed Broken and
 * not marked fine. One indexed lookup by normalised URL; returns the given strings.
 */
export async function hiddenLinkUrls(db: Database, urls: readonly string[]): Promise<Set<string>> {
  const normal = new Map<string, string[]>();
  for (const url of urls) {
    const key = normaliseLinkUrl(url);
    if (key) normal.set(key, [...(normal.get(key) ?? []), url]);
  }
  const hidden = new Set<string>();
  if (normal.size === 0) return hidden;
  // The page being rendered is stored with these, and dropped when one of them changes.
  showsLinks(normal.keys());
  const rows = await db
    .selectFrom("links")
    .select("url")
    .where("url", "in", [...normal.keys()])
    .where("status", "=", "broken")
    .where("marked_fine", "=", 0)
    .execute();
  for (const r of rows) for (const url of normal.get(r.url) ?? []) hidden.add(url);
  return hidden;
}

/** A link's last checks, newest first (at most 20 are kept). */
export async function linkHistory(
  db: Database,
  id: number,
): Promise<
  Array<{
    checkedAt: string;
    code: number | null;
    error: string | null;
    finalUrl: string | null;
    status: LinkStatus;
  }>
> {
  const rows = await db
    .selectFrom("link_checks")
    .select(["checked_at", "code", "error", "final_url", "status"])
    .where("link_id", "=", id)
    .orderBy("id", "desc")
    .execute();
  return rows.map((r) => ({
    checkedAt: r.checked_at,
    code: r.code,
    error: r.error,
    finalUrl: r.final_url,
    status: r.status,
  }));
}

// ---------------------------------------------------------------------------------------------
// Actions
// ---------------------------------------------------------------------------------------------

const CHECK_ALL_KEY = "check_all";

/** Checks asked for and not yet made. */
const waiting = async (db: Database) => sumOf(await storedCounts(db), (r) => r.requested === 1);

/**
 * "Recheck": the links are checked next, ahead of the schedule (even with LINK_CHECK=off). The run's
 * size grows by the checks it adds (a new run when none was going), so checkProgress() counts
 * them done as they are made rather than showing "0 of" what is left.
 */
export async function recheck(db: Database, ids: number[], now = new Date()): Promise<number> {
  const asked = await inTransaction(db, async (trx) => {
    const before = await waiting(trx);
    const asked = await requestChecks(trx, ids, now);
    const added = (await waiting(trx)) - before;
    if (added === 0) return asked;
    const state = await trx
      .selectFrom("link_state")
      .select("value")
      .where("key", "=", CHECK_ALL_KEY)
      .executeTakeFirst();
    const run =
      before > 0 && state ? (JSON.parse(state.value) as { startedAt: string; queued: number }) : null;
    const value = JSON.stringify({
      startedAt: run?.startedAt ?? now.toISOString(),
      queued: Math.max(run ? Number(run.queued) : 0, before) + added,
    });
    await trx
      .insertInto("link_state")
      .values({ key: CHECK_ALL_KEY, value })
      .onConflict((oc) => oc.column("key").doUpdateSet({ value }))
      .execute();
    return asked;
  });
  if (asked > 0) wakeCheckers();
  return asked;
}

/** "Check all links now": queues every link; checkProgress() tells how far it got. */
export async function checkAllNow(db: Database, now = new Date()): Promise<{ queued: number }> {
  const run = await inTransaction(db, async (trx) => {
    const queued = await requestChecks(trx, "all", now);
    const value = JSON.stringify({ startedAt: now.toISOString(), queued });
    await trx
      .insertInto("link_state")
      .values({ key: CHECK_ALL_KEY, value })
      .onConflict((oc) => oc.column("key").doUpdateSet({ value }))
      .execute();
    return { queued };
  });
  if (run.queued > 0) wakeCheckers();
  return run;
}

/** How far the last "Check all links now" got (with any other checks people asked for since). */
export async function checkProgress(db: Database): Promise<CheckProgress> {
  const [state, remaining] = await Promise.all([
    db.selectFrom("link_state").select("value").where("key", "=", CHECK_ALL_KEY).executeTakeFirst(),
    waiting(db),
  ]);
  const queued = Math.max(
    remaining,
    state ? Number((JSON.parse(state.value) as { queued: number }).queued) : 0,
  );
  return { queued, done: queued - remaining, running: remaining > 0 };
}

/**
 * "Mark as fine": a person says the link works (a site that blocks checkers, a login page). Students
 * see it again; the mark lasts until the URL's answer changes. Only checked links can be marked.
 */
export async function markFine(db: Database, ids: number[], userEmail?: string): Promise<number> {
  if (ids.length === 0) return 0;
  return inTransaction(db, async (trx) => {
    const rows = await trx
      .selectFrom("links")
      .select(["id", "url", "status", "marked_fine"])
      .where("id", "in", ids)
      .where("last_answer", "is not", null)
      .execute();
    if (rows.length === 0) return 0;
    // Students see them again: the stored pages showing them go (the content version first, as
    // every writer takes it).
    const shownAgain = rows.filter((r) => isHidden({ status: r.status, markedFine: Boolean(r.marked_fine) }));
    if (shownAgain.length > 0)
      await linkVisibilityChanged(
        trx,
        shownAgain.map((r) => r.url),
        false,
      );
    await trx
      .updateTable("links")
      .set((eb) => ({
        marked_fine: 1,
        fine_answer: eb.ref("last_answer"),
        marked_fine_by: userEmail ?? null,
      }))
      .where(
        "id",
        "in",
        rows.map((r) => r.id),
      )
      .execute();
    return rows.length;
  });
}

/**
 * "Use new address": for Redirected links, puts the final address in place of the old one everywhere
 * it is used (chapter links, and `href`s inside notes and posts), as one change: one transaction, each
 * changed chapter, note and post moved to its next version. Refuses, changing nothing, when a link
 * is not Redirected. Returns how many places changed.
 */
export async function useNewAddress(db: Database, ids: number[]): Promise<{ places: number }> {
  if (ids.length === 0) return { places: 0 };
  return inTransaction(db, async (trx) => {
    const links = await trx
      .selectFrom("links")
      .select(["id", "url", "status", "final_url"])
      .where("id", "in", ids)
      .execute();
    if (links.length < new Set(ids).size) throw new NotFoundError("link");
    const moves = new Map<number, { from: string; to: string }>();
    for (const link of links) {
      if (link.status !== "redirected" || !link.final_url) {
        throw new DomainError(
          `Only a Redirected link has a new address to use: ${link.url} is ${LINK_STATUS_WORDS[link.status]}.`,
        );
      }
      moves.set(link.id, { from: link.url, to: link.final_url });
    }
    const byUrl = new Map([...moves.values()].map((m) => [m.from, m.to]));
    const uses = await trx
      .selectFrom("link_uses")
      .select(["link_id", "kind", "ref_id", "chapter_id"])
      .where("link_id", "in", [...moves.keys()])
      .execute();
    const refs = (kind: UseRow["kind"]) => [
      ...new Set(uses.filter((u) => u.kind === kind).map((u) => u.ref_id)),
    ];
    let places = 0;

    const chapterLinks = refs("chapter-link");
    if (chapterLinks.length > 0) {
      const rows = await trx
        .selectFrom("chapter_links")
        .innerJoin("chapters", "chapters.id", "chapter_links.chapter_id")
        .select(["chapter_links.id", "chapter_links.url", "chapter_links.chapter_id", "chapters.version"])
        .where("chapter_links.id", "in", chapterLinks)
        .execute();
      // Each chapter is saved as a new version first: History keeps its links as they were.
      const versions = new Map(rows.map((r) => [r.chapter_id, r.version]));
      for (const [chapterId, version] of versions) await saveVersion(trx, "chapters", chapterId, version, {});
      for (const row of rows) {
        const to = byUrl.get(normaliseLinkUrl(row.url) ?? "");
        if (!to) continue;
        await trx.updateTable("chapter_links").set({ url: to }).where("id", "=", row.id).execute();
        places++;
      }
    }
    const rewrite = (html: string) =>
      replaceHrefs(html, (href) => {
        const to = byUrl.get(normaliseLinkUrl(href) ?? "");
        return to ?? null;
      });
    for (const table of ["notes", "posts"] as const) {
      const ids = refs(table === "notes" ? "note" : "post");
      if (ids.length === 0) continue;
      const rows = await trx
        .selectFrom(table)
        .select(["id", "content", "version"])
        .where("id", "in", ids)
        .execute();
      for (const row of rows) {
        const content = rewrite(row.content);
        if (content === row.content) continue;
        await saveVersion(trx, table, row.id, row.version, { content });
        places++;
      }
    }
    await contentChanged(trx);
    return { places };
  });
}

// ---------------------------------------------------------------------------------------------
// Students' reports
// ---------------------------------------------------------------------------------------------

/** The secret mixed into address hashes, made once per database. */
async function reportSalt(db: Database): Promise<string> {
  await db
    .insertInto("link_state")
    .values({ key: "report_salt", value: randomBytes(32).toString("hex") })
    .onConflict((oc) => oc.column("key").doNothing())
    .execute();
  const row = await db
    .selectFrom("link_state")
    .select("value")
    .where("key", "=", "report_salt")
    .executeTakeFirstOrThrow();
  return row.value;
}

/** Whether a link is used on a public page: a chapter page (its links and notes) or a published post. */
async function linksOnPage(db: Database, page: string, linkId: number): Promise<boolean> {
  const path = page.split(/[?#]/)[0] ?? "";
  const chapter = /^\/class\/(\d+)\/chapter\/([^/]+)\/?$/.exec(path);
  const post = /^\/blog\/([^/]+)\/?$/.exec(path);
  const decode = (text: string) => {
    try {
      return decodeURIComponent(text);
    } catch {
      return null;
    }
  };
  if (chapter) {
    const slug = decode(chapter[2] ?? "");
    const found =
      slug === null
        ? undefined
        : await db
            .selectFrom("chapters")
            .select("id")
            .where("grade", "=", Number(chapter[1]))
            .where("slug", "=", slug)
            .executeTakeFirst();
    if (!found) return false;
    const use = await db
      .selectFrom("link_uses")
      .select("link_id")
      .where("chapter_id", "=", found.id)
      .where("link_id", "=", linkId)
      .executeTakeFirst();
    return use !== undefined;
  }
  if (post) {
    const slug = decode(post[1] ?? "");
    const use =
      slug === null
        ? undefined
        : await db
            .selectFrom("link_uses")
            .innerJoin("posts", "posts.id", "link_uses.ref_id")
            .select("link_uses.link_id")
            .where("link_uses.kind", "=", "post")
            .where("posts.slug", "=", slug)
            .where("posts.status", "=", "published")
            .where("link_uses.link_id", "=", linkId)
            .executeTakeFirst();
    return use !== undefined;
  }
  return false;
}

export type ReportInput = {
  /** The link as shown on the page, or its id. */
  url?: string;
  linkId?: number;
  reason: ReportReason;
  /** The page the student was on (its path, e.g. /class/10/chapter/light). */
  page: string;
  /** The visitor's address: only a salted hash of it is stored, to count reports per address. */
  address: string;
  now?: Date;
};

/**
 * A student's "Report broken link": refused for a link that is not on that page, and beyond
 * REPORTS_PER_HOUR reports an hour from one address; queues an immediate recheck of the link.
 */
export async function reportLink(db: Database, input: ReportInput): Promise<{ id: number }> {
  const now = input.now ?? new Date();
  const notHere = () => new DomainError("That link is not on this page.", { status: 404 });
  const url = input.url !== undefined ? normaliseLinkUrl(input.url) : null;
  if (input.linkId === undefined && !url) throw notHere();
  const report = await inTransaction(db, async (trx) => {
    let link = trx.selectFrom("links").select("id");
    link =
      input.linkId !== undefined ? link.where("id", "=", input.linkId) : link.where("url", "=", url ?? "");
    const found = await link.executeTakeFirst();
    if (!found || !(await linksOnPage(trx, input.page, found.id))) throw notHere();
    const salt = await reportSalt(trx);
    const addressHash = createHash("sha256").update(`${salt}:${input.address}`).digest("hex");
    const recent = await trx
      .selectFrom("link_reports")
      .select((eb) => eb.fn.countAll().as("n"))
      .where("address_hash", "=", addressHash)
      .where("created_at", ">", new Date(now.getTime() - HOUR_MS).toISOString())
      .executeTakeFirst();
    if (toNumber(recent?.n as number | bigint | undefined) >= REPORTS_PER_HOUR) {
      throw new DomainError("You have reported several links in the last hour. Please try again later.", {
        status: 429,
      });
    }
    const row = await trx
      .insertInto("link_reports")
      .values({
        link_id: found.id,
        reason: input.reason,
        page: input.page.slice(0, 500),
        address_hash: addressHash,
        created_at: now.toISOString(),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await requestChecks(trx, [found.id], now);
    return { id: row.id };
  });
  wakeCheckers();
  return report;
}

/** Reports of one status (open by default), newest first, 50 a page. */
export function listReports(
  db: Database,
  query: { status?: LinkReport["status"]; page?: number } = {},
): Promise<ListPage<LinkReport>> {
  const status = query.status ?? "open";
  return readPage(
    query.page ?? 1,
    async () => {
      const row = await db
        .selectFrom("link_reports")
        .select((eb) => eb.fn.countAll().as("n"))
        .where("status", "=", status)
        .executeTakeFirst();
      return toNumber(row?.n as number | bigint | undefined);
    },
    async ({ limit, offset }) => {
      const rows = await db
        .selectFrom("link_reports")
        .innerJoin("links", "links.id", "link_reports.link_id")
        .select([
          "link_reports.id",
          "link_reports.link_id",
          "links.url",
          "link_reports.reason",
          "link_reports.page",
          "link_reports.created_at",
          "link_reports.status",
        ])
        .where("link_reports.status", "=", status)
        .orderBy("link_reports.id", "desc")
        .limit(limit)
        .offset(offset)
        .execute();
      return rows.map((r) => ({
        id: r.id,
        linkId: r.link_id,
        url: r.url,
        reason: r.reason,
        page: r.page,
        createdAt: r.created_at,
        status: r.status,
      }));
    },
  );
}

/** A curator closes a report: resolved (fixed) or dismissed (nothing wrong). */
export async function resolveReport(
  db: Database,
  id: number,
  status: "resolved" | "dismissed",
): Promise<void> {
  const result = await db
    .updateTable("link_reports")
    .set({ status, resolved_at: new Date().toISOString() })
    .where("id", "=", id)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) throw new NotFoundError("report");
}

/**
 * A curator closes every open report of one link at once (one entry of Reports): those up to the
 * newest the page showed, so a report that came in after it was shown stays open to be read.
 * Returns how many were closed; none left open says that someone else closed them meanwhile.
 */
export async function closeLinkReports(
  db: Database,
  linkId: number,
  newestShown: number,
  status: "resolved" | "dismissed",
): Promise<number> {
  const result = await db
    .updateTable("link_reports")
    .set({ status, resolved_at: new Date().toISOString() })
    .where("link_id", "=", linkId)
    .where("status", "=", "open")
    .where("id", "<=", newestShown)
    .executeTakeFirst();
  const closed = Number(result.numUpdatedRows);
  if (closed === 0) {
    throw new DomainError("These reports were already closed (by someone else, or in another tab).", {
      status: 409,
    });
  }
  return closed;
}

// ---------------------------------------------------------------------------------------------
// The weekly digest
// ---------------------------------------------------------------------------------------------

/** Entries per part of the digest. */
const DIGEST_LIMIT = 50;

/** What changed in the 7 days before `now`: newly Broken, fixed (OK again), newly Redirected. */
export async function linkDigest(db: Database, now = new Date()): Promise<LinkDigest> {
  const since = new Date(now.getTime() - 7 * DAY_MS).toISOString();
  const changed = (status: LinkStatus) =>
    db
      .selectFrom("links")
      .select(["url", "final_url", "status_changed_at", "previous_status"])
      .where("status", "=", status)
      .where("status_changed_at", ">=", since)
      .orderBy("status_changed_at", "desc")
      .limit(DIGEST_LIMIT)
      .execute();
  const [broken, ok, redirected] = await Promise.all([
    changed("broken"),
    changed("ok"),
    changed("redirected"),
  ]);
  const at = (r: { status_changed_at: string | null }) => r.status_changed_at ?? since;
  return {
    since,
    newlyBroken: broken.map((r) => ({ url: r.url, at: at(r) })),
    fixed: ok
      .filter((r) => r.previous_status === "broken" || r.previous_status === "warning")
      .map((r) => ({ url: r.url, at: at(r) })),
    redirected: redirected.map((r) => ({ url: r.url, finalUrl: r.final_url ?? "", at: at(r) })),
  };
}
