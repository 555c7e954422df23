import type { Kysely } from "kysely";
import { expect, it } from "vitest";
import { exportContent, importContent } from "#app/server/backup/backup-reader.server.ts";
import { importFirestore } from "#app/server/backup/firestore-import.server.ts";
import { chapterPageView } from "#app/server/catalogue/chapter-page.server.ts";
import {
  createChapters,
  deleteChapter,
  emptyLinks,
  getChapterBySlug,
  saveChapter,
} from "#app/server/catalogue/chapters.server.ts";
import {
  applyChaptersImport,
  exportChaptersCsv,
  previewChaptersImport,
} from "#app/server/catalogue/chapters-csv.server.ts";
import { addSubject } from "#app/server/catalogue/subjects.server.ts";
import { loadConfig } from "#app/server/config.server.ts";
import { type Database, dialectOf } from "#app/server/db.server.ts";
import { ValidationError } from "#app/server/errors.server.ts";
import { restoreVersion } from "#app/server/history/restore-version.server.ts";
import { search } from "#app/server/search/search.server.ts";
import { listTrashPage, restoreFromTrash } from "#app/server/trash/trash.server.ts";
import { describeEachDatabase, freshDatabase } from "./databases.ts";

// Official resources and typed links (issue 31, decision 0025) through every path that carries a
// chapter's links: the domain's rules, the chapter page's filters, CSV, backups (old ones too),
// History, the Trash, search and the Firestore import.

const site = { siteUrl: "https://chapterwise.example", siteName: "ChapterWise" };

const paper = {
  title: "CBSE Sample Paper 2025",
  url: "https://cbse.example/sp-2025.pdf",
  type: "sample-paper",
  language: "hi",
  year: "2025",
} as const;

/** Each test starts from Class 10 Science holding "Light" alone (the suite shares one database). */
async function lightChapter(db: Database) {
  for (const table of ["trash", "versions", "chapter_links", "notes", "chapters", "subjects"] as const)
    await db.deleteFrom(table).execute();
  await addSubject(db, 10, "science", "Science");
  await createChapters(db, 10, "science", [
    {
      title: "Light",
      links: {
        official: [
          paper,
          { title: "NCERT chapter 9", url: "https://ncert.example/9", type: "Textbook", language: "Both" },
        ],
        notes: [{ title: "Short notes", url: "https://n.example/light", language: "en" }],
        questions: [{ title: "Light MCQ", url: "https://q.example/light", type: "mcq", year: 2024 }],
        lectures: [{ title: "Light video", url: "https://v.example/light" }],
      },
    },
  ]);
  const chapter = await getChapterBySlug(db, 10, "light");
  if (!chapter) throw new Error("not saved");
  return chapter;
}

async function csvOf(db: Database): Promise<string> {
  return (await new Response(exportChaptersCsv(db, { grade: 10 })).text()).replace(/^\uFEFF/, "");
}

describeEachDatabase("typed links", (database) => {
  it("keeps the official list first and each link's type, language and year; refuses bad ones, saving nothing", async () => {
    const db = database();
    const chapter = await lightChapter(db);
    expect(chapter.links.official).toEqual([
      {
        title: "CBSE Sample Paper 2025",
        url: "https://cbse.example/sp-2025.pdf",
        type: "sample-paper",
        language: "hi",
        year: 2025,
      },
      { title: "NCERT chapter 9", url: "https://ncert.example/9", type: "textbook", language: "both" },
    ]);
    expect(chapter.links.notes).toEqual([
      { title: "Short notes", url: "https://n.example/light", language: "en" },
    ]);
    expect(chapter.links.lectures).toEqual([{ title: "Light video", url: "https://v.example/light" }]);

    const bad = createChapters(db, 10, "science", [
      {
        title: "Electricity",
        links: {
          official: [{ ...paper, type: "Podcast" }],
          notes: [{ title: "N", url: "https://n.example/e", language: "Tamil", year: "20x5" }],
        },
      },
    ]);
    await expect(bad).rejects.toBeInstanceOf(ValidationError);
    const fields = await bad.catch((err: ValidationError) => err.fields);
    expect(Object.keys(fields).sort()).toEqual([
      "chapters.0.notes.0.language",
      "chapters.0.notes.0.year",
      "chapters.0.official.0.type",
    ]);
    expect(await getChapterBySlug(db, 10, "electricity")).toBeNull();
    await expect(
      saveChapter(db, chapter.id, chapter.version, {
        grade: 10,
        subjectCode: "science",
        title: "Light",
        links: { ...chapter.links, official: [{ ...paper, year: "1850" }] },
      }),
    ).rejects.toMatchObject({ fields: { "official.0.year": expect.stringMatching(/^Year: /) } });
    expect((await getChapterBySlug(db, 10, "light"))?.version).toBe(chapter.version);
  });

  it("filters the chapter page by language and type, counting what a filter hides", async () => {
    const db = database();
    const chapter = await lightChapter(db);
    const config = loadConfig({});
    const view = (filters: Parameters<typeof chapterPageView>[4]) =>
      chapterPageView(db, config, chapter, [], filters);
    const titles = (v: Awaited<ReturnType<typeof view>>) =>
      Object.values(v.chapter.links).flatMap((list) => list.map((l) => `${l.title}#${l.item}`));

    const all = await view({});
    expect(all.linkFilters).toMatchObject({
      offered: true,
      hiding: 0,
      types: ["textbook", "mcq", "sample-paper"],
    });
    expect(titles(all)).toHaveLength(5);
    // Hindi: in Hindi or Both. English: in English or Both, and links nobody gave a language.
    const hindi = await view({ lang: "hi" });
    expect(titles(hindi)).toEqual(["CBSE Sample Paper 2025#1", "NCERT chapter 9#2"]);
    expect(hindi.linkFilters.hiding).toBe(3);
    expect(titles(await view({ lang: "en" }))).toEqual([
      "NCERT chapter 9#2",
      "Short notes#1",
      "Light MCQ#1",
      "Light video#1",
    ]);
    const papers = await view({ type: "sample-paper", lang: "hi" });
    expect(titles(papers)).toEqual(["CBSE Sample Paper 2025#1"]);
    expect(papers.chapter.links.notes).toEqual([]);
    expect(papers.linkFilters.hiding).toBe(4);
    expect((await view({ type: "syllabus" })).linkFilters).toMatchObject({ hiding: 5, offered: true });
  });

  it("exports Type, Language and Year to CSV and imports them back; old files still import and keep them", async () => {
    const db = database();
    await lightChapter(db);
    const text = await csvOf(db);
    const lines = text.trim().split("\r\n");
    // Then the chapter's syllabus columns (decision 0023): In syllabus, no book.
    expect(lines[0]).toBe(
      "Class,Subject,Chapter,Kind,Link title,URL,Type,Language,Year,Syllabus status,What changed,Book,Chapter number",
    );
    expect(lines[1]).toBe(
      "10,science,Light,official,CBSE Sample Paper 2025,https://cbse.example/sp-2025.pdf,Sample paper,Hindi,2025,In syllabus,,,",
    );
    expect(lines[4]).toBe(
      "10,science,Light,questions,Light MCQ,https://q.example/light,MCQ,,2024,In syllabus,,,",
    );
    expect((await previewChaptersImport(db, text)).unchanged).toBe(1);

    // A new type and a bad year: the bad row is named by its line.
    const edited = text.replace("MCQ,,2024", "Case-based,English,2024").replace("Hindi,2025", "Hindi,3025");
    const refused = await previewChaptersImport(db, edited);
    expect(refused.problems).toEqual([
      { line: 2, message: expect.stringMatching(/^Year: a year from 1990 to 2100/) },
    ]);
    const fixed = edited.replace("Hindi,3025", "Hindi,2026");
    const plan = await previewChaptersImport(db, fixed);
    expect(plan.changed.map((c) => c.what)).toEqual(["2 links changed"]);
    expect((await applyChaptersImport(db, fixed, plan.digest)).applied).toBe(true);
    const light = await getChapterBySlug(db, 10, "light");
    expect(light?.links.questions[0]).toMatchObject({ type: "case-based", language: "en", year: 2024 });
    expect(light?.links.official[0]?.year).toBe(2026);

    // A file from before typed links (six columns) changes a title and keeps every type.
    const old = [
      "Class,Subject,Chapter,Kind,Link title,URL",
      "10,science,Light,questions,Light MCQ (new),https://q.example/light",
      "10,science,Optics,official,Syllabus,https://cbse.example/syllabus",
    ].join("\r\n");
    const oldPlan = await previewChaptersImport(db, old);
    expect(oldPlan.problems).toEqual([]);
    await applyChaptersImport(db, old, oldPlan.digest);
    const after = await getChapterBySlug(db, 10, "light");
    expect(after?.links.questions).toEqual([
      {
        title: "Light MCQ (new)",
        url: "https://q.example/light",
        type: "case-based",
        language: "en",
        year: 2024,
      },
    ]);
    expect(after?.links.official).toEqual(light?.links.official);
    expect((await getChapterBySlug(db, 10, "optics"))?.links.official).toEqual([
      { title: "Syllabus", url: "https://cbse.example/syllabus" },
    ]);
  });

  it("finds a link by its type and year, and by its official list", async () => {
    const db = database();
    await lightChapter(db);
    const found = await search(db, { q: "sample paper 2025" });
    expect(found.hits.map((h) => h.href)).toContain("/class/10/chapter/light");
    const mcq = await search(db, { q: "mcq 2024", kind: "links" });
    expect(mcq.hits.map((h) => h.title)).toEqual(["Light MCQ"]);
    expect((await search(db, { q: "official textbook", kind: "links" })).hits.map((h) => h.title)).toEqual([
      "NCERT chapter 9",
    ]);
  });

  it("keeps the fields in History and the Trash, and restores them", async () => {
    const db = database();
    const chapter = await lightChapter(db);
    const { after } = await saveChapter(db, chapter.id, chapter.version, {
      grade: 10,
      subjectCode: "science",
      title: "Light",
      links: { ...chapter.links, official: [{ ...paper, type: "marking-scheme", language: "en" }] },
    });
    expect(after.links.official).toEqual([{ ...paper, type: "marking-scheme", language: "en", year: 2025 }]);
    await restoreVersion(db, site, "chapter", chapter.id, chapter.version, after.version);
    const restored = await getChapterBySlug(db, 10, "light");
    expect(restored?.links).toEqual(chapter.links);

    await deleteChapter(db, chapter.id);
    const trash = await listTrashPage(db, { page: 1 });
    await restoreFromTrash(
      db,
      trash.rows.map((r) => r.id),
    );
    expect((await getChapterBySlug(db, 10, "light"))?.links).toEqual(chapter.links);
  });

  it("backs up and restores the fields; a backup from before them restores with none", async () => {
    const db = database();
    const chapter = await lightChapter(db);
    const first = await exportContent(db);
    const entry = first.chapters.find((c) => c.slug === "light");
    expect(entry?.links.official[0]).toEqual({ ...paper, year: 2025 });
    expect(entry?.links.lectures[0]).toEqual({ title: "Light video", url: "https://v.example/light" });

    const kind = dialectOf(db as unknown as Kysely<unknown>);
    const [target, older] = [await freshDatabase(kind), await freshDatabase(kind)];
    try {
      await importContent(target.db, JSON.parse(JSON.stringify(first)));
      expect((await getChapterBySlug(target.db, 10, "light"))?.links).toEqual(chapter.links);
      // A hand-edited backup with a type that is not ours is refused, naming the field; nothing is written.
      const wrong = JSON.parse(JSON.stringify(first)) as typeof first;
      (wrong.chapters[0]?.links.official[0] as Record<string, unknown>).type = "podcast";
      await expect(importContent(older.db, wrong)).rejects.toThrow(/links\.official\.0\.type/);
      expect(await older.db.selectFrom("chapters").selectAll().execute()).toEqual([]);
      // An older backup: no official list, no types.
      const old = JSON.parse(JSON.stringify(first)) as typeof first;
      for (const c of old.chapters) {
        const links = c.links as Record<string, Array<Record<string, unknown>>>;
        delete links.official;
        for (const list of Object.values(links))
          for (const l of list) for (const k of ["type", "language", "year"]) delete l[k];
      }
      await importContent(older.db, old);
      expect((await getChapterBySlug(older.db, 10, "light"))?.links).toEqual({
        ...emptyLinks(),
        notes: [{ title: "Short notes", url: "https://n.example/light" }],
        questions: [{ title: "Light MCQ", url: "https://q.example/light" }],
        lectures: [{ title: "Light video", url: "https://v.example/light" }],
      });
    } finally {
      await target.drop();
      await older.drop();
    }
  });

  it("imports the original product's Firestore documents with no official list and no types", async () => {
    const db = database();
    await importFirestore(
      db,
      {
        subjects: { "9": { science: "Science" } },
        resources: [
          {
            id: "r1",
            grade: 9,
            subject: "science",
            chapterTitle: "Motion",
            timestamp: 1_700_000_000_000,
            notes: [{ title: "NCERT chapter", url: "https://ncert.nic.in/m" }],
            questions: [
              { title: "PYQ", url: "https://q.example/m", type: "Previous year paper", year: 2023 },
            ],
          },
        ],
        notes: [],
        blogs: [],
      },
      site,
    );
    expect((await getChapterBySlug(db, 9, "motion"))?.links).toEqual({
      ...emptyLinks(),
      notes: [{ title: "NCERT chapter", url: "https://ncert.nic.in/m" }],
      questions: [{ title: "PYQ", url: "https://q.example/m", type: "previous-year-paper", year: 2023 }],
    });
  });
});
