import { type ChangeEvent, useState } from "react";
import { useNavigation, useSubmit } from "react-router";
import { Breadcrumb } from "#app/components/public/breadcrumb.tsx";
import { ChapterCardSkeletons, SyllabusGrids } from "#app/components/public/chapter-cards.tsx";
import { ChapterFilter, EmptyState } from "#app/components/public/class-chapters.tsx";
import { PageLinks } from "#app/components/public/page-links.tsx";
import { useFrameCopy } from "#app/components/site/frame-copy.tsx";
import type { ClassPageCopy } from "#app/content/class-page-copy.ts";
import { CHAPTERS_PER_PAGE, filterChapters, pageCount } from "#app/lib/chapter-search.ts";
import type { Grade } from "#app/lib/grades.ts";
import { type Lang, withoutLang } from "#app/lib/language.ts";
import { defaultSubject } from "#app/lib/medium.ts";
import { breadcrumbs, type Site, seoMeta } from "#app/lib/seo.ts";
import type { SubjectCards } from "#app/server/catalogue/class-page.server.ts";

/** What a class page shows, the same in both languages (app/routes/public/class.server.ts reads it). */
export type ClassPageData = Omit<SubjectCards, "page"> & {
  grade: Grade;
  subjects: Array<{ code: string; label: string; medium: string }>;
  subject: { code: string; label: string } | null;
  /** The subject the class page opens on (its language's first) is the class page itself (/class/N); others have ?subject=. */
  isFirstSubject: boolean;
  q: string;
  /** The page of cards shown. */
  page: number;
};

/** The class page's search-engine tags, in the page's language. */
export function classMeta(
  site: Site,
  data: ClassPageData | undefined,
  { copy, subtitle, lang }: { copy: ClassPageCopy; subtitle: (grade: Grade) => string; lang: Lang },
) {
  if (!data) return [];
  const { grade, subject, isFirstSubject } = data;
  const subjectName = subject?.label;
  return seoMeta(site, {
    lang,
    // The first subject is the class page itself; other subjects are pages of their own.
    path: subject && !isFirstSubject ? `/class/${grade}?subject=${subject.code}` : `/class/${grade}`,
    title: copy.meta.title(grade, subjectName),
    description: copy.meta.description(subtitle(grade), grade, subjectName),
    keywords: copy.meta.keywords(grade, subjectName),
    jsonLd: [
      breadcrumbs(
        site,
        [
          [copy.home, "/"],
          [copy.classLabel(grade), `/class/${grade}`],
        ],
        lang,
      ),
    ],
  });
}

/** The address of a page of the class page's cards: only what is set, page 1 without a number. */
function classHref(subject: string, query: string, page: number): string {
  const params = new URLSearchParams({ subject });
  if (query.trim()) params.set("q", query);
  if (page > 1) params.set("page", String(page));
  return `?${params}`;
}

/** Replaces ?q= in the address bar without a navigation: nothing needs reloading while typing. */
function showQueryInAddress(query: string) {
  const url = new URL(window.location.href);
  if (query) url.searchParams.set("q", query);
  else url.searchParams.delete("q");
  // What is typed filters all the chapters: the cards start again at their first page.
  url.searchParams.delete("page");
  // Keep the router's own history state, or back/forward would lose track of this entry.
  window.history.replaceState(window.history.state, "", url);
}

/**
 * A class page in one language: `copy` and `subtitle` are that language's (the route module of
 * each language hands them over), the data the same (app/routes/public/class.server.ts).
 */
export function ClassPage({
  data: loaderData,
  copy,
  subtitle,
}: {
  data: ClassPageData;
  copy: ClassPageCopy;
  subtitle: string;
}) {
  const { grade, subjects, subject, chapters, q } = loaderData;
  const { lang } = useFrameCopy();
  const [query, setQuery] = useState(q);
  const [page, setPage] = useState(loaderData.page);
  const address = `${subject?.code}?${q}#${loaderData.page}`;
  const [loaded, setLoaded] = useState(address);
  if (address !== loaded) {
    // A new ?q= or ?page= from the server (form sent, Next, back/forward): the box and cards show it.
    setLoaded(address);
    setQuery(q);
    setPage(loaderData.page);
  }
  const navigation = useNavigation();
  const submit = useSubmit();
  const to = navigation.state === "loading" ? navigation.location : null;
  // Another class or subject shows placeholders; a search sent to the server keeps the cards.
  const pending =
    to !== null &&
    /^\/class\/[^/]+\/?$/.test(withoutLang(to.pathname)) &&
    (withoutLang(to.pathname).replace(/\/$/, "") !== `/class/${grade}` ||
      new URLSearchParams(to.search).get("subject") !== subject?.code);
  const { complete, total } = loaderData;
  // A subject sent whole is filtered here; a larger one came filtered and paged by the server.
  const shown = complete ? filterChapters(chapters, query) : chapters;
  const matched = complete ? shown.length : loaderData.matched;
  const pages = pageCount(matched);
  const shownPage = complete ? Math.min(page, pages) : loaderData.page;
  const cards = complete
    ? shown.slice((shownPage - 1) * CHAPTERS_PER_PAGE, shownPage * CHAPTERS_PER_PAGE)
    : chapters;
  // While the next subject loads, the heading already names it.
  const headingLabel =
    pending && to
      ? withoutLang(to.pathname).replace(/\/$/, "") === `/class/${grade}`
        ? (
            subjects.find((s) => s.code === new URLSearchParams(to.search).get("subject")) ??
            defaultSubject(subjects, lang)
          )?.label
        : undefined
      : subject?.label;

  const changeQuery = (value: string, form?: HTMLFormElement | null) => {
    setQuery(value);
    setPage(1);
    // A subject too large to send whole asks the server for the matching chapters instead.
    if (!complete && form) submit(form, { preventScrollReset: true, replace: true });
    else showQueryInAddress(value.trim() ? value : "");
  };
  const changeSubject = (event: ChangeEvent<HTMLSelectElement>) => {
    if (event.currentTarget.form) submit(event.currentTarget.form, { preventScrollReset: true });
  };

  return (
    <main className="flex-1 bg-gray-50 pb-16">
      <header className="bg-gradient-to-br from-brand-800 to-brand-600 text-white">
        <div className="mx-auto max-w-6xl px-4 pt-6 pb-10 sm:px-6 sm:pb-12 lg:px-8">
          <Breadcrumb
            className="text-brand-100"
            trail={[
              [copy.home, "/"],
              [copy.classLabel(grade), `/class/${grade}`],
            ]}
          />
          <h1 className="mt-4 text-3xl font-bold tracking-tight sm:text-4xl">{copy.heading(grade)}</h1>
          <p className="mt-3 max-w-2xl text-base text-brand-50 sm:text-lg">{subtitle}</p>
        </div>
      </header>

      <div className="mx-auto max-w-6xl px-4 sm:px-6 lg:px-8">
        {subject ? (
          <ChapterFilter
            copy={copy}
            subject={subject}
            subjects={subjects}
            query={query}
            onSubjectChange={changeSubject}
            onQueryChange={changeQuery}
          />
        ) : null}

        <section aria-labelledby="chapters-heading" className="mt-8">
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <h2 id="chapters-heading" className="text-xl font-bold text-gray-900 sm:text-2xl">
              {copy.chaptersHeading(headingLabel)}
            </h2>
            {subject && !pending ? (
              <p aria-live="polite" className="text-sm text-gray-600">
                {query.trim() ? copy.matchCount(matched, total) : copy.chapterCount(total)}
              </p>
            ) : null}
          </div>
          <div className="mt-4">
            {pending ? (
              <ChapterCardSkeletons count={6} />
            ) : shown.length > 0 ? (
              <>
                <SyllabusGrids grade={grade} year={loaderData.year} chapters={cards} />
                {subject ? (
                  <PageLinks
                    page={shownPage}
                    pages={pages}
                    hrefFor={(n) => classHref(subject.code, query, n)}
                    label={copy.chapterPages}
                  />
                ) : null}
              </>
            ) : (
              <EmptyState
                copy={copy}
                grade={grade}
                subjectLabel={subject?.label}
                query={total > 0 ? query.trim() : ""}
                clearTo={subject ? `?subject=${subject.code}` : "."}
                onClear={() => changeQuery("")}
              />
            )}
          </div>
        </section>
      </div>
    </main>
  );
}
