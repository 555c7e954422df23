import { parseGrade } from "#app/lib/grades.ts";
import { type ListQuery, type ListSpec, listSearch } from "#app/lib/list-query.ts";
import { LINK_STATUSES, type LinkListQuery, type LinkStatus } from "#app/server/link-health/types.ts";

// Link health's list state, all of it in the URL (README, The console): `status`, `class`,
// `subject`, `host`, `q` and `page`. The list has one order (Broken first, then Warning,
// Redirected, OK, Not checked), so no sort parameter is ever written.

export type LinkFilter = "status" | "class" | "subject" | "host";
export type LinkPageQuery = ListQuery<"status", LinkFilter>;

const isStatus = (value: string): value is LinkStatus => (LINK_STATUSES as readonly string[]).includes(value);

export const LINK_LIST: ListSpec<"status", LinkFilter> = {
  sorts: ["status"],
  defaultSort: "status",
  defaultDir: { status: "asc" },
  filters: {
    status: isStatus,
    class: (value) => parseGrade(value) !== null,
    subject: (value) => value.length <= 60 && /^[a-z0-9]+(-[a-z0-9]+)*$/.test(value),
    // A host as the list shows it (with a port when not the default): letters, digits, dots, dashes, colons.
    host: (value) => value.length <= 260 && /^[a-z0-9.:[\]-]+$/i.test(value),
  },
};

/** The data layer's query for a list state. */
export function toLinkQuery(query: LinkPageQuery): LinkListQuery {
  const { status, class: grade, subject, host } = query.filters;
  return {
    status: status && isStatus(status) ? status : undefined,
    grade: parseGrade(grade) ?? undefined,
    subject: subject || undefined,
    host: host ? host.toLowerCase() : undefined,
    q: query.q || undefined,
    page: query.page,
  };
}

/** Link health showing this list state (with `changes`). */
export function linksHref(query: LinkPageQuery, changes?: Parameters<typeof listSearch>[2]): string {
  return `/admin/links${listSearch(query, LINK_LIST, changes)}`;
}
