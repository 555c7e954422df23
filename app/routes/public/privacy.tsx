import { LegalPage } from "#app/components/site/legal-page.tsx";
import { useSite } from "#app/components/site/site-data.ts";
import { privacyPolicy } from "#app/content/legal.ts";
import { seoMeta, siteFromMatches } from "#app/lib/seo.ts";
import type { Route } from "./+types/privacy";

export function meta({ matches }: Route.MetaArgs) {
  const site = siteFromMatches(matches);
  const policy = privacyPolicy(site.siteName);
  return seoMeta(site, {
    lang: "en",
    path: "/privacy-policy",
    title: policy.title,
    description: `What ${site.siteName} stores and why: no accounts or tracking for students, one session cookie for admins, and minimal server logs.`,
  });
}

export default function Privacy() {
  const { siteName } = useSite();
  return <LegalPage document={privacyPolicy(siteName)} />;
}
