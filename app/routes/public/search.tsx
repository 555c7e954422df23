import { SearchPage, searchMeta } from "#app/components/public/search-page.tsx";
import { searchCopy } from "#app/content/search-copy.ts";
import { siteFromMatches } from "#app/lib/seo.ts";
import { searchPageData } from "#app/routes/public/search.server.ts";
import type { Route } from "./+types/search";

// The student's search (/search?q=...); its Hindi twin is hi/search.tsx.

export function loader(args: Route.LoaderArgs) {
  return searchPageData(args);
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  return searchMeta(siteFromMatches(matches), loaderData, { copy: searchCopy, lang: "en" });
}

export default function Search({ loaderData }: Route.ComponentProps) {
  return <SearchPage data={loaderData} copy={searchCopy} />;
}
