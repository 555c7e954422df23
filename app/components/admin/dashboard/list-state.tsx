import { isContentFilter } from "#app/lib/chapter-contents.ts";
import { parseGrade } from "#app/lib/grades.ts";
import { type ListQuery, type ListSpec, listSearch } from "#app/lib/list-query.ts";

// The Dashboard's list state, all of it in the URL (README, The console): class and subject
// filters, search, sort and page. Shared by the loader (to read it) and the screen (to link to it).

export type DashboardSort = "syllabus" | "title" | "class" | "subject" | "updated";
export type DashboardFilter = "grade" | "subject" | "content";
export type DashboardQuery = ListQuery<DashboardSort, DashboardFilter>;

export const DASHBOARD_LIST: ListSpec<DashboardSort, DashboardFilter> = {
  sorts: ["syllabus", "title", "class", "subject", "updated"],
  // Syllabus order (class, subject, chapter) is the order students see, and what Move up/down change.
  defaultSort: "syllabus",
  defaultDir: { syllabus: "asc", title: "asc", class: "asc", subject: "asc", updated: "desc" },
  filters: {
    grade: (value) => parseGrade(value) !== null,
    // An unknown code just shows no chapters; this only keeps odd text out of the query.
    subject: (value) => value.length <= 40 && /^[a-z0-9-]+$/.test(value),
    // "Content": Empty or Has resources (app/lib/chapter-contents.ts).
    content: isContentFilter,
  },
};

type Changes = Parameters<typeof listSearch<DashboardSort, DashboardFilter>>[2];

/** The Dashboard showing this list state (with `changes`), without any modal. */
export function listHref(query: DashboardQuery, changes?: Changes): string {
  return `/admin${listSearch(query, DASHBOARD_LIST, changes)}`;
}

/** Edit Resource for one chapter, over this list page (app/routes/admin/chapter-edit.tsx). */
export function editHref(query: DashboardQuery, id: number): string {
  return `/admin/chapters/${id}${listSearch(query, DASHBOARD_LIST)}`;
}

/** Where the Dashboard's forms post (this index route) so the same list page comes back. */
export function actionHref(query: DashboardQuery): string {
  const search = listSearch(query, DASHBOARD_LIST).slice(1);
  return search ? `/admin?index&${search}` : "/admin?index";
}

/** The list state as hidden fields of a GET form that opens a modal over the same page. */
export function ListStateFields({ query }: { query: DashboardQuery }) {
  const params = new URLSearchParams(listSearch(query, DASHBOARD_LIST));
  return (
    <>
      {[...params].map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
    </>
  );
}

/** Moving chapters up and down only makes sense when the list shows the order it changes. */
export function inSyllabusOrder(query: DashboardQuery): boolean {
  return query.sort === "syllabus" && query.dir === "asc";
}
