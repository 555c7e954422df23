import { SavedPage, savedMeta } from "#app/components/offline/saved-page.tsx";
import { savedPageCopy } from "#app/content/saved-page-copy.ts";
import { siteFromMatches } from "#app/lib/seo.ts";
import type { Route } from "./+types/saved";

// The chapters saved on this device for offline (/saved); its Hindi twin is hi/saved.tsx.

export function meta({ matches }: Route.MetaArgs) {
  return savedMeta(siteFromMatches(matches), savedPageCopy);
}

export default function Saved() {
  return <SavedPage copy={savedPageCopy} />;
}
