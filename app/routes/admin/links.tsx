import type { ShouldRevalidateFunctionArgs } from "react-router";
import { consoleMeta } from "#app/components/admin/console-kit.tsx";
import { CheckAll } from "#app/components/admin/link-health/check-all.tsx";
import { Digest } from "#app/components/admin/link-health/digest.tsx";
import { LinkList } from "#app/components/admin/link-health/link-table.tsx";
import { linksHref } from "#app/components/admin/link-health/list-state.ts";
import { Reports, ReportsNotice } from "#app/components/admin/link-health/reports.tsx";
import { StatusCounts } from "#app/components/admin/link-health/status.tsx";
import { services } from "#app/context.ts";
import { linksAction, linksPage } from "#app/routes/admin/links.server.ts";
import { requireConsoleUser } from "#app/server/auth.server.ts";
import type { LinkStatus } from "#app/server/link-health/types.ts";
import type { Route } from "./+types/links";

export function meta({ matches }: Route.MetaArgs) {
  return consoleMeta(matches, "Link health");
}

export async function loader({ request, context }: Route.LoaderArgs) {
  requireConsoleUser(context);
  return linksPage(services(context).db, new URL(request.url));
}

export async function action({ request, context }: Route.ActionArgs) {
  requireConsoleUser(context);
  return linksAction(context, request);
}

/** After a refused form too the page is read again (its counts may have moved meanwhile). */
export function shouldRevalidate({ formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return formMethod?.toUpperCase() === "POST" ? true : defaultShouldRevalidate;
}

export default function LinkHealth({ loaderData }: Route.ComponentProps) {
  const { query, list, counts, progress, reports, reportCount, digest, subjectChoices, listUrl } = loaderData;
  const statusHref = (status: LinkStatus | "") => linksHref(query, { filters: { status } });
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold text-gray-900">Link health</h1>
          <p className="mt-1 max-w-2xl text-sm text-gray-600">
            Every link of the chapters, notes and posts, checked on its own. Broken links are hidden from
            students until they are fixed or marked fine.
          </p>
        </div>
        <CheckAll progress={progress} listUrl={listUrl} />
      </div>

      <ReportsNotice total={reportCount} />

      <StatusCounts
        counts={counts}
        active={(query.filters.status as LinkStatus) || ""}
        hrefFor={statusHref}
      />

      <section aria-labelledby="links-heading">
        <h2 id="links-heading" className="sr-only">
          Links
        </h2>
        <LinkList query={query} list={list} subjectChoices={subjectChoices} listUrl={listUrl} />
      </section>

      <div className="grid items-start gap-6 xl:grid-cols-2">
        <Reports reports={reports} total={reportCount} listUrl={listUrl} />
        <Digest digest={digest} />
      </div>
    </div>
  );
}
