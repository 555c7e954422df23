import { type ChangeEvent, useState } from "react";
import { redirect, useNavigation, useSubmit } from "react-router";
import { Breadcrumb } from "#app/components/public/breadcrumb.tsx";
import { ChapterCardSkeletons, SyllabusGrids } from "#app/components/public/chapter-cards.tsx";
import { filterChapters } from "#app/components/public/chapter-search.ts";
import { ChapterFilter, EmptyState, MAX_CHAPTER_QUERY } from "#app/components/public/class-chapters.tsx";
import { PageLinks } from "#app/components/public/page-links.tsx";
import { classPageCopy as copy } from "#app/content/class-page-copy.ts";
import { gradeSubtitles } from "#app/content/site-copy.ts";
import { doNotStore, services } from "#app/context.ts";
import { parseGrade } from "#app/lib/grades.ts";
import { readPageNumber } from "#app/lib/list-query.ts";
import { breadcrumbs, seoMeta, siteFromMatches } from "#app/lib/seo.ts";
import { notInSyllabusHeading } from "#app/lib/sessions.ts";
import { shownLinkCounts } from "#app/server/catalogue/chapter-contents.server.ts";
import { listChapters } from "#app/server/catalogue/chapters.server.ts";
import { listSubjects } from "#app/server/catalogue/subjects.server.ts";
import { syllabusShown } from "#app/server/catalogue/syllabus.server.ts";
import type { Route } from "./+types/class";

/** Cards on one page of a subject's chapters: twenty rows of three on a wide screen. */
export const CHAPTERS_PER_PAGE = 60;

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const grade = parseGrade(params.grade);
  if (!grade) throw redirect("/");
  const { db } = services(context);
  const search = new URL(request.url).searchParams;
  const subjects = await listSubjects(db, grade);
  // An unknown or missing ?subject= shows the class's first subject. The page store keys this
  // page by ?subject= alone (app/server/platform/page-key.server.ts); a made-up value is not stored.
  const wanted = search.get("subject");
  const subject = subjects.find((s) => s.code === wanted) ?? subjects[0] ?? null;
  if (wanted && subject?.code !== wanted) doNotStore(context);
  const [listed, linkCounts] = subject
    ? await Promise.all([
        listChapters(db, { grade, subjectCode: subject.code }),
        shownLinkCounts(db, grade, subject.code),
      ])
    : [[], new Map<number, number>()];
  // Chapters not in the current session's syllabus come last, under their own heading.
  const syllabus = await syllabusShown(
    db,
    listed.map((c) => c.id),
  );
  // With what each holds ("2 notes · 6 links", "Coming soon").
  const chapters = listed
    .map((c) => ({
      id: c.id,
      title: c.title,
      slug: c.slug,
      notes: c.noteCount,
      links: linkCounts.get(c.id) ?? 0,
      ...syllabus.of(c.id),
    }))
    .sort((a, b) => Number(a.status === "out") - Number(b.status === "out"));
  const q = (search.get("q") ?? "").slice(0, MAX_CHAPTER_QUERY);
  const asked = search.get("page");
  const page = readPageNumber(asked);
  // Past the last page (or an odd spelling of a number) the last page shows, but is not stored.
  if (page > pageCount(filterChapters(chapters, q).length) || (asked !== null && asked !== String(page))) {
    doNotStore(context);
  }
  return {
    grade,
    subtitle: gradeSubtitles[grade],
    subjects: subjects.map((s) => ({ code: s.code, label: s.label })),
    subject: subject ? { code: subject.code, label: subject.label } : null,
    isFirstSubject: subject !== null && subject.code === subjects[0]?.code,
    // Every chapter of the subject, though only a page of cards is drawn: the page filters by
    // ?q= when it renders (on the server for the first load and without JavaScript), and again
    // on each keystroke in the browser, over all of them.
    chapters: chapters.map(({ whatChanged: _shownOnItsPage, ...c }) => c),
    outHeading: notInSyllabusHeading(syllabus.year),
    q,
    page,
  };
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const site = siteFromMatches(matches);
  if (!loaderData) return [];
  const { grade, subject, subtitle, isFirstSubject } = loaderData;
  const subjectName = subject?.label;
  return seoMeta(site, {
    // The first subject is the class page itself; other subjects are pages of their own.
    path: subject && !isFirstSubject ? `/class/${grade}?subject=${subject.code}` : `/class/${grade}`,
    title: `Class ${grade}${subjectName ? ` ${subjectName}` : ""} Resources – Notes, Questions and Lectures`,
    description: `${subtitle} Free chapter-wise ${subjectName ? `${subjectName} ` : ""}notes, important questions and video lectures for CBSE Class ${grade}.`,
    keywords: [
      `class ${grade} notes`,
      `cbse class ${grade}`,
      ...(subjectName ? [`class ${grade} ${subjectName.toLowerCase()}`] : []),
      "chapter-wise notes",
      "important questions",
      "video lectures",
    ],
    jsonLd: [
      breadcrumbs(site, [
        ["Home", "/"],
        [`Class ${grade}`, `/class/${grade}`],
      ]),
    ],
  });
}

function pageCount(chapters: number): number {
  return Math.max(1, Math.ceil(chapters / CHAPTERS_PER_PAGE));
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

export default function ClassPage({ loaderData }: Route.ComponentProps) {
  const { grade, subtitle, subjects, subject, chapters, q } = loaderData;
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
  const pending = navigation.state === "loading" && /^\/class\/[^/]+\/?$/.test(navigation.location.pathname);
  const shown = filterChapters(chapters, query);
  const pages = pageCount(shown.length);
  const shownPage = Math.min(page, pages);
  const cards = shown.slice((shownPage - 1) * CHAPTERS_PER_PAGE, shownPage * CHAPTERS_PER_PAGE);
  // While the next subject loads, the heading already names it.
  const headingLabel = pending
    ? navigation.location.pathname.replace(/\/$/, "") === `/class/${grade}`
      ? (
          subjects.find((s) => s.code === new URLSearchParams(navigation.location.search).get("subject")) ??
          subjects[0]
        )?.label
      : undefined
    : subject?.label;

  const changeQuery = (value: string) => {
    setQuery(value);
    setPage(1);
    showQueryInAddress(value.trim() ? value : "");
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
                {query.trim()
                  ? copy.matchCount(shown.length, chapters.length)
                  : copy.chapterCount(chapters.length)}
              </p>
            ) : null}
          </div>
          <div className="mt-4">
            {pending ? (
              <ChapterCardSkeletons count={6} />
            ) : shown.length > 0 ? (
              <>
                <SyllabusGrids grade={grade} chapters={cards} outHeading={loaderData.outHeading} />
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
                grade={grade}
                subjectLabel={subject?.label}
                query={chapters.length > 0 ? query.trim() : ""}
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
