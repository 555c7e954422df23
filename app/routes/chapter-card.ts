import { langOfPath } from "#app/lib/language.ts";
import { chapterCardResponse } from "#app/routes/public/chapter.server.ts";
import type { Route } from "./+types/chapter-card";

// A chapter's share card, the picture link previews show (og:image of the chapter page), in the
// language of its address: /class/G/chapter/SLUG/card.png and /hi/class/G/chapter/SLUG/card.png.
export function loader(args: Route.LoaderArgs) {
  return chapterCardResponse(args, langOfPath(new URL(args.request.url).pathname));
}
