import { Link } from "react-router";
import { useLocalPath } from "#app/components/site/frame-copy.tsx";
import { Icon, type IconName } from "#app/components/site/icons.tsx";
import { buttonClass, CheckList, Container, ExternalLink, IconBadge } from "#app/components/site/ui.tsx";
import type { GuidePageCopy } from "#app/content/guide-page-copy.ts";
import type { GuideAppCallToAction, GuideCommonSections } from "#app/content/guides.ts";
import { GRADES } from "#app/lib/grades.ts";

// The end of a study guide page: the app's call to action, the exam's last weeks, and where to go next.

export function AppCallToAction({ cta, appStoreUrl }: { cta: GuideAppCallToAction; appStoreUrl: string }) {
  return (
    <section aria-labelledby="app-cta-heading" className="py-14 sm:py-16">
      <Container>
        <div className="overflow-hidden rounded-3xl bg-linear-to-br from-brand-800 to-brand-600 p-6 text-white sm:p-10 lg:flex lg:items-center lg:gap-10">
          <div className="lg:flex-1">
            <h2 id="app-cta-heading" className="text-2xl font-extrabold sm:text-3xl">
              {cta.heading}
            </h2>
            <p className="mt-3 text-blue-50">{cta.text}</p>
            <ul className="mt-5 grid gap-2.5 sm:grid-cols-2">
              {cta.points.map((point) => (
                <li key={point} className="flex gap-2.5">
                  <Icon name="check-circle" className="mt-0.5 size-5 text-amber-300" />
                  {point}
                </li>
              ))}
            </ul>
          </div>
          <ExternalLink href={appStoreUrl} className={`${buttonClass.accent} mt-8 w-full sm:w-auto lg:mt-0`}>
            <Icon name="smartphone" />
            {cta.buttonLabel}
          </ExternalLink>
        </div>
      </Container>
    </section>
  );
}

export function ExamPreparation({ copy, common }: { copy: GuidePageCopy; common: GuideCommonSections }) {
  return (
    <section aria-label={copy.examPreparation} className="pb-14 sm:pb-16">
      <Container className="grid gap-6 md:grid-cols-2">
        <ListCard title={common.preExam.heading} items={common.preExam.items} icon="list" />
        <ListCard title={common.lastMonth.heading} items={common.lastMonth.items} icon="calendar" />
        <Callout title={common.successTips.heading} items={common.successTips.items} kind="success" />
        <Callout title={common.thingsToAvoid.heading} items={common.thingsToAvoid.items} kind="avoid" />
      </Container>
    </section>
  );
}

export function NextSteps({
  copy,
  grade,
  common,
}: {
  copy: GuidePageCopy;
  grade: number;
  common: GuideCommonSections;
}) {
  const local = useLocalPath();
  return (
    <section aria-label={copy.nextSteps} className="border-t border-gray-200 bg-gray-50 py-12">
      <Container className="flex flex-col items-center gap-6 text-center">
        <div className="flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
          <Link to={local(`/class/${grade}`)} className={buttonClass.primary}>
            {common.resourcesButton}
            <Icon name="arrow-right" />
          </Link>
          <Link to={local("/")} className={buttonClass.secondary}>
            <Icon name="arrow-left" />
            {common.homeButton}
          </Link>
        </div>
        <nav aria-label={copy.otherGuides}>
          <ul className="flex flex-wrap justify-center gap-x-5 gap-y-2 text-sm">
            {GRADES.filter((g) => g !== grade).map((g) => (
              <li key={g}>
                <Link to={local(`/guide/${g}`)} className="font-semibold text-brand-700 hover:underline">
                  {copy.otherGuide(g)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </Container>
    </section>
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
