import { HomePage, homeMeta } from "#app/components/public/home-page.tsx";
import { homeCopy } from "#app/content/hi/home-copy.ts";
import { stats } from "#app/content/hi/site-copy.ts";
import { siteFromMatches } from "#app/lib/seo.ts";
import type { Route } from "./+types/home";

// The home page in Hindi (/hi).

export function meta({ matches }: Route.MetaArgs) {
  const site = siteFromMatches(matches);
  return homeMeta(site, homeCopy(site.siteName), "hi");
}

export default function Home() {
  return <HomePage copy={homeCopy} stats={stats} />;
}
