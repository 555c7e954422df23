import { z } from "zod";

/** Every console list shows at most this many rows a page (README, The console). */
export const PAGE_SIZE = 50;
/** Longest search text a list takes; longer input is cut, never refused. */
export const MAX_LIST_SEARCH = 200;

export type SortDirection = "asc" | "desc";

/** A console list's state, all of it in the URL: page, sort, search and the list's own filters. */
export type ListQuery<Sort extends string, Filter extends string = never> = {
  page: number;
  sort: Sort;
  dir: SortDirection;
  q: string;
  filters: Record<Filter, string>;
};

export type ListSpec<Sort extends string, Filter extends string = never> = {
  sorts: readonly [Sort, ...Sort[]];
  defaultSort: Sort;
  /** The direction each column starts in when first clicked (and the default's). */
  defaultDir: Record<Sort, SortDirection>;
  /** Each filter's rule: a value that fails it is ignored (the list shows everything). */
  filters?: Record<Filter, (value: string) => boolean>;
};

const page = z.coerce.number().int().min(1).max(1_000_000).catch(1);

/** A list's `?page=`: a whole number from 1, anything else (missing, "x", "-3", "2.5") page 1. */
export function readPageNumber(value: string | null): number {
  return page.parse(value ?? undefined);
}
const dir = z.enum(["asc", "desc"]);

/**
 * A value as typed, trimmed, without NULs: a NUL inside a text is refused by PostgreSQL and cuts
 * SQLite's short (a Link health search of "a%00b" was an error on both).
 */
const typed = (value: string | null) => (value ?? "").replace(/\0/g, "").trim();

/**
 * Reads a list's state from its URL. Anything odd (a page of "x", an unknown sort, a filter that
 * breaks its rule, a NUL) falls back to the default rather than failing: a list link always shows a list.
 */
export function readListQuery<Sort extends string, Filter extends string = never>(
  params: URLSearchParams,
  spec: ListSpec<Sort, Filter>,
): ListQuery<Sort, Filter> {
  const sort = z
    .enum(spec.sorts)
    .catch(spec.defaultSort)
    .parse(params.get("sort") ?? undefined);
  const filters = {} as Record<Filter, string>;
  for (const [name, rule] of Object.entries(spec.filters ?? {}) as [Filter, (v: string) => boolean][]) {
    const value = typed(params.get(name));
    filters[name] = value && rule(value) ? value : "";
  }
  return {
    page: readPageNumber(params.get("page")),
    sort,
    dir: dir.catch(spec.defaultDir[sort]).parse(params.get("dir") ?? undefined),
    q: typed(params.get("q")).slice(0, MAX_LIST_SEARCH),
    filters,
  };
}

/**
 * The URL query of a list state, leaving out defaults so that the plain list has a plain address.
 * `changes` replaces parts of it (a new page, sort or filter); changing anything but the page goes
 * back to page 1.
 */
export function listSearch<Sort extends string, Filter extends string>(
  query: ListQuery<Sort, Filter>,
  spec: ListSpec<Sort, Filter>,
  changes: Partial<Omit<ListQuery<Sort, Filter>, "filters">> & {
    filters?: Partial<Record<Filter, string>>;
  } = {},
): string {
  const next = {
    ...query,
    ...changes,
    filters: { ...query.filters, ...changes.filters },
    page: changes.page ?? (Object.keys(changes).length > 0 ? 1 : query.page),
  };
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(next.filters) as [string, string][]) {
    if (value) params.set(name, value);
  }
  if (next.q) params.set("q", next.q);
  if (next.sort !== spec.defaultSort || next.dir !== spec.defaultDir[spec.defaultSort]) {
    params.set("sort", next.sort);
    params.set("dir", next.dir);
  }
  if (next.page > 1) params.set("page", String(next.page));
  const text = params.toString();
  return text ? `?${text}` : "";
}
