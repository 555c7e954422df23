import { type Grade, parseGrade } from "#app/lib/grades.ts";

/** The `type` filter of `/search`. */
export type SearchKind = "chapters" | "links" | "posts";

/** A query is cut at this many characters, here and by the search module. */
export const MAX_QUERY_LENGTH = 200;

/** The `type` filter's values, in the order the page offers them. */
export const SEARCH_KINDS = ["chapters", "links", "posts"] as const satisfies readonly SearchKind[];

/** Pages beyond this are not offered: nobody reads 10,000 results, and deep offsets cost the database. */
export const MAX_SEARCH_PAGE = 500;

/** What `/search` shows, all of it in its URL (README, Search). */
export type SearchParams = {
  q: string;
  grade?: Grade;
  subject?: string;
  type?: SearchKind;
  page: number;
};

/**
 * The query as the page shows and sends it: control characters and runs of spaces become one
 * space, and it is cut at MAX_QUERY_LENGTH characters (whole characters, so an emoji is never
 * split). Any text is accepted; the search module makes it safe for the engine.
 */
export function cleanQuery(raw: string): string {
  const text = raw.replace(/[\p{Cc}\s]+/gu, " ").trim();
  return [...text].slice(0, MAX_QUERY_LENGTH).join("").trim();
}

/** `/search`'s parameters; a value that makes no sense is dropped (the page shows everything), never refused. */
export function parseSearchParams(params: URLSearchParams): SearchParams {
  const grade = parseGrade(params.get("grade")) ?? undefined;
  const subject = params.get("subject")?.trim().toLowerCase() || undefined;
  const type = SEARCH_KINDS.find((kind) => kind === params.get("type"));
  const page = Number(params.get("page") ?? "1");
  return {
    q: cleanQuery(params.get("q") ?? ""),
    grade,
    subject: subject && /^[a-z0-9-]{1,40}$/.test(subject) ? subject : undefined,
    type,
    page: Number.isInteger(page) && page >= 1 ? Math.min(page, MAX_SEARCH_PAGE) : 1,
  };
}

/** The address of a `/search` page: only the parameters that are set, page 1 without a number. */
export function searchHref(params: Partial<SearchParams>): string {
  const query = new URLSearchParams();
  if (params.q) query.set("q", params.q);
  if (params.grade) query.set("grade", String(params.grade));
  if (params.subject) query.set("subject", params.subject);
  if (params.type) query.set("type", params.type);
  if (params.page && params.page > 1) query.set("page", String(params.page));
  return query.size > 0 ? `/search?${query}` : "/search";
}
