import { data, redirect } from "react-router";
import { services } from "#app/context.ts";
import { inLang, type Lang } from "#app/lib/language.ts";
import {
  chapterAddressById,
  parseChapterId,
  redirectTarget,
} from "#app/server/catalogue/chapter-addresses.server.ts";

/**
 * `/c/ID` and `/hi/c/ID`, a chapter's short address (printed under its QR code): 301 to its address
 * of today in that language, in one read by id. An id no chapter has (never was, in the Trash,
 * deleted) or one that is no id at all (`/c/1e3`, `/c/-1`, twenty digits) gets the 404 page.
 */
export async function chapterByIdAnswer(
  {
    params,
    request,
    context,
  }: { params: { id?: string }; request: Request; context: Parameters<typeof services>[0] },
  lang: Lang,
) {
  const id = parseChapterId(params.id);
  const path = id === null ? null : await chapterAddressById(services(context).db, id);
  if (path) throw redirect(redirectTarget(inLang(lang, path), request.url), 301);
  return data(null, { status: 404 });
}
