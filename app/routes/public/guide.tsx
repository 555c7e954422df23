import { GuidePage, guideMeta } from "#app/components/public/guide-page.tsx";
import { guidePageCopy } from "#app/content/guide-page-copy.ts";
import { siteFromMatches } from "#app/lib/seo.ts";
import { guidePageData } from "#app/routes/public/guide.server.ts";
import type { Route } from "./+types/guide";

// A class's study guide (/guide/N); its Hindi twin is hi/guide.tsx.

export function loader(args: Route.LoaderArgs) {
  return guidePageData(args, "en");
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  return guideMeta(siteFromMatches(matches), loaderData, guidePageCopy, "en");
}

export default function Guide({ loaderData }: Route.ComponentProps) {
  return <GuidePage data={loaderData} copy={guidePageCopy} />;
}
