import type { MouseEvent } from "react";
import { Link, useNavigate } from "react-router";
import { useLocalPath } from "#app/components/site/frame-copy.tsx";
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
import type { AboutCopy } from "#app/content/about-copy.ts";
import { HREFLANG, inLang, type Lang } from "#app/lib/language.ts";
import { absoluteUrl, type Site, seoMeta } from "#app/lib/seo.ts";

/** The About page's search-engine tags, in the page's language. */
export function aboutMeta(site: Site, copy: AboutCopy, lang: Lang) {
  const organization = {
    "@type": "Organization",
    name: site.siteName,
    url: absoluteUrl(site, "/"),
    logo: absoluteUrl(site, "/logo.png"),
    description: copy.meta.description,
  };
  return seoMeta(site, {
    lang,
    path: "/about",
    title: copy.meta.title,
    description: copy.meta.description,
    jsonLd: [
      {
        "@type": "AboutPage",
        name: copy.meta.title,
        url: absoluteUrl(site, inLang(lang, "/about")),
        description: copy.meta.description,
        inLanguage: HREFLANG[lang],
        mainEntity: organization,
      },
      organization,
    ],
  });
}

const FEATURE_ICONS: IconName[] = ["layers", "shield", "compass", "heart", "sparkles", "trophy"];
const IMPACT_ICONS: IconName[] = ["video", "file", "sparkles", "clock"];
const VALUE_ICONS: IconName[] = ["award", "users", "lightbulb", "target"];

/** The About page in one language: `aboutCopy` is that language's (its route module's). */
export function AboutPage({ aboutCopy }: { aboutCopy: (siteName: string) => AboutCopy }) {
  const site = useSite();
  const copy = aboutCopy(site.siteName);
  const navigate = useNavigate();
  const local = useLocalPath();
  // Home, then a smooth scroll to the classes 100 ms later (done by the home page).
  // Without JavaScript the link's own '/#classes' does the job.
  const exploreClasses = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    navigate(local("/"), { state: { scrollTo: "classes" } });
  };

  return (
    <main>
      <section className="relative overflow-hidden bg-linear-to-br from-brand-800 via-brand-700 to-brand-600 text-white">
        <svg
          className="pointer-events-none absolute inset-0 size-full"
          viewBox="0 0 800 400"
          preserveAspectRatio="xMidYMid slice"
          aria-hidden="true"
          focusable="false"
        >
          <circle cx="60" cy="40" r="180" fill="#ffffff" opacity="0.06" />
          <circle cx="760" cy="380" r="200" fill="#f59e0b" opacity="0.1" />
        </svg>
        <Container className="relative py-16 text-center sm:py-20">
          <h1 className="text-4xl font-extrabold tracking-tight sm:text-5xl">{copy.hero.heading}</h1>
          <p className="mx-auto mt-5 max-w-2xl text-lg leading-relaxed text-blue-50">
            {copy.hero.subheading}
          </p>
        </Container>
      </section>

      <section aria-label="Mission and vision" className="py-14 sm:py-16">
        <Container className="grid gap-6 md:grid-cols-2">
          {[
            { block: copy.mission, icon: "flag" as const },
            { block: copy.vision, icon: "eye" as const },
          ].map(({ block, icon }) => (
            <article key={block.title} className="rounded-2xl border border-gray-200 p-6 shadow-sm sm:p-8">
              <IconBadge name={icon} />
              <h2 className="mt-4 text-2xl font-bold text-gray-900">{block.title}</h2>
              <p className="mt-3 text-lg leading-relaxed text-gray-700">{block.text}</p>
            </article>
          ))}
        </Container>
      </section>

      <section aria-labelledby="offer-heading" className="bg-gray-50 py-14 sm:py-16">
        <Container>
          <SectionHeading id="offer-heading" title={copy.features.heading} />
          <ul className="mt-10 grid gap-5 md:grid-cols-2 lg:grid-cols-3">
            {copy.features.items.map((feature, i) => (
              <li key={feature.title} className="rounded-2xl border border-gray-200 bg-white p-6">
                <IconBadge name={FEATURE_ICONS[i] ?? "star"} />
                <h3 className="mt-4 text-lg font-bold text-gray-900">{feature.title}</h3>
                <p className="mt-2 leading-relaxed text-gray-700">{feature.description}</p>
              </li>
            ))}
          </ul>
        </Container>
      </section>

      <section aria-labelledby="impact-heading" className="py-14 sm:py-16">
        <Container>
          <SectionHeading id="impact-heading" title={copy.impact.heading} />
          <ul className="mt-10 grid grid-cols-2 gap-4 lg:grid-cols-4">
            {copy.impact.stats.map((stat, i) => (
              <li key={stat.label} className="rounded-2xl bg-brand-50 p-5 text-center sm:p-6">
                <span className="mx-auto inline-flex text-brand-700">
                  <Icon name={IMPACT_ICONS[i] ?? "star"} className="size-7" />
                </span>
                <span className="mt-2 block text-3xl font-extrabold text-brand-800 sm:text-4xl">
                  {stat.value}
                </span>
                <span className="mt-1 block font-medium text-gray-700">{stat.label}</span>
              </li>
            ))}
          </ul>
        </Container>
      </section>

      <section aria-labelledby="values-heading" className="bg-gray-50 py-14 sm:py-16">
        <Container>
          <SectionHeading id="values-heading" title={copy.values.heading} />
          <ul className="mt-10 grid gap-5 md:grid-cols-2 lg:grid-cols-4">
            {copy.values.items.map((value, i) => (
              <li key={value.title} className="rounded-2xl border border-gray-200 bg-white p-6">
                <IconBadge name={VALUE_ICONS[i] ?? "star"} tone="amber" />
                <h3 className="mt-4 text-lg font-bold text-gray-900">{value.title}</h3>
                <p className="mt-2 leading-relaxed text-gray-700">{value.description}</p>
              </li>
            ))}
          </ul>
        </Container>
      </section>

      <section aria-labelledby="commitment-heading" className="py-14 sm:py-16">
        <Container className="grid gap-8 lg:grid-cols-2 lg:gap-12">
          <div>
            <SectionHeading id="commitment-heading" title={copy.commitment.heading} center={false} />
            {copy.commitment.paragraphs.map((paragraph) => (
              <p key={paragraph} className="mt-4 text-lg leading-relaxed text-gray-700">
                {paragraph}
              </p>
            ))}
          </div>
          <div className="rounded-2xl border border-green-200 bg-green-50 p-6 sm:p-8">
            <CheckList
              items={copy.commitment.points}
              icon="check-circle"
              tone="text-green-700"
              className="text-lg"
            />
          </div>
        </Container>
      </section>

      <section aria-labelledby="cta-heading" className="pb-16 sm:pb-20">
        <Container>
          <div className="rounded-3xl bg-linear-to-br from-brand-800 to-brand-600 px-6 py-12 text-center text-white sm:px-12">
            <h2 id="cta-heading" className="text-3xl font-extrabold">
              {copy.cta.heading}
            </h2>
            <p className="mx-auto mt-4 max-w-2xl text-lg text-blue-50">{copy.cta.text}</p>
            <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
              <ExternalLink href={site.appSiteUrl} className={buttonClass.accent}>
                <Icon name="smartphone" />
                {copy.cta.appButton}
              </ExternalLink>
              <Link to={local("/#classes")} onClick={exploreClasses} className={buttonClass.ghost}>
                {copy.cta.classesButton}
                <Icon name="arrow-right" />
              </Link>
            </div>
          </div>
        </Container>
      </section>
    </main>
  );
}
