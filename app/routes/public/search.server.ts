import type { RouterContextProvider } from "react-router";
import type { SearchPageData } from "#app/components/public/search-page.tsx";
import { onEveryVisit, services } from "#app/context.ts";
import { parseSearchParams } from "#app/lib/search-query.ts";
import { listAllSubjects, listSubjects } from "#app/server/catalogue/subjects.server.ts";
import { currentSession, withSyllabusBadges } from "#app/server/catalogue/syllabus.server.ts";
import { log } from "#app/server/platform/log.server.ts";
import { recordSearch, search } from "#app/server/search/search.server.ts";
import { RESULTS_PER_PAGE } from "#app/server/search/types.ts";

/**
 * What the search page (/search, /hi/search) shows, the same in both languages: the query and
 * filters read from the address, the subjects to filter by, and a page of results (English
 * addresses: each language's page shows them in its own).
 */
export async function searchPageData({
  request,
  context,
}: {
  request: Request;
  context: Readonly<RouterContextProvider>;
}): Promise<SearchPageData> {
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
  // The session the badges name, for each language's page to word them (only when one is shown).
  const year = results?.hits.some((h) => h.badgeStatus) ? await currentSession(db) : null;
  return { params, subjects, results, year };
}
