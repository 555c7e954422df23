import { ACTION_NAME } from "#app/lib/activity-words.ts";
import { isIsoDate } from "#app/lib/dates.ts";
import { type ListQuery, type ListSpec, listSearch } from "#app/lib/list-query.ts";

// The Activity page's list state, all of it in the URL (README, The console): `who` (a person, as
// the log names them), `what` (an action's name), `from` and `to` (days in India), `q` and `page`.
// The log has one order, newest first, so no sort parameter is ever written.

export type ActivityFilter = "who" | "what" | "from" | "to";
export type ActivityPageQuery = ListQuery<"at", ActivityFilter>;

export const ACTIVITY_LIST: ListSpec<"at", ActivityFilter> = {
  sorts: ["at"],
  defaultSort: "at",
  defaultDir: { at: "desc" },
  filters: {
    who: (value) => value.length <= 320,
    what: (value) => value.length <= 80 && ACTION_NAME.test(value),
    from: isIsoDate,
    to: isIsoDate,
  },
};

/** The Activity page showing this list state (with `changes`). */
export function activityHref(query: ActivityPageQuery, changes?: Parameters<typeof listSearch>[2]): string {
  return `/admin/activity${listSearch(query, ACTIVITY_LIST, changes)}`;
}
