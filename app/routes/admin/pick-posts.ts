import { services } from "#app/context.ts";
import { pickQuery } from "#app/lib/pick.ts";
import { requireConsoleUser } from "#app/server/auth.server.ts";
import { pickPosts } from "#app/server/catalogue/pickers.server.ts";
import type { Route } from "./+types/pick-posts";

/** `/admin/pick/posts?q=&except=SLUG`: up to 20 posts by title or slug, for "Related posts". */
export async function loader({ request, context }: Route.LoaderArgs) {
  requireConsoleUser(context);
  const params = new URL(request.url).searchParams;
  const options = await pickPosts(services(context).db, pickQuery(params), pickQuery(params, "except"));
  return Response.json({ options });
}
