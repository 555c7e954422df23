import { Link } from "react-router";
import { type ActivityPageQuery, activityHref } from "#app/components/admin/activity/list-state.ts";
import { EmptyList, ListFilter, ListSearch, Pager } from "#app/components/admin/list-kit.tsx";
import { inputClass } from "#app/components/field.tsx";
import type { ListPage } from "#app/server/console/list-page.server.ts";

/** One line of the log as the page shows it. */
export type ActivityLine = {
  id: number;
  at: string;
  /** `at` in India time, as the server wrote it (the same text before and after hydration). */
  when: string;
  actor: string;
  address: string | null;
  action: string;
  /** The action in words. */
  words: string;
  item: string | null;
  summary: string | null;
};

type Props = {
  query: ActivityPageQuery;
  list: ListPage<ActivityLine>;
  people: string[];
  actions: Array<{ name: string; words: string }>;
};

/** The Activity page's list: Person, Action, From, To and Search; the rows; the pager. */
export function ActivityList({ query, list, people, actions }: Props) {
  const { who, what, from, to } = query.filters;
  const filtered = query.q || who || what || from || to;
  return (
    <div className="space-y-4">
      <div className="rounded-xl border border-gray-200 bg-white p-4 shadow-sm">
        <ListSearch q={query.q} keep={{}} placeholder="Words in the item or summary">
          <ListFilter label="Person" name="who" value={who} all="Everyone">
            {people.map((person) => (
              <option key={person} value={person}>
                {person}
              </option>
            ))}
          </ListFilter>
          <ListFilter label="Action" name="what" value={what} all="All actions">
            {actions.map((action) => (
              <option key={action.name} value={action.name}>
                {action.words}
              </option>
            ))}
          </ListFilter>
          <DayField label="From" name="from" value={from} />
          <DayField label="To" name="to" value={to} />
        </ListSearch>
        {filtered ? (
          <Link
            to="/admin/activity"
            className="mt-3 inline-block text-sm font-semibold text-brand-700 underline"
          >
            Show all activity
          </Link>
        ) : null}
      </div>

      {list.rows.length === 0 ? (
        <EmptyList>
          {filtered
            ? "Nothing matches. Change the search or the filters."
            : "Nothing recorded yet. Every change made in the console shows up here."}
        </EmptyList>
      ) : (
        <ActivityTable rows={list.rows} />
      )}
      <Pager list={list} noun={["entry", "entries"]} hrefFor={(page) => activityHref(query, { page })} />
    </div>
  );
}

/** A day of the filter, in India time; a plain date field, so it works without JavaScript. */
function DayField({ label, name, value }: { label: string; name: string; value: string }) {
  const id = `activity-filter-${name}`;
  return (
    <div className="w-[calc(50%-0.375rem)] sm:w-40">
      <label htmlFor={id} className="block text-sm font-semibold text-gray-800">
        {label}
      </label>
      <input id={id} name={name} type="date" defaultValue={value} className={inputClass} />
    </div>
  );
}

/** One page of the log: when, who (and from where), what was done, to what, and how. */
function ActivityTable({ rows }: { rows: ActivityLine[] }) {
  const th = "px-4 py-3";
  return (
    <div className="rounded-2xl border border-gray-200 bg-white shadow-sm">
      <table className="block w-full text-left text-sm lg:table lg:table-fixed">
        <thead className="hidden border-b border-gray-200 bg-gray-50 text-xs font-semibold tracking-wide text-gray-600 uppercase lg:table-header-group">
          <tr>
            <th scope="col" className={`w-52 ${th}`}>
              When
            </th>
            <th scope="col" className={`w-52 ${th}`}>
              Who
            </th>
            <th scope="col" className={`w-48 ${th}`}>
              Action
            </th>
            <th scope="col" className={th}>
              Item
            </th>
          </tr>
        </thead>
        <tbody className="block divide-y divide-gray-100 lg:table-row-group">
          {rows.map((row) => (
            // Below lg each row is a card: when and who on the left (above, on a phone), what on the right.
            <tr
              key={row.id}
              className="block px-4 py-3 align-top md:grid md:grid-cols-[13rem_1fr] md:gap-x-4 lg:table-row lg:p-0"
            >
              <td className="block text-xs text-gray-600 md:col-start-1 md:row-start-1 lg:table-cell lg:px-4 lg:py-3 lg:text-sm lg:text-gray-800">
                <time dateTime={row.at}>{row.when}</time>
              </td>
              <td className="mt-1 block min-w-0 md:col-start-1 md:row-start-2 lg:mt-0 lg:table-cell lg:px-4 lg:py-3">
                <span className="font-medium [overflow-wrap:anywhere] text-gray-900">{row.actor}</span>
                {row.address ? (
                  <span className="ml-2 text-xs text-gray-500 md:ml-0 md:block">
                    <span className="sr-only">from </span>
                    {row.address}
                  </span>
                ) : null}
              </td>
              <td className="mt-1 block md:col-start-2 md:row-start-1 md:mt-0 lg:table-cell lg:px-4 lg:py-3">
                <span className="font-semibold text-gray-900">{row.words}</span>
              </td>
              <td className="mt-1 block min-w-0 md:col-start-2 md:row-start-2 lg:mt-0 lg:table-cell lg:px-4 lg:py-3">
                {row.item ? <p className="[overflow-wrap:anywhere] text-gray-800">{row.item}</p> : null}
                {row.summary ? (
                  <p className="mt-0.5 [overflow-wrap:anywhere] text-xs text-gray-600 lg:text-sm">
                    {row.summary}
                  </p>
                ) : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
