import { services } from "#app/context.ts";
import { sitemapPartOf } from "#app/lib/sitemaps.ts";
import { sitemapResponse } from "#app/server/publishing/feeds.server.ts";
import type { Route } from "./+types/sitemap-part";

/** One numbered sitemap of a big site (/sitemap-2.xml), as the index at /sitemap.xml lists them. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, config } = services(context);
  const part = sitemapPartOf(new URL(request.url).pathname);
  if (part === null)
    throw new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain" } });
  return sitemapResponse(db, config.siteUrl, part, request);
}
