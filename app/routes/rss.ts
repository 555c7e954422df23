import { services } from "#app/context.ts";
import { blogFeed, FEED_CACHE_CONTROL } from "#app/server/publishing/feeds.server.ts";
import type { Route } from "./+types/rss";

/** The blog's published posts as RSS 2.0, newest first. */
export async function loader({ context }: Route.LoaderArgs) {
  const { db, config } = services(context);
  return new Response(await blogFeed(db, config), {
    headers: { "Content-Type": "application/rss+xml; charset=utf-8", "Cache-Control": FEED_CACHE_CONTROL },
  });
}
