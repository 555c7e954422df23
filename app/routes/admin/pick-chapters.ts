import { services } from "#app/context.ts";
import { pickQuery } from "#app/lib/pick.ts";
import { requireConsoleUser } from "#app/server/auth.server.ts";
import { pickChapters } from "#app/server/catalogue/pickers.server.ts";
import type { Route } from "./+types/pick-chapters";

/** `/admin/pick/chapters?q=`: up to 20 chapters whose title contains `q`, for the Chapter picker. */
export async function loader({ request, context }: Route.LoaderArgs) {
  requireConsoleUser(context);
  const q = pickQuery(new URL(request.url).searchParams);
  return Response.json({ options: await pickChapters(services(context).db, q) });
}
