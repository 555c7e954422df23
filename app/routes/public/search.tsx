import { SearchForm } from "#app/components/public/search-form.tsx";
import { NoResults, ResultList, SearchPrompt } from "#app/components/public/search-results.tsx";
import { onEveryVisit, services } from "#app/context.ts";
import { parseSearchParams, searchHref } from "#app/lib/search-query.ts";
import { seoMeta, siteFromMatches } from "#app/lib/seo.ts";
import { listAllSubjects, listSubjects } from "#app/server/catalogue/subjects.server.ts";
import { withSyllabusBadges } from "#app/server/catalogue/syllabus.server.ts";
import { log } from "#app/server/platform/log.server.ts";
import { recordSearch, search } from "#app/server/search/search.server.ts";
import { RESULTS_PER_PAGE } from "#app/server/search/types.ts";
import type { Route } from "./+types/search";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = services(context);
  const params = parseSearchParams(new URL(request.url).searchParams);
  // The Subject filter offers the chosen class's subjects, or every subject code once.
  const subjects = [
    ...new Map(
      (params.grade ? await listSubjects(db, params.grade) : await listAllSubjects(db)).map((s) => [
        s.code,
        { code: s.code, label: s.label },
      ]),
    ).values(),
  ];
  if (!subjects.some((s) => s.code === params.subject)) params.subject = undefined;
  const found = params.q
    ? await search(db, {
        q: params.q,
        grade: params.grade,
        subject: params.subject,
        kind: params.type,
        page: params.page,
        perPage: RESULTS_PER_PAGE,
      })
    : null;
  // Chapters not in (or new to) the current syllabus say so: one read for the page's chapters.
  const results = found && { ...found, hits: await withSyllabusBadges(db, found.hits) };
  // What students look for (the console's "Searches"): once per query, not per page, not for
  // robots' HEAD checks, also when the page store answers. A failure never costs the page.
  if (results && params.page === 1 && request.method === "GET") {
    const { q } = params;
    const { total } = results;
    const record = () => {
      Promise.resolve()
        .then(() => recordSearch(db, q, total))
        .catch((error: unknown) =>
          log.warn(`search not recorded: ${error instanceof Error ? error.message : String(error)}`),
        );
    };
    record();
    onEveryVisit(context, record);
  }
  return { params, subjects, results };
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const site = siteFromMatches(matches);
  const params = loaderData?.params;
  return seoMeta(site, {
    // One canonical address per query and filters, whatever the page number.
    path: searchHref({ ...params, page: 1 }),
    title: params?.q ? `“${params.q}” – Search` : "Search",
    description: `Search ${site.siteName}'s chapters, notes, links and posts for CBSE classes 9 to 12.`,
    noindex: true,
  });
}

export default function SearchPage({ loaderData }: Route.ComponentProps) {
  const { params, subjects, results } = loaderData;
  return (
    <main className="flex-1 bg-gray-50 pb-16">
      <header className="bg-gradient-to-br from-brand-800 to-brand-600 text-white">
        <div className="mx-auto max-w-6xl px-4 pt-8 pb-12 sm:px-6 sm:pb-14 lg:px-8">
          <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Search</h1>
          <p className="mt-2 max-w-2xl text-base text-brand-50 sm:text-lg">
            Chapters, notes, links and posts for classes 9 to 12, in English and Hindi.
          </p>
        </div>
      </header>
      <div className="mx-auto max-w-6xl px-4 sm:px-6 lg:px-8">
        <SearchForm params={params} subjects={subjects} />
        {results === null ? (
          <SearchPrompt />
        ) : results.total === 0 ? (
          <NoResults params={params} results={results} />
        ) : (
          <ResultList params={params} results={results} />
        )}
      </div>
    </main>
  );
}
