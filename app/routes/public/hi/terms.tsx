// In Hindi: the English page's words in app/content/hi/legal.ts (docs/decisions/0030).
import { LegalPage } from "#app/components/site/legal-page.tsx";
import { useSite } from "#app/components/site/site-data.ts";
import { termsAndConditions } from "#app/content/hi/legal.ts";
import { seoMeta, siteFromMatches } from "#app/lib/seo.ts";
import type { Route } from "./+types/terms";

export function meta({ matches }: Route.MetaArgs) {
  const site = siteFromMatches(matches);
  const terms = termsAndConditions(site.siteName);
  return seoMeta(site, {
    lang: "hi",
    path: "/terms-and-conditions",
    title: terms.title,
    description: `${site.siteName} के उपयोग की शर्तें: मुफ़्त शैक्षिक उपयोग, दूसरी वेबसाइटों की सामग्री, सटीकता और दायित्व।`,
  });
}

export default function Terms() {
  const { siteName } = useSite();
  return <LegalPage document={termsAndConditions(siteName)} />;
}
