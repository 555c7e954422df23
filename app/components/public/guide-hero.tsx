import { Link } from "react-router";
import { useFrameCopy, useLocalPath } from "#app/components/site/frame-copy.tsx";
import { Icon, type IconName } from "#app/components/site/icons.tsx";
import { Container } from "#app/components/site/ui.tsx";
import type { GuidePageCopy } from "#app/content/guide-page-copy.ts";
import { type Guide, keyedByText } from "#app/lib/guide-record.ts";

/** A study guide's first screen: its trail, title, the exam's facts and the key subjects. */
export function GuideHero({
  copy,
  grade,
  guide,
  examDates,
}: {
  copy: GuidePageCopy;
  grade: number;
  guide: Guide;
  examDates: string;
}) {
  const { breadcrumb } = useFrameCopy();
  const local = useLocalPath();
  const facts: Array<{ label: string; value: string; icon: IconName }> = [
    { label: copy.facts.examType, value: guide.examType, icon: "file" },
    { label: copy.facts.examDates, value: examDates, icon: "calendar" },
    { label: copy.facts.difficulty, value: guide.difficulty, icon: "chart" },
    { label: copy.facts.importance, value: guide.importance, icon: "star" },
  ];
  return (
    <section className="bg-linear-to-br from-brand-800 via-brand-700 to-brand-600 text-white">
      <Container className="pt-8 pb-14 sm:pt-10 sm:pb-16">
        <nav aria-label={breadcrumb.label}>
          <ol className="flex flex-wrap items-center gap-1.5 text-sm text-blue-100">
            <li>
              <Link
                to={local("/")}
                className="inline-flex min-h-6 items-center underline-offset-2 hover:text-white hover:underline"
              >
                {breadcrumb.home}
              </Link>
            </li>
            <li aria-hidden="true">/</li>
            <li>{copy.studyGuides}</li>
            <li aria-hidden="true">/</li>
            <li aria-current="page" className="font-semibold text-white">
              {guide.title}
            </li>
          </ol>
        </nav>
        <p className="mt-6 inline-flex items-center gap-2 rounded-full bg-white/15 px-3.5 py-1.5 text-sm font-semibold ring-1 ring-white/25">
          <Icon name="book" className="size-4" />
          {copy.badge(grade, guide.examType)}
        </p>
        <h1 className="mt-4 text-3xl font-extrabold tracking-tight sm:text-4xl lg:text-5xl">{guide.title}</h1>
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
          <h2 className="text-sm font-semibold tracking-wide text-blue-100 uppercase">{copy.keySubjects}</h2>
          <ul className="mt-2 flex flex-wrap gap-2">
            {keyedByText(guide.keySubjects, (subject) => subject).map(([key, subject]) => (
              <li key={key} className="rounded-full bg-white px-3 py-1 text-sm font-semibold text-brand-800">
                {subject}
              </li>
            ))}
          </ul>
        </div>
      </Container>
    </section>
  );
}
