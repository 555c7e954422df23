import { services } from "#app/context.ts";
import { sitemapPartOf } from "#app/lib/sitemaps.ts";
import { FEED_CACHE_CONTROL, sitemapPart, xmlBody } from "#app/server/publishing/feeds.server.ts";
import type { Route } from "./+types/sitemap-part";

/** One numbered sitemap of a big site (/sitemap-2.xml), as the index at /sitemap.xml lists them. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, config } = services(context);
  const part = sitemapPartOf(new URL(request.url).pathname);
  const pieces = part === null ? null : await sitemapPart(db, config.siteUrl, part);
  if (!pieces) throw new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain" } });
  return new Response(xmlBody(pieces), {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": FEED_CACHE_CONTROL },
  });
}
