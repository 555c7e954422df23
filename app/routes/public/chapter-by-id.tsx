import { chapterByIdAnswer } from "#app/routes/public/chapter-by-id.server.ts";
import type { Route } from "./+types/chapter-by-id";

// `/c/ID`, a chapter's short address: 301 to its page (chapter-by-id.server.ts); the Hindi twin is hi/chapter-by-id.tsx.
export function loader(args: Route.LoaderArgs) {
  return chapterByIdAnswer(args, "en");
}

export { default, meta } from "#app/routes/public/not-found.tsx";
