import { ChapterPage, chapterMeta } from "#app/components/public/chapter-page.tsx";
import { chapterPageCopy } from "#app/content/hi/chapter-page-copy.ts";
import { siteFromMatches } from "#app/lib/seo.ts";
import { chapterPageData } from "#app/routes/public/chapter.server.ts";
import type { Route } from "./+types/chapter";

// A chapter's page in Hindi (/hi/class/G/chapter/SLUG): the English page's data, in Hindi words
// (docs/decisions/0030).

// The answer to one visitor's "Report broken link" is theirs alone: never cached anywhere.
export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export function loader(args: Route.LoaderArgs) {
  return chapterPageData(args, "hi");
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  return chapterMeta(siteFromMatches(matches), loaderData, { copy: chapterPageCopy, lang: "hi" });
}

export default function Chapter({ loaderData, matches }: Route.ComponentProps) {
  return (
    <ChapterPage data={loaderData} copy={chapterPageCopy} siteName={siteFromMatches(matches).siteName} />
  );
}
