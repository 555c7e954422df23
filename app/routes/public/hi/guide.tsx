import { GuidePage, guideMeta } from "#app/components/public/guide-page.tsx";
import { guidePageCopy } from "#app/content/hi/guide-page-copy.ts";
import { siteFromMatches } from "#app/lib/seo.ts";
import { guidePageData } from "#app/routes/public/guide.server.ts";
import type { Route } from "./+types/guide";

// A class's study guide in Hindi (/hi/guide/N): the guide's Hindi texts (docs/decisions/0030).

export function loader(args: Route.LoaderArgs) {
  return guidePageData(args, "hi");
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  return guideMeta(siteFromMatches(matches), loaderData, guidePageCopy, "hi");
}

export default function Guide({ loaderData }: Route.ComponentProps) {
  return <GuidePage data={loaderData} copy={guidePageCopy} />;
}
