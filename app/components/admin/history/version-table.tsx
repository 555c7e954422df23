import { Link } from "react-router";
import { buttonClass } from "#app/components/admin/console-kit.tsx";
import { Pager } from "#app/components/admin/list-kit.tsx";
import { formatIndiaDateTime } from "#app/lib/dates.ts";
import { type HistoryKind, historyHref } from "#app/lib/history-links.ts";

export type VersionRow = {
  version: number;
  current: boolean;
  savedBy: string | null;
  savedAt: string;
  summary: string;
  /** Holds what the current version holds: nothing to restore. */
  sameAsNow?: boolean;
};

type Props = {
  kind: HistoryKind;
  id: number;
  list: { rows: VersionRow[]; total: number; page: number; pageCount: number; pageSize: number };
  /** The version open above the list (`?v=`), if any. */
  open: number | null;
};

// From 1200 px a table (the console menu takes room); below that each version is a card: its
// number and who, when, what changed, then its actions.
const cell = "xl:table-cell xl:px-4 xl:py-3 xl:align-top";

/** An item's versions, newest first (the current one at the top), each with "Show changes" and "Restore" (or
 * "Same as now" when restoring it would change nothing). */
export function VersionTable({ kind, id, list, open }: Props) {
  return (
    <div className="space-y-3">
      {/* Scrolls rather than clips: clipped, the Actions column (Restore) vanished on desktop. */}
      <div className="overflow-x-auto rounded-2xl border border-gray-200 bg-white shadow-sm">
        <table className="block w-full text-left text-sm xl:table">
          <caption className="sr-only">Versions, newest first</caption>
          <thead className="hidden border-b border-gray-200 bg-gray-50 text-xs font-semibold tracking-wide text-gray-600 uppercase xl:table-header-group">
            <tr>
              <th scope="col" className="px-4 py-3">
                Version
              </th>
              <th scope="col" className="px-4 py-3">
                Saved by
              </th>
              <th scope="col" className="px-4 py-3">
                When (IST)
              </th>
              <th scope="col" className="px-4 py-3">
                What changed
              </th>
              <th scope="col" className="px-4 py-3 text-right">
                Actions
              </th>
            </tr>
          </thead>
          <tbody className="block divide-y divide-gray-100 xl:table-row-group">
            {list.rows.map((row) => {
              const titleId = `version-${row.version}`;
              return (
                <tr
                  key={row.version}
                  className={`flex flex-wrap items-baseline gap-x-2 gap-y-1 px-4 py-3 xl:table-row xl:p-0 ${open === row.version ? "bg-brand-50" : ""}`}
                >
                  <th
                    scope="row"
                    id={titleId}
                    className={`${cell} text-left font-semibold whitespace-nowrap text-gray-900`}
                  >
                    Version {row.version}
                    {row.current ? (
                      <>
                        {" "}
                        <span className="rounded-full bg-green-100 px-2 py-0.5 text-xs font-semibold text-green-800">
                          Current
                        </span>
                      </>
                    ) : null}
                  </th>
                  <td
                    className={`${cell} min-w-0 text-gray-700 [overflow-wrap:anywhere] xl:[overflow-wrap:break-word]`}
                  >
                    <span className="xl:hidden">by </span>
                    {row.savedBy ?? <span className="text-gray-500">not recorded</span>}
                  </td>
                  <td
                    className={`${cell} w-full text-xs text-gray-600 xl:w-auto xl:text-sm xl:whitespace-nowrap`}
                  >
                    <time dateTime={row.savedAt}>{formatIndiaDateTime(row.savedAt)}</time>
                  </td>
                  <td className={`${cell} w-full text-gray-800 xl:w-auto xl:min-w-40`}>
                    <span className="text-gray-500 xl:hidden">Changed: </span>
                    {row.summary || (
                      <span className="text-gray-500">(the versions before it are no longer kept)</span>
                    )}
                  </td>
                  <td className={`${cell} mt-1.5 w-full xl:mt-0 xl:w-auto`}>
                    {row.current ? null : (
                      <div className="flex flex-wrap gap-2 whitespace-nowrap xl:justify-end">
                        <Link
                          to={historyHref(kind, id, { v: row.version, page: list.page })}
                          preventScrollReset
                          aria-describedby={titleId}
                          className={buttonClass("edit", "sm")}
                        >
                          Show changes
                        </Link>
                        {row.sameAsNow ? (
                          // Restoring it would change nothing: the row says so instead of offering it.
                          <span className="self-center text-xs font-semibold text-gray-600">
                            Same as now<span className="sr-only">: nothing to restore</span>
                          </span>
                        ) : (
                          <Link
                            to={historyHref(kind, id, { v: row.version, restore: true, page: list.page })}
                            preventScrollReset
                            aria-describedby={titleId}
                            className={buttonClass("edit", "sm")}
                          >
                            Restore
                          </Link>
                        )}
                      </div>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <Pager list={list} noun={["version", "versions"]} hrefFor={(page) => historyHref(kind, id, { page })} />
    </div>
  );
}
