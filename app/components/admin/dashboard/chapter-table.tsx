import { Form, useNavigation } from "react-router";
import { RowCheckbox } from "#app/components/admin/bulk-kit.tsx";
import { BULK_FORM_ID } from "#app/components/admin/dashboard/bulk-actions.tsx";
import {
  actionHref,
  DASHBOARD_LIST,
  type DashboardQuery,
  type DashboardSort,
  inSyllabusOrder,
  ListStateFields,
  listHref,
} from "#app/components/admin/dashboard/list-state.tsx";
import { HistoryLink } from "#app/components/admin/history/history-link.tsx";
import { SortHeader } from "#app/components/admin/list-kit.tsx";

export type ChapterRow = {
  id: number;
  grade: number;
  subjectLabel: string;
  title: string;
  updatedAt: string;
  firstInSubject: boolean;
  lastInSubject: boolean;
};

const updatedFormat = new Intl.DateTimeFormat("en-IN", {
  day: "numeric",
  month: "short",
  year: "numeric",
  timeZone: "Asia/Kolkata",
});

const actionClass =
  "inline-flex min-h-9 items-center justify-center rounded-lg border border-gray-300 bg-white px-3 py-1.5 text-sm font-semibold text-gray-800 hover:bg-gray-50 disabled:cursor-not-allowed disabled:opacity-40";
const deleteClass = `${actionClass} border-red-200 text-red-700 hover:bg-red-50`;
const moveClass = `${actionClass} w-9 px-0`;

/**
 * From 992 px a table; below that each chapter is a card (title, then class, subject and date,
 * then its actions) under a row of sort links.
 */
const cell = "lg:table-cell lg:px-3 lg:py-2 lg:align-middle";
const detail = `${cell} order-3 text-xs text-gray-600 lg:text-sm lg:text-gray-700`;

export function ChapterTable({ rows, query }: { rows: readonly ChapterRow[]; query: DashboardQuery }) {
  const navigation = useNavigation();
  const moving = navigation.state === "submitting" ? String(navigation.formData?.get("intent") ?? "") : "";
  const movable = inSyllabusOrder(query);
  const post = actionHref(query);
  const sortHeader = (label: string, sort: DashboardSort, className = "") => {
    const active = query.sort === sort;
    const dir = active ? query.dir : DASHBOARD_LIST.defaultDir[sort];
    const next = active ? (query.dir === "asc" ? "desc" : "asc") : dir;
    return (
      <SortHeader
        label={label}
        active={active}
        dir={dir}
        href={listHref(query, { sort, dir: next })}
        className={`py-1 lg:px-3 lg:py-2.5 ${className}`}
      />
    );
  };
  return (
    <Form method="get" action="/admin" preventScrollReset>
      <ListStateFields query={query} />
      <div className="overflow-x-auto rounded-xl border border-gray-200 bg-white shadow-sm">
        <table className="block w-full text-left text-sm lg:table">
          <thead className="block border-b border-gray-200 bg-gray-100 text-xs font-semibold tracking-wide text-gray-700 uppercase lg:table-header-group">
            <tr className="flex flex-wrap items-center gap-x-4 px-3 py-1.5 lg:table-row lg:p-0">
              <th scope="col" className="hidden w-10 lg:table-cell lg:px-3">
                <span className="sr-only">Select</span>
              </th>
              {sortHeader("Class", "class")}
              {sortHeader("Subject", "subject")}
              {sortHeader("Chapter", "title")}
              {sortHeader("Updated", "updated")}
              <th scope="col" className="hidden lg:table-cell lg:px-3 lg:py-2.5">
                Actions
              </th>
            </tr>
          </thead>
          <tbody className="block lg:table-row-group">
            {rows.map((row, i) => {
              // In syllabus order a thicker line starts each subject.
              const prev = rows[i - 1];
              const newGroup =
                movable && prev && (prev.grade !== row.grade || prev.subjectLabel !== row.subjectLabel);
              const titleId = `c${row.id}`;
              const up = `move-up:${row.id}`;
              const down = `move-down:${row.id}`;
              return (
                <tr
                  key={row.id}
                  className={`flex flex-wrap items-baseline gap-x-1.5 gap-y-1 border-t px-3 py-3 first:border-t-0 lg:table-row lg:p-0 ${newGroup ? "border-t-2 border-gray-300" : "border-gray-100"}`}
                >
                  <td className={`${cell} order-1 pr-1.5`}>
                    <RowCheckbox formId={BULK_FORM_ID} id={row.id} label={row.title} />
                  </td>
                  <td className={`${detail} max-lg:before:content-['Class_']`}>{row.grade}</td>
                  <td className={`${detail} max-lg:before:content-['·_']`}>{row.subjectLabel}</td>
                  <td
                    id={titleId}
                    className={`${cell} order-2 min-w-0 flex-1 basis-[calc(100%-2rem)] text-base font-semibold text-gray-900 lg:text-sm lg:font-medium`}
                  >
                    {row.title}
                  </td>
                  <td className={`${detail} max-lg:before:content-['·_Updated_']`}>
                    <time dateTime={row.updatedAt}>{updatedFormat.format(new Date(row.updatedAt))}</time>
                  </td>
                  <td className={`${cell} order-4 mt-1.5 w-full lg:mt-0 lg:w-auto`}>
                    <div className="flex flex-wrap gap-1.5 lg:flex-nowrap">
                      {/* Edit Resource's own address, with this list page's state (the form's fields). */}
                      <button
                        type="submit"
                        formAction={`/admin/chapters/${row.id}`}
                        aria-describedby={titleId}
                        className={actionClass}
                      >
                        Edit
                      </button>
                      <HistoryLink kind="chapter" id={row.id} describedBy={titleId} className={actionClass} />
                      <button
                        type="submit"
                        name="delete"
                        value={row.id}
                        aria-describedby={titleId}
                        className={deleteClass}
                      >
                        Delete
                      </button>
                      {movable ? (
                        <>
                          <button
                            type="submit"
                            formMethod="post"
                            formAction={post}
                            name="intent"
                            value={up}
                            disabled={row.firstInSubject || moving === up}
                            aria-describedby={titleId}
                            className={moveClass}
                          >
                            <span aria-hidden="true">↑</span>
                            <span className="sr-only">Move up</span>
                          </button>
                          <button
                            type="submit"
                            formMethod="post"
                            formAction={post}
                            name="intent"
                            value={down}
                            disabled={row.lastInSubject || moving === down}
                            aria-describedby={titleId}
                            className={moveClass}
                          >
                            <span aria-hidden="true">↓</span>
                            <span className="sr-only">Move down</span>
                          </button>
                        </>
                      ) : null}
                    </div>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </Form>
  );
}
