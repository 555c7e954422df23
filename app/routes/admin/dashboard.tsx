import { Link, Outlet, useSearchParams } from "react-router";
import { consoleMeta } from "#app/components/admin/console-kit.tsx";
import { ChapterBulkActions } from "#app/components/admin/dashboard/bulk-actions.tsx";
import { ChapterTable } from "#app/components/admin/dashboard/chapter-table.tsx";
import { BulkDeleteModal, DeleteModal } from "#app/components/admin/dashboard/delete-modals.tsx";
import type { EditContext } from "#app/components/admin/dashboard/edit-modal.tsx";
import { DashboardFilters } from "#app/components/admin/dashboard/filters.tsx";
import {
  type DashboardQuery,
  inSyllabusOrder,
  listHref,
} from "#app/components/admin/dashboard/list-state.tsx";
import { EmptyList, Pager } from "#app/components/admin/list-kit.tsx";
import { services } from "#app/context.ts";
import { CONTENT_FILTER_LABELS, isContentFilter } from "#app/lib/chapter-contents.ts";
import { loadDashboard } from "#app/routes/admin/dashboard.server.ts";
import { requireConsoleUser } from "#app/server/auth.server.ts";
import type { Route } from "./+types/dashboard";

export function meta({ matches }: Route.MetaArgs) {
  return consoleMeta(matches, "Dashboard");
}

export async function loader({ request, context }: Route.LoaderArgs) {
  requireConsoleUser(context);
  return loadDashboard(services(context).db, new URL(request.url));
}

const SORT_WORDS: Record<DashboardQuery["sort"], [string, string]> = {
  syllabus: ["syllabus order", "reverse syllabus order"],
  title: ["chapter title, A to Z", "chapter title, Z to A"],
  class: ["class, 9 to 12", "class, 12 to 9"],
  subject: ["subject, A to Z", "subject, Z to A"],
  updated: ["last change, oldest first", "last change, newest first"],
};

/** Says which order the list is in, and what Move up / Move down change. */
function OrderNote({ query }: { query: DashboardQuery }) {
  if (inSyllabusOrder(query)) {
    return (
      <>
        In syllabus order: class, then subject, then chapter, as students see them. Move up and Move down
        change that order.
      </>
    );
  }
  const words = SORT_WORDS[query.sort][query.dir === "asc" ? 0 : 1];
  return (
    <>
      Sorted by {words}.{" "}
      <Link
        to={listHref(query, { sort: "syllabus", dir: "asc" })}
        className="font-semibold text-brand-700 underline"
      >
        Back to syllabus order
      </Link>{" "}
      to move chapters up or down.
    </>
  );
}

/** The query of "Export CSV": the list's class, subject and search (app/routes/admin/chapters-csv.ts). */
function exportQuery(query: { q: string; filters: { grade: string; subject: string } }): string {
  const params = new URLSearchParams();
  if (query.filters.grade) params.set("grade", query.filters.grade);
  if (query.filters.subject) params.set("subject", query.filters.subject);
  if (query.q) params.set("q", query.q);
  const text = params.toString();
  return text ? `?${text}` : "";
}

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const { query, list, subjects } = loaderData;
  // The confirmations are opened by the URL; after an action the loader data may be the one from before it.
  const [params] = useSearchParams();
  const deleting =
    loaderData.deleting && params.get("delete") === String(loaderData.deleting.id)
      ? loaderData.deleting
      : null;
  const bulkDelete = params.get("bulk") === "delete" ? loaderData.bulkDelete : null;
  const shownSubject = subjects.find(
    (s) =>
      s.code === query.filters.subject && (!query.filters.grade || String(s.grade) === query.filters.grade),
  );
  const scope = [
    query.filters.grade ? `Class ${query.filters.grade}` : "all classes",
    shownSubject?.label ?? (query.filters.subject || null),
    isContentFilter(query.filters.content)
      ? CONTENT_FILTER_LABELS[query.filters.content].toLowerCase()
      : null,
  ]
    .filter(Boolean)
    .join(", ");
  const count = `${list.total.toLocaleString("en-IN")} chapter${list.total === 1 ? "" : "s"}`;
  return (
    <div>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold text-gray-900">Dashboard</h1>
          <p className="mt-1 text-sm text-gray-600">Every chapter with its class and subject.</p>
        </div>
        <div className="flex flex-wrap gap-2">
          {/* What students search for on the site, and the synonym table: so curators can fill gaps. */}
          <Link
            to="/admin/searches"
            className="inline-flex items-center rounded-lg border border-gray-300 bg-white px-4 py-2 text-sm font-semibold text-gray-800 hover:bg-gray-50"
          >
            Searches
          </Link>
          {/* The chapters of the current filter and search, with their links, for a spreadsheet. */}
          <a
            href={`/admin/chapters.csv${exportQuery(query)}`}
            download
            className="inline-flex items-center rounded-lg border border-gray-300 bg-white px-4 py-2 text-sm font-semibold text-gray-800 hover:bg-gray-50"
          >
            Export CSV
          </a>
          <Link
            to="/admin/add-resource"
            className="inline-flex items-center rounded-lg bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800"
          >
            <span aria-hidden="true" className="mr-1">
              +
            </span>
            Add Data
          </Link>
        </div>
      </div>

      <div className="mt-5">
        <DashboardFilters query={query} subjects={subjects} />
      </div>

      <p className="mt-4 text-sm text-gray-600">
        {count} in {scope}
        {query.q ? ` matching "${query.q}"` : ""}. <OrderNote query={query} />
      </p>
      {list.total > 0 ? (
        <div className="mt-3 space-y-3">
          <ChapterBulkActions query={query} subjects={subjects} />
          <ChapterTable rows={list.rows} query={query} />
          <Pager list={list} noun={["chapter", "chapters"]} hrefFor={(page) => listHref(query, { page })} />
        </div>
      ) : (
        <div className="mt-3">
          <EmptyList>
            <p className="font-semibold text-gray-900">
              {query.q ? "No chapter matches." : "No chapters here yet."}
            </p>
            <p className="mt-1 text-sm">
              Add them in{" "}
              <Link to="/admin/add-resource" className="font-semibold text-brand-700 underline">
                Add Data
              </Link>
              .
            </p>
          </EmptyList>
        </div>
      )}

      {/* Edit Resource (/admin/chapters/ID) over this list page. */}
      <Outlet context={{ subjects, query } satisfies EditContext} />
      {deleting ? (
        <DeleteModal key={`delete-${deleting.id}`} chapter={deleting} query={query} />
      ) : bulkDelete ? (
        <BulkDeleteModal key={`bulk-${bulkDelete.ids.join("-")}`} selection={bulkDelete} query={query} />
      ) : null}
    </div>
  );
}
