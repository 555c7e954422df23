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
import type { HomeCopy } from "#app/content/home-copy.ts";
import type { Stat } from "#app/content/site-copy.ts";
import { HREFLANG, type Lang } from "#app/lib/language.ts";
import { absoluteUrl, type Site, seoMeta, webSite } from "#app/lib/seo.ts";

/** The home page's search-engine tags, in the page's language. */
export function homeMeta(site: Site, copy: HomeCopy, lang: Lang) {
  return seoMeta(site, {
    lang,
    path: "/",
    title: copy.meta.title,
    description: copy.meta.description,
    keywords: ["CBSE notes", "class 9", "class 10", "class 11", "class 12", "NCERT", "study guide"],
    jsonLd: [
      webSite(site, lang),
      {
        "@type": "Organization",
        name: site.siteName,
        url: absoluteUrl(site, "/"),
        logo: absoluteUrl(site, "/logo.png"),
      },
      {
        "@type": "FAQPage",
        inLanguage: HREFLANG[lang],
        mainEntity: copy.faq.items.map((item) => ({
          "@type": "Question",
          name: item.question,
          acceptedAnswer: { "@type": "Answer", text: item.answer },
        })),
      },
    ],
  });
}

/** The home page in one language: `copy` and `stats` are that language's (its route module's). */
export function HomePage({ copy, stats }: { copy: (siteName: string) => HomeCopy; stats: Stat[] }) {
  const site = useSite();
  const words = copy(site.siteName);
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
      <Hero copy={words.hero} appSiteUrl={site.appSiteUrl} />
      <StatsStrip label={words.statsLabel} stats={stats} />
      <ClassesSection copy={words.classes} />
      <AppSection copy={words.app} appStoreUrl={site.appStoreUrl} />
      <HowItWorks copy={words.howItWorks} />
      <Syllabus copy={words.syllabus} />
      <FaqSection copy={words.faq} />
      <StudyTips copy={words.studyTips} />
    </main>
  );
}
