import { services } from "#app/context.ts";
import { FEED_CACHE_CONTROL, robotsTxt } from "#app/server/publishing/feeds.server.ts";
import type { Route } from "./+types/robots";

/** Crawlers may read every public page, never the console or its login. */
export function loader({ context }: Route.LoaderArgs) {
  return new Response(robotsTxt(services(context).config.siteUrl), {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": FEED_CACHE_CONTROL },
  });
}
