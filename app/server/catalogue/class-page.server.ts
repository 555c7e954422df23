import { batches } from "#app/lib/batches.ts";
import { filterChapters } from "#app/lib/chapter-search.ts";
import type { Grade } from "#app/lib/grades.ts";
import { type SyllabusStatus, syllabusBadge } from "#app/lib/sessions.ts";
import { shownLinkCounts } from "#app/server/catalogue/chapter-contents.server.ts";
import { currentSession } from "#app/server/catalogue/syllabus-rows.server.ts";
import type { Database } from "#app/server/db.server.ts";

/** A chapter card of the class page: its address, what it holds, its badge in the current session. */
export type ChapterCard = {
  id: number;
  title: string;
  slug: string;
  notes: number;
  links: number;
  status: SyllabusStatus;
  badge: string | null;
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
 * for, filtered by `q` here. Either way, every chapter's title and status is read in one statement
 * by the (grade, subject) index, and what each card holds only for the cards sent, by key.
 */
export async function subjectCards(
  db: Database,
  grade: Grade,
  subjectCode: string,
  view: { q: string; page: number; perPage: number; wholeUpTo: number },
): Promise<SubjectCards> {
  const year = await currentSession(db);
  const rows = await db
    .selectFrom("chapters")
    .leftJoin("chapter_syllabus", (j) =>
      j.onRef("chapter_syllabus.chapter_id", "=", "chapters.id").on("chapter_syllabus.session", "=", year),
    )
    .select(["chapters.id", "chapters.title", "chapters.slug", "chapter_syllabus.status"])
    .where("chapters.grade", "=", grade)
    .where("chapters.subject_code", "=", subjectCode)
    .orderBy("chapters.position")
    .orderBy("chapters.id")
    .execute();
  const ordered = rows
    .map((r) => ({ id: r.id, title: r.title, slug: r.slug, status: (r.status ?? "in") as SyllabusStatus }))
    .sort((a, b) => Number(a.status === "out") - Number(b.status === "out"));
  const matching = filterChapters(ordered, view.q);
  const complete = ordered.length <= view.wholeUpTo;
  const pages = Math.max(1, Math.ceil(matching.length / view.perPage));
  const page = Math.min(view.page, pages);
  const sent = complete ? ordered : matching.slice((page - 1) * view.perPage, page * view.perPage);
  const ids = sent.map((c) => c.id);
  const [notes, links] = await Promise.all([noteCounts(db, ids), shownLinkCounts(db, ids)]);
  return {
    chapters: sent.map((c) => ({
      ...c,
      notes: notes.get(c.id) ?? 0,
      links: links.get(c.id) ?? 0,
      badge: syllabusBadge(c.status, year),
    })),
    complete,
    total: ordered.length,
    matched: matching.length,
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
