import { SearchPage, searchMeta } from "#app/components/public/search-page.tsx";
import { searchCopy } from "#app/content/hi/search-copy.ts";
import { siteFromMatches } from "#app/lib/seo.ts";
import { searchPageData } from "#app/routes/public/search.server.ts";
import type { Route } from "./+types/search";

// The search in Hindi (/hi/search?q=...): the English page's results, in Hindi words, its links
// to Hindi pages (docs/decisions/0030).

export function loader(args: Route.LoaderArgs) {
  return searchPageData(args);
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  return searchMeta(siteFromMatches(matches), loaderData, { copy: searchCopy, lang: "hi" });
}

export default function Search({ loaderData }: Route.ComponentProps) {
  return <SearchPage data={loaderData} copy={searchCopy} />;
}
