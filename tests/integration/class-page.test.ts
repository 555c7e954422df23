import { expect, it } from "vitest";
import { createChapters, emptyLinks } from "#app/server/catalogue/chapters.server.ts";
import { subjectCards } from "#app/server/catalogue/class-page.server.ts";
import { addNote } from "#app/server/catalogue/notes.server.ts";
import { addSubject } from "#app/server/catalogue/subjects.server.ts";
import { currentSession } from "#app/server/catalogue/syllabus-rows.server.ts";
import type { Database } from "#app/server/db.server.ts";
import { describeEachDatabase, freshDatabase } from "./databases.ts";

// A class page's cards (docs/decisions/0018): a subject past the whole-list limit is counted and
// paged by the database when no query is typed, and must come out as the page filtering in the
// browser would show it: chapters in the syllabus in the subject's order, those not in it last.
const CHAPTERS = 47;
const title = (i: number) => `Chapter ${String(i).padStart(2, "0")}${i % 4 === 0 ? " waves" : ""}`;
const statusOf = (i: number) => (i % 5 === 0 ? "out" : i % 7 === 0 ? "new" : "in");

async function bigSubject(db: Database) {
  await addSubject(db, 9, "physics", "Physics");
  const created = await createChapters(
    db,
    9,
    "physics",
    Array.from({ length: CHAPTERS }, (_, k) => ({
      title: title(k + 1),
      links: {
        ...emptyLinks(),
        notes: k % 3 === 0 ? [{ title: "Notes", url: `https://example.org/notes-${k + 1}` }] : [],
      },
      syllabus: { status: statusOf(k + 1), whatChanged: "", book: "", chapterNumber: null },
    })),
  );
  const third = created[2];
  if (third)
    await addNote(db, { chapterId: third.id, content: "<p>Note</p>", seoDescription: "", seoKeywords: "" });
  return created;
}

/** What the page shows, worked out here from what was made: its titles, statuses and counts. */
function expected(q: string) {
  const all = Array.from({ length: CHAPTERS }, (_, k) => k + 1);
  const ordered = [...all.filter((i) => statusOf(i) !== "out"), ...all.filter((i) => statusOf(i) === "out")];
  return ordered
    .filter((i) => title(i).toLowerCase().includes(q.trim().toLowerCase()))
    .map((i) => ({
      title: title(i),
      status: statusOf(i),
      notes: i === 3 ? 1 : 0,
      links: (i - 1) % 3 === 0 ? 1 : 0,
    }));
}

const shown = (cards: Awaited<ReturnType<typeof subjectCards>>) =>
  cards.chapters.map(({ title, status, notes, links }) => ({ title, status, notes, links }));

describeEachDatabase("class page cards", (shared) => {
  const kind = () =>
    shared().getExecutor().adapter.constructor.name.toLowerCase().includes("postgres")
      ? ("postgres" as const)
      : ("sqlite" as const);

  it("pages a large subject in the database as the whole list would show it, with or without a query", async () => {
    const { db, drop } = await freshDatabase(kind());
    try {
      const created = await bigSubject(db);
      // Statuses of another session or another subject change nothing here.
      const year = await currentSession(db);
      const inNow = created.filter((_, k) => statusOf(k + 1) !== "out").slice(0, 5);
      await db
        .insertInto("chapter_syllabus")
        .values(inNow.map((c) => ({ chapter_id: c.id, session: year - 1, status: "out", what_changed: "" })))
        .execute();
      await addSubject(db, 9, "chemistry", "Chemistry");
      await createChapters(
        db,
        9,
        "chemistry",
        Array.from({ length: 12 }, (_, k) => ({
          title: `Other ${k}`,
          links: emptyLinks(),
          syllabus: { status: "out" as const, whatChanged: "", book: "", chapterNumber: null },
        })),
      );
      for (const q of ["", "  ", "waves", "CHAPTER 1", "nothing like it"]) {
        const all = expected(q);
        const pages = Math.max(1, Math.ceil(all.length / 10));
        // Every page, and one past the last (the last shows).
        for (let page = 1; page <= pages + 1; page++) {
          const cards = await subjectCards(db, 9, "physics", { q, page, perPage: 10, wholeUpTo: 30 });
          const at = Math.min(page, pages);
          expect(cards).toMatchObject({ complete: false, total: CHAPTERS, matched: all.length, page: at });
          expect(shown(cards)).toEqual(all.slice((at - 1) * 10, at * 10));
        }
      }
      // Within the whole-list limit every chapter comes, in the same order, for the browser to filter.
      const whole = await subjectCards(db, 9, "physics", { q: "", page: 3, perPage: 10, wholeUpTo: 300 });
      expect(whole).toMatchObject({ complete: true, total: CHAPTERS, matched: CHAPTERS, page: 3 });
      expect(shown(whole)).toEqual(expected(""));
      const empty = await subjectCards(db, 9, "maths", { q: "", page: 2, perPage: 10, wholeUpTo: 30 });
      expect(empty).toMatchObject({ chapters: [], complete: true, total: 0, matched: 0, page: 1 });
    } finally {
      await drop();
    }
  });

  it("pages a large subject with nothing out of the syllabus in order, with its New badges", async () => {
    const { db, drop } = await freshDatabase(kind());
    try {
      await addSubject(db, 10, "maths", "Maths");
      const newOnes = (i: number) => i % 6 === 0;
      const created = await createChapters(
        db,
        10,
        "maths",
        Array.from({ length: 35 }, (_, k) => ({
          title: `Maths ${String(k + 1).padStart(2, "0")}`,
          links: emptyLinks(),
          syllabus: {
            status: newOnes(k + 1) ? ("new" as const) : ("in" as const),
            whatChanged: "",
            book: "",
            chapterNumber: null,
          },
        })),
      );
      // Out of the syllabus only in last session: this session's page has nothing out.
      const year = await currentSession(db);
      await db
        .insertInto("chapter_syllabus")
        .values(
          created
            .slice(0, 3)
            .map((c) => ({ chapter_id: c.id, session: year - 1, status: "out", what_changed: "" })),
        )
        .execute();
      for (let page = 1; page <= 5; page++) {
        const cards = await subjectCards(db, 10, "maths", { q: "", page, perPage: 8, wholeUpTo: 30 });
        const at = Math.min(page, 5);
        const want = Array.from({ length: 35 }, (_, k) => k + 1).slice((at - 1) * 8, at * 8);
        expect(cards).toMatchObject({ complete: false, total: 35, matched: 35, page: at });
        expect(cards.chapters.map((c) => [c.title, c.status])).toEqual(
          want.map((i) => [`Maths ${String(i).padStart(2, "0")}`, newOnes(i) ? "new" : "in"]),
        );
      }
    } finally {
      await drop();
    }
  });
});
