import { useEffect } from "react";
import { useLocation } from "react-router";
import { CLASSES_ID, Hero, StatsStrip, scrollToClasses } from "#app/components/public/home-hero.tsx";
import {
  AppSection,
  ClassesSection,
  FaqSection,
  HowItWorks,
  StudyTips,
  Syllabus,
} from "#app/components/public/home-sections.tsx";
import { useSite } from "#app/components/site/site-data.ts";
import { homeCopy } from "#app/content/home-copy.ts";
import { absoluteUrl, seoMeta, siteFromMatches, webSite } from "#app/lib/seo.ts";
import type { Route } from "./+types/home";

export function meta({ matches }: Route.MetaArgs) {
  const site = siteFromMatches(matches);
  const copy = homeCopy(site.siteName);
  return seoMeta(site, {
    path: "/",
    title: copy.meta.title,
    description: copy.meta.description,
    keywords: ["CBSE notes", "class 9", "class 10", "class 11", "class 12", "NCERT", "study guide"],
    jsonLd: [
      webSite(site),
      {
        "@type": "Organization",
        name: site.siteName,
        url: absoluteUrl(site, "/"),
        logo: absoluteUrl(site, "/logo.png"),
      },
      {
        "@type": "FAQPage",
        mainEntity: copy.faq.items.map((item) => ({
          "@type": "Question",
          name: item.question,
          acceptedAnswer: { "@type": "Answer", text: item.answer },
        })),
      },
    ],
  });
}

export default function Home() {
  const site = useSite();
  const copy = homeCopy(site.siteName);
  const location = useLocation();
  // About's 'Explore Classes' arrives with this state: scroll to the classes after 100 ms (spec).
  const scrollRequested = (location.state as { scrollTo?: string } | null)?.scrollTo === CLASSES_ID;
  useEffect(() => {
    if (!scrollRequested) return;
    const timer = window.setTimeout(scrollToClasses, 100);
    return () => window.clearTimeout(timer);
  }, [scrollRequested]);

  return (
    <main>
      <Hero copy={copy.hero} appSiteUrl={site.appSiteUrl} />
      <StatsStrip label={copy.statsLabel} />
      <ClassesSection copy={copy.classes} />
      <AppSection copy={copy.app} appStoreUrl={site.appStoreUrl} />
      <HowItWorks copy={copy.howItWorks} />
      <Syllabus copy={copy.syllabus} />
      <FaqSection copy={copy.faq} />
      <StudyTips copy={copy.studyTips} />
    </main>
  );
}
