import { chapterByIdAnswer } from "#app/routes/public/chapter-by-id.server.ts";
import type { Route } from "./+types/chapter-by-id";

// `/hi/c/ID`: 301 to the chapter's Hindi page; an id no chapter has gets the Hindi 404 page.
export function loader(args: Route.LoaderArgs) {
  return chapterByIdAnswer(args, "hi");
}

export { default, meta } from "#app/routes/public/hi/not-found.tsx";
