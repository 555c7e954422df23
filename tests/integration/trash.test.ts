import { expect, it } from "vitest";
import { emptyPostValues, type PostFormInput } from "#app/lib/post-form.ts";
import { type Backup, exportContent } from "#app/server/backup/backup-reader.server.ts";
import {
  createChapters,
  deleteChapter,
  deleteChapters,
  emptyLinks,
  getChapter,
  getChapterBySlug,
  moveChapters,
  updateChapter,
} from "#app/server/catalogue/chapters.server.ts";
import {
  addNote,
  deleteNote,
  deleteNotes,
  notesForChapter,
  updateNote,
} from "#app/server/catalogue/notes.server.ts";
import { addSubject, deleteSubject } from "#app/server/catalogue/subjects.server.ts";
import { actingAs } from "#app/server/console/actor.server.ts";
import type { Database } from "#app/server/db.server.ts";
import { DomainError, ValidationError } from "#app/server/errors.server.ts";
import { runJobOnce } from "#app/server/jobs/lease.server.ts";
import { trashPurgeJob } from "#app/server/jobs/trash-purge.server.ts";
import { blogFeed, sitemapEntries } from "#app/server/publishing/feeds.server.ts";
import {
  addPost,
  deletePost,
  deletePosts,
  getPost,
  getPublishedPost,
  updatePost,
} from "#app/server/publishing/posts.server.ts";
import { search } from "#app/server/search/search.server.ts";
import {
  ChapterInTrashError,
  deleteForever,
  listTrashPage,
  restoreFromTrash,
  trashItems,
} from "#app/server/trash/trash.server.ts";
import { loadDemoContent } from "../../cli/demo-content.ts";
import { describeEachDatabase } from "./databases.ts";

const site = { siteUrl: "https://chapterwise.example", siteName: "ChapterWise" };
const withoutTime = (b: Backup) => ({ ...b, exportedAt: "" });
const teacher = { userId: 1, label: "teacher@school.in", address: null };

function post(fields: Partial<PostFormInput>): PostFormInput {
  return { ...emptyPostValues(""), allowComments: true, status: "published", ...fields };
}

async function rejection(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (err) {
    return err as Error;
  }
  throw new Error("expected the promise to be rejected");
}

let serial = 0;
const unique = (name: string) => `${name} ${++serial}${Math.random().toString(36).slice(2, 6)}`;

/** A subject of its own for a test, in `grade`. */
async function subject(db: Database, grade: 9 | 10 | 11 | 12, label: string): Promise<string> {
  const code = `s${++serial}-${Math.random().toString(36).slice(2, 8)}`;
  await addSubject(db, grade, code, label);
  return code;
}

function linksOf(title: string) {
  return { ...emptyLinks(), notes: [{ title, url: `https://example.org/${encodeURIComponent(title)}` }] };
}

async function versionsOf(db: Database, kind: "chapter" | "note" | "post", id: number) {
  return db
    .selectFrom("versions")
    .select(["version", "saved_by", "saved_at", "data", "replaced_at"])
    .where("item_kind", "=", kind)
    .where("item_id", "=", id)
    .orderBy("version")
    .execute();
}

describeEachDatabase("the Trash", (database) => {
  it("delete → Trash → restore gives back the same export, history and ids included", async () => {
    const db = database();
    await loadDemoContent(db, site);
    // Some history, a chapter with two notes, posts related both ways.
    const [chapter] = await createChapters(db, 10, "science", [
      { title: "Light Reflection Trash Test", links: linksOf("Ray diagrams") },
    ]);
    if (!chapter) throw new Error("no chapter");
    const edited = await actingAs(teacher, () =>
      updateChapter(db, chapter.id, chapter.version, {
        grade: 10,
        subjectCode: "science",
        title: "Light Reflection Trash Test",
        links: linksOf("Ray diagrams and mirrors"),
      }),
    );
    const first = await addNote(db, {
      chapterId: chapter.id,
      content: "<p>Mirrors first</p>",
      seoDescription: "",
      seoKeywords: "mirror",
    });
    await addNote(db, {
      chapterId: chapter.id,
      content: "<p>Lenses second</p>",
      seoDescription: "",
      seoKeywords: "",
    });
    await updateNote(db, first.id, first.version, {
      chapterId: chapter.id,
      content: "<p>Mirrors, first and edited</p>",
      seoDescription: "",
      seoKeywords: "mirror",
    });
    const a = await addPost(db, post({ title: "Trash A", slug: "trash-a" }), site);
    const b = await addPost(db, post({ title: "Trash B", slug: "trash-b", related: ["trash-a"] }), site);
    const c = await addPost(
      db,
      post({ title: "Trash C", slug: "trash-c", related: ["trash-b", "trash-a"] }),
      site,
    );
    await updatePost(
      db,
      b.id,
      b.version,
      post({ title: "Trash B, edited", slug: "trash-b", related: ["trash-a"] }),
      site,
    );
    const loneNote = (
      await notesForChapter(db, (await getChapterBySlug(db, 10, "real-numbers"))?.id ?? 0)
    )[0];
    if (!loneNote) throw new Error("the demo's Real Numbers has a note");
    const chapterHistory = await versionsOf(db, "chapter", chapter.id);
    const postHistory = await versionsOf(db, "post", b.id);
    expect(chapterHistory).toHaveLength(1);
    expect(postHistory).toHaveLength(1);

    const before = await exportContent(db);
    const deleted = await actingAs(teacher, async () => [
      (await deleteChapter(db, edited.id)).trashId,
      (await deleteNote(db, loneNote.id)).trashId,
      ...(await deletePosts(db, [b.id])).trashed.map((t) => t.trashId),
    ]);
    const during = await exportContent(db);
    expect(during.chapters).toHaveLength(before.chapters.length - 1);
    expect(during.posts.map((p) => p.slug)).not.toContain("trash-b");
    // Post C no longer lists B; B's history left with it.
    expect(during.posts.find((p) => p.slug === "trash-c")?.related).toEqual(["trash-a"]);
    expect(await versionsOf(db, "post", b.id)).toEqual([]);
    expect(during.trash?.map((t) => [t.kind, t.deletedBy])).toEqual([
      ["chapter", "teacher@school.in"],
      ["note", "teacher@school.in"],
      ["post", "teacher@school.in"],
    ]);

    const restored = await restoreFromTrash(db, deleted);
    expect(restored.map((r) => r.kind)).toEqual(["chapter", "post", "note"]);
    const after = await exportContent(db);
    expect(withoutTime(after)).toEqual(withoutTime(before));
    // Under their old ids, with their history and version numbers.
    expect((await getChapter(db, chapter.id))?.version).toBe(edited.version);
    expect(await versionsOf(db, "chapter", chapter.id)).toEqual(chapterHistory);
    expect(await versionsOf(db, "post", b.id)).toEqual(postHistory);
    expect((await getPost(db, c.id))?.related).toEqual(["trash-b", "trash-a"]);
    expect((await getPost(db, a.id))?.slug).toBe("trash-a");
    expect((await listTrashPage(db, { page: 1 })).total).toBe(0);
  });

  it("a trashed chapter and post are gone from their pages, search, the sitemap and RSS at once", async () => {
    const db = database();
    const code = await subject(db, 11, "Optics");
    const title = unique("Zeolite Prisms");
    const [chapter] = await createChapters(db, 11, code, [{ title, links: linksOf("Zeolite notes") }]);
    if (!chapter) throw new Error("no chapter");
    const slug = unique("zeolite-post").replace(/\s+/g, "-").toLowerCase();
    const blog = await addPost(db, post({ title: "Zeolite news", slug, content: "<p>zeolite</p>" }), site);
    const found = async () => (await search(db, { q: "zeolite" })).hits.map((h) => h.title);
    expect(await found()).toEqual(expect.arrayContaining([title, "Zeolite news"]));
    const paths = async () => (await sitemapEntries(db)).map((e) => e.path);
    expect(await paths()).toContain(`/class/11/chapter/${chapter.slug}`);
    expect(await blogFeed(db, site)).toContain("Zeolite news");

    const trashed = [(await deleteChapter(db, chapter.id)).trashId, (await deletePost(db, blog.id)).trashId];
    expect(await getChapterBySlug(db, 11, chapter.slug)).toBeNull();
    expect(await getPublishedPost(db, slug)).toBeNull();
    expect(await found()).toEqual([]);
    expect(await paths()).not.toContain(`/class/11/chapter/${chapter.slug}`);
    expect(await paths()).not.toContain(`/blog/${slug}`);
    expect(await blogFeed(db, site)).not.toContain("Zeolite news");

    await restoreFromTrash(db, trashed);
    expect((await getChapterBySlug(db, 11, chapter.slug))?.title).toBe(title);
    expect(await found()).toEqual(expect.arrayContaining([title, "Zeolite news"]));
    expect(await blogFeed(db, site)).toContain("Zeolite news");
  });

  it("keeps a trashed chapter's address and a trashed post's slug until it is restored or deleted forever", async () => {
    const db = database();
    const code = await subject(db, 12, "Physics");
    const other = await subject(db, 12, "Chemistry");
    const elsewhere = await subject(db, 9, "Physics");
    const title = unique("Light");
    const [chapter] = await createChapters(db, 12, code, [{ title, links: emptyLinks() }]);
    if (!chapter) throw new Error("no chapter");
    const { trashId } = await deleteChapter(db, chapter.id);

    const clash = await rejection(createChapters(db, 12, other, [{ title, links: emptyLinks() }]));
    expect(clash).toBeInstanceOf(ValidationError);
    expect((clash as ValidationError).fields["chapters.0.title"]).toBe(
      `Chapter Title: "${title}" is in the Trash at the same address: restore it or delete it forever first.`,
    );
    // Renaming another chapter to it, or moving one of the same address into the class: refused too.
    const [renamed] = await createChapters(db, 12, other, [{ title: unique("Heat"), links: emptyLinks() }]);
    const rename = await rejection(
      updateChapter(db, renamed?.id ?? 0, renamed?.version ?? 1, {
        grade: 12,
        subjectCode: other,
        title,
        links: emptyLinks(),
      }),
    );
    expect(rename.message).toContain("is in the Trash");
    const [twin] = await createChapters(db, 9, elsewhere, [{ title, links: emptyLinks() }]);
    const move = await rejection(moveChapters(db, [twin?.id ?? 0], 12, other));
    expect(move.message).toContain("is in the Trash");

    const slug = `light-post-${serial}`;
    const blog = await addPost(db, post({ title: "Light post", slug }), site);
    const postTrash = (await deletePost(db, blog.id)).trashId;
    const postClash = await rejection(addPost(db, post({ title: "Another", slug }), site));
    expect((postClash as ValidationError).fields.slug).toBe(
      `Slug "${slug}" belongs to "Light post" in the Trash: restore it or delete it forever first.`,
    );

    // Once deleted forever, the addresses are free again.
    await deleteForever(db, [trashId, postTrash]);
    await createChapters(db, 12, other, [{ title, links: emptyLinks() }]);
    await addPost(db, post({ title: "Another", slug }), site);
    expect(await trashItems(db, [trashId, postTrash])).toEqual([]);
    const again = await rejection(deleteForever(db, [trashId]));
    expect(again.message).toMatch(/no longer in the Trash/);
  });

  it("restores a note only into its chapter: offers the chapter first, refuses once it is gone for good", async () => {
    const db = database();
    const code = await subject(db, 9, "Maths");
    const [chapter] = await createChapters(db, 9, code, [{ title: unique("Sets"), links: emptyLinks() }]);
    if (!chapter) throw new Error("no chapter");
    const notes = [];
    for (const text of ["one", "two", "three"]) {
      notes.push(
        await addNote(db, {
          chapterId: chapter.id,
          content: `<p>${text}</p>`,
          seoDescription: "",
          seoKeywords: "",
        }),
      );
    }
    const { trashed } = await deleteNotes(
      db,
      notes.slice(0, 2).map((n) => n.id),
    );
    const chapterTrash = (await deleteChapter(db, chapter.id)).trashId;
    const noteTrash = trashed.map((t) => t.trashId);

    const refused = await rejection(restoreFromTrash(db, noteTrash));
    expect(refused).toBeInstanceOf(ChapterInTrashError);
    expect((refused as ChapterInTrashError).chapterTrashId).toBe(chapterTrash);
    expect(refused.message).toBe(
      `This note's chapter, "${chapter.title}", is in the Trash: restore the chapter first.`,
    );
    // Nothing came back: all or none.
    expect(await getChapter(db, chapter.id)).toBeNull();

    // Restored together, every note finds its chapter, in their old order.
    await restoreFromTrash(db, [...noteTrash, chapterTrash]);
    expect((await notesForChapter(db, chapter.id)).map((n) => n.content)).toEqual([
      "<p>one</p>",
      "<p>two</p>",
      "<p>three</p>",
    ]);

    const lone = (await deleteNote(db, notes[0]?.id ?? 0)).trashId;
    const gone = (await deleteChapter(db, chapter.id)).trashId;
    await deleteForever(db, [gone]);
    const lost = await rejection(restoreFromTrash(db, [lone]));
    expect(lost.message).toBe(
      `This note cannot be restored: its chapter, "${chapter.title}", was deleted for good.`,
    );
  });

  it("drops a related post that is gone, and refuses when a chapter's subject is gone", async () => {
    const db = database();
    const x = await addPost(db, post({ title: "X", slug: `x-${serial}` }), site);
    const y = await addPost(db, post({ title: "Y", slug: `y-${serial}`, related: [x.slug] }), site);
    const yTrash = (await deletePost(db, y.id)).trashId;
    const xTrash = (await deletePost(db, x.id)).trashId;
    await deleteForever(db, [xTrash]);
    await restoreFromTrash(db, [yTrash]);
    expect((await getPost(db, y.id))?.related).toEqual([]);

    const code = await subject(db, 10, "Drawing");
    const [chapter] = await createChapters(db, 10, code, [
      { title: unique("Perspective"), links: emptyLinks() },
    ]);
    const trashId = (await deleteChapter(db, chapter?.id ?? 0)).trashId;
    // A chapter in the Trash does not hold its subject.
    await deleteSubject(db, 10, code);
    const refused = await rejection(restoreFromTrash(db, [trashId]));
    expect(refused).toBeInstanceOf(DomainError);
    expect(refused.message).toContain("its subject (Class 10 · Drawing) no longer exists");
  });

  it("refuses to delete a subject that still has chapters, saying how many", async () => {
    const db = database();
    const code = await subject(db, 11, "Botany");
    const chapters = await createChapters(db, 11, code, [
      { title: unique("Cells"), links: emptyLinks() },
      { title: unique("Tissues"), links: emptyLinks() },
    ]);
    const refused = await rejection(deleteSubject(db, 11, code));
    expect(refused.message).toBe("Cannot delete Botany: it still has 2 chapters. Move or delete them first.");
    await deleteChapters(
      db,
      chapters.map((c) => c.id),
    );
    await deleteSubject(db, 11, code);
  });

  it("purges what has been in the Trash longer than 30 days, and nothing younger", async () => {
    const db = database();
    const code = await subject(db, 12, "History");
    const [old, young] = await createChapters(db, 12, code, [
      { title: unique("Old"), links: emptyLinks() },
      { title: unique("Young"), links: emptyLinks() },
    ]);
    const oldTrash = (await deleteChapter(db, old?.id ?? 0)).trashId;
    const youngTrash = (await deleteChapter(db, young?.id ?? 0)).trashId;
    const day = 24 * 3600_000;
    const deletedAt = Date.parse((await trashItems(db, [oldTrash]))[0]?.deletedAt ?? "");
    // The young one was deleted "now"; the old one is made 20 days older.
    await db
      .updateTable("trash")
      .set({ deleted_at: new Date(deletedAt - 20 * day).toISOString() })
      .where("id", "=", oldTrash)
      .execute();

    const at = (days: number) => new Date(deletedAt + days * day);
    expect(await runJobOnce(db, trashPurgeJob, "one", at(9))).toEqual({ ran: true, result: undefined });
    expect((await trashItems(db, [oldTrash, youngTrash])).length).toBe(2);
    // A day later (past 30 days for the old one): only it goes. The next round, within the hour, is skipped.
    const purged = await runJobOnce(db, trashPurgeJob, "two", at(11));
    expect(purged).toEqual({ ran: true, result: "1 item older than 30 days deleted for good" });
    expect((await trashItems(db, [oldTrash, youngTrash])).map((t) => t.id)).toEqual([youngTrash]);
    expect(await runJobOnce(db, trashPurgeJob, "one", new Date(at(11).getTime() + 60_000))).toEqual({
      ran: false,
    });
    await runJobOnce(db, trashPurgeJob, "one", at(31));
    expect(await trashItems(db, [youngTrash])).toEqual([]);
  });

  it("lists the Trash newest first, by kind and by search, 50 a page", async () => {
    const db = database();
    const code = await subject(db, 9, "Civics");
    const word = `Qx${serial}`;
    const chapters = await createChapters(
      db,
      9,
      code,
      Array.from({ length: 52 }, (_, i) => ({ title: `${word} chapter ${i}`, links: emptyLinks() })),
    );
    await deleteChapters(
      db,
      chapters.slice(0, 50).map((c) => c.id),
    );
    await deleteChapters(
      db,
      chapters.slice(50).map((c) => c.id),
    );
    const first = await listTrashPage(db, { page: 1, kind: "chapter", q: word.toLowerCase() });
    expect(first.total).toBe(52);
    expect(first.rows).toHaveLength(50);
    expect(first.rows[0]?.title).toBe(`${word} chapter 51`);
    expect(first.rows[0]?.place).toBe("Class 9 · Civics");
    const second = await listTrashPage(db, { page: 2, kind: "chapter", q: word });
    expect(second.rows.map((r) => r.title)).toEqual([`${word} chapter 1`, `${word} chapter 0`]);
    expect((await listTrashPage(db, { page: 1, kind: "post", q: word })).total).toBe(0);
  });
});
