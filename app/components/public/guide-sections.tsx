import { Icon, type IconName } from "#app/components/site/icons.tsx";
import { CheckList, Container, IconBadge, SectionHeading } from "#app/components/site/ui.tsx";
import type { GuidePageCopy } from "#app/content/guide-page-copy.ts";
import type { GuideListSection, SubjectStrategy } from "#app/content/guides.ts";
import { type ExamPattern, type GuideTip, keyedByText, type TimelinePhase } from "#app/lib/guide-record.ts";

// The middle of a study guide page, in page order: tips, the exam's pattern, the timeline, each
// subject's strategy and the quick tips.

export function TipGrid({
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
          {keyedByText(items, (item) => item.title).map(([key, item]) => (
            <li key={key} className="rounded-2xl border border-gray-200 bg-white p-5 sm:p-6">
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

export function ExamPatternSection({
  copy,
  pattern,
  note,
}: {
  copy: GuidePageCopy;
  pattern: ExamPattern;
  note: string;
}) {
  return (
    <section aria-labelledby="pattern-heading" className="py-14 sm:py-16">
      <Container>
        <SectionHeading id="pattern-heading" title={copy.pattern.heading} center={false} />
        <div className="mt-8 grid gap-6">
          <dl className="grid grid-cols-3 gap-3 sm:gap-4">
            <PatternFact label={copy.pattern.duration} value={pattern.duration} icon="clock" />
            <PatternFact label={copy.pattern.totalMarks} value={String(pattern.totalMarks)} icon="target" />
            <PatternFact label={copy.pattern.passingMarks} value={pattern.passingMarks} icon="check-circle" />
          </dl>
          <div className="rounded-2xl border border-gray-200 p-5 sm:p-6">
            <h3 className="font-bold text-gray-900">{copy.pattern.sections}</h3>
            <ul className="mt-4 space-y-4">
              {keyedByText(pattern.sections, (section) => section.name).map(([key, section]) => (
                <li key={key}>
                  <div className="flex justify-between font-semibold text-gray-800">
                    <span>{section.name}</span>
                    <span>{copy.pattern.marks(section.marks)}</span>
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
            <p className="mt-5 text-sm leading-relaxed text-gray-700">{note}</p>
          </div>
        </div>
      </Container>
    </section>
  );
}

export function TimelineSection({ copy, phases }: { copy: GuidePageCopy; phases: TimelinePhase[] }) {
  const keys = keyedByText(phases, (phase) => phase.month).map(([key]) => key);
  return (
    <section aria-labelledby="timeline-heading" className="bg-gray-50 py-14 sm:py-16">
      <Container>
        <SectionHeading id="timeline-heading" title={copy.timelineHeading} center={false} />
        <ol className="mt-8 grid gap-5 md:grid-cols-2 lg:grid-cols-4">
          {phases.map((phase, i) => (
            <li key={keys[i]} className="relative rounded-2xl border border-gray-200 bg-white p-5">
              <p className="flex items-center gap-2 text-sm font-bold text-brand-700">
                <span className="inline-flex size-7 items-center justify-center rounded-full bg-brand-700 text-white">
                  {i + 1}
                </span>
                <span>{phase.month}</span>
              </p>
              <h3 className="mt-3 text-lg font-bold text-gray-900">{phase.focus}</h3>
              <ul className="mt-3 list-disc space-y-1.5 pl-5 text-gray-700 marker:text-brand-600">
                {keyedByText(phase.activities, (activity) => activity).map(([key, activity]) => (
                  <li key={key}>{activity}</li>
                ))}
              </ul>
            </li>
          ))}
        </ol>
      </Container>
    </section>
  );
}

export function StrategiesSection({
  heading,
  strategies,
}: {
  heading: string;
  strategies: SubjectStrategy[];
}) {
  return (
    <section aria-labelledby="subjects-heading" className="py-14 sm:py-16">
      <Container>
        <SectionHeading id="subjects-heading" title={heading} center={false} />
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
  );
}

export function QuickTips({ tips }: { tips: GuideListSection }) {
  return (
    <section aria-labelledby="quick-heading" className="bg-gray-50 py-14 sm:py-16">
      <Container>
        <SectionHeading id="quick-heading" title={tips.heading} center={false} />
        <CheckList
          items={tips.items}
          icon="lightbulb"
          tone="text-amber-600"
          className="mt-6 grid gap-x-8 md:grid-cols-2"
        />
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
