import { ChapterPage, chapterMeta } from "#app/components/public/chapter-page.tsx";
import { chapterPageCopy } from "#app/content/chapter-page-copy.ts";
import { siteFromMatches } from "#app/lib/seo.ts";
import { chapterPageData } from "#app/routes/public/chapter.server.ts";
import type { Route } from "./+types/chapter";

// A chapter's page (/class/G/chapter/SLUG); its Hindi twin is hi/chapter.tsx.

// The answer to one visitor's "Report broken link" is theirs alone: never cached anywhere (the page
// store leaves such addresses out by itself: app/server/platform/page-key.server.ts).
export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export function loader(args: Route.LoaderArgs) {
  return chapterPageData(args, "en");
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  return chapterMeta(siteFromMatches(matches), loaderData, { copy: chapterPageCopy, lang: "en" });
}

export default function Chapter({ loaderData, matches }: Route.ComponentProps) {
  return (
    <ChapterPage data={loaderData} copy={chapterPageCopy} siteName={siteFromMatches(matches).siteName} />
  );
}
