import { LegalPage } from "~/components/site/legal-page";
import { useSite } from "~/components/site/site-data";
import { privacyPolicy } from "~/content/legal";
import { seoMeta, siteFromMatches } from "~/lib/seo";
import type { Route } from "./+types/privacy";

export function meta({ matches }: Route.MetaArgs) {
  const site = siteFromMatches(matches);
  const policy = privacyPolicy(site.siteName);
  return seoMeta(site, {
    path: "/privacy-policy",
    title: `${policy.title} | ${site.siteName}`,
    description: `What ${site.siteName} stores and why: no accounts or tracking for students, one session cookie for admins, and minimal server logs.`,
  });
}

export default function Privacy() {
  const { siteName } = useSite();
  return <LegalPage document={privacyPolicy(siteName)} />;
}
