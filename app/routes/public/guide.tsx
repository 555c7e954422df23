import { redirect } from "react-router";
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
import { guidePageCopy as copy } from "#app/content/guide-page-copy.ts";
import { guideCommon, subjectStrategies } from "#app/content/guides.ts";
import { services } from "#app/context.ts";
import { parseGrade } from "#app/lib/grades.ts";
import { examDatesShown } from "#app/lib/guide-record.ts";
import { absoluteUrl, breadcrumbs, seoMeta, siteFromMatches } from "#app/lib/seo.ts";
import { englishGuide } from "#app/server/guides/guides.server.ts";
import type { Route } from "./+types/guide";

/**
 * Only classes 9-12 have a guide; anything else goes home (302), as the spec asks. The guide is
 * the one saved in the console (app/server/guides/); a save empties the page store.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const grade = parseGrade(params.grade);
  if (grade === null) throw redirect("/");
  const guide = await englishGuide(services(context).db, grade);
  return {
    grade,
    guide,
    strategies: subjectStrategies[grade],
    common: guideCommon,
    // "February-March" gets the coming season's year when rendered, so the page never shows a past season.
    examDates: examDatesShown(guide.examDates, grade, new Date()),
  };
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  const site = siteFromMatches(matches);
  if (!loaderData) return [];
  const { grade, guide, examDates } = loaderData;
  const path = `/guide/${grade}`;
  const title = `${guide.title}: Exam Pattern, Timeline and Tips`;
  const description = `${guide.subtitle}. ${guide.examType} in ${examDates}: the 80-mark exam pattern, a month-by-month plan and subject-wise strategy for CBSE Class ${grade}.`;
  return seoMeta(site, {
    path,
    title,
    description,
    keywords: [
      `class ${grade} study guide`,
      `CBSE class ${grade}`,
      `class ${grade} exam pattern`,
      ...guide.keySubjects,
    ],
    type: "article",
    jsonLd: [
      {
        "@type": "Article",
        headline: guide.title,
        description,
        inLanguage: "en-IN",
        educationalLevel: `Class ${grade}`,
        about: guide.keySubjects,
        mainEntityOfPage: absoluteUrl(site, path),
        author: { "@type": "Organization", name: site.siteName, url: absoluteUrl(site, "/") },
        publisher: { "@type": "Organization", name: site.siteName, logo: absoluteUrl(site, "/logo.png") },
      },
      breadcrumbs(site, [
        ["Home", "/"],
        [guide.title, path],
      ]),
    ],
  });
}

export default function GuidePage({ loaderData }: Route.ComponentProps) {
  const { grade, guide, strategies, common, examDates } = loaderData;
  const { appStoreUrl } = useSite();
  return (
    <main>
      <GuideHero grade={grade} guide={guide} examDates={examDates} />
      <TipGrid id="tips" title={copy.tipsHeading(grade)} items={guide.tips} tone="brand" />
      <TipGrid id="strategies" title={copy.strategiesHeading} items={guide.strategies} tone="amber" muted />
      <ExamPatternSection pattern={guide.examPattern} note={common.examPatternNote} />
      <TimelineSection phases={guide.preparationTimeline} />
      <StrategiesSection heading={common.subjectStrategiesHeading} strategies={strategies} />
      <QuickTips tips={common.quickTips} />
      <AppCallToAction cta={common.appCta} appStoreUrl={appStoreUrl} />
      <ExamPreparation common={common} />
      <NextSteps grade={grade} common={common} />
    </main>
  );
}
