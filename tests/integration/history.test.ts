import { expect, it } from "vitest";
import { emptyPostValues, type PostFormInput } from "#app/lib/post-form.ts";
import { type Backup, exportContent, importContent } from "#app/server/backup/backup-reader.server.ts";
import {
  type ChapterInput,
  createChapters,
  emptyLinks,
  getChapter,
  moveChapter,
  moveChapters,
  updateChapter,
} from "#app/server/catalogue/chapters.server.ts";
import { addNote, getNote, updateNote } from "#app/server/catalogue/notes.server.ts";
import { addSubject } from "#app/server/catalogue/subjects.server.ts";
import { type Actor, actingAs } from "#app/server/console/actor.server.ts";
import type { Database } from "#app/server/db.server.ts";
import { ConflictError, DomainError, ValidationError } from "#app/server/errors.server.ts";
import { compareWithCurrent, historyItem, listHistory } from "#app/server/history/history.server.ts";
import { restoreVersion } from "#app/server/history/restore-version.server.ts";
import { type ItemKind, KEEP_LAST, pruneHistory } from "#app/server/history/versions.server.ts";
import { historyRetentionJob } from "#app/server/jobs/history-retention.server.ts";
import { runJobOnce } from "#app/server/jobs/lease.server.ts";
import { addPost, getPost, setPostsStatus, updatePost } from "#app/server/publishing/posts.server.ts";
import { describeEachDatabase, freshDatabase } from "./databases.ts";

const site = { siteUrl: "https://chapterwise.example", siteName: "ChapterWise" };
const asha: Actor = { userId: 1, label: "asha@school.in", address: "10.0.0.1" };
const ravi: Actor = { userId: 2, label: "ravi@school.in", address: "10.0.0.2" };
const as = <T>(actor: Actor, work: () => Promise<T>) => actingAs(actor, work);

let counter = 0;
async function freshSubject(db: Database, grade: 9 | 10 | 11 | 12, label = "Physics"): Promise<string> {
  const code = `h${++counter}-${Math.random().toString(36).slice(2, 7)}`;
  await addSubject(db, grade, code, `${label} ${code}`);
  return code;
}

function chapter(title: string, links: Partial<ChapterInput["links"]> = {}): ChapterInput {
  return { title, links: { ...emptyLinks(), ...links } };
}

function post(fields: Partial<PostFormInput>): PostFormInput {
  return { ...emptyPostValues("2026-11-01"), allowComments: true, ...fields };
}

async function versionRows(db: Database, kind: ItemKind, id: number) {
  return db
    .selectFrom("versions")
    .selectAll()
    .where("item_kind", "=", kind)
    .where("item_id", "=", id)
    .orderBy("version")
    .execute();
}

async function caught(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (err) {
    return err;
  }
  throw new Error("expected a refusal");
}

const link = (title: string, url: string) => ({ title, url });

describeEachDatabase("history", (db) => {
  it("each save of a chapter keeps exactly the version it replaced, with its links, who and when", async () => {
    const code = await freshSubject(db(), 10);
    const [made] = await as(asha, () =>
      createChapters(db(), 10, code, [
        chapter("Light", { notes: [link("NCERT", "https://ncert.nic.in/light")] }),
      ]),
    );
    if (!made) throw new Error("chapter not made");
    const created = await db()
      .selectFrom("chapters")
      .selectAll()
      .where("id", "=", made.id)
      .executeTakeFirst();
    expect(created?.updated_by).toBe("asha@school.in");

    await as(ravi, () =>
      updateChapter(db(), made.id, made.version, {
        grade: 10,
        subjectCode: code,
        ...chapter("Light and Reflection", {
          questions: [
            link("Exemplar", "https://example.org/q"),
            link("Board papers", "https://example.org/b"),
          ],
        }),
      }),
    );
    const rows = await versionRows(db(), "chapter", made.id);
    expect(rows).toHaveLength(1);
    const [first] = rows;
    expect(first).toMatchObject({ version: 1, saved_by: "asha@school.in", saved_at: made.updatedAt });
    const data = JSON.parse(first?.data ?? "{}");
    expect(data).toMatchObject({ title: "Light", slug: "light", grade: 10, subject: code });
    expect(data.links.notes).toEqual([link("NCERT", "https://ncert.nic.in/light")]);
    expect(data.links.questions).toEqual([]);
    const now = await getChapter(db(), made.id);
    expect(now?.version).toBe(2);
    expect(first?.replaced_at).toBe(now?.updatedAt);
    expect((await historyItem(db(), "chapter", made.id))?.savedBy).toBe("ravi@school.in");

    // The list: newest first, the current one marked, each saying what it changed.
    const item = await historyItem(db(), "chapter", made.id);
    if (!item) throw new Error("no item");
    const list = await listHistory(db(), item, 1);
    expect(list.total).toBe(2);
    expect(list.rows).toEqual([
      {
        version: 2,
        current: true,
        savedBy: "ravi@school.in",
        savedAt: now?.updatedAt,
        summary: "title; 2 links added, 1 removed",
      },
      { version: 1, current: false, savedBy: "asha@school.in", savedAt: made.updatedAt, summary: "created" },
    ]);
    // Version 1 against the current one: fields as text, what only one of them has marked.
    const comparison = await compareWithCurrent(db(), item, 1);
    const labels = comparison?.fields.map((f) => f.label);
    expect(labels).toEqual(["Chapter Title", "Notes links", "Questions links"]);
    const title = comparison?.fields[0]?.parts ?? [];
    expect(title.filter((p) => p.change === "added").map((p) => p.text.trim())).toEqual(["and Reflection"]);
    const notes = comparison?.fields[1]?.parts ?? [];
    expect(notes).toEqual([{ text: "NCERT — https://ncert.nic.in/light", change: "removed" }]);
    expect(await compareWithCurrent(db(), item, 2)).toBeNull();
    expect(await compareWithCurrent(db(), item, 7)).toBeNull();
  });

  it("moving chapters (up, down, to another subject) keeps one version per chapter that moved", async () => {
    const code = await freshSubject(db(), 9);
    const other = await freshSubject(db(), 9, "Chemistry");
    const [a, b, c] = await createChapters(db(), 9, code, [
      chapter("Alpha"),
      chapter("Beta"),
      chapter("Gamma"),
    ]);
    if (!a || !b || !c) throw new Error("chapters not made");
    await as(ravi, () => moveChapter(db(), c.id, "up"));
    // Beta and Gamma swapped places; Alpha stayed where it was.
    expect(await versionRows(db(), "chapter", a.id)).toHaveLength(0);
    const [gamma] = await versionRows(db(), "chapter", c.id);
    expect(JSON.parse(gamma?.data ?? "{}").position).toBe(2);
    expect(await versionRows(db(), "chapter", b.id)).toHaveLength(1);
    await moveChapters(db(), [a.id], 9, other);
    const moved = await versionRows(db(), "chapter", a.id);
    expect(moved).toHaveLength(1);
    expect(JSON.parse(moved[0]?.data ?? "{}").subject).toBe(code);
    const item = await historyItem(db(), "chapter", a.id);
    if (!item) throw new Error("no item");
    // First in the new subject, as it was in the old one.
    expect((await listHistory(db(), item, 1)).rows[0]?.summary).toBe("subject");
    const gammaItem = await historyItem(db(), "chapter", c.id);
    if (!gammaItem) throw new Error("no item");
    expect((await listHistory(db(), gammaItem, 1)).rows[0]).toMatchObject({
      savedBy: "ravi@school.in",
      summary: "position",
    });
  });

  it("each save of a note or a post keeps one version; publishing several keeps one each", async () => {
    const code = await freshSubject(db(), 11);
    const [ch] = await createChapters(db(), 11, code, [chapter("Waves")]);
    if (!ch) throw new Error("chapter not made");
    const note = await as(asha, () =>
      addNote(db(), {
        chapterId: ch.id,
        content: "<p>Waves carry energy.</p>",
        seoDescription: "",
        seoKeywords: "",
      }),
    );
    await as(ravi, () =>
      updateNote(db(), note.id, note.version, {
        chapterId: ch.id,
        content: "<p>Waves carry energy, not matter.</p>",
        seoDescription: "About waves",
        seoKeywords: "waves, energy",
      }),
    );
    const noteVersions = await versionRows(db(), "note", note.id);
    expect(noteVersions).toHaveLength(1);
    expect(JSON.parse(noteVersions[0]?.data ?? "{}")).toMatchObject({
      chapterId: ch.id,
      content: "<p>Waves carry energy.</p>",
      seoKeywords: [],
    });
    const noteItem = await historyItem(db(), "note", note.id);
    if (!noteItem) throw new Error("no item");
    expect((await listHistory(db(), noteItem, 1)).rows[0]?.summary).toBe(
      "content; SEO description; keywords",
    );
    const noteDiff = await compareWithCurrent(db(), noteItem, 1);
    expect(noteDiff?.fields[0]).toEqual({
      label: "Content",
      lines: false,
      parts: [
        { text: "Waves carry energy", change: "same" },
        { text: ", not matter", change: "added" },
        { text: ".", change: "same" },
      ],
    });

    const target = await addPost(db(), post({ title: "Target", slug: `target-${counter}` }), site);
    const p1 = await as(asha, () =>
      addPost(db(), post({ title: "Exam tips", slug: `exam-tips-${counter}` }), site),
    );
    const p2 = await addPost(
      db(),
      post({ title: "Other", slug: `other-${counter}`, status: "published" }),
      site,
    );
    await as(ravi, () =>
      updatePost(
        db(),
        p1.id,
        p1.version,
        post({ title: "Exam tips", slug: p1.slug, related: [target.slug] }),
        site,
      ),
    );
    const postVersions = await versionRows(db(), "post", p1.id);
    expect(postVersions).toHaveLength(1);
    expect(JSON.parse(postVersions[0]?.data ?? "{}")).toMatchObject({ title: "Exam tips", related: [] });
    // Publishing both: p2 is published already (unchanged, no version), p1 changes.
    await setPostsStatus(db(), [p1.id, p2.id], "published", site);
    expect(await versionRows(db(), "post", p1.id)).toHaveLength(2);
    expect(await versionRows(db(), "post", p2.id)).toHaveLength(0);
    const postItem = await historyItem(db(), "post", p1.id);
    if (!postItem) throw new Error("no item");
    expect((await listHistory(db(), postItem, 1)).rows.map((r) => r.summary)).toEqual([
      "status",
      "related posts",
      "created",
    ]);
  });

  it("restoring a version is a new save that brings it back whole, links too", async () => {
    const code = await freshSubject(db(), 12);
    const [made] = await createChapters(db(), 12, code, [
      chapter("Electrostatics", { lectures: [link("Lecture 1", "https://example.org/l1")] }),
    ]);
    if (!made) throw new Error("chapter not made");
    const edited = await updateChapter(db(), made.id, 1, {
      grade: 12,
      subjectCode: code,
      ...chapter("Electricity"),
    });
    await as(ravi, () => restoreVersion(db(), site, "chapter", made.id, 1, edited.version));
    const back = await getChapter(db(), made.id);
    expect(back).toMatchObject({ title: "Electrostatics", slug: "electrostatics", version: 3 });
    expect(back?.links.lectures).toEqual([link("Lecture 1", "https://example.org/l1")]);
    // Nothing was lost: version 2 (the one replaced by the restore) is kept too.
    expect((await versionRows(db(), "chapter", made.id)).map((v) => v.version)).toEqual([1, 2]);
    expect((await historyItem(db(), "chapter", made.id))?.savedBy).toBe("ravi@school.in");

    const note = await addNote(db(), {
      chapterId: made.id,
      content: "<p>One</p>",
      seoDescription: "",
      seoKeywords: "k",
    });
    await updateNote(db(), note.id, 1, {
      chapterId: made.id,
      content: "<p>Two</p>",
      seoDescription: "",
      seoKeywords: "",
    });
    await restoreVersion(db(), site, "note", note.id, 1, 2);
    expect(await getNote(db(), note.id)).toMatchObject({
      content: "<p>One</p>",
      seoKeywords: ["k"],
      version: 3,
    });

    const p = await addPost(
      db(),
      post({ title: "Old title", slug: `restore-me-${counter}`, excerpt: "E" }),
      site,
    );
    await updatePost(db(), p.id, 1, post({ title: "New title", slug: p.slug, status: "published" }), site);
    await restoreVersion(db(), site, "post", p.id, 1, 2);
    expect(await getPost(db(), p.id)).toMatchObject({
      title: "Old title",
      excerpt: "E",
      status: "draft",
      seoTitle: "Old title",
      version: 3,
    });
  });

  it("refuses a restore when the item changed meanwhile or its address is taken now, changing nothing", async () => {
    const code = await freshSubject(db(), 10);
    const chem = await freshSubject(db(), 10, "Chemistry");
    const [made] = await createChapters(db(), 10, code, [chapter("Acids")]);
    if (!made) throw new Error("chapter not made");
    await updateChapter(db(), made.id, 1, { grade: 10, subjectCode: code, ...chapter("Acids and Bases") });
    // The page showed version 2; someone saved version 3 since.
    await updateChapter(db(), made.id, 2, {
      grade: 10,
      subjectCode: code,
      ...chapter("Acids, Bases and Salts"),
    });
    expect(await caught(restoreVersion(db(), site, "chapter", made.id, 1, 2))).toBeInstanceOf(ConflictError);
    expect((await getChapter(db(), made.id))?.title).toBe("Acids, Bases and Salts");

    // Another chapter of class 10 took the address "acids" meanwhile.
    await createChapters(db(), 10, chem, [chapter("Acids")]);
    const clash = await caught(restoreVersion(db(), site, "chapter", made.id, 1, 3));
    expect(clash).toBeInstanceOf(ValidationError);
    expect((clash as ValidationError).message).toMatch(
      /Class 10 already has "Acids" \(Chemistry .*\) at the same address/,
    );
    expect(await getChapter(db(), made.id)).toMatchObject({ title: "Acids, Bases and Salts", version: 3 });
    expect(await versionRows(db(), "chapter", made.id)).toHaveLength(2);

    // A version that is current, or not kept, is not restored either.
    expect(await caught(restoreVersion(db(), site, "chapter", made.id, 3, 3))).toBeInstanceOf(DomainError);
    expect(await caught(restoreVersion(db(), site, "chapter", made.id, 99, 3))).toBeInstanceOf(DomainError);
  });

  it("keeps versions for 365 days or the last 100 of an item, whichever keeps more (clock injected)", async () => {
    const at = (day: number) => new Date(Date.UTC(2026, 0, 1) + day * 24 * 3600_000).toISOString();
    const insert = (itemId: number, version: number, day: number) =>
      db()
        .insertInto("versions")
        .values({
          item_kind: "note",
          item_id: itemId,
          version,
          saved_by: "asha@school.in",
          saved_at: at(day - 1),
          data: "{}",
          replaced_at: at(day),
        })
        .execute();
    const kept = async (itemId: number) => (await versionRows(db(), "note", itemId)).map((v) => v.version);
    const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);
    // Item 900001: 120 versions; 1–30 replaced on day 0, 31–120 on day 300.
    for (const v of range(1, 120)) await insert(900001, v, v <= 30 ? 0 : 300);
    // Item 900002: 120 versions; 1–10 on day 0, the rest on day 300.
    for (const v of range(1, 120)) await insert(900002, v, v <= 10 ? 0 : 300);
    // Item 900003: 50 versions, all old: fewer than 100, all kept.
    for (const v of range(1, 50)) await insert(900003, v, 0);

    // On day 365 nothing is older than a year.
    expect(await pruneHistory(db(), new Date(at(365)))).toBe(0);
    // On day 400: the day-0 versions are past a year; the last 100 stay whatever their age.
    const day400 = new Date(at(400));
    expect(await runJobOnce(db(), historyRetentionJob, "instance-a", day400)).toEqual({
      ran: true,
      result: `30 versions older than 365 days (beyond each item's last ${KEEP_LAST}) let go`,
    });
    expect(await kept(900001)).toEqual(range(21, 120));
    // 110 versions younger than a year: more than the last 100, so all of them stay (1–10 go).
    expect(await kept(900002)).toEqual(range(11, 120));
    expect(await kept(900003)).toEqual(range(1, 50));
    // A second instance the same day finds the job done.
    expect(await runJobOnce(db(), historyRetentionJob, "instance-b", day400)).toEqual({ ran: false });
    // Day 800: everything is past a year; each item keeps its last 100.
    expect(await pruneHistory(db(), new Date(at(800)))).toBe(10);
    expect(await kept(900002)).toEqual(range(21, 120));
  });

  it("a backup carries every item's history, and a restore brings it back the same", async () => {
    const code = await freshSubject(db(), 9, "Biology");
    const [cell] = await createChapters(db(), 9, code, [chapter("The Cell")]);
    if (!cell) throw new Error("chapter not made");
    await as(asha, () =>
      updateChapter(db(), cell.id, 1, {
        grade: 9,
        subjectCode: code,
        ...chapter("The Fundamental Unit of Life", { notes: [link("Notes", "https://example.org/cell")] }),
      }),
    );
    const note = await addNote(db(), {
      chapterId: cell.id,
      content: "<p>Cells</p>",
      seoDescription: "",
      seoKeywords: "",
    });
    await as(ravi, () =>
      updateNote(db(), note.id, 1, {
        chapterId: cell.id,
        content: "<p>Cells!</p>",
        seoDescription: "",
        seoKeywords: "",
      }),
    );
    const p = await addPost(db(), post({ title: "Cells", slug: `cells-${counter}` }), site);
    await updatePost(db(), p.id, 1, post({ title: "All about cells", slug: p.slug }), site);

    const first = await exportContent(db());
    const exported = first.chapters.find(
      (c) => c.slug === "the-fundamental-unit-of-life" && c.subject === code,
    );
    expect(exported).toMatchObject({ version: 2, updatedBy: "asha@school.in" });
    expect(exported?.history).toHaveLength(1);
    // A note's versions name their chapter by class and address, never by id.
    const noteHistory = exported?.notes[0]?.history?.[0];
    expect(JSON.parse(noteHistory?.data ?? "{}")).toMatchObject({
      chapter: { grade: 9, slug: "the-fundamental-unit-of-life" },
      content: "<p>Cells</p>",
    });
    expect(noteHistory?.data).not.toContain("chapterId");

    const target = await freshDatabase("sqlite");
    try {
      await importContent(target.db, JSON.parse(JSON.stringify(first)));
      const second = await exportContent(target.db);
      const withoutTime = (b: Backup) => ({ ...b, exportedAt: "" });
      expect(withoutTime(second)).toEqual(withoutTime(first));
      // The restored note's history names the restored chapter: restoring its first version works.
      const restored = await target.db
        .selectFrom("notes")
        .innerJoin("chapters", "chapters.id", "notes.chapter_id")
        .select(["notes.id", "notes.version"])
        .where("chapters.slug", "=", "the-fundamental-unit-of-life")
        .executeTakeFirstOrThrow();
      await restoreVersion(target.db, site, "note", restored.id, 1, restored.version);
      expect((await getNote(target.db, restored.id))?.content).toBe("<p>Cells</p>");
    } finally {
      await target.drop();
    }

    // Without history: versions stay home; the items keep their numbers and editors.
    const lean = await exportContent(db(), { withHistory: false });
    const leanChapter = lean.chapters.find(
      (c) => c.slug === "the-fundamental-unit-of-life" && c.subject === code,
    );
    expect(leanChapter).toMatchObject({ version: 2, updatedBy: "asha@school.in" });
    expect(leanChapter && "history" in leanChapter).toBe(false);
  });

  it("a hostile backup's history is refused, naming where", async () => {
    const code = await freshSubject(db(), 11, "History");
    const [c] = await createChapters(db(), 11, code, [chapter("Plain")]);
    if (!c) throw new Error("chapter not made");
    await updateChapter(db(), c.id, 1, { grade: 11, subjectCode: code, ...chapter("Plainer") });
    const sound = await exportContent(db());
    const index = sound.chapters.findIndex((x) => x.subject === code);
    const spoil = async (change: (entry: Record<string, unknown>) => void, message: RegExp) => {
      const backup = JSON.parse(JSON.stringify(sound)) as Backup;
      change(backup.chapters[index] as unknown as Record<string, unknown>);
      const target = await freshDatabase("sqlite");
      try {
        const error = await caught(importContent(target.db, backup));
        expect((error as Error).message).toMatch(message);
      } finally {
        await target.drop();
      }
    };
    const history = (e: Record<string, unknown>) => e.history as Array<Record<string, unknown>>;
    await spoil(
      (e) => {
        (history(e)[0] as Record<string, unknown>).data = "not json";
      },
      new RegExp(`chapters\\.${index}\\.history\\.0\\.data: must be a JSON object`),
    );
    await spoil(
      (e) => {
        history(e).push({ ...history(e)[0] });
      },
      new RegExp(`chapters\\.${index}\\.history: a version is there twice`),
    );
    await spoil((e) => {
      e.version = 1;
    }, /not older than the item's version 1/);
  });
});
