import { LegalPage } from "#app/components/site/legal-page.tsx";
import { useSite } from "#app/components/site/site-data.ts";
import { termsAndConditions } from "#app/content/legal.ts";
import { seoMeta, siteFromMatches } from "#app/lib/seo.ts";
import type { Route } from "./+types/terms";

export function meta({ matches }: Route.MetaArgs) {
  const site = siteFromMatches(matches);
  const terms = termsAndConditions(site.siteName);
  return seoMeta(site, {
    lang: "en",
    path: "/terms-and-conditions",
    title: terms.title,
    description: `The terms for using ${site.siteName}: free educational use, content from other websites, accuracy, and liability.`,
  });
}

export default function Terms() {
  const { siteName } = useSite();
  return <LegalPage document={termsAndConditions(siteName)} />;
}
