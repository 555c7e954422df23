import { batches } from "#app/lib/batches.ts";
import {
  isSyllabusStatus,
  parseSession,
  type SyllabusStatus,
  sessionName,
  sessionOf,
} from "#app/lib/sessions.ts";
import type { Database } from "#app/server/db.server.ts";

// The rows of `chapter_syllabus` (migration 0023), read and written by chapter. Kept apart from
// syllabus.server.ts (the domain: the current session, the console's list) so that History, the
// Trash and backups (app/server/history/item-history.server.ts) can read a chapter's statuses
// without importing the catalogue's saves, which import them.

/** A chapter's status in one session, as History, the Trash and backups carry it ("2026-27"). */
export type SyllabusEntry = { session: string; status: SyllabusStatus; whatChanged: string };

/** A status in a session, for one write. */
export type SessionStatus = { year: number; status: SyllabusStatus; whatChanged: string };

/** Every session's status of these chapters (In syllabus with nothing said is no entry), by chapter. */
export async function syllabusEntriesOf(
  db: Database,
  chapterIds: readonly number[],
): Promise<Map<number, SyllabusEntry[]>> {
  const byChapter = new Map<number, SyllabusEntry[]>();
  for (const part of batches(chapterIds, 500)) {
    const rows = await db
      .selectFrom("chapter_syllabus")
      .select(["chapter_id", "session", "status", "what_changed"])
      .where("chapter_id", "in", part)
      .orderBy("chapter_id")
      .orderBy("session")
      .execute();
    for (const r of rows) {
      const list = byChapter.get(r.chapter_id) ?? [];
      list.push({ session: sessionName(r.session), status: r.status, whatChanged: r.what_changed });
      byChapter.set(r.chapter_id, list);
    }
  }
  return byChapter;
}

/** These chapters' statuses in one session (a missing chapter is In syllabus), by chapter. */
export async function statusesIn(
  db: Database,
  chapterIds: readonly number[],
  year: number,
): Promise<Map<number, { status: SyllabusStatus; whatChanged: string }>> {
  const found = new Map<number, { status: SyllabusStatus; whatChanged: string }>();
  for (const part of batches(chapterIds, 500)) {
    const rows = await db
      .selectFrom("chapter_syllabus")
      .select(["chapter_id", "status", "what_changed"])
      .where("session", "=", year)
      .where("chapter_id", "in", part)
      .execute();
    for (const r of rows) found.set(r.chapter_id, { status: r.status, whatChanged: r.what_changed });
  }
  return found;
}

/** Writes a chapter's status in one session: In syllabus with nothing to say needs no row. */
export async function writeStatus(db: Database, chapterId: number, s: SessionStatus): Promise<void> {
  if (s.status === "in" && s.whatChanged === "") {
    await db
      .deleteFrom("chapter_syllabus")
      .where("chapter_id", "=", chapterId)
      .where("session", "=", s.year)
      .execute();
    return;
  }
  await db
    .insertInto("chapter_syllabus")
    .values({ chapter_id: chapterId, session: s.year, status: s.status, what_changed: s.whatChanged })
    .onConflict((oc) =>
      oc.columns(["chapter_id", "session"]).doUpdateSet({ status: s.status, what_changed: s.whatChanged }),
    )
    .execute();
}

/**
 * A carried chapter's statuses as rows (History, the Trash, a backup); entries that are not a
 * session and a status (an older or hand-edited file) are left out, and What changed is cut to 300.
 */
export function syllabusRows(chapterId: number, entries: unknown) {
  if (!Array.isArray(entries)) return [];
  const rows = new Map<
    number,
    { chapter_id: number; session: number; status: SyllabusStatus; what_changed: string }
  >();
  for (const e of entries) {
    const entry = (e && typeof e === "object" ? e : {}) as Record<string, unknown>;
    const year = parseSession(entry.session);
    if (year === null || !isSyllabusStatus(entry.status)) continue;
    const whatChanged = typeof entry.whatChanged === "string" ? entry.whatChanged.slice(0, 300) : "";
    if (entry.status === "in" && whatChanged === "") continue;
    rows.set(year, { chapter_id: chapterId, session: year, status: entry.status, what_changed: whatChanged });
  }
  return [...rows.values()];
}

/** Puts back every session's status of a chapter as carried (restoring a version replaces them all). */
export async function replaceStatuses(db: Database, chapterId: number, entries: unknown): Promise<void> {
  await db.deleteFrom("chapter_syllabus").where("chapter_id", "=", chapterId).execute();
  const rows = syllabusRows(chapterId, entries);
  if (rows.length > 0) await db.insertInto("chapter_syllabus").values(rows).execute();
}

/** Where the chosen current session is kept (its first year). */
export const SESSION_KEY = "syllabus_session";

/** The session an admin chose as current, or null: none chosen yet. */
export async function chosenSession(db: Database): Promise<number | null> {
  const row = await db
    .selectFrom("site_state")
    .select("value")
    .where("key", "=", SESSION_KEY)
    .executeTakeFirst();
  const year = row ? Number(row.value) : Number.NaN;
  return Number.isInteger(year) && parseSession(sessionName(year)) !== null ? year : null;
}

/** The current session: the one an admin chose, else the session of `at` in India. */
export async function currentSession(db: Database, at: Date = new Date()): Promise<number> {
  return (await chosenSession(db)) ?? sessionOf(at);
}

/** Keeps `year` as the chosen current session (setCurrentSession, and a restored backup's). */
export async function writeChosenSession(db: Database, year: number): Promise<void> {
  await db
    .insertInto("site_state")
    .values({ key: SESSION_KEY, value: year })
    .onConflict((oc) => oc.column("key").doUpdateSet({ value: year }))
    .execute();
}
