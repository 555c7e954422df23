// The Activity page's loader data (app/routes/admin/activity.tsx): one page of the log, newest
// first, narrowed by the URL's filters, with the people and actions the filters offer. Read only.
import { ACTIVITY_LIST, type ActivityPageQuery } from "#app/components/admin/activity/list-state.ts";
import { actionWords } from "#app/lib/activity-words.ts";
import { formatIndiaDateTime } from "#app/lib/dates.ts";
import { readListQuery } from "#app/lib/list-query.ts";
import { activityChoices, listActivity } from "#app/server/console/activity.server.ts";
import type { Database } from "#app/server/db.server.ts";

/** The page's data: rows as it shows them (time in India, the action in words) and the filters' choices. */
export async function activityPage(db: Database, url: URL) {
  const query: ActivityPageQuery = readListQuery(url.searchParams, ACTIVITY_LIST);
  const { who, what, from, to } = query.filters;
  const [list, choices] = await Promise.all([
    listActivity(db, { who, action: what, from, to, q: query.q, page: query.page }),
    activityChoices(db),
  ]);
  // A filter from an older link still shows as chosen, even when the log no longer holds it.
  const people = who && !choices.people.includes(who) ? [who, ...choices.people] : choices.people;
  const actions = what && !choices.actions.includes(what) ? [what, ...choices.actions] : choices.actions;
  return {
    query: { ...query, page: list.page },
    list: {
      ...list,
      rows: list.rows.map((row) => ({
        ...row,
        when: formatIndiaDateTime(row.at),
        words: actionWords(row.action),
      })),
    },
    people,
    actions: actions
      .map((name) => ({ name, words: actionWords(name) }))
      .sort((a, b) => a.words.localeCompare(b.words)),
  };
}
