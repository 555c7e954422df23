import { type Expression, type ExpressionBuilder, type SelectQueryBuilder, type SqlBool, sql } from "kysely";
import { PAGE_SIZE } from "#app/lib/list-query.ts";
import { type Database, toNumber } from "#app/server/db.server.ts";
import type { DB } from "#app/server/schema.server.ts";
import type { DocumentKind } from "#app/server/search/engine-types.server.ts";
import { consoleMatch } from "#app/server/search/search.server.ts";

/** One page of a console list, with what the pager needs. */
export type ListPage<Row> = {
  rows: Row[];
  /** Rows in the whole (filtered) list. */
  total: number;
  /** The page shown: the one asked for, or the last one when it asked past the end. */
  page: number;
  pageCount: number;
  pageSize: number;
  /** More rows match than the list goes through: `total` is how many it lists (Link health's broad searches). */
  more?: boolean;
  /**
   * A broad search stopped after reading `links` rows of the list in its order, and read on the
   * `sites` whose name holds its text and the `found` matches its indexes gave (Link health): `rows`
   * are every match among those, and others may follow.
   */
  searched?: { links: number; sites: string[]; found: number };
};

/** How many rows a list's filtered query holds (its `count` for readPage). */
// biome-ignore lint/suspicious/noExplicitAny: counts any list's query
export async function countRows(query: SelectQueryBuilder<DB, any, object>): Promise<number> {
  const row = await query.select((eb) => eb.fn.countAll().as("n")).executeTakeFirst();
  return toNumber(row?.n as number | bigint | undefined);
}

/**
 * Reads one page of a list: `count` gives the size of the filtered list, `rows` reads a window of
 * it (a LIMIT/OFFSET query, ordered with a unique last key so pages never overlap). A page past the
 * end shows the last page instead of an empty one.
 */
export async function readPage<Row>(
  page: number,
  count: () => Promise<number>,
  rows: (window: PageWindow) => Promise<Row[]>,
): Promise<ListPage<Row>> {
  const total = await count();
  const pageCount = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const shown = Math.min(Math.max(1, page), pageCount);
  const list = total === 0 ? [] : await rows({ limit: PAGE_SIZE, offset: (shown - 1) * PAGE_SIZE, total });
  return { rows: list, total, page: shown, pageCount, pageSize: PAGE_SIZE };
}

/** The rows of a page: `limit` of them after the first `offset` of the `total` counted. */
export type PageWindow = { limit: number; offset: number; total: number };

/**
 * A page's ids read from the nearer end of its list: a page in the second half is read in the
 * opposite order (`reversed`: every key's direction turned) with the offset from the end, then
 * turned round. An index walked in order skips every row before the offset, so the last of 2,000
 * pages skipped 99,950 chapters (160-220 ms on PostgreSQL) and now skips none. The order must end
 * in a unique key, so that the reversed order is exactly the same list backwards.
 */
export async function fromNearerEnd<Id>(
  { limit, offset, total }: PageWindow,
  read: (window: { limit: number; offset: number; reversed: boolean }) => Promise<Id[]>,
): Promise<Id[]> {
  const take = Math.min(limit, total - offset);
  if (take <= 0) return [];
  if (offset + take / 2 <= total / 2) return read({ limit: take, offset, reversed: false });
  return (await read({ limit: take, offset: total - offset - take, reversed: true })).reverse();
}

/** A sort direction, turned round when a page is read from the end (fromNearerEnd). */
export function turned(dir: "asc" | "desc", reversed: boolean): "asc" | "desc" {
  return reversed === (dir === "asc") ? "desc" : "asc";
}

/**
 * A search text as a case-insensitive LIKE pattern on both engines (used with `lower(column)`):
 * the wildcards a person may type (`%`, `_`) match themselves. Use with `escape '\'`.
 */
export function likePattern(text: string): string {
  // Without NULs, which neither engine takes inside a text (one reached here as an error).
  return `%${text
    .replace(/\0/g, "")
    .toLowerCase()
    .replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** `column` contains `text`, ignoring case, on SQLite and PostgreSQL alike. */
export function containsText(column: string, text: string): Expression<SqlBool> {
  return sql<SqlBool>`lower(${sql.ref(column)}) like ${likePattern(text)} escape '\\'`;
}

/**
 * The console lists' "Search" box: a title holding the text anywhere (a curator types any part of
 * a title they know), or an item whose words match it through the search module (text, notes,
 * tags and keywords, each word also by its beginning, English and Hindi alike). `idColumn` holds ids
 * of `kind` (`chapters.id`, `posts.id`, or `notes.chapter_id` for the notes of the chapters found).
 */
export function listSearch(
  db: Database,
  kind: DocumentKind,
  idColumn: string,
  titleColumn: string,
  q: string,
) {
  // biome-ignore lint/suspicious/noExplicitAny: composes into any list's query
  return (eb: ExpressionBuilder<DB, any>) =>
    eb.or([containsText(titleColumn, q), consoleMatch(db, kind, idColumn, q)]);
}
