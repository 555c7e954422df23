import { SearchForm } from "#app/components/public/search-form.tsx";
import { NoResults, ResultList, SearchPrompt } from "#app/components/public/search-results.tsx";
import type { SearchCopy } from "#app/content/search-copy.ts";
import type { Lang } from "#app/lib/language.ts";
import { type SearchParams, searchHref } from "#app/lib/search-query.ts";
import { type Site, seoMeta } from "#app/lib/seo.ts";
import type { SearchResults } from "#app/server/search/types.ts";

/** What the search page shows, the same in both languages (app/routes/public/search.server.ts reads it). */
export type SearchPageData = {
  params: SearchParams;
  subjects: Array<{ code: string; label: string }>;
  /** Null for an empty query. Its addresses are English ones (`/class/10/chapter/...`). */
  results: SearchResults | null;
  /** The current session, when a result carries a syllabus badge (each language words it). */
  year: number | null;
};

/** The search page's search-engine tags, in the page's language. */
export function searchMeta(
  site: Site,
  data: SearchPageData | undefined,
  { copy, lang }: { copy: SearchCopy; lang: Lang },
) {
  const params = data?.params;
  return seoMeta(site, {
    lang,
    // One canonical address per query and filters, whatever the page number.
    path: searchHref({ ...params, page: 1 }),
    title: copy.meta.title(params?.q ?? ""),
    description: copy.meta.description(site.siteName),
    noindex: true,
  });
}

/** The search page in one language: `copy` is that language's, the results the same. */
export function SearchPage({
  data: { params, subjects, results, year },
  copy,
}: {
  data: SearchPageData;
  copy: SearchCopy;
}) {
  return (
    <main className="flex-1 bg-gray-50 pb-16">
      <header className="bg-gradient-to-br from-brand-800 to-brand-600 text-white">
        <div className="mx-auto max-w-6xl px-4 pt-8 pb-12 sm:px-6 sm:pb-14 lg:px-8">
          <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{copy.heading}</h1>
          <p className="mt-2 max-w-2xl text-base text-brand-50 sm:text-lg">{copy.intro}</p>
        </div>
      </header>
      <div className="mx-auto max-w-6xl px-4 sm:px-6 lg:px-8">
        <SearchForm params={params} subjects={subjects} copy={copy} />
        {results === null ? (
          <SearchPrompt copy={copy} />
        ) : results.total === 0 ? (
          <NoResults params={params} results={results} copy={copy} />
        ) : (
          <ResultList params={params} results={results} year={year} copy={copy} />
        )}
      </div>
    </main>
  );
}
