import { services } from "#app/context.ts";
import { FEED_CACHE_CONTROL, sitemapDocument, xmlBody } from "#app/server/publishing/feeds.server.ts";
import type { Route } from "./+types/sitemap";

/** Every public page for search engines; past 50,000 URLs or 10 MB, the index of the numbered sitemaps. */
export async function loader({ context }: Route.LoaderArgs) {
  const { db, config } = services(context);
  return new Response(xmlBody(await sitemapDocument(db, config.siteUrl)), {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": FEED_CACHE_CONTROL },
  });
}
