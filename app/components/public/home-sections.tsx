import { Link } from "react-router";
import { CLASSES_ID } from "#app/components/public/home-hero.tsx";
import { Faq } from "#app/components/site/faq.tsx";
import { useLocalPath } from "#app/components/site/frame-copy.tsx";
import { Icon, type IconName } from "#app/components/site/icons.tsx";
import { buttonClass, Container, ExternalLink, IconBadge, SectionHeading } from "#app/components/site/ui.tsx";
import type { HomeCopy } from "#app/content/home-copy.ts";

// The home page's sections after its first screen, in page order; their words are in app/content.

const CLASS_TONES = [
  "from-sky-600 to-brand-700",
  "from-brand-700 to-indigo-800",
  "from-violet-700 to-purple-800",
  "from-emerald-700 to-teal-800",
];

export function ClassesSection({ copy }: { copy: HomeCopy["classes"] }) {
  const local = useLocalPath();
  return (
    <section
      id={CLASSES_ID}
      tabIndex={-1}
      aria-labelledby="classes-heading"
      className="scroll-mt-20 py-16 focus:outline-none sm:py-20"
    >
      <Container>
        <SectionHeading id="classes-heading" eyebrow={copy.eyebrow} title={copy.heading} intro={copy.intro} />
        <ul className="mt-10 grid gap-6 md:grid-cols-2 lg:grid-cols-4">
          {copy.cards.map((card, i) => (
            <li
              key={card.grade}
              className="group relative flex flex-col overflow-hidden rounded-2xl border border-gray-200 bg-white shadow-sm transition hover:-translate-y-0.5 hover:shadow-lg focus-within:ring-3 focus-within:ring-brand-600"
            >
              <div
                className={`flex items-end justify-between bg-linear-to-br ${CLASS_TONES[i]} px-5 pt-5 pb-4 text-white`}
              >
                <h3 className="text-xl font-bold">{card.title}</h3>
                <span aria-hidden="true" className="text-5xl leading-none font-black opacity-90">
                  {card.grade}
                </span>
              </div>
              <div className="flex flex-1 flex-col p-5">
                <p className="leading-relaxed text-gray-700">{card.description}</p>
                <ul aria-label={copy.subjectsLabel(card.title)} className="mt-4 flex flex-wrap gap-2">
                  {card.subjects.map((subject) => (
                    <li
                      key={subject}
                      className="rounded-full bg-gray-100 px-2.5 py-1 text-xs font-semibold text-gray-700"
                    >
                      {subject}
                    </li>
                  ))}
                </ul>
                <Link
                  to={local(`/class/${card.grade}`)}
                  className="mt-auto inline-flex items-center gap-1.5 pt-5 font-semibold text-brand-700 after:absolute after:inset-0 group-hover:text-brand-800 focus:outline-none"
                >
                  {copy.cardButton}
                  <span className="sr-only"> {copy.cardButtonFor(card.title)}</span>
                  <Icon name="arrow-right" className="size-4 transition group-hover:translate-x-0.5" />
                </Link>
              </div>
            </li>
          ))}
        </ul>
      </Container>
    </section>
  );
}

const APP_FEATURE_ICONS: IconName[] = ["sparkles", "flame", "trophy", "gift", "chart", "file"];

export function AppSection({ copy, appStoreUrl }: { copy: HomeCopy["app"]; appStoreUrl: string }) {
  return (
    <section aria-labelledby="app-heading" className="bg-brand-50 py-16 sm:py-20">
      <Container>
        <SectionHeading id="app-heading" eyebrow={copy.eyebrow} title={copy.heading} intro={copy.intro} />
        <ul className="mt-10 grid gap-5 md:grid-cols-2 lg:grid-cols-3">
          {copy.features.map((feature, i) => (
            <li key={feature.title} className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-brand-100">
              <IconBadge name={APP_FEATURE_ICONS[i] ?? "star"} />
              <h3 className="mt-4 text-lg font-bold text-gray-900">{feature.title}</h3>
              <p className="mt-2 leading-relaxed text-gray-700">{feature.description}</p>
            </li>
          ))}
        </ul>
        <div className="mt-10 flex flex-col items-center gap-4 text-center sm:flex-row sm:justify-center">
          <p className="inline-flex items-center gap-2 font-semibold text-gray-800">
            <Icon name="smartphone" className="size-5 text-brand-700" />
            <Icon name="monitor" className="size-5 text-brand-700" />
            {copy.platformsNote}
          </p>
          <ExternalLink href={appStoreUrl} className={buttonClass.primary}>
            {copy.button}
            <Icon name="external" className="size-4" />
          </ExternalLink>
        </div>
      </Container>
    </section>
  );
}

export function HowItWorks({ copy }: { copy: HomeCopy["howItWorks"] }) {
  return (
    <section aria-labelledby="how-heading" className="py-16 sm:py-20">
      <Container>
        <SectionHeading id="how-heading" eyebrow={copy.eyebrow} title={copy.heading} />
        <ol className="relative mt-12 grid gap-10 md:grid-cols-3 md:gap-8 md:before:absolute md:before:top-7 md:before:right-[16%] md:before:left-[16%] md:before:border-t-2 md:before:border-dashed md:before:border-brand-100">
          {copy.steps.map((step, i) => (
            <li key={step.title} className="relative text-center">
              <span className="relative mx-auto flex size-14 items-center justify-center rounded-full bg-brand-700 text-xl font-extrabold text-white shadow-lg ring-8 ring-white">
                <span className="sr-only">{copy.stepLabel} </span>
                {i + 1}
              </span>
              <h3 className="mt-5 text-lg font-bold text-gray-900">{step.title}</h3>
              <p className="mx-auto mt-2 max-w-xs leading-relaxed text-gray-700">{step.description}</p>
            </li>
          ))}
        </ol>
      </Container>
    </section>
  );
}

export function Syllabus({ copy }: { copy: HomeCopy["syllabus"] }) {
  return (
    <section aria-labelledby="syllabus-heading" className="bg-gray-50 py-16 sm:py-20">
      <Container>
        <SectionHeading
          id="syllabus-heading"
          eyebrow={copy.eyebrow}
          title={copy.heading}
          intro={copy.intro}
        />
        <div className="mt-10 grid gap-6 md:grid-cols-2">
          {copy.cards.map((card, i) => (
            <article
              key={card.title}
              className="rounded-2xl border border-gray-200 bg-white p-6 shadow-sm sm:p-8"
            >
              <div className="flex items-center gap-3">
                <IconBadge name={i === 0 ? "book" : "compass"} tone={i === 0 ? "brand" : "amber"} />
                <h3 className="text-xl font-bold text-gray-900">{card.title}</h3>
              </div>
              <p className="mt-4 leading-relaxed text-gray-700">{card.description}</p>
              <ul className="mt-5 space-y-2.5">
                {card.points.map((point) => (
                  <li key={point} className="flex gap-3 text-gray-800">
                    <Icon name="check-circle" className="mt-0.5 size-5 text-green-700" />
                    {point}
                  </li>
                ))}
              </ul>
            </article>
          ))}
        </div>
      </Container>
    </section>
  );
}

const TIP_ICONS: IconName[] = ["book", "calendar", "brain", "clock", "pencil", "heart"];

export function StudyTips({ copy }: { copy: HomeCopy["studyTips"] }) {
  return (
    <section aria-labelledby="tips-heading" className="bg-gray-50 py-16 sm:py-20">
      <Container>
        <SectionHeading id="tips-heading" eyebrow={copy.eyebrow} title={copy.heading} intro={copy.intro} />
        <ul className="mt-10 grid gap-5 md:grid-cols-2 lg:grid-cols-3">
          {copy.tips.map((tip, i) => (
            <li key={tip.title} className="rounded-2xl border border-gray-200 bg-white p-6">
              <IconBadge name={TIP_ICONS[i] ?? "star"} tone="green" />
              <h3 className="mt-4 text-lg font-bold text-gray-900">{tip.title}</h3>
              <p className="mt-2 leading-relaxed text-gray-700">{tip.description}</p>
            </li>
          ))}
        </ul>
      </Container>
    </section>
  );
}

export function FaqSection({ copy }: { copy: HomeCopy["faq"] }) {
  return (
    <section aria-labelledby="faq-heading" className="py-16 sm:py-20">
      <Container className="max-w-3xl">
        <SectionHeading id="faq-heading" title={copy.heading} />
        <div className="mt-10">
          <Faq items={copy.items} />
        </div>
      </Container>
    </section>
  );
}
