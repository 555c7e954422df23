import { AppCallToAction, ExamPreparation, NextSteps } from "#app/components/public/guide-closing.tsx";
import { GuideHero } from "#app/components/public/guide-hero.tsx";
import {
  ExamPatternSection,
  QuickTips,
  StrategiesSection,
  TimelineSection,
  TipGrid,
} from "#app/components/public/guide-sections.tsx";
import { useSite } from "#app/components/site/site-data.ts";
import type { GuidePageCopy } from "#app/content/guide-page-copy.ts";
import type { GuideCommonSections, SubjectStrategy } from "#app/content/guides.ts";
import type { Grade } from "#app/lib/grades.ts";
import type { Guide } from "#app/lib/guide-record.ts";
import { HREFLANG, inLang, type Lang } from "#app/lib/language.ts";
import { absoluteUrl, breadcrumbs, type Site, seoMeta } from "#app/lib/seo.ts";

/** What a guide page shows, in its language (app/routes/public/guide.server.ts reads it). */
export type GuidePageData = {
  grade: Grade;
  guide: Guide;
  strategies: SubjectStrategy[];
  common: GuideCommonSections;
  /** The exam dates as shown: with the coming season's year when the guide gives none. */
  examDates: string;
};

/** A guide page's search-engine tags, in the page's language. */
export function guideMeta(site: Site, data: GuidePageData | undefined, copy: GuidePageCopy, lang: Lang) {
  if (!data) return [];
  const { grade, guide, examDates } = data;
  const path = `/guide/${grade}`;
  const description = copy.meta.description(guide.subtitle, guide.examType, examDates, grade);
  return seoMeta(site, {
    lang,
    path,
    title: copy.meta.title(guide.title),
    description,
    keywords: [...copy.meta.keywords(grade), ...guide.keySubjects],
    type: "article",
    jsonLd: [
      {
        "@type": "Article",
        headline: guide.title,
        description,
        inLanguage: HREFLANG[lang],
        educationalLevel: copy.meta.educationalLevel(grade),
        about: guide.keySubjects,
        mainEntityOfPage: absoluteUrl(site, inLang(lang, path)),
        author: { "@type": "Organization", name: site.siteName, url: absoluteUrl(site, "/") },
        publisher: { "@type": "Organization", name: site.siteName, logo: absoluteUrl(site, "/logo.png") },
      },
      breadcrumbs(
        site,
        [
          [copy.home, "/"],
          [guide.title, path],
        ],
        lang,
      ),
    ],
  });
}

/** A study guide page in one language: the data and `copy` are that language's. */
export function GuidePage({ data, copy }: { data: GuidePageData; copy: GuidePageCopy }) {
  const { grade, guide, strategies, common, examDates } = data;
  const { appStoreUrl } = useSite();
  return (
    <main>
      <GuideHero copy={copy} grade={grade} guide={guide} examDates={examDates} />
      <TipGrid id="tips" title={copy.tipsHeading(grade)} items={guide.tips} tone="brand" />
      <TipGrid id="strategies" title={copy.strategiesHeading} items={guide.strategies} tone="amber" muted />
      <ExamPatternSection copy={copy} pattern={guide.examPattern} note={common.examPatternNote} />
      <TimelineSection copy={copy} phases={guide.preparationTimeline} />
      <StrategiesSection heading={common.subjectStrategiesHeading} strategies={strategies} />
      <QuickTips tips={common.quickTips} />
      <AppCallToAction cta={common.appCta} appStoreUrl={appStoreUrl} />
      <ExamPreparation copy={copy} common={common} />
      <NextSteps copy={copy} grade={grade} common={common} />
    </main>
  );
}
