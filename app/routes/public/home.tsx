import { type MouseEvent, useEffect } from "react";
import { Link, useLocation } from "react-router";
import { Faq } from "#app/components/site/faq.tsx";
import { Icon, type IconName } from "#app/components/site/icons.tsx";
import { useSite } from "#app/components/site/site-data.ts";
import { buttonClass, Container, ExternalLink, IconBadge, SectionHeading } from "#app/components/site/ui.tsx";
import { type HomeCopy, homeCopy } from "#app/content/home-copy.ts";
import { stats } from "#app/content/site-copy.ts";
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

/** Where 'Explore Classes' (here and on About) leads. */
const CLASSES_ID = "classes";

function reducedMotion() {
  return window.matchMedia("(prefers-reduced-motion: reduce)").matches;
}

function scrollToClasses() {
  const section = document.getElementById(CLASSES_ID);
  if (!section) return;
  section.scrollIntoView({ behavior: reducedMotion() ? "auto" : "smooth", block: "start" });
  // Like a native jump to #classes: the next Tab continues from the classes.
  section.focus({ preventScroll: true });
}

/** With JavaScript the in-page link glides to the classes; without, the browser jumps there. */
function onExploreClick(event: MouseEvent<HTMLAnchorElement>) {
  if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
  event.preventDefault();
  scrollToClasses();
  window.history.replaceState(window.history.state, "", `#${CLASSES_ID}`);
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
      <StatsStrip />
      <ClassesSection copy={copy.classes} />
      <AppSection copy={copy.app} appStoreUrl={site.appStoreUrl} />
      <HowItWorks copy={copy.howItWorks} />
      <Syllabus copy={copy.syllabus} />
      <section aria-labelledby="faq-heading" className="py-16 sm:py-20">
        <Container className="max-w-3xl">
          <SectionHeading id="faq-heading" title={copy.faq.heading} />
          <div className="mt-10">
            <Faq items={copy.faq.items} />
          </div>
        </Container>
      </section>
      <StudyTips copy={copy.studyTips} />
    </main>
  );
}

function Hero({ copy, appSiteUrl }: { copy: HomeCopy["hero"]; appSiteUrl: string }) {
  return (
    <section className="relative overflow-hidden bg-linear-to-br from-brand-800 via-brand-700 to-brand-600 text-white">
      <HeroBackdrop />
      <Container className="relative grid items-center gap-12 pt-12 pb-24 sm:pt-16 lg:grid-cols-2 lg:pt-20 lg:pb-32">
        <div>
          <p className="inline-flex items-center gap-2 rounded-full bg-white/15 px-3.5 py-1.5 text-sm font-semibold ring-1 ring-white/25">
            <Icon name="sparkles" className="size-4 text-amber-300" />
            {copy.badge}
          </p>
          <h1 className="mt-5 text-4xl leading-[1.1] font-extrabold tracking-tight text-balance sm:text-5xl lg:text-[3.4rem]">
            {copy.heading}
          </h1>
          <p className="mt-5 max-w-xl text-lg leading-relaxed text-blue-50">{copy.subheading}</p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            <a href={`#${CLASSES_ID}`} onClick={onExploreClick} className={buttonClass.light}>
              {copy.exploreButton}
              <Icon name="arrow-down" />
            </a>
            <ExternalLink href={appSiteUrl} className={buttonClass.accent}>
              <Icon name="gift" />
              {copy.rewardsButton}
            </ExternalLink>
          </div>
        </div>
        <ChapterPreview />
      </Container>
    </section>
  );
}

/** Soft circles behind the hero text (decoration). */
function HeroBackdrop() {
  return (
    <svg
      className="pointer-events-none absolute inset-0 size-full"
      viewBox="0 0 800 500"
      preserveAspectRatio="xMidYMid slice"
      aria-hidden="true"
      focusable="false"
    >
      <circle cx="720" cy="60" r="220" fill="#ffffff" opacity="0.06" />
      <circle cx="80" cy="470" r="160" fill="#ffffff" opacity="0.05" />
      <circle cx="560" cy="520" r="120" fill="#f59e0b" opacity="0.12" />
    </svg>
  );
}

/** A drawing of a chapter card, to show what the site offers at a glance (decoration). */
function ChapterPreview() {
  const rows: Array<{ icon: IconName; label: string; detail: string }> = [
    { icon: "file", label: "Notes", detail: "Short notes and summaries" },
    { icon: "pencil", label: "Questions", detail: "Important and practice questions" },
    { icon: "video", label: "Lectures", detail: "Hand-picked video lessons" },
  ];
  return (
    <div aria-hidden="true" className="relative mx-auto hidden w-full max-w-md lg:block">
      <div className="absolute -top-4 -left-4 h-full w-full rotate-[-4deg] rounded-3xl bg-white/10" />
      <div className="relative rounded-3xl bg-white p-6 text-gray-900 shadow-2xl">
        <div className="flex items-center justify-between">
          <span className="rounded-full bg-brand-50 px-3 py-1 text-xs font-bold text-brand-800">
            Class 10 · Science
          </span>
          <span className="rounded-full bg-amber-100 px-3 py-1 text-xs font-bold text-amber-900">
            Chapter
          </span>
        </div>
        <p className="mt-4 text-xl font-bold">Chemical Reactions and Equations</p>
        <ul className="mt-5 space-y-3">
          {rows.map((row) => (
            <li key={row.label} className="flex items-center gap-3 rounded-2xl border border-gray-100 p-3">
              <span className="inline-flex size-10 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
                <Icon name={row.icon} />
              </span>
              <span className="flex-1">
                <span className="block font-semibold">{row.label}</span>
                <span className="block text-sm text-gray-600">{row.detail}</span>
              </span>
              <Icon name="check-circle" className="size-5 text-green-600" />
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}

const STAT_ICONS: IconName[] = ["users", "layers", "award", "headset"];

function StatsStrip() {
  return (
    <Container className="relative -mt-14 lg:-mt-16">
      <ul
        aria-label="Our figures"
        className="grid grid-cols-2 gap-px overflow-hidden rounded-2xl bg-gray-200 shadow-xl ring-1 ring-gray-200 md:grid-cols-4"
      >
        {stats.map((stat, i) => (
          <li key={stat.label} className="flex items-center gap-3 bg-white p-5 sm:p-6">
            <span className="hidden text-brand-700 lg:block">
              <Icon name={STAT_ICONS[i] ?? "star"} className="size-8" />
            </span>
            <span>
              <span className="block text-2xl font-extrabold text-gray-900 sm:text-3xl">{stat.value}</span>
              <span className="block text-sm font-medium text-gray-600">{stat.label}</span>
            </span>
          </li>
        ))}
      </ul>
    </Container>
  );
}

const CLASS_TONES = [
  "from-sky-600 to-brand-700",
  "from-brand-700 to-indigo-800",
  "from-violet-700 to-purple-800",
  "from-emerald-700 to-teal-800",
];

function ClassesSection({ copy }: { copy: HomeCopy["classes"] }) {
  return (
    <section
      id={CLASSES_ID}
      tabIndex={-1}
      aria-labelledby="classes-heading"
      className="scroll-mt-20 py-16 focus:outline-none sm:py-20"
    >
      <Container>
        <SectionHeading
          id="classes-heading"
          eyebrow="Classes 9 to 12"
          title={copy.heading}
          intro={copy.intro}
        />
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
                <ul aria-label={`${card.title} subjects`} className="mt-4 flex flex-wrap gap-2">
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
                  to={`/class/${card.grade}`}
                  className="mt-auto inline-flex items-center gap-1.5 pt-5 font-semibold text-brand-700 after:absolute after:inset-0 group-hover:text-brand-800 focus:outline-none"
                >
                  {copy.cardButton}
                  <span className="sr-only"> for {card.title}</span>
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

function AppSection({ copy, appStoreUrl }: { copy: HomeCopy["app"]; appStoreUrl: string }) {
  return (
    <section aria-labelledby="app-heading" className="bg-brand-50 py-16 sm:py-20">
      <Container>
        <SectionHeading id="app-heading" eyebrow="Companion App" title={copy.heading} intro={copy.intro} />
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
            Get the App
            <Icon name="external" className="size-4" />
          </ExternalLink>
        </div>
      </Container>
    </section>
  );
}

function HowItWorks({ copy }: { copy: HomeCopy["howItWorks"] }) {
  return (
    <section aria-labelledby="how-heading" className="py-16 sm:py-20">
      <Container>
        <SectionHeading id="how-heading" eyebrow="3 simple steps" title={copy.heading} />
        <ol className="relative mt-12 grid gap-10 md:grid-cols-3 md:gap-8 md:before:absolute md:before:top-7 md:before:right-[16%] md:before:left-[16%] md:before:border-t-2 md:before:border-dashed md:before:border-brand-100">
          {copy.steps.map((step, i) => (
            <li key={step.title} className="relative text-center">
              <span className="relative mx-auto flex size-14 items-center justify-center rounded-full bg-brand-700 text-xl font-extrabold text-white shadow-lg ring-8 ring-white">
                <span className="sr-only">Step </span>
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

function Syllabus({ copy }: { copy: HomeCopy["syllabus"] }) {
  return (
    <section aria-labelledby="syllabus-heading" className="bg-gray-50 py-16 sm:py-20">
      <Container>
        <SectionHeading
          id="syllabus-heading"
          eyebrow="CBSE and NCERT"
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

function StudyTips({ copy }: { copy: HomeCopy["studyTips"] }) {
  return (
    <section aria-labelledby="tips-heading" className="bg-gray-50 py-16 sm:py-20">
      <Container>
        <SectionHeading id="tips-heading" eyebrow="Study smarter" title={copy.heading} intro={copy.intro} />
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
