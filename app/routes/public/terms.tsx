import { LegalPage } from "~/components/site/legal-page";
import { useSite } from "~/components/site/site-data";
import { termsAndConditions } from "~/content/legal";
import { seoMeta, siteFromMatches } from "~/lib/seo";
import type { Route } from "./+types/terms";

export function meta({ matches }: Route.MetaArgs) {
  const site = siteFromMatches(matches);
  const terms = termsAndConditions(site.siteName);
  return seoMeta(site, {
    path: "/terms-and-conditions",
    title: `${terms.title} | ${site.siteName}`,
    description: `The terms for using ${site.siteName}: free educational use, content from other websites, accuracy, and liability.`,
  });
}

export default function Terms() {
  const { siteName } = useSite();
  return <LegalPage document={termsAndConditions(siteName)} />;
}
