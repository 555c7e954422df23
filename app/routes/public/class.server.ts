import { type RouterContextProvider, redirect } from "react-router";
import type { ClassPageData } from "#app/components/public/class-page.tsx";
import { doNotStore, services } from "#app/context.ts";
import { CHAPTERS_PER_PAGE, MAX_CHAPTER_QUERY, WHOLE_LIST_LIMIT } from "#app/lib/chapter-search.ts";
import { parseGrade } from "#app/lib/grades.ts";
import { langOfPath } from "#app/lib/language.ts";
import { readPageNumber } from "#app/lib/list-query.ts";
import { defaultSubject } from "#app/lib/medium.ts";
import { subjectCards } from "#app/server/catalogue/class-page.server.ts";
import { listSubjects } from "#app/server/catalogue/subjects.server.ts";
import { currentSession } from "#app/server/catalogue/syllabus.server.ts";

/**
 * What a class page (/class/N, /hi/class/N) shows, the same in both languages: the class's
 * subjects, the chosen one, and its chapter cards (app/server/catalogue/class-page.server.ts).
 */
export async function classPageData({
  params,
  request,
  context,
}: {
  params: { grade?: string };
  request: Request;
  context: Readonly<RouterContextProvider>;
}): Promise<ClassPageData> {
  const grade = parseGrade(params.grade);
  if (!grade) throw redirect("/");
  const { db } = services(context);
  const url = new URL(request.url);
  const search = url.searchParams;
  const subjects = await listSubjects(db, grade);
  // An unknown or missing ?subject= shows the class's first subject of the page's medium (English
  // pages: English or Both; Hindi pages: Hindi or Both). The page store keys this page by ?subject=
  // alone (app/server/platform/page-key.server.ts); a made-up value is not stored.
  const wanted = search.get("subject");
  const first = defaultSubject(subjects, langOfPath(url.pathname));
  const subject = subjects.find((s) => s.code === wanted) ?? first ?? null;
  if (wanted && subject?.code !== wanted) doNotStore(context);
  const q = (search.get("q") ?? "").slice(0, MAX_CHAPTER_QUERY);
  const asked = search.get("page");
  const page = readPageNumber(asked);
  const cards = subject
    ? await subjectCards(db, grade, subject.code, {
        q,
        page,
        perPage: CHAPTERS_PER_PAGE,
        wholeUpTo: WHOLE_LIST_LIMIT,
      })
    : { chapters: [], complete: true, total: 0, matched: 0, page: 1, year: await currentSession(db) };
  // Past the last page (or an odd spelling of a number) the last page shows, but is not stored.
  if (page > cards.page || (asked !== null && asked !== String(page))) doNotStore(context);
  return {
    grade,
    subjects: subjects.map((s) => ({ code: s.code, label: s.label, medium: s.medium })),
    subject: subject ? { code: subject.code, label: subject.label } : null,
    isFirstSubject: subject !== null && subject.code === first?.code,
    // Every chapter of the subject, though only a page of cards is drawn: the page filters by
    // ?q= when it renders (on the server for the first load and without JavaScript), and again
    // on each keystroke in the browser, over all of them. Past WHOLE_LIST_LIMIT, only the cards
    // of this page, already filtered by ?q=.
    chapters: cards.chapters,
    complete: cards.complete,
    total: cards.total,
    matched: cards.matched,
    year: cards.year,
    q,
    page: cards.page,
  };
}
