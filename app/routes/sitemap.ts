import { services } from "#app/context.ts";
import { sitemapResponse } from "#app/server/publishing/feeds.server.ts";
import type { Route } from "./+types/sitemap";

/** Every public page for search engines; past 50,000 URLs or 10 MB, the index of the numbered sitemaps. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, config } = services(context);
  return sitemapResponse(db, config.siteUrl, 0, request);
}
