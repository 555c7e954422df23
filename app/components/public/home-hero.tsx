import type { MouseEvent } from "react";
import { Icon, type IconName } from "#app/components/site/icons.tsx";
import { buttonClass, Container, ExternalLink } from "#app/components/site/ui.tsx";
import type { HomeCopy } from "#app/content/home-copy.ts";
import type { Stat } from "#app/content/site-copy.ts";

// The home page's first screen: the hero with its two buttons, and the figures under it.

/** Where 'Explore Classes' (here and on About) leads. */
export const CLASSES_ID = "classes";

function reducedMotion() {
  return window.matchMedia("(prefers-reduced-motion: reduce)").matches;
}

export function scrollToClasses() {
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

export function Hero({ copy, appSiteUrl }: { copy: HomeCopy["hero"]; appSiteUrl: string }) {
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
        <ChapterPreview copy={copy.preview} />
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
const PREVIEW_ICONS: IconName[] = ["file", "pencil", "video"];

function ChapterPreview({ copy }: { copy: HomeCopy["hero"]["preview"] }) {
  return (
    <div aria-hidden="true" className="relative mx-auto hidden w-full max-w-md lg:block">
      <div className="absolute -top-4 -left-4 h-full w-full rotate-[-4deg] rounded-3xl bg-white/10" />
      <div className="relative rounded-3xl bg-white p-6 text-gray-900 shadow-2xl">
        <div className="flex items-center justify-between">
          <span className="rounded-full bg-brand-50 px-3 py-1 text-xs font-bold text-brand-800">
            {copy.tag}
          </span>
          <span className="rounded-full bg-amber-100 px-3 py-1 text-xs font-bold text-amber-900">
            {copy.badge}
          </span>
        </div>
        <p className="mt-4 text-xl font-bold">{copy.title}</p>
        <ul className="mt-5 space-y-3">
          {copy.rows.map((row, i) => (
            <li key={row.label} className="flex items-center gap-3 rounded-2xl border border-gray-100 p-3">
              <span className="inline-flex size-10 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
                <Icon name={PREVIEW_ICONS[i] ?? "file"} />
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

export function StatsStrip({ label, stats }: { label: string; stats: Stat[] }) {
  return (
    <Container className="relative -mt-14 lg:-mt-16">
      <ul
        aria-label={label}
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
