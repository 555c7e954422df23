// In Hindi: the English page's words in app/content/hi/legal.ts (docs/decisions/0030).
import { LegalPage } from "#app/components/site/legal-page.tsx";
import { useSite } from "#app/components/site/site-data.ts";
import { privacyPolicy } from "#app/content/hi/legal.ts";
import { seoMeta, siteFromMatches } from "#app/lib/seo.ts";
import type { Route } from "./+types/privacy";

export function meta({ matches }: Route.MetaArgs) {
  const site = siteFromMatches(matches);
  const policy = privacyPolicy(site.siteName);
  return seoMeta(site, {
    lang: "hi",
    path: "/privacy-policy",
    title: policy.title,
    description: `${site.siteName} क्या सहेजता है और क्यों: विद्यार्थियों का न कोई खाता, न ट्रैकिंग; एडमिन के लिए एक सत्र कुकी; और सर्वर के कम-से-कम लॉग।`,
  });
}

export default function Privacy() {
  const { siteName } = useSite();
  return <LegalPage document={privacyPolicy(siteName)} />;
}
