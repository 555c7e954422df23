import { afterEach, expect, it, vi } from "vitest";
import { slugify } from "#app/lib/slug.ts";
import {
  type ChapterInput,
  type ChapterPageQuery,
  createChapters,
  deleteChapter,
  deleteChapters,
  emptyLinks,
  getChapter,
  getChapterBySlug,
  listChapterPage,
  listChapters,
  moveChapter,
  moveChapters,
  updateChapter,
} from "#app/server/catalogue/chapters.server.ts";
import { addNote } from "#app/server/catalogue/notes.server.ts";
import { addSubject } from "#app/server/catalogue/subjects.server.ts";
import type { Database } from "#app/server/db.server.ts";
import { ConflictError, DomainError, NotFoundError, ValidationError } from "#app/server/errors.server.ts";
import { describeEachDatabase } from "./databases.ts";

let counter = 0;
/** A subject of its own for each test (the suite shares one database). */
async function freshSubject(db: Database, grade: 9 | 10 | 11 | 12, label = "Subject"): Promise<string> {
  const code = `s${++counter}-${Math.random().toString(36).slice(2, 7)}`;
  await addSubject(db, grade, code, `${label} ${code}`);
  return code;
}

function chapter(title: string, links: Partial<ChapterInput["links"]> = {}): ChapterInput {
  return { title, links: { ...emptyLinks(), ...links } };
}

async function caught(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (err) {
    return err;
  }
  throw new Error("expected the call to be refused");
}

/** One Dashboard page's titles; syllabus order, page 1 unless said otherwise. */
async function pageTitles(db: Database, query: Partial<ChapterPageQuery>): Promise<string[]> {
  const page = await listChapterPage(db, { page: 1, sort: "syllabus", dir: "asc", ...query });
  return page.rows.map((r) => r.title);
}

async function contentVersion(db: Database): Promise<number> {
  const row = await db
    .selectFrom("site_state")
    .select("value")
    .where("key", "=", "content_version")
    .executeTakeFirst();
  return Number(row?.value);
}

async function titles(db: Database, grade: 9 | 10 | 11 | 12, subjectCode: string): Promise<string[]> {
  return (await listChapters(db, { grade, subjectCode })).map((c) => c.title);
}

describeEachDatabase("chapters", (getDb) => {
  it("creates chapters in order with their links, found by slug", async () => {
    const db = getDb();
    const code = await freshSubject(db, 10);
    const created = await createChapters(db, 10, code, [
      chapter("  Light – Reflection and Refraction ", {
        notes: [
          { title: "Summary", url: "https://example.org/summary" },
          { title: " Diagrams ", url: " https://example.org/diagrams " },
        ],
        lectures: [{ title: "Video", url: "https://example.org/video" }],
      }),
      chapter("Human Eye"),
    ]);
    expect(created.map((c) => [c.title, c.slug, c.position])).toEqual([
      ["Light – Reflection and Refraction", "light-reflection-and-refraction", 0],
      ["Human Eye", "human-eye", 1],
    ]);
    const found = await getChapterBySlug(db, 10, "light-reflection-and-refraction");
    expect(found?.subjectCode).toBe(code);
    expect(found?.links).toEqual({
      official: [],
      notes: [
        { title: "Summary", url: "https://example.org/summary" },
        { title: "Diagrams", url: "https://example.org/diagrams" },
      ],
      questions: [],
      lectures: [{ title: "Video", url: "https://example.org/video" }],
    });
    const listed = await listChapters(db, { grade: 10, subjectCode: code });
    expect(listed.map((c) => [c.title, c.noteCount])).toEqual([
      ["Light – Reflection and Refraction", 0],
      ["Human Eye", 0],
    ]);
    expect(listed[0]?.subjectLabel).toBe(`Subject ${code}`);

    // Later additions go after the existing chapters.
    await createChapters(db, 10, code, [chapter("Electricity")]);
    expect(await titles(db, 10, code)).toEqual([
      "Light – Reflection and Refraction",
      "Human Eye",
      "Electricity",
    ]);
  });

  it("refuses bad input with messages keyed to the fields, and saves none of the chapters", async () => {
    const db = getDb();
    const code = await freshSubject(db, 9);
    const err = await caught(
      createChapters(db, 9, code, [
        chapter("Fine chapter"),
        chapter("", {
          notes: [{ title: "", url: "javascript:alert(1)" }],
          questions: [{ title: "Q", url: "ftp://example.org/file" }],
        }),
      ]),
    );
    expect(err).toBeInstanceOf(ValidationError);
    const fields = (err as ValidationError).fields;
    expect(Object.keys(fields).sort()).toEqual([
      "chapters.1.notes.0.title",
      "chapters.1.notes.0.url",
      "chapters.1.questions.0.url",
      "chapters.1.title",
    ]);
    expect(fields["chapters.1.notes.0.url"]).toMatch(/http:\/\/ or https:\/\//);
    expect(await titles(db, 9, code)).toEqual([]);

    expect(await caught(createChapters(db, 9, code, []))).toHaveProperty(
      "message",
      "Please fill out class, subject, and at least one chapter.",
    );
    const noSubject = await caught(createChapters(db, 9, "no-such-subject", [chapter("X")]));
    expect(noSubject).toBeInstanceOf(DomainError);
    expect((noSubject as DomainError).field).toBe("subject");
  });

  it("refuses a title whose slug another chapter of the class holds, naming it; other classes may share it", async () => {
    const db = getDb();
    const physics = await freshSubject(db, 11, "Physics");
    const chemistry = await freshSubject(db, 11, "Chemistry");
    const title = `Thermodynamics ${physics}`;
    await createChapters(db, 11, physics, [chapter(title)]);

    const err = await caught(
      createChapters(db, 11, chemistry, [chapter("Atoms"), chapter(title.toUpperCase())]),
    );
    expect(err).toBeInstanceOf(ValidationError);
    expect((err as ValidationError).fields["chapters.1.title"]).toContain(
      `Class 11 already has "${title}" (Physics ${physics})`,
    );
    expect(await titles(db, 11, chemistry)).toEqual([]);

    const twice = await caught(createChapters(db, 11, chemistry, [chapter("Atoms!"), chapter("atoms")]));
    expect((twice as ValidationError).fields["chapters.1.title"]).toMatch(
      /already has a chapter with the same title/,
    );

    const other = await freshSubject(db, 12);
    await createChapters(db, 12, other, [chapter(title)]);
    expect((await getChapterBySlug(db, 12, slugify(title)))?.subjectCode).toBe(other);
    expect((await getChapterBySlug(db, 11, slugify(title)))?.subjectCode).toBe(physics);
  });

  it("updates a chapter only from the version it was read at", async () => {
    const db = getDb();
    const code = await freshSubject(db, 12);
    const [created] = await createChapters(db, 12, code, [
      chapter("Original", { notes: [{ title: "Old", url: "https://example.org/old" }] }),
    ]);
    if (!created) throw new Error("not created");

    const saved = await updateChapter(db, created.id, created.version, {
      grade: 12,
      subjectCode: code,
      ...chapter("Renamed", { lectures: [{ title: "New", url: "https://example.org/new" }] }),
    });
    expect(saved.version).toBe(created.version + 1);
    expect(saved.slug).toBe("renamed");
    const read = await getChapter(db, created.id);
    expect(read?.links).toEqual({
      ...emptyLinks(),
      lectures: [{ title: "New", url: "https://example.org/new" }],
    });

    // A second admin still holding the old version: refused, nothing overwritten.
    const stale = await caught(
      updateChapter(db, created.id, created.version, {
        grade: 12,
        subjectCode: code,
        ...chapter("Other edit"),
      }),
    );
    expect(stale).toBeInstanceOf(ConflictError);
    expect((stale as ConflictError).status).toBe(409);
    expect((await getChapter(db, created.id))?.title).toBe("Renamed");

    // Saving with the same title (same slug) is not a clash with itself.
    await updateChapter(db, created.id, saved.version, {
      grade: 12,
      subjectCode: code,
      ...chapter("Renamed"),
    });

    const gone = await caught(
      updateChapter(db, 99_999_999, 1, { grade: 12, subjectCode: code, ...chapter("X") }),
    );
    expect(gone).toBeInstanceOf(NotFoundError);
  });

  it("refuses an update that would clash or is invalid, keyed without prefix", async () => {
    const db = getDb();
    const code = await freshSubject(db, 9);
    const [first, second] = await createChapters(db, 9, code, [
      chapter(`Clash A ${code}`),
      chapter(`Clash B ${code}`),
    ]);
    if (!first || !second) throw new Error("not created");
    const err = await caught(
      updateChapter(db, second.id, second.version, {
        grade: 9,
        subjectCode: code,
        ...chapter(`clash a ${code}`, { questions: [{ title: "Q", url: "not a url" }] }),
      }),
    );
    expect(err).toBeInstanceOf(ValidationError);
    expect(Object.keys((err as ValidationError).fields).sort()).toEqual(["questions.0.url", "title"]);
    expect((await getChapter(db, second.id))?.version).toBe(second.version);
  });

  it("two chapters renamed to the same title at once: one is saved, the other gets the clash message", async () => {
    const db = getDb();
    const code = await freshSubject(db, 11);
    const [first, second] = await createChapters(db, 11, code, [
      chapter(`Race A ${code}`),
      chapter(`Race B ${code}`),
    ]);
    if (!first || !second) throw new Error("not created");
    const rename = (c: typeof first) =>
      updateChapter(db, c.id, c.version, { grade: 11, subjectCode: code, ...chapter(`Race Same ${code}`) });
    const outcomes = await Promise.allSettled([rename(first), rename(second)]);
    const saved = outcomes.filter((o) => o.status === "fulfilled");
    const refused = outcomes.flatMap((o) => (o.status === "rejected" ? [o.reason] : []));
    expect(saved).toHaveLength(1);
    expect(refused).toHaveLength(1);
    expect(refused[0]).toBeInstanceOf(ValidationError);
    expect((refused[0] as ValidationError).fields.title).toMatch(/already has "Race Same/);
    const after = await titles(db, 11, code);
    expect(after).toHaveLength(2);
    expect(after.filter((t) => t === `Race Same ${code}`)).toHaveLength(1);
  });

  it("two forms adding the same chapter title at once: one is saved, the other gets the clash message", async () => {
    const db = getDb();
    const code = await freshSubject(db, 12);
    const add = () => createChapters(db, 12, code, [chapter(`Added Twice ${code}`)]);
    const outcomes = await Promise.allSettled([add(), add()]);
    const refused = outcomes.flatMap((o) => (o.status === "rejected" ? [o.reason] : []));
    expect(refused).toHaveLength(1);
    expect((refused[0] as ValidationError).fields["chapters.0.title"]).toMatch(/already has "Added Twice/);
    expect(await titles(db, 12, code)).toEqual([`Added Twice ${code}`]);
  });

  it("moving a chapter to another subject puts it at the end there", async () => {
    const db = getDb();
    const from = await freshSubject(db, 10);
    const to = await freshSubject(db, 10);
    await createChapters(db, 10, to, [chapter(`Stays ${to}`)]);
    const [moving] = await createChapters(db, 10, from, [chapter(`Moves ${from}`)]);
    if (!moving) throw new Error("not created");
    await updateChapter(db, moving.id, moving.version, {
      grade: 10,
      subjectCode: to,
      ...chapter(`Moves ${from}`),
    });
    expect(await titles(db, 10, to)).toEqual([`Stays ${to}`, `Moves ${from}`]);
    expect(await titles(db, 10, from)).toEqual([]);
  });

  it("deleting a chapter deletes its notes and links too", async () => {
    const db = getDb();
    const code = await freshSubject(db, 11);
    const [doomed, kept] = await createChapters(db, 11, code, [
      chapter(`Doomed ${code}`, { notes: [{ title: "L", url: "https://example.org/l" }] }),
      chapter(`Kept ${code}`),
    ]);
    if (!doomed || !kept) throw new Error("not created");
    for (const text of ["one", "two"]) {
      await addNote(db, {
        chapterId: doomed.id,
        content: `<p>${text}</p>`,
        seoDescription: "",
        seoKeywords: "",
      });
    }
    await addNote(db, { chapterId: kept.id, content: "<p>kept</p>", seoDescription: "", seoKeywords: "" });
    expect((await listChapters(db, { grade: 11, subjectCode: code })).map((c) => c.noteCount)).toEqual([
      2, 1,
    ]);

    // It goes to the Trash (app/server/trash/), its notes with it.
    expect(await deleteChapter(db, doomed.id)).toMatchObject({ itemId: doomed.id, title: doomed.title });
    expect(await getChapter(db, doomed.id)).toBeNull();
    const notesLeft = await db
      .selectFrom("notes")
      .select("chapter_id")
      .where("chapter_id", "=", doomed.id)
      .execute();
    expect(notesLeft).toEqual([]);
    const linksLeft = await db
      .selectFrom("chapter_links")
      .select("id")
      .where("chapter_id", "=", doomed.id)
      .execute();
    expect(linksLeft).toEqual([]);
    expect((await listChapters(db, { grade: 11, subjectCode: code })).map((c) => c.noteCount)).toEqual([1]);

    expect(await caught(deleteChapter(db, doomed.id))).toBeInstanceOf(NotFoundError);
  });

  it("moves chapters up and down within their subject only; that is the listed order", async () => {
    const db = getDb();
    const code = await freshSubject(db, 12);
    const neighbour = await freshSubject(db, 12);
    const created = await createChapters(
      db,
      12,
      code,
      ["A", "B", "C"].map((t) => chapter(`${t} ${code}`)),
    );
    await createChapters(db, 12, neighbour, [chapter(`N1 ${neighbour}`), chapter(`N2 ${neighbour}`)]);
    const [a, , c] = created;
    if (!a || !c) throw new Error("not created");

    await moveChapter(db, a.id, "down");
    expect(await titles(db, 12, code)).toEqual([`B ${code}`, `A ${code}`, `C ${code}`]);
    await moveChapter(db, c.id, "up");
    expect(await titles(db, 12, code)).toEqual([`B ${code}`, `C ${code}`, `A ${code}`]);
    // At the ends nothing changes.
    await moveChapter(db, a.id, "down");
    const b = created[1];
    if (!b) throw new Error("not created");
    await moveChapter(db, b.id, "up");
    expect(await titles(db, 12, code)).toEqual([`B ${code}`, `C ${code}`, `A ${code}`]);
    expect(await titles(db, 12, neighbour)).toEqual([`N1 ${neighbour}`, `N2 ${neighbour}`]);

    expect(await caught(moveChapter(db, 99_999_999, "up"))).toBeInstanceOf(NotFoundError);
  });

  // ---- The Dashboard's pages and bulk work ----

  afterEach(() => {
    vi.useRealTimers();
  });

  it("reads one page of at most 50 with the total, in syllabus order, marking each subject's ends", async () => {
    const db = getDb();
    const code = await freshSubject(db, 9);
    const names = Array.from({ length: 60 }, (_, i) => `P${String(i).padStart(2, "0")} ${code}`);
    await createChapters(
      db,
      9,
      code,
      names.map((t) => chapter(t)),
    );
    const first = await listChapterPage(db, {
      page: 1,
      sort: "syllabus",
      dir: "asc",
      grade: 9,
      subjectCode: code,
    });
    expect([first.total, first.page, first.pageCount, first.rows.length]).toEqual([60, 1, 2, 50]);
    expect(first.rows.map((r) => r.title)).toEqual(names.slice(0, 50));
    expect(first.rows[0]).toMatchObject({ grade: 9, subjectCode: code, subjectLabel: `Subject ${code}` });
    expect(first.rows.filter((r) => r.firstInSubject).map((r) => r.title)).toEqual([names[0]]);
    expect(first.rows.some((r) => r.lastInSubject)).toBe(false);
    const second = await listChapterPage(db, { page: 2, sort: "syllabus", dir: "asc", subjectCode: code });
    expect(second.rows.map((r) => r.title)).toEqual(names.slice(50));
    expect(second.rows.filter((r) => r.lastInSubject).map((r) => r.title)).toEqual([names[59]]);
    // Past the end: the last page, not an empty one.
    const past = await listChapterPage(db, { page: 99, sort: "syllabus", dir: "asc", subjectCode: code });
    expect([past.page, past.rows.length]).toEqual([2, 10]);
    // Syllabus order follows Move up/Move down.
    await moveChapter(db, second.rows[9]?.id ?? 0, "up");
    expect((await pageTitles(db, { page: 2, subjectCode: code })).slice(-2)).toEqual([names[59], names[58]]);
  });

  it("pages that span several subjects hold the right chapters, each way and in each subject-grouped sort", async () => {
    const db = getDb();
    const token = `span${++counter}x${Math.random().toString(36).slice(2, 6)}`;
    // Three subjects of 30, 40 and 45 chapters: page 1 ends inside the second, page 2 inside the third.
    const runs: string[][] = [];
    for (const [letter, size] of [
      ["A", 30],
      ["B", 40],
      ["C", 45],
    ] as const) {
      const code = await freshSubject(db, 11);
      const names = Array.from({ length: size }, (_, i) => `${token} ${letter}${String(i).padStart(2, "0")}`);
      await createChapters(
        db,
        11,
        code,
        names.map((t) => chapter(t)),
      );
      runs.push(names);
    }
    const all = runs.flat();
    const pages = async (query: Partial<ChapterPageQuery>) => {
      const seen: string[] = [];
      for (const page of [1, 2, 3]) {
        const read = await listChapterPage(db, {
          page,
          sort: "syllabus",
          dir: "asc",
          grade: 11,
          q: token,
          ...query,
        });
        expect([read.total, read.pageCount]).toEqual([115, 3]);
        seen.push(...read.rows.map((r) => r.title));
      }
      return seen;
    };
    expect(await pages({})).toEqual(all);
    expect(await pages({ dir: "desc" })).toEqual(all.toReversed());
    // By class: the class each way, the syllabus order within it.
    expect(await pages({ sort: "class", dir: "desc" })).toEqual(all);
    // By subject: each subject's chapters together and in syllabus order, the subjects by name.
    for (const dir of ["asc", "desc"] as const) {
      const bySubject = await pages({ sort: "subject", dir });
      expect(bySubject.toSorted()).toEqual(all.toSorted());
      const order = runs.toSorted((a, b) => {
        const [x, y] = [bySubject.indexOf(a[0] ?? ""), bySubject.indexOf(b[0] ?? "")];
        return x - y;
      });
      expect(bySubject).toEqual(order.flat());
    }
    // By title and by last change, whose pages in the second half are read from the list's end
    // (fromNearerEnd): the same list. The chapters of one subject share their time of saving.
    for (const sort of ["title", "updated"] as const) {
      expect(await pages({ sort })).toEqual(all);
      expect(await pages({ sort, dir: "desc" })).toEqual(all.toReversed());
    }
    // Past the end: the last page.
    const past = await listChapterPage(db, { page: 9, sort: "syllabus", dir: "asc", grade: 11, q: token });
    expect(past.rows.map((r) => r.title)).toEqual(all.slice(100));
    const pastByTitle = await listChapterPage(db, {
      page: 9,
      sort: "title",
      dir: "asc",
      grade: 11,
      q: token,
    });
    expect(pastByTitle.rows.map((r) => r.title)).toEqual(all.slice(100));
  });

  it("sorts by title, class, subject and last change, each way", async () => {
    const db = getDb();
    const token = `srt${++counter}x${Math.random().toString(36).slice(2, 6)}`;
    const shared = `shared-${token}`;
    await addSubject(db, 12, shared, "Shared");
    await addSubject(db, 9, shared, "Shared");
    const zeta = await freshSubject(db, 10, "Zeta");
    const alpha = await freshSubject(db, 10, "Alpha");
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2026-01-01T10:00:00Z"));
    const [banana] = await createChapters(db, 12, shared, [chapter(`Banana ${token}`)]);
    vi.setSystemTime(new Date("2026-01-02T10:00:00Z"));
    await createChapters(db, 9, shared, [chapter(`Apple ${token}`)]);
    vi.setSystemTime(new Date("2026-01-03T10:00:00Z"));
    await createChapters(db, 10, zeta, [chapter(`Cherry ${token}`)]);
    await createChapters(db, 10, alpha, [chapter(`Date ${token}`)]);
    vi.setSystemTime(new Date("2026-01-04T10:00:00Z"));
    if (!banana) throw new Error("not created");
    await updateChapter(db, banana.id, banana.version, {
      grade: 12,
      subjectCode: shared,
      ...chapter(`Banana ${token}`),
    });
    vi.useRealTimers();

    const q = token;
    expect(await pageTitles(db, { q, sort: "title", dir: "asc" })).toEqual(
      ["Apple", "Banana", "Cherry", "Date"].map((t) => `${t} ${token}`),
    );
    expect(await pageTitles(db, { q, sort: "title", dir: "desc" })).toEqual(
      ["Date", "Cherry", "Banana", "Apple"].map((t) => `${t} ${token}`),
    );
    expect(await pageTitles(db, { subjectCode: shared, sort: "class", dir: "asc" })).toEqual([
      `Apple ${token}`,
      `Banana ${token}`,
    ]);
    expect(await pageTitles(db, { subjectCode: shared, sort: "class", dir: "desc" })).toEqual([
      `Banana ${token}`,
      `Apple ${token}`,
    ]);
    expect(await pageTitles(db, { q, grade: 10, sort: "subject", dir: "asc" })).toEqual([
      `Date ${token}`,
      `Cherry ${token}`,
    ]);
    expect(await pageTitles(db, { q, grade: 10, sort: "subject", dir: "desc" })).toEqual([
      `Cherry ${token}`,
      `Date ${token}`,
    ]);
    expect(await pageTitles(db, { q, sort: "updated", dir: "desc" })).toEqual(
      ["Banana", "Date", "Cherry", "Apple"].map((t) => `${t} ${token}`),
    );
    expect(await pageTitles(db, { q, sort: "updated", dir: "asc" })).toEqual(
      ["Apple", "Cherry", "Date", "Banana"].map((t) => `${t} ${token}`),
    );
  });

  it("the Dashboard's search also finds chapters by their notes' words and Hindi word beginnings", async () => {
    const db = getDb();
    const code = await freshSubject(db, 12);
    const [light, other] = await createChapters(db, 12, code, [
      chapter(`प्रकाश का परावर्तन ${code}`),
      chapter(`Optics ${code}`),
    ]);
    await addNote(db, {
      chapterId: other?.id ?? 0,
      content: "<p>Total internal reflection and photosynthesis asides.</p>",
      seoDescription: "",
      seoKeywords: "",
    });
    const search = async (q: string) =>
      (await pageTitles(db, { subjectCode: code, q })).map((t) => t.replace(` ${code}`, ""));
    expect(await search("photosyn")).toEqual(["Optics"]);
    expect(await search("परावर्त")).toEqual(["प्रकाश का परावर्तन"]);
    expect(light?.id).toBeGreaterThan(0);
  });

  it("searches titles by any part, ignoring case; % and _ match only themselves", async () => {
    const db = getDb();
    const code = await freshSubject(db, 11);
    const names = ["100% Marks", "100 Percent Marks", "snake_case", "snakeXcase", "Back\\slash"];
    await createChapters(
      db,
      11,
      code,
      names.map((t) => chapter(`${t} ${code}`)),
    );
    const search = async (q: string) =>
      (await pageTitles(db, { subjectCode: code, q })).map((t) => t.replace(` ${code}`, ""));
    // "100%" is in one title; its word "100" is in both.
    expect(await search("100%")).toEqual(["100% Marks", "100 Percent Marks"]);
    expect(await search("MARKS")).toEqual(["100% Marks", "100 Percent Marks"]);
    expect(await search("e_c")).toEqual(["snake_case"]);
    expect(await search("%")).toEqual(["100% Marks"]);
    expect(await search("\\")).toEqual(["Back\\slash"]);
    expect(await search("nothing like it")).toEqual([]);
    const none = await listChapterPage(db, {
      page: 1,
      sort: "syllabus",
      dir: "asc",
      subjectCode: code,
      q: "zzz",
    });
    expect([none.total, none.pageCount, none.rows]).toEqual([0, 1, []]);
  });

  it("moves chosen chapters to another subject, at its end, in one change", async () => {
    const db = getDb();
    const from = await freshSubject(db, 10);
    const to = await freshSubject(db, 11, "Physics");
    await createChapters(db, 11, to, [chapter(`Already ${to}`)]);
    const made = await createChapters(
      db,
      10,
      from,
      ["One", "Two", "Three"].map((t) => chapter(`${t} ${from}`)),
    );
    const [one, , three] = made;
    if (!one || !three) throw new Error("not created");
    const before = await contentVersion(db);
    expect(await moveChapters(db, [three.id, one.id], 11, to)).toEqual({
      moved: 2,
      subjectLabel: `Physics ${to}`,
    });
    expect(await titles(db, 11, to)).toEqual([`Already ${to}`, `One ${from}`, `Three ${from}`]);
    expect(await titles(db, 10, from)).toEqual([`Two ${from}`]);
    expect(await contentVersion(db)).toBe(before + 1);
    const moved = await getChapter(db, one.id);
    expect([moved?.grade, moved?.version, moved?.slug]).toEqual([11, 2, one.slug]);
    expect(await getChapterBySlug(db, 11, one.slug)).not.toBeNull();
  });

  it("refuses a whole move when one chapter's address is taken in the new class, naming it", async () => {
    const db = getDb();
    const from = await freshSubject(db, 10);
    const other = await freshSubject(db, 12, "Chemistry");
    const to = await freshSubject(db, 12, "Physics");
    const clash = `Thermo ${from}`;
    await createChapters(db, 12, other, [chapter(clash)]);
    const made = await createChapters(db, 10, from, [chapter(`Fine ${from}`), chapter(clash)]);
    const before = await contentVersion(db);
    const err = await caught(
      moveChapters(
        db,
        made.map((c) => c.id),
        12,
        to,
      ),
    );
    expect(err).toBeInstanceOf(DomainError);
    expect((err as Error).message).toContain(
      `Nothing was moved: Class 12 already has "${clash}" (Chemistry ${other})`,
    );
    expect((err as Error).message).toContain(`"${clash}" (Class 10, Subject ${from})`);
    expect(await titles(db, 10, from)).toEqual([`Fine ${from}`, clash]);
    expect(await titles(db, 12, to)).toEqual([]);
    expect(await contentVersion(db)).toBe(before);

    // Two chosen chapters of different classes that would share one address in the new class.
    const nine = await freshSubject(db, 9);
    const [twin] = await createChapters(db, 9, nine, [chapter(`Fine ${from}`)]);
    const both = await caught(
      moveChapters(db, [made[0]?.id ?? 0, twin?.id ?? 0], 11, await freshSubject(db, 11)),
    );
    expect((both as Error).message).toMatch(/would share one address in Class 11/);
    expect(await titles(db, 9, nine)).toEqual([`Fine ${from}`]);

    // A chosen chapter that is gone, or a subject that does not exist: nothing moves.
    const gone = await caught(moveChapters(db, [made[0]?.id ?? 0, 99_999_999], 12, to));
    expect((gone as DomainError).status).toBe(404);
    expect(await caught(moveChapters(db, [made[0]?.id ?? 0], 12, "no-such-subject"))).toBeInstanceOf(
      DomainError,
    );
    expect(await titles(db, 10, from)).toEqual([`Fine ${from}`, clash]);
  });

  it("deletes chosen chapters with their notes and links, all or none", async () => {
    const db = getDb();
    const code = await freshSubject(db, 9);
    const made = await createChapters(
      db,
      9,
      code,
      ["A", "B", "C"].map((t) =>
        chapter(`${t} ${code}`, { notes: [{ title: "L", url: "https://example.org/l" }] }),
      ),
    );
    const [a, b] = made;
    if (!a || !b) throw new Error("not created");
    await addNote(db, { chapterId: a.id, content: "<p>n</p>", seoDescription: "", seoKeywords: "" });

    const before = await contentVersion(db);
    const refused = await caught(deleteChapters(db, [a.id, 99_999_999]));
    expect((refused as DomainError).message).toMatch(/^1 of the selected chapters no longer exist/);
    expect(await titles(db, 9, code)).toEqual([`A ${code}`, `B ${code}`, `C ${code}`]);
    expect(await contentVersion(db)).toBe(before);

    expect(await deleteChapters(db, [b.id, a.id, a.id])).toMatchObject({ deleted: 2 });
    expect(await titles(db, 9, code)).toEqual([`C ${code}`]);
    const left = await db.selectFrom("notes").select("id").where("chapter_id", "in", [a.id, b.id]).execute();
    expect(left).toEqual([]);
    const links = await db
      .selectFrom("chapter_links")
      .select("id")
      .where("chapter_id", "in", [a.id, b.id])
      .execute();
    expect(links).toEqual([]);
    expect(await contentVersion(db)).toBe(before + 1);
  });
});
