import type { Grade } from "#app/lib/grades.ts";
import {
  FIRST_SESSION_YEAR,
  LAST_SESSION_YEAR,
  type SyllabusStatus,
  sessionName,
  sessionOf,
  syllabusBadge,
} from "#app/lib/sessions.ts";
import {
  chosenSession,
  currentSession,
  statusesIn,
  writeChosenSession,
  writeStatus,
} from "#app/server/catalogue/syllabus-rows.server.ts";
import { countRows, type ListPage, listSearch, readPage } from "#app/server/console/list-page.server.ts";
import { saveVersion } from "#app/server/console/versioned-save.server.ts";
import { contentChanged } from "#app/server/content-changes.server.ts";
import { type Database, inTransaction } from "#app/server/db.server.ts";
import { DomainError } from "#app/server/errors.server.ts";

// This year's syllabus (DESIGN.md 8.1, docs/decisions/0023-syllabus-sessions.md): the current
// session, the console's list of a subject's chapters with their statuses, several changed at once,
// and the badges the public pages show.

export { currentSession };

/** The current session, whether an admin chose it, and the session of `at` (the default). */
export async function sessionSettings(db: Database, at: Date = new Date()) {
  const chosen = await chosenSession(db);
  const today = sessionOf(at);
  return { current: chosen ?? today, chosen: chosen !== null, today };
}

/**
 * Makes `year` the current session (admins only: the route checks). The public pages show its
 * statuses from now on; every session's statuses stay as they are.
 */
export async function setCurrentSession(db: Database, year: number): Promise<{ changed: boolean }> {
  if (!Number.isInteger(year) || year < FIRST_SESSION_YEAR || year > LAST_SESSION_YEAR)
    throw new DomainError("Current session: choose a session from the list.", { field: "session" });
  return inTransaction(db, async (trx) => {
    const before = await currentSession(trx);
    const chosen = await chosenSession(trx);
    if (chosen === year) return { changed: false };
    await writeChosenSession(trx, year);
    // Every badge and the class pages' order may change: the stored pages go.
    if (before !== year) await contentChanged(trx);
    return { changed: before !== year };
  });
}

// ---------------------------------------------------------------------------------------------
// The console's list: one subject's chapters, 50 a page, with their status in the current session
// ---------------------------------------------------------------------------------------------

export type SyllabusRow = {
  id: number;
  title: string;
  book: string;
  chapterNumber: number | null;
  status: SyllabusStatus;
  whatChanged: string;
};

/**
 * One page of a subject's chapters in their public order with their status in `year`: the window
 * through the (grade, subject, position) index, then the statuses of those 50 by key.
 */
export async function listSyllabusPage(
  db: Database,
  query: { grade: Grade; subjectCode: string; q?: string; page: number },
  year: number,
): Promise<ListPage<SyllabusRow>> {
  const filtered = () => {
    let q = db
      .selectFrom("chapters")
      .where("chapters.grade", "=", query.grade)
      .where("chapters.subject_code", "=", query.subjectCode);
    if (query.q) q = q.where(listSearch(db, "chapter", "chapters.id", "chapters.title", query.q));
    return q;
  };
  return readPage(
    query.page,
    () => countRows(filtered()),
    async ({ limit, offset }) => {
      const rows = await filtered()
        .select(["chapters.id", "chapters.title", "chapters.book", "chapters.chapter_number"])
        .orderBy("chapters.position")
        .orderBy("chapters.id")
        .limit(limit)
        .offset(offset)
        .execute();
      const statuses = await statusesIn(
        db,
        rows.map((r) => r.id),
        year,
      );
      return rows.map((r) => ({
        id: r.id,
        title: r.title,
        book: r.book ?? "",
        chapterNumber: r.chapter_number === null ? null : Number(r.chapter_number),
        status: statuses.get(r.id)?.status ?? "in",
        whatChanged: statuses.get(r.id)?.whatChanged ?? "",
      }));
    },
  );
}

/** A chapter's new status in the list's form (checked already: app/lib/sessions.ts). */
export type StatusChange = { id: number; status: SyllabusStatus; whatChanged: string };

/**
 * Saves the statuses of several chapters in `year`, all or none. Only chapters whose status or
 * What changed differ are saved, each as a new version (History shows it; Restore brings the old
 * status back). Returns the titles of the chapters changed.
 */
export async function setStatuses(
  db: Database,
  year: number,
  changes: readonly StatusChange[],
): Promise<{ changed: Array<{ id: number; title: string; status: SyllabusStatus }> }> {
  if (changes.length === 0) throw new DomainError("Choose the chapters to change first.");
  return inTransaction(db, async (trx) => {
    const ids = [...new Set(changes.map((c) => c.id))];
    const chapters = await trx
      .selectFrom("chapters")
      .select(["id", "title", "version"])
      .where("id", "in", ids)
      .execute();
    if (chapters.length !== ids.length)
      throw new DomainError(
        `${ids.length - chapters.length} of these chapters no longer exist (someone may have deleted them), so nothing was changed. Reload the page and try again.`,
        { status: 404 },
      );
    const now = await statusesIn(trx, ids, year);
    const byId = new Map(chapters.map((c) => [c.id, c]));
    const changed: Array<{ id: number; title: string; status: SyllabusStatus }> = [];
    for (const change of changes) {
      const chapter = byId.get(change.id);
      const was = now.get(change.id) ?? { status: "in", whatChanged: "" };
      if (!chapter || (was.status === change.status && was.whatChanged === change.whatChanged)) continue;
      // The version it replaces (with its old status) goes to History, read before the write.
      await saveVersion(trx, "chapters", chapter.id, chapter.version, {});
      await writeStatus(trx, chapter.id, { year, status: change.status, whatChanged: change.whatChanged });
      changed.push({ id: chapter.id, title: chapter.title, status: change.status });
    }
    if (changed.length > 0) await contentChanged(trx);
    return { changed };
  });
}

// ---------------------------------------------------------------------------------------------
// The public pages' badges
// ---------------------------------------------------------------------------------------------

/** What a public page shows of a chapter's status: its badge (none: In syllabus) and What changed. */
export type SyllabusShown = { status: SyllabusStatus; badge: string | null; whatChanged: string };

/** These chapters' statuses in the current session, by chapter (one read by key). */
export async function syllabusShown(
  db: Database,
  chapterIds: readonly number[],
): Promise<{ year: number; session: string; of: (id: number) => SyllabusShown }> {
  const year = await currentSession(db);
  const found = chapterIds.length > 0 ? await statusesIn(db, chapterIds, year) : new Map();
  return {
    year,
    session: sessionName(year),
    of: (id) => {
      const s = found.get(id) ?? { status: "in" as const, whatChanged: "" };
      return { status: s.status, badge: syllabusBadge(s.status, year), whatChanged: s.whatChanged };
    },
  };
}

/**
 * The badges of chapters found by class and address (a page of search results): one statement,
 * each chapter by its (grade, slug) index and its status by key. Keyed `grade:slug`.
 */
export async function badgesAt(
  db: Database,
  refs: ReadonlyArray<{ grade: number; slug: string }>,
): Promise<Map<string, { badge: string; status: SyllabusStatus }>> {
  const badges = new Map<string, { badge: string; status: SyllabusStatus }>();
  if (refs.length === 0) return badges;
  const year = await currentSession(db);
  const rows = await db
    .selectFrom("chapters")
    .innerJoin("chapter_syllabus", (j) =>
      j.onRef("chapter_syllabus.chapter_id", "=", "chapters.id").on("chapter_syllabus.session", "=", year),
    )
    .select(["chapters.grade", "chapters.slug", "chapter_syllabus.status"])
    .where((eb) =>
      eb.or(refs.map((r) => eb.and([eb("chapters.grade", "=", r.grade), eb("chapters.slug", "=", r.slug)]))),
    )
    .execute();
  for (const r of rows) {
    const badge = syllabusBadge(r.status, year);
    if (badge) badges.set(`${r.grade}:${r.slug}`, { badge, status: r.status });
  }
  return badges;
}

const CHAPTER_PAGE = /^\/class\/(\d+)\/chapter\/([^/?#]+)$/;

/** A page of search results with each chapter's badge (`Not in 2026-27 syllabus`), in one read. */
export async function withSyllabusBadges<Hit extends { kind: string; href: string }>(
  db: Database,
  hits: readonly Hit[],
): Promise<Array<Hit & { badge?: string; badgeStatus?: SyllabusStatus }>> {
  const refs = hits.flatMap((h) => {
    const match = h.kind === "chapter" ? CHAPTER_PAGE.exec(h.href) : null;
    return match ? [{ grade: Number(match[1]), slug: match[2] ?? "" }] : [];
  });
  const badges = await badgesAt(db, refs);
  if (badges.size === 0) return [...hits];
  return hits.map((h) => {
    const match = h.kind === "chapter" ? CHAPTER_PAGE.exec(h.href) : null;
    const found = match ? badges.get(`${match[1]}:${match[2]}`) : undefined;
    return found ? { ...h, badge: found.badge, badgeStatus: found.status } : h;
  });
}
