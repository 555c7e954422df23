import { services } from "#app/context.ts";
import { FEED_CACHE_CONTROL, sitemapEntries, sitemapXml } from "#app/server/feeds.server.ts";
import type { Route } from "./+types/sitemap";

/** Every public page, for search engines. */
export async function loader({ context }: Route.LoaderArgs) {
  const { db, config } = services(context);
  const xml = sitemapXml(config.siteUrl, await sitemapEntries(db));
  return new Response(xml, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": FEED_CACHE_CONTROL },
  });
}
