import { data, redirect } from "react-router";
import { services } from "#app/context.ts";
import {
  chapterAddressById,
  parseChapterId,
  redirectTarget,
} from "#app/server/catalogue/chapter-addresses.server.ts";
import type { Route } from "./+types/chapter-by-id";

// `/c/ID`, a chapter's short address (printed under its QR code): 301 to its address of today, in
// one read by id. An id no chapter has (never was, in the Trash, deleted) or one that is no id at all
// (`/c/1e3`, `/c/-1`, twenty digits) gets the 404 page.
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const id = parseChapterId(params.id);
  const path = id === null ? null : await chapterAddressById(services(context).db, id);
  if (path) throw redirect(redirectTarget(path, request.url), 301);
  return data(null, { status: 404 });
}

export { default, meta } from "#app/routes/public/not-found.tsx";
