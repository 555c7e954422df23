import { expect, it } from "vitest";
import {
  createChapters,
  emptyLinks,
  getChapterBySlug,
  updateChapter,
} from "#app/server/catalogue/chapters.server.ts";
import {
  applyChaptersImport,
  exportChaptersCsv,
  previewChaptersImport,
} from "#app/server/catalogue/chapters-csv.server.ts";
import { addSubject } from "#app/server/catalogue/subjects.server.ts";
import type { Database } from "#app/server/db.server.ts";
import { describeEachDatabase } from "./databases.ts";

const HEADER = "Class,Subject,Chapter,Kind,Link title,URL,Type,Language,Year";
/** A file from before typed links: its six columns still import. */
const OLD_HEADER = "Class,Subject,Chapter,Kind,Link title,URL";
/** The export's header and each row's syllabus cells (a chapter In syllabus, no book). */
const EXPORT_HEADER = `${HEADER},Syllabus status,What changed,Book,Chapter number`;
const IN = ",In syllabus,,,";

async function exported(db: Database, filter: Parameters<typeof exportChaptersCsv>[1] = {}): Promise<string> {
  // Read as bytes, so the BOM is seen as it is sent.
  const bytes = new Uint8Array(await new Response(exportChaptersCsv(db, filter)).arrayBuffer());
  return new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes);
}

/** Every chapter with its links, as text: what "nothing changed" compares. */
async function snapshot(db: Database): Promise<string> {
  const chapters = await db.selectFrom("chapters").selectAll().orderBy("id").execute();
  const links = await db
    .selectFrom("chapter_links")
    .selectAll()
    .orderBy("chapter_id")
    .orderBy("kind")
    .orderBy("position")
    .execute();
  return JSON.stringify([chapters, links]);
}

describeEachDatabase("chapters CSV", (database) => {
  it("exports the filter's chapters, one row per link, with a BOM, in batches past 500", async () => {
    const db = database();
    await addSubject(db, 10, "hindi", "हिंदी");
    await addSubject(db, 10, "maths", "Mathematics");
    await createChapters(db, 10, "hindi", [
      {
        title: "Kabir: कबीर, साखी",
        links: { ...emptyLinks(), notes: [{ title: 'नोट्स "सार"', url: "https://a.example/k" }] },
      },
      { title: "Line one\nline two", links: emptyLinks() },
    ]);
    await createChapters(
      db,
      10,
      "maths",
      Array.from({ length: 520 }, (_, i) => ({ title: `Maths ${i}`, links: emptyLinks() })),
    );
    const hindi = await exported(db, { grade: 10, subjectCode: "hindi" });
    expect(hindi).toBe(
      `\uFEFF${EXPORT_HEADER}\r\n10,hindi,"Kabir: कबीर, साखी",notes,"नोट्स ""सार""",https://a.example/k,,,${IN}\r\n10,hindi,"Line one\nline two",,,,,,${IN}\r\n`,
    );
    const all = (await exported(db, { grade: 10 })).trim().split("\r\n");
    expect(all).toHaveLength(1 + 2 + 520);
    expect(all.at(-1)).toBe(`10,maths,Maths 519,,,,,,${IN}`);
    expect((await exported(db, { q: "KABIR" })).trim().split("\r\n")).toHaveLength(2);
    expect((await exported(db, { q: "maths 51" })).trim().split("\r\n")).toHaveLength(1 + 11);
  });

  it("previews an edited export without writing, names the bad row, then imports exactly the changes", async () => {
    const db = database();
    await addSubject(db, 9, "science", "Science");
    await createChapters(db, 9, "science", [
      {
        title: "Motion",
        links: {
          ...emptyLinks(),
          notes: [
            { title: "Motion notes", url: "https://a.example/motion" },
            { title: "Graphs", url: "https://a.example/graphs" },
          ],
          lectures: [{ title: "Motion video", url: "https://v.example/motion" }],
        },
      },
      { title: "Force", links: emptyLinks() },
    ]);
    const lines = (await exported(db, { grade: 9, subjectCode: "science" }))
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(lines).toEqual([
      EXPORT_HEADER,
      `9,science,Motion,notes,Motion notes,https://a.example/motion,,,${IN}`,
      `9,science,Motion,notes,Graphs,https://a.example/graphs,,,${IN}`,
      `9,science,Motion,lectures,Motion video,https://v.example/motion,,,${IN}`,
      `9,science,Force,,,,,,${IN}`,
    ]);
    const edited = [
      ...lines.slice(0, 2),
      `9,science,Motion,notes,Graphs,https://a.example/graphs-new,,,${IN}`, // one link changed
      ...lines.slice(3),
      `9,science,Gravitation,Questions,Gravitation MCQ,https://q.example/g,,,${IN}`, // one chapter added
      `9,science,Sound,lectures,Sound video,javascript:alert(1),,,${IN}`, // a bad URL, line 7
    ].join("\r\n");
    const before = await snapshot(db);

    const preview = await previewChaptersImport(db, edited);
    expect(preview.problems).toEqual([
      { line: 7, message: "URL: only web addresses starting with http:// or https:// can be saved." },
    ]);
    expect(preview.added.map((c) => [c.title, c.links])).toEqual([["Gravitation", 1]]);
    expect(preview.changed.map((c) => [c.title, c.what])).toEqual([["Motion", "1 link changed"]]);
    expect(preview.unchanged).toBe(1);
    expect(await snapshot(db)).toBe(before);

    // A file with a bad row is refused whole, even confirmed.
    const refused = await applyChaptersImport(db, edited, preview.digest);
    expect(refused.applied).toBe(false);
    expect(await snapshot(db)).toBe(before);

    const fixed = edited.replace("javascript:alert(1)", "https://v.example/sound");
    const clean = await previewChaptersImport(db, fixed);
    expect(clean.problems).toEqual([]);
    expect(clean.added.map((c) => c.title)).toEqual(["Gravitation", "Sound"]);
    expect(await snapshot(db)).toBe(before);
    const done = await applyChaptersImport(db, fixed, clean.digest);
    expect(done.applied).toBe(true);

    const motion = await getChapterBySlug(db, 9, "motion");
    expect(motion?.links.notes.map((l) => l.url)).toEqual([
      "https://a.example/motion",
      "https://a.example/graphs-new",
    ]);
    expect(motion?.links.lectures).toEqual([{ title: "Motion video", url: "https://v.example/motion" }]);
    expect((await getChapterBySlug(db, 9, "gravitation"))?.links.questions).toEqual([
      { title: "Gravitation MCQ", url: "https://q.example/g" },
    ]);
    expect((await getChapterBySlug(db, 9, "force"))?.version).toBe(1);
    // Importing the same file again changes nothing.
    const again = await previewChaptersImport(db, fixed);
    expect([again.added.length, again.changed.length, again.unchanged]).toEqual([0, 0, 4]);
  });

  it("exports titles that look like formulas behind a ', and imports the file back to the real titles", async () => {
    const db = database();
    await addSubject(db, 11, "formulas", "Formulas");
    const titles = ["=SUM(A1:A9)", "+91 helpline", "-5 tips", "@import", "'=quoted already", "'plain quote"];
    await createChapters(
      db,
      11,
      "formulas",
      titles.map((title, i) => ({
        title,
        links: {
          ...emptyLinks(),
          notes: [
            {
              title: ['=HYPERLINK("https://evil.example","x")', "-1 mark", "'=x"][i % 3] ?? "",
              url: `https://f.example/${i}`,
            },
          ],
        },
      })),
    );
    const text = await exported(db, { grade: 11, subjectCode: "formulas" });
    const lines = text
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(lines.slice(1)).toEqual([
      `11,formulas,'=SUM(A1:A9),notes,"'=HYPERLINK(""https://evil.example"",""x"")",https://f.example/0,,,${IN}`,
      `11,formulas,'+91 helpline,notes,'-1 mark,https://f.example/1,,,${IN}`,
      `11,formulas,'-5 tips,notes,''=x,https://f.example/2,,,${IN}`,
      `11,formulas,'@import,notes,"'=HYPERLINK(""https://evil.example"",""x"")",https://f.example/3,,,${IN}`,
      `11,formulas,''=quoted already,notes,'-1 mark,https://f.example/4,,,${IN}`,
      `11,formulas,''plain quote,notes,''=x,https://f.example/5,,,${IN}`,
    ]);
    // No cell of the file begins with a formula character.
    for (const line of lines) for (const cell of line.split(",")) expect(cell).not.toMatch(/^"?[=+\-@\t\r]/);
    // The file imports as it is: every chapter is the same one, unchanged.
    const before = await snapshot(db);
    const preview = await previewChaptersImport(db, text);
    expect(preview).toMatchObject({ problems: [], added: [], changed: [], unchanged: titles.length });
    expect((await applyChaptersImport(db, text, preview.digest)).applied).toBe(true);
    expect(await snapshot(db)).toBe(before);
    // A new chapter in such a file gets its real title.
    const added = `${text}11,formulas,'=Added,notes,''+x,https://f.example/new,,,${IN}\r\n`;
    const plan = await previewChaptersImport(db, added);
    expect(plan.added.map((c) => c.title)).toEqual(["=Added"]);
    await applyChaptersImport(db, added, plan.digest);
    const chapter = await db
      .selectFrom("chapters")
      .select("id")
      .where("title", "=", "=Added")
      .executeTakeFirst();
    const link = await db
      .selectFrom("chapter_links")
      .select("title")
      .where("chapter_id", "=", chapter?.id ?? 0)
      .execute();
    expect(link).toEqual([{ title: "'+x" }]);
  });

  it("keeps a kind the file leaves out, and refuses a confirm when the chapters changed since the preview", async () => {
    const db = database();
    await addSubject(db, 11, "physics", "Physics");
    const [work] = await createChapters(db, 11, "physics", [
      {
        title: "Work",
        links: { ...emptyLinks(), questions: [{ title: "Work MCQ", url: "https://q.example/w" }] },
      },
    ]);
    const file = `${OLD_HEADER}\n11,physics,Work,notes,Work notes,https://n.example/w\n11,physics,Work,notes,More,https://N.example/w2\n`;
    const preview = await previewChaptersImport(db, file);
    expect(preview.changed.map((c) => c.what)).toEqual(["2 links added"]);
    // Someone saves the chapter between the preview and the confirm.
    await updateChapter(db, work?.id ?? 0, 1, {
      grade: 11,
      subjectCode: "physics",
      title: "Work",
      links: { ...emptyLinks(), questions: [{ title: "Work MCQ 2", url: "https://q.example/w" }] },
    });
    const before = await snapshot(db);
    const stale = await applyChaptersImport(db, file, preview.digest);
    expect(stale.applied).toBe(false);
    expect(await snapshot(db)).toBe(before);
    const fresh = await applyChaptersImport(db, file, stale.preview.digest);
    expect(fresh.applied).toBe(true);
    const saved = await getChapterBySlug(db, 11, "work");
    expect(saved?.links.notes).toHaveLength(2);
    expect(saved?.links.questions).toEqual([{ title: "Work MCQ 2", url: "https://q.example/w" }]);
    // The same file again: addresses compare as they are stored (host in lower case), nothing to change.
    const again = await previewChaptersImport(db, file);
    expect([again.changed.length, again.unchanged]).toEqual([0, 1]);
  });

  it("names clashes, duplicates and titles too long by line, and writes nothing", async () => {
    const db = database();
    await addSubject(db, 12, "chemistry", "Chemistry");
    await addSubject(db, 12, "physics", "Physics");
    await createChapters(db, 12, "chemistry", [{ title: "Thermodynamics", links: emptyLinks() }]);
    const before = await snapshot(db);
    const file = [
      OLD_HEADER,
      "12,physics,Thermodynamics,,,",
      "12,physics,Optics,,,",
      "12,physics,optics,,,",
      `12,physics,${"x".repeat(201)},,,`,
      "12,physics,Waves,notes,,https://n.example/waves",
    ].join("\n");
    const preview = await previewChaptersImport(db, file);
    expect(preview.problems).toEqual([
      {
        line: 2,
        message:
          'Chapter Title: Class 12 already has "Thermodynamics" (Chemistry) at the same address. Make this title different, e.g. "Thermodynamics (Physics)".',
      },
      { line: 4, message: "Duplicate: line 3 has a chapter with the same title." },
      { line: 5, message: "Chapter Title: at most 200 characters." },
      { line: 6, message: "Title: give this link a title students will recognise." },
    ]);
    expect((await applyChaptersImport(db, file, preview.digest)).applied).toBe(false);
    expect(await snapshot(db)).toBe(before);
  });
});
