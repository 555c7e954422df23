import { services } from "~/context";
import { pickQuery } from "~/lib/pick";
import { requireAdmin } from "~/server/auth.server";
import { pickChapters } from "~/server/pickers.server";
import type { Route } from "./+types/pick-chapters";

/** `/admin/pick/chapters?q=`: up to 20 chapters whose title contains `q`, for the Chapter picker. */
export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin(context);
  const q = pickQuery(new URL(request.url).searchParams);
  return Response.json({ options: await pickChapters(services(context).db, q) });
}
