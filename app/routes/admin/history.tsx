import { Link, type ShouldRevalidateFunctionArgs, useSearchParams } from "react-router";
import { buttonClass } from "#app/components/admin/console-kit.tsx";
import { RestoreDialog } from "#app/components/admin/history/restore-dialog.tsx";
import { VersionDiff } from "#app/components/admin/history/version-diff.tsx";
import { VersionTable } from "#app/components/admin/history/version-table.tsx";
import { editHref, HISTORY_LISTS, historyHref } from "#app/lib/history-links.ts";
import { siteFromMatches } from "#app/lib/seo.ts";
import { historyAction, loadHistory } from "#app/routes/admin/history.server.ts";
import { requireConsoleUser } from "#app/server/auth.server.ts";
import type { Route } from "./+types/history";

// An item's History (/admin/chapters/ID/history, /admin/blogs/ID/history, /admin/notes/ID/history:
// one module for the three routes, the kind read from the route's pattern). Its versions newest
// first, one compared with the current one (?v=N), and Restore with its confirmation (&restore=1).

export function meta({ matches, loaderData }: Route.MetaArgs) {
  const { siteName } = siteFromMatches(matches);
  const title = loaderData?.item.title;
  return [
    { title: `History${title ? `: ${title}` : ""} | ${siteName} admin` },
    { name: "robots", content: "noindex, nofollow" },
  ];
}

export async function loader({ request, params, context, pattern }: Route.LoaderArgs) {
  requireConsoleUser(context);
  return loadHistory(context, new URL(request.url), pattern, params.id);
}

export async function action({ request, params, context, pattern }: Route.ActionArgs) {
  requireConsoleUser(context);
  return historyAction(context, request, pattern, params.id);
}

/** After a refused restore too: the list shows what someone else saved meanwhile. */
export function shouldRevalidate({ formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return formMethod?.toUpperCase() === "POST" ? true : defaultShouldRevalidate;
}

export default function History({ loaderData }: Route.ComponentProps) {
  const { item, list, comparison } = loaderData;
  const { kind, id } = item;
  const back = HISTORY_LISTS[kind];
  // The confirmation is opened by the URL; after an action the loader data may be the one from before it.
  const [params] = useSearchParams();
  const restoring = loaderData.restoring && params.get("restore") === "1";
  const page = list.page;
  const open = comparison ? historyHref(kind, id, { v: comparison.version, page }) : null;
  const closed = historyHref(kind, id, { page });
  return (
    <div className="space-y-5">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="min-w-0">
          <p className="text-sm">
            <Link to={back.to} className="font-semibold text-brand-700 underline">
              Back to {back.label}
            </Link>
          </p>
          <h1 className="mt-1 text-2xl font-bold break-words text-gray-900">History: {item.title}</h1>
          <p className="mt-1 text-sm text-gray-600">
            {item.place} · version {item.version} is current. Every save keeps the version it replaced, for a
            year and at least the last 100.
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Link to={editHref(kind, id)} className={buttonClass("edit")}>
            Edit
          </Link>
          {item.publicUrl ? (
            <a href={item.publicUrl} target="_blank" rel="noopener" className={buttonClass("edit")}>
              View on site
            </a>
          ) : null}
        </div>
      </div>

      {comparison ? (
        <VersionDiff kind={kind} id={id} current={item.version} comparison={comparison} closeTo={closed} />
      ) : null}

      <section aria-labelledby="versions-heading">
        <h2 id="versions-heading" className="sr-only">
          Versions
        </h2>
        <VersionTable kind={kind} id={id} list={list} open={comparison?.version ?? null} />
      </section>

      {/* A version holding what the current one holds has nothing to restore: its changes say so. */}
      {comparison && comparison.fields.length > 0 && restoring && open ? (
        <RestoreDialog
          key={`restore-${comparison.version}-${item.version}`}
          title={item.title}
          version={comparison.version}
          current={item.version}
          savedBy={comparison.savedBy}
          savedAt={comparison.savedAt}
          action={historyHref(kind, id, { v: comparison.version })}
          closeTo={open}
        />
      ) : null}
    </div>
  );
}
