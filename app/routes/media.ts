import { services } from "#app/context.ts";
import { readMedia } from "#app/server/publishing/media.server.ts";
import type { Route } from "./+types/media";

/**
 * Uploaded images, content-addressed (`<id>.webp`, `<id>.jpg|png`, and narrower copies such as
 * `<id>-800w.webp`): a name never changes its bytes, so they cache forever. Any other name is a 404.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const file = await readMedia(services(context).db, params.name);
  if (!file) throw new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain" } });
  return new Response(file.body as BodyInit, {
    headers: {
      "Content-Type": file.contentType,
      "Cache-Control": "public, max-age=31536000, immutable",
    },
  });
}
