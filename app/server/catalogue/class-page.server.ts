import { sql } from "kysely";
import { batches } from "#app/lib/batches.ts";
import { filterChapters } from "#app/lib/chapter-search.ts";
import type { Grade } from "#app/lib/grades.ts";
import type { SyllabusStatus } from "#app/lib/sessions.ts";
import { shownLinkCounts } from "#app/server/catalogue/chapter-contents.server.ts";
import { currentSession, statusesIn } from "#app/server/catalogue/syllabus-rows.server.ts";
import type { Database } from "#app/server/db.server.ts";

/**
 * A chapter card of the class page: its address, what it holds, its status in the current session
 * (the card words its badge in the page's language).
 */
export type ChapterCard = {
  id: number;
  title: string;
  slug: string;
  notes: number;
  links: number;
  status: SyllabusStatus;
};

export type SubjectCards = {
  /** Every chapter of the subject (`complete`), or only the cards of the page shown, already filtered. */
  chapters: ChapterCard[];
  complete: boolean;
  /** Chapters of the subject, and of them those whose title holds the query. */
  total: number;
  matched: number;
  /** The page shown: the one asked for, or the last there is. */
  page: number;
  /** The current session's first year (for "Not in the 2026-27 syllabus"). */
  year: number;
};

/**
 * A subject's chapters as its class page shows them (docs/decisions/0018): in the subject's order,
 * those not in the current session's syllabus last. Up to `wholeUpTo` chapters all of them come,
 * for the page to filter as the student types; past it only the `perPage` cards of the page asked
 * for. Without a query those are counted and picked by the database (a subject of thousands of
 * chapters is not read into the server to show 60 of them: at 100,000 chapters that was most of a
 * class page's CPU); with one, every title is read by the (grade, subject) index and filtered here,
 * by the rule the browser filters with. What each card holds is read only for the cards sent, by key.
 */
export async function subjectCards(
  db: Database,
  grade: Grade,
  subjectCode: string,
  view: { q: string; page: number; perPage: number; wholeUpTo: number },
): Promise<SubjectCards> {
  const year = await currentSession(db);
  const ofSubject = db
    .selectFrom("chapters")
    .where("chapters.grade", "=", grade)
    .where("chapters.subject_code", "=", subjectCode);
  const withSyllabus = ofSubject.leftJoin("chapter_syllabus", (j) =>
    j.onRef("chapter_syllabus.chapter_id", "=", "chapters.id").on("chapter_syllabus.session", "=", year),
  );
  // Those not in the syllabus last, then the subject's order (what the page shows, whole or paged).
  const last = sql<boolean>`coalesce(${sql.ref("chapter_syllabus.status")}, 'in') = 'out'`;
  const cards = withSyllabus
    .select(["chapters.id", "chapters.title", "chapters.slug", "chapter_syllabus.status"])
    .orderBy(last)
    .orderBy("chapters.position")
    .orderBy("chapters.id");
  const withStatus = (rows: { id: number; title: string; slug: string; status: string | null }[]) =>
    rows.map((r) => ({
      id: r.id,
      title: r.title,
      slug: r.slug,
      status: (r.status ?? "in") as SyllabusStatus,
    }));
  let total: number;
  let matched: number;
  let page: number;
  let complete: boolean;
  let sent: Omit<ChapterCard, "notes" | "links">[];
  if (view.q.trim() === "") {
    // No query (what every stored class page is): the subject's chapters and those of them not in the
    // syllabus counted by the index (a probe each), then the page's cards read in the index's order,
    // those in the syllabus first, then those not in it. Sorting the whole subject by status (3,125
    // chapters at 100,000) cost 1.5-1.9 ms of a fresh page's CPU; these reads cost 0.3 ms.
    const counted = await db
      .selectNoFrom([
        ofSubject.select((eb) => eb.fn.countAll().as("n")).as("n"),
        ofSubject
          .innerJoin("chapter_syllabus", "chapter_syllabus.chapter_id", "chapters.id")
          .where("chapter_syllabus.session", "=", year)
          .where("chapter_syllabus.status", "=", "out")
          .select((eb) => eb.fn.countAll().as("n"))
          .as("out"),
      ])
      .executeTakeFirst();
    total = Number(counted?.n ?? 0);
    matched = total;
    complete = total <= view.wholeUpTo;
    page = Math.min(view.page, Math.max(1, Math.ceil(total / view.perPage)));
    const out = Number(counted?.out ?? 0);
    const from = (page - 1) * view.perPage;
    if (complete) sent = withStatus(await cards.execute());
    else if (out === 0) {
      // None of the subject is out of the syllabus (the usual case): the page's rows straight from the
      // index, with no status looked up for each row passed over to reach the page (0.3 of 1.3 ms of
      // a class page's statements at 100,000 chapters), then the statuses of the 60 shown, by key.
      const rows = await ofSubject
        .select(["chapters.id", "chapters.title", "chapters.slug"])
        .orderBy("chapters.position")
        .orderBy("chapters.id")
        .limit(view.perPage)
        .offset(from)
        .execute();
      const statuses = await statusesIn(
        db,
        rows.map((r) => r.id),
        year,
      );
      sent = rows.map((r) => ({ ...r, status: statuses.get(r.id)?.status ?? "in" }));
    } else {
      const inSyllabus = total - out;
      const to = from + view.perPage;
      // The page's rows of one part, in the subject's order: the index orders them, no sort.
      const part = (outOfSyllabus: boolean, offset: number, limit: number) =>
        withSyllabus
          .where(outOfSyllabus ? last : sql<boolean>`not ${last}`)
          .select(["chapters.id", "chapters.title", "chapters.slug", "chapter_syllabus.status"])
          .orderBy("chapters.position")
          .orderBy("chapters.id")
          .limit(limit)
          .offset(offset)
          .execute();
      sent = withStatus([
        ...(from < inSyllabus ? await part(false, from, Math.min(to, inSyllabus) - from) : []),
        ...(to > inSyllabus
          ? await part(true, Math.max(0, from - inSyllabus), to - Math.max(from, inSyllabus))
          : []),
      ]);
    }
  } else {
    const ordered = withStatus(await cards.execute());
    const matching = filterChapters(ordered, view.q);
    total = ordered.length;
    matched = matching.length;
    complete = total <= view.wholeUpTo;
    page = Math.min(view.page, Math.max(1, Math.ceil(matched / view.perPage)));
    sent = complete ? ordered : matching.slice((page - 1) * view.perPage, page * view.perPage);
  }
  const ids = sent.map((c) => c.id);
  const [notes, links] = await Promise.all([noteCounts(db, ids), shownLinkCounts(db, ids)]);
  return {
    chapters: sent.map((c) => ({
      ...c,
      notes: notes.get(c.id) ?? 0,
      links: links.get(c.id) ?? 0,
    })),
    complete,
    total,
    matched,
    page,
    year,
  };
}

/** How many notes each of these chapters has (those without any are not in the map). */
async function noteCounts(db: Database, chapterIds: readonly number[]): Promise<Map<number, number>> {
  const counts = new Map<number, number>();
  for (const part of batches(chapterIds, 500)) {
    const rows = await db
      .selectFrom("notes")
      .select(["chapter_id", (eb) => eb.fn.countAll().as("n")])
      .where("chapter_id", "in", part)
      .groupBy("chapter_id")
      .execute();
    for (const r of rows) counts.set(r.chapter_id, Number(r.n));
  }
  return counts;
}
