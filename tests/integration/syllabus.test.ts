import { expect, it } from "vitest";
import { type Backup, exportContent, importContent } from "#app/server/backup/backup-reader.server.ts";
import {
  createChapters,
  deleteChapter,
  emptyLinks,
  getChapter,
  saveChapter,
} from "#app/server/catalogue/chapters.server.ts";
import {
  applyChaptersImport,
  exportChaptersCsv,
  previewChaptersImport,
} from "#app/server/catalogue/chapters-csv.server.ts";
import { addSubject } from "#app/server/catalogue/subjects.server.ts";
import {
  badgesAt,
  listSyllabusPage,
  sessionSettings,
  setCurrentSession,
  setStatuses,
  syllabusShown,
} from "#app/server/catalogue/syllabus.server.ts";
import { statusesIn } from "#app/server/catalogue/syllabus-rows.server.ts";
import { contentVersion } from "#app/server/content-changes.server.ts";
import type { Database } from "#app/server/db.server.ts";
import { DomainError } from "#app/server/errors.server.ts";
import { compareWithCurrent, historyItem, listHistory } from "#app/server/history/history.server.ts";
import { restoreVersion } from "#app/server/history/restore-version.server.ts";
import { listTrashPage, restoreFromTrash } from "#app/server/trash/trash.server.ts";
import { describeEachDatabase, freshDatabase } from "./databases.ts";

const site = { siteUrl: "https://chapterwise.example", siteName: "ChapterWise" };
const syllabus = (
  status: "in" | "new" | "out",
  whatChanged = "",
  book = "",
  chapterNumber: number | null = null,
) => ({
  status,
  whatChanged,
  book,
  chapterNumber,
});

async function science(db: Database) {
  await addSubject(db, 9, "science", "Science");
  return createChapters(db, 9, "science", [
    { title: "Matter", links: emptyLinks(), syllabus: syllabus("in", "", "NCERT Science", 1) },
    { title: "Motion", links: emptyLinks(), syllabus: syllabus("out", "Dropped in the new book") },
    { title: "Force", links: emptyLinks() },
  ]);
}

/** Each test on a database of its own (of the suite's engine): the chapters' addresses repeat. */
function freshOf(shared: () => Database) {
  const kind = shared().getExecutor().adapter.constructor.name.toLowerCase().includes("postgres")
    ? ("postgres" as const)
    : ("sqlite" as const);
  return async (test: (db: Database, kind: "sqlite" | "postgres") => Promise<void>) => {
    const { db, drop } = await freshDatabase(kind);
    try {
      await test(db, kind);
    } finally {
      await drop();
    }
  };
}

describeEachDatabase("syllabus", (shared) => {
  const withDb = (test: (db: Database, kind: "sqlite" | "postgres") => Promise<void>) => () =>
    freshOf(shared)(test);
  it(
    "takes the current session from the date in India until an admin chooses one",
    withDb(async (db) => {
      expect(await sessionSettings(db, new Date("2026-03-31T18:00:00Z"))).toEqual({
        current: 2025,
        chosen: false,
        today: 2025,
      });
      expect((await sessionSettings(db, new Date("2026-03-31T19:00:00Z"))).current).toBe(2026);
      const before = await contentVersion(db);
      expect(await setCurrentSession(db, 2027)).toEqual({ changed: true });
      expect(await contentVersion(db)).toBeGreaterThan(before);
      expect(await sessionSettings(db, new Date("2026-06-01T00:00:00Z"))).toEqual({
        current: 2027,
        chosen: true,
        today: 2026,
      });
      // Choosing it again changes nothing, and the stored pages stay.
      const now = await contentVersion(db);
      expect(await setCurrentSession(db, 2027)).toEqual({ changed: false });
      expect(await contentVersion(db)).toBe(now);
      await expect(setCurrentSession(db, 1850)).rejects.toBeInstanceOf(DomainError);
      expect((await sessionSettings(db)).current).toBe(2027);
    }),
  );

  it(
    "keeps statuses per session: switching never loses another session's, a missing one is In syllabus",
    withDb(async (db) => {
      await setCurrentSession(db, 2026);
      const [matter, motion, force] = await science(db);
      if (!matter || !motion || !force) throw new Error("no chapters");
      expect(await getChapter(db, matter.id)).toMatchObject({ book: "NCERT Science", chapterNumber: 1 });
      const page = await listSyllabusPage(db, { grade: 9, subjectCode: "science", page: 1 }, 2026);
      expect(page.rows.map((r) => [r.title, r.status, r.whatChanged])).toEqual([
        ["Matter", "in", ""],
        ["Motion", "out", "Dropped in the new book"],
        ["Force", "in", ""],
      ]);
      expect(
        (await listSyllabusPage(db, { grade: 9, subjectCode: "science", q: "mot", page: 1 }, 2026)).total,
      ).toBe(1);

      // Several at once; only the changed ones get a new version.
      const { changed } = await setStatuses(db, 2026, [
        { id: matter.id, status: "in", whatChanged: "" },
        { id: force.id, status: "new", whatChanged: "New chapter" },
      ]);
      expect(changed.map((c) => c.id)).toEqual([force.id]);
      expect((await getChapter(db, matter.id))?.version).toBe(1);
      expect((await getChapter(db, force.id))?.version).toBe(2);

      // Next session: everything starts In syllabus; 2026-27's statuses stay.
      await setCurrentSession(db, 2027);
      const shown = await syllabusShown(db, [matter.id, motion.id, force.id]);
      expect([motion.id, force.id].map((id) => shown.of(id).badge)).toEqual([null, null]);
      await setStatuses(db, 2027, [{ id: matter.id, status: "out", whatChanged: "" }]);
      await setCurrentSession(db, 2026);
      const back = await syllabusShown(db, [matter.id, motion.id, force.id]);
      expect(back.session).toBe("2026-27");
      expect([matter.id, motion.id, force.id].map((id) => back.of(id).badge)).toEqual([
        null,
        "Not in 2026-27 syllabus",
        "New in 2026-27",
      ]);
      expect(back.of(motion.id).whatChanged).toBe("Dropped in the new book");
      expect((await statusesIn(db, [matter.id], 2027)).get(matter.id)?.status).toBe("out");
      // Search results' badges: one read by class and address.
      const badges = await badgesAt(db, [
        { grade: 9, slug: "motion" },
        { grade: 9, slug: "force" },
        { grade: 9, slug: "matter" },
        { grade: 10, slug: "motion" },
      ]);
      expect(Object.fromEntries([...badges].map(([k, v]) => [k, v.badge]))).toEqual({
        "9:motion": "Not in 2026-27 syllabus",
        "9:force": "New in 2026-27",
      });
      // A chapter that is gone: nothing changes.
      await expect(setStatuses(db, 2026, [{ id: 999_999, status: "out", whatChanged: "" }])).rejects.toThrow(
        /no longer exist/,
      );
    }),
  );

  it(
    "History shows a status change and Restore brings it back; the Trash keeps statuses",
    withDb(async (db) => {
      await setCurrentSession(db, 2026);
      const [matter] = await science(db);
      if (!matter) throw new Error("no chapter");
      const change = { grade: 9 as const, subjectCode: "science", title: "Matter", links: emptyLinks() };
      await saveChapter(db, matter.id, 1, {
        ...change,
        syllabus: syllabus("out", "Moved to class 8", "NCERT", 2),
      });
      const item = await historyItem(db, "chapter", matter.id);
      if (!item) throw new Error("no history");
      const rows = await listHistory(db, item, 1);
      expect(rows.rows[0]?.summary).toMatch(/syllabus status/);
      const diff = await compareWithCurrent(db, item, 1);
      expect(diff?.fields.map((f) => f.label)).toEqual(["Book", "Chapter number", "Syllabus status"]);
      await restoreVersion(db, site, "chapter", matter.id, 1, 2);
      expect((await statusesIn(db, [matter.id], 2026)).get(matter.id)).toBeUndefined();
      expect(await getChapter(db, matter.id)).toMatchObject({
        book: "NCERT Science",
        chapterNumber: 1,
        version: 3,
      });
      // Restore version 2 (Not in syllabus) again, then the chapter goes to the Trash and comes back whole.
      await restoreVersion(db, site, "chapter", matter.id, 2, 3);
      await deleteChapter(db, matter.id);
      expect(
        await db.selectFrom("chapter_syllabus").selectAll().where("chapter_id", "=", matter.id).execute(),
      ).toEqual([]);
      const trash = await listTrashPage(db, { page: 1 });
      await restoreFromTrash(
        db,
        trash.rows.map((r) => r.id),
      );
      const [restored] = await db.selectFrom("chapters").select("id").where("slug", "=", "matter").execute();
      expect((await statusesIn(db, [restored?.id ?? 0], 2026)).get(restored?.id ?? 0)).toEqual({
        status: "out",
        whatChanged: "Moved to class 8",
      });
    }),
  );

  // The suite's own database is the source (no other test writes to it); the copies are fresh.
  it("backups carry every session's statuses, the chosen session, book and chapter number; old ones still restore", async () => {
    const db = shared();
    const kind = db.getExecutor().adapter.constructor.name.toLowerCase().includes("postgres")
      ? ("postgres" as const)
      : ("sqlite" as const);
    await setCurrentSession(db, 2026);
    const [matter] = await science(db);
    await setStatuses(db, 2025, [{ id: matter?.id ?? 0, status: "new", whatChanged: "Added" }]);
    const backup = await exportContent(db);
    expect(backup.syllabusSession).toBe("2026-27");
    expect(backup.chapters.find((c) => c.title === "Matter")).toMatchObject({
      book: "NCERT Science",
      chapterNumber: 1,
      syllabus: [{ session: "2025-26", status: "new", whatChanged: "Added" }],
    });
    for (const old of [false, true]) {
      const target = await freshDatabase(kind);
      try {
        const copy = JSON.parse(JSON.stringify(backup)) as Backup;
        if (old) {
          // A backup from before the syllabus: no session, no statuses, no book.
          delete copy.syllabusSession;
          for (const c of copy.chapters as Array<Record<string, unknown>>) {
            delete c.book;
            delete c.chapterNumber;
            delete c.syllabus;
          }
        }
        await importContent(target.db, copy);
        const again = await exportContent(target.db);
        if (old) {
          expect(again.syllabusSession).toBeUndefined();
          expect(again.chapters.every((c) => c.syllabus?.length === 0 && c.book === "")).toBe(true);
        } else {
          expect(again.syllabusSession).toBe("2026-27");
          expect(again.chapters.map((c) => [c.title, c.book, c.chapterNumber, c.syllabus])).toEqual(
            backup.chapters.map((c) => [c.title, c.book, c.chapterNumber, c.syllabus]),
          );
        }
      } finally {
        await target.drop();
      }
    }
  }, 60_000);

  it(
    "the chapters CSV carries the current session's status, What changed, book and number, both ways",
    withDb(async (db) => {
      await setCurrentSession(db, 2026);
      await science(db);
      const text = new TextDecoder().decode(
        await new Response(exportChaptersCsv(db, { grade: 9 })).arrayBuffer(),
      );
      const lines = text.trim().split("\r\n");
      expect(lines[0]).toBe(
        "Class,Subject,Chapter,Kind,Link title,URL,Type,Language,Year,Syllabus status,What changed,Book,Chapter number",
      );
      expect(lines.slice(1)).toEqual([
        "9,science,Matter,,,,,,,In syllabus,,NCERT Science,1",
        "9,science,Motion,,,,,,,Not in syllabus,Dropped in the new book,,",
        "9,science,Force,,,,,,,In syllabus,,,",
      ]);
      // The same file changes nothing; an edited one changes exactly the syllabus.
      expect((await previewChaptersImport(db, text)).unchanged).toBe(3);
      const edited = text
        .replace("Force,,,,,,,In syllabus,,,", "Force,,,,,,,new this session,Added in 2026,NCERT Science,3")
        .replace("Motion,,,,,,,Not in syllabus,Dropped in the new book,,", "Motion,,,,,,,In syllabus,,,");
      const plan = await previewChaptersImport(db, edited);
      expect(plan.problems).toEqual([]);
      expect(plan.changed.map((c) => [c.title, c.what])).toEqual([
        ["Motion", "syllabus changed"],
        ["Force", "syllabus changed"],
      ]);
      expect((await applyChaptersImport(db, edited, plan.digest)).applied).toBe(true);
      const shown = await syllabusShown(
        db,
        (await db.selectFrom("chapters").select("id").execute()).map((c) => c.id),
      );
      const force = await db
        .selectFrom("chapters")
        .select(["id", "book", "chapter_number"])
        .where("slug", "=", "force")
        .executeTakeFirstOrThrow();
      expect(shown.of(force.id)).toMatchObject({
        status: "new",
        whatChanged: "Added in 2026",
        badge: "New in 2026-27",
      });
      expect([force.book, Number(force.chapter_number)]).toEqual(["NCERT Science", 3]);
      // Bad syllabus cells are named by line; nothing is written.
      const bad = edited
        .replace("Force,,,,,,,new this session", "Force,,,,,,,maybe")
        .replace("Matter,,,,,,,In syllabus,,NCERT Science,1", "Matter,,,,,,,In syllabus,,NCERT Science,0");
      const refused = await previewChaptersImport(db, bad);
      expect(refused.problems.map((p) => [p.line, p.message.split(":")[0]])).toEqual([
        [2, "Chapter number"],
        [4, "Syllabus status"],
      ]);
    }),
  );
});
