import { Link, redirect } from "react-router";
import { Icon, type IconName } from "#app/components/site/icons.tsx";
import { useSite } from "#app/components/site/site-data.ts";
import {
  buttonClass,
  CheckList,
  Container,
  ExternalLink,
  IconBadge,
  SectionHeading,
} from "#app/components/site/ui.tsx";
import { type GuideTip, guideCommon, guides, subjectStrategies } from "#app/content/guides.ts";
import { examDatesLabel } from "#app/lib/exam-year.ts";
import { GRADES, parseGrade } from "#app/lib/grades.ts";
import { absoluteUrl, breadcrumbs, seoMeta, siteFromMatches } from "#app/lib/seo.ts";
import type { Route } from "./+types/guide";

/** Only classes 9-12 have a guide; anything else goes home (302), as the spec asks. */
export function loader({ params }: Route.LoaderArgs) {
  const grade = parseGrade(params.grade);
  if (grade === null) throw redirect("/");
  return {
    grade,
    guide: guides[grade],
    strategies: subjectStrategies[grade],
    common: guideCommon,
    // Computed per request, so the page never shows a past exam season.
    examDates: examDatesLabel(grade, new Date()),
  };
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  const site = siteFromMatches(matches);
  if (!loaderData) return [];
  const { grade, guide, examDates } = loaderData;
  const path = `/guide/${grade}`;
  const title = `${guide.title}: Exam Pattern, Timeline and Tips | ${site.siteName}`;
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
  const facts: Array<{ label: string; value: string; icon: IconName }> = [
    { label: "Exam Type", value: guide.examType, icon: "file" },
    { label: "Exam Dates", value: examDates, icon: "calendar" },
    { label: "Difficulty", value: guide.difficulty, icon: "chart" },
    { label: "Importance", value: guide.importance, icon: "star" },
  ];
  const pattern = guide.examPattern;
  return (
    <main>
      <section className="bg-linear-to-br from-brand-800 via-brand-700 to-brand-600 text-white">
        <Container className="pt-8 pb-14 sm:pt-10 sm:pb-16">
          <nav aria-label="Breadcrumb">
            <ol className="flex flex-wrap items-center gap-1.5 text-sm text-blue-100">
              <li>
                <Link to="/" className="underline-offset-2 hover:text-white hover:underline">
                  Home
                </Link>
              </li>
              <li aria-hidden="true">/</li>
              <li>Study Guides</li>
              <li aria-hidden="true">/</li>
              <li aria-current="page" className="font-semibold text-white">
                {guide.title}
              </li>
            </ol>
          </nav>
          <p className="mt-6 inline-flex items-center gap-2 rounded-full bg-white/15 px-3.5 py-1.5 text-sm font-semibold ring-1 ring-white/25">
            <Icon name="book" className="size-4" />
            Class {grade} · {guide.examType}
          </p>
          <h1 className="mt-4 text-3xl font-extrabold tracking-tight sm:text-4xl lg:text-5xl">
            {guide.title}
          </h1>
          <p className="mt-3 text-lg font-semibold text-amber-200 sm:text-xl">{guide.subtitle}</p>
          <p className="mt-4 max-w-3xl leading-relaxed text-blue-50">{guide.description}</p>
          <dl className="mt-8 grid grid-cols-2 gap-3 lg:grid-cols-4">
            {facts.map((fact) => (
              <div key={fact.label} className="rounded-2xl bg-white/10 p-4 ring-1 ring-white/20">
                <dt className="flex items-center gap-2 text-sm font-medium text-blue-100">
                  <Icon name={fact.icon} className="size-4" />
                  {fact.label}
                </dt>
                <dd className="mt-1 font-bold text-white sm:text-lg">{fact.value}</dd>
              </div>
            ))}
          </dl>
          <div className="mt-6">
            <h2 className="text-sm font-semibold tracking-wide text-blue-100 uppercase">Key Subjects</h2>
            <ul className="mt-2 flex flex-wrap gap-2">
              {guide.keySubjects.map((subject) => (
                <li
                  key={subject}
                  className="rounded-full bg-white px-3 py-1 text-sm font-semibold text-brand-800"
                >
                  {subject}
                </li>
              ))}
            </ul>
          </div>
        </Container>
      </section>

      <TipGrid id="tips" title={`Top Tips for Class ${grade}`} items={guide.tips} tone="brand" />
      <TipGrid id="strategies" title="Study Strategies" items={guide.strategies} tone="amber" muted />

      <section aria-labelledby="pattern-heading" className="py-14 sm:py-16">
        <Container>
          <SectionHeading id="pattern-heading" title="Exam Pattern" center={false} />
          <div className="mt-8 grid gap-6">
            <dl className="grid grid-cols-3 gap-3 sm:gap-4">
              <PatternFact label="Duration" value={pattern.duration} icon="clock" />
              <PatternFact label="Total Marks" value={String(pattern.totalMarks)} icon="target" />
              <PatternFact label="Passing Marks" value={pattern.passingMarks} icon="check-circle" />
            </dl>
            <div className="rounded-2xl border border-gray-200 p-5 sm:p-6">
              <h3 className="font-bold text-gray-900">Sections</h3>
              <ul className="mt-4 space-y-4">
                {pattern.sections.map((section) => (
                  <li key={section.name}>
                    <div className="flex justify-between font-semibold text-gray-800">
                      <span>{section.name}</span>
                      <span>{section.marks} marks</span>
                    </div>
                    <div className="mt-1.5 h-2.5 rounded-full bg-gray-100" aria-hidden="true">
                      <div
                        className="h-full rounded-full bg-brand-600"
                        style={{ width: `${(section.marks / pattern.totalMarks) * 100}%` }}
                      />
                    </div>
                  </li>
                ))}
              </ul>
              <p className="mt-5 text-sm leading-relaxed text-gray-700">{common.examPatternNote}</p>
            </div>
          </div>
        </Container>
      </section>

      <section aria-labelledby="timeline-heading" className="bg-gray-50 py-14 sm:py-16">
        <Container>
          <SectionHeading id="timeline-heading" title="Preparation Timeline" center={false} />
          <ol className="mt-8 grid gap-5 md:grid-cols-2 lg:grid-cols-4">
            {guide.preparationTimeline.map((phase, i) => (
              <li key={phase.month} className="relative rounded-2xl border border-gray-200 bg-white p-5">
                <p className="flex items-center gap-2 text-sm font-bold text-brand-700">
                  <span className="inline-flex size-7 items-center justify-center rounded-full bg-brand-700 text-white">
                    {i + 1}
                  </span>
                  <span>{phase.month}</span>
                </p>
                <h3 className="mt-3 text-lg font-bold text-gray-900">{phase.focus}</h3>
                <ul className="mt-3 list-disc space-y-1.5 pl-5 text-gray-700 marker:text-brand-600">
                  {phase.activities.map((activity) => (
                    <li key={activity}>{activity}</li>
                  ))}
                </ul>
              </li>
            ))}
          </ol>
        </Container>
      </section>

      <section aria-labelledby="subjects-heading" className="py-14 sm:py-16">
        <Container>
          <SectionHeading id="subjects-heading" title={common.subjectStrategiesHeading} center={false} />
          <ul className="mt-8 grid gap-5 md:grid-cols-2">
            {strategies.map((item) => (
              <li key={item.subject} className="rounded-2xl border border-gray-200 p-5 sm:p-6">
                <h3 className="flex items-center gap-2 text-lg font-bold text-gray-900">
                  <Icon name="book" className="size-5 text-brand-700" />
                  {item.subject}
                </h3>
                <p className="mt-2 leading-relaxed text-gray-700">{item.strategy}</p>
              </li>
            ))}
          </ul>
        </Container>
      </section>

      <section aria-labelledby="quick-heading" className="bg-gray-50 py-14 sm:py-16">
        <Container>
          <SectionHeading id="quick-heading" title={common.quickTips.heading} center={false} />
          <CheckList
            items={common.quickTips.items}
            icon="lightbulb"
            tone="text-amber-600"
            className="mt-6 grid gap-x-8 md:grid-cols-2"
          />
        </Container>
      </section>

      <section aria-labelledby="app-cta-heading" className="py-14 sm:py-16">
        <Container>
          <div className="overflow-hidden rounded-3xl bg-linear-to-br from-brand-800 to-brand-600 p-6 text-white sm:p-10 lg:flex lg:items-center lg:gap-10">
            <div className="lg:flex-1">
              <h2 id="app-cta-heading" className="text-2xl font-extrabold sm:text-3xl">
                {common.appCta.heading}
              </h2>
              <p className="mt-3 text-blue-50">{common.appCta.text}</p>
              <ul className="mt-5 grid gap-2.5 sm:grid-cols-2">
                {common.appCta.points.map((point) => (
                  <li key={point} className="flex gap-2.5">
                    <Icon name="check-circle" className="mt-0.5 size-5 text-amber-300" />
                    {point}
                  </li>
                ))}
              </ul>
            </div>
            <ExternalLink
              href={appStoreUrl}
              className={`${buttonClass.accent} mt-8 w-full sm:w-auto lg:mt-0`}
            >
              <Icon name="smartphone" />
              {common.appCta.buttonLabel}
            </ExternalLink>
          </div>
        </Container>
      </section>

      <section aria-label="Exam preparation" className="pb-14 sm:pb-16">
        <Container className="grid gap-6 md:grid-cols-2">
          <ListCard title={common.preExam.heading} items={common.preExam.items} icon="list" />
          <ListCard title={common.lastMonth.heading} items={common.lastMonth.items} icon="calendar" />
          <Callout title={common.successTips.heading} items={common.successTips.items} kind="success" />
          <Callout title={common.thingsToAvoid.heading} items={common.thingsToAvoid.items} kind="avoid" />
        </Container>
      </section>

      <section aria-label="Next steps" className="border-t border-gray-200 bg-gray-50 py-12">
        <Container className="flex flex-col items-center gap-6 text-center">
          <div className="flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
            <Link to={`/class/${grade}`} className={buttonClass.primary}>
              {common.resourcesButton}
              <Icon name="arrow-right" />
            </Link>
            <Link to="/" className={buttonClass.secondary}>
              <Icon name="arrow-left" />
              {common.homeButton}
            </Link>
          </div>
          <nav aria-label="Other study guides">
            <ul className="flex flex-wrap justify-center gap-x-5 gap-y-2 text-sm">
              {GRADES.filter((g) => g !== grade).map((g) => (
                <li key={g}>
                  <Link to={`/guide/${g}`} className="font-semibold text-brand-700 hover:underline">
                    Class {g} guide
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        </Container>
      </section>
    </main>
  );
}

function TipGrid({
  id,
  title,
  items,
  tone,
  muted = false,
}: {
  id: string;
  title: string;
  items: GuideTip[];
  tone: "brand" | "amber";
  muted?: boolean;
}) {
  return (
    <section aria-labelledby={`${id}-heading`} className={`py-14 sm:py-16 ${muted ? "bg-gray-50" : ""}`}>
      <Container>
        <SectionHeading id={`${id}-heading`} title={title} center={false} />
        <ul className="mt-8 grid gap-5 md:grid-cols-2 lg:grid-cols-3">
          {items.map((item) => (
            <li key={item.title} className="rounded-2xl border border-gray-200 bg-white p-5 sm:p-6">
              <IconBadge name={item.icon} tone={tone} />
              <h3 className="mt-4 text-lg font-bold text-gray-900">{item.title}</h3>
              <p className="mt-2 leading-relaxed text-gray-700">{item.description}</p>
            </li>
          ))}
        </ul>
      </Container>
    </section>
  );
}

function PatternFact({ label, value, icon }: { label: string; value: string; icon: IconName }) {
  return (
    <div className="rounded-2xl bg-brand-50 p-3 text-center sm:p-5">
      <dt className="flex flex-col items-center gap-1 text-sm font-semibold text-brand-800 sm:flex-row sm:justify-center sm:gap-2">
        <Icon name={icon} className="size-5" />
        {label}
      </dt>
      <dd className="mt-1 text-lg font-extrabold whitespace-nowrap text-gray-900 sm:text-3xl">{value}</dd>
    </div>
  );
}

function ListCard({ title, items, icon }: { title: string; items: string[]; icon: IconName }) {
  return (
    <div className="rounded-2xl border border-gray-200 p-5 sm:p-6">
      <h2 className="flex items-center gap-3 text-xl font-bold text-gray-900">
        <IconBadge name={icon} />
        {title}
      </h2>
      <CheckList items={items} className="mt-5" />
    </div>
  );
}

function Callout({ title, items, kind }: { title: string; items: string[]; kind: "success" | "avoid" }) {
  const success = kind === "success";
  return (
    <div
      className={`rounded-2xl border-l-4 p-5 sm:p-6 ${success ? "border-green-600 bg-green-50" : "border-red-600 bg-red-50"}`}
    >
      <h2
        className={`flex items-center gap-2 text-xl font-bold ${success ? "text-green-900" : "text-red-900"}`}
      >
        <Icon name={success ? "check-circle" : "x-circle"} className="size-6" />
        {title}
      </h2>
      <CheckList
        items={items}
        icon={success ? "check" : "close"}
        tone={success ? "text-green-700" : "text-red-700"}
        className="mt-4"
      />
    </div>
  );
}
