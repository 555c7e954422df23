import { services } from "#app/context.ts";
import { cleanQuery } from "#app/lib/search-query.ts";
import { suggest } from "#app/server/search/search.server.ts";
import { MAX_SUGGESTIONS } from "#app/server/search/types.ts";
import type { Route } from "./+types/search-suggest";

/** Long enough for every student typing the same start to share one answer, short enough to stay fresh. */
const SUGGEST_CACHE_CONTROL = "public, max-age=60";

/** The top bar's suggestions as the student types (app/components/site/search-field.tsx): JSON, at most 8. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const q = cleanQuery(new URL(request.url).searchParams.get("q") ?? "");
  const suggestions = [...q].length < 2 ? [] : await suggest(services(context).db, q);
  return Response.json(
    { suggestions: suggestions.slice(0, MAX_SUGGESTIONS) },
    { headers: { "Cache-Control": SUGGEST_CACHE_CONTROL } },
  );
}
