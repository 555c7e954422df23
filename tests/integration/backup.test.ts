import { type Kysely, sql } from "kysely";
import sharp from "sharp";
import { expect, it } from "vitest";
import { postFormValues } from "#app/lib/post-form.ts";
import { saveUser } from "#app/server/accounts/users.server.ts";
import { type Backup, exportContent, importContent } from "#app/server/backup/backup-reader.server.ts";
import { importFirestore } from "#app/server/backup/firestore-import.server.ts";
import {
  deleteChapter,
  getChapter,
  getChapterBySlug,
  updateChapter,
} from "#app/server/catalogue/chapters.server.ts";
import { deleteNote, notesForChapter, updateNote } from "#app/server/catalogue/notes.server.ts";
import { listSubjects } from "#app/server/catalogue/subjects.server.ts";
import { recordActivity } from "#app/server/console/activity.server.ts";
import { actingAs, person } from "#app/server/console/actor.server.ts";
import { type Database, dialectOf } from "#app/server/db.server.ts";
import { DomainError } from "#app/server/errors.server.ts";
import { noteEveryLinkSource, updateLinkInventory } from "#app/server/link-health/inventory.server.ts";
import { sanitizeRichText } from "#app/server/platform/sanitize.server.ts";
import { mediaPicture, readMedia, storeImage } from "#app/server/publishing/media.server.ts";
import { deletePost, getPublishedPost, listPosts, updatePost } from "#app/server/publishing/posts.server.ts";
import { consoleMatch, reindex, search, suggest } from "#app/server/search/search.server.ts";
import { listTrashPage, restoreFromTrash } from "#app/server/trash/trash.server.ts";
import { loadDemoContent } from "../../cli/demo-content.ts";
import { describeEachDatabase, freshDatabase } from "./databases.ts";

/** The search index's documents, what some searches find, and the link inventory (by URL). */
async function indexAndInventory(db: Database) {
  const documents = await db
    .selectFrom("search_documents")
    .select(["kind", "ref_id", "grade", "subject_code"])
    .orderBy("kind")
    .orderBy("ref_id")
    .execute();
  const found = [];
  for (const q of ["light", "photo", "chemical reactions", "ncert", "electric current", "the"])
    found.push(await search(db, { q, perPage: 100 }), await suggest(db, q));
  const matched = await db
    .selectFrom("chapters")
    .select("id")
    .where(consoleMatch(db, "chapter", "chapters.id", "light"))
    .orderBy("id")
    .execute();
  const uses = await db
    .selectFrom("link_uses")
    .innerJoin("links", "links.id", "link_uses.link_id")
    .select([
      "links.url",
      "links.host",
      "links.status",
      "link_uses.kind",
      "link_uses.ref_id",
      "link_uses.chapter_id",
    ])
    .orderBy("links.url")
    .orderBy("link_uses.kind")
    .orderBy("link_uses.ref_id")
    .execute();
  const words = await db.selectFrom("search_words").select("word").orderBy("word").execute();
  return { documents, found, matched, uses, words };
}

/** A database's indexes and foreign keys (a restore on PostgreSQL drops some for its load and makes them again). */
async function indexesAndKeys(db: Database) {
  if (dialectOf(db as unknown as Kysely<unknown>) === "sqlite")
    return (await sql`select name, sql from sqlite_master where type = 'index' order by name`.execute(db))
      .rows;
  const indexes = await sql`select indexname, indexdef from pg_indexes
    where schemaname = current_schema() order by indexname`.execute(db);
  const keys = await sql`select conname, pg_get_constraintdef(oid) as definition from pg_constraint
    where connamespace = current_schema()::regnamespace order by conname`.execute(db);
  return { indexes: indexes.rows, keys: keys.rows };
}

const site = { siteUrl: "https://chapterwise.example", siteName: "ChapterWise" };
const withoutTime = (b: Backup) => ({ ...b, exportedAt: "" });

/** Saves a chapter (with a new link), a note and a post again, by a person: History then has a version of each. */
async function saveEachKindAgain(db: Database): Promise<void> {
  await actingAs(person({ id: 1, email: "teacher@school.in" }, "203.0.113.5"), async () => {
    const first = await db.selectFrom("chapters").select("id").orderBy("id").executeTakeFirstOrThrow();
    const chapter = await getChapter(db, first.id);
    if (!chapter) throw new Error("demo has chapters");
    const links = {
      ...chapter.links,
      notes: [...chapter.links.notes, { title: "More", url: "https://example.org/more" }],
    };
    await updateChapter(db, chapter.id, chapter.version, {
      ...chapter,
      title: `${chapter.title} (revised)`,
      links,
    });
    const [note] = await notesForChapter(
      db,
      (await db.selectFrom("notes").select("chapter_id").executeTakeFirstOrThrow()).chapter_id,
    );
    if (!note) throw new Error("demo has notes");
    await updateNote(db, note.id, note.version, {
      ...note,
      content: `${note.content}<p>More.</p>`,
      seoKeywords: "",
    });
    const [post] = await listPosts(db);
    if (!post) throw new Error("demo has posts");
    await updatePost(
      db,
      post.id,
      post.version,
      { ...postFormValues(post, site.siteUrl), title: `${post.title}!` },
      site,
    );
  });
}

/** A chapter with notes, a note of another chapter and a post go to the Trash (app/server/trash/). */
async function trashSome(db: Database): Promise<void> {
  const withNotes = await db
    .selectFrom("notes")
    .select("chapter_id")
    .orderBy("chapter_id", "desc")
    .executeTakeFirstOrThrow();
  await deleteChapter(db, withNotes.chapter_id);
  const note = await db.selectFrom("notes").select("id").orderBy("id", "desc").executeTakeFirstOrThrow();
  await deleteNote(db, note.id);
  const posts = await listPosts(db);
  await deletePost(db, posts[posts.length - 1]?.id ?? 0);
}

describeEachDatabase("backup and restore", (db) => {
  it("an export restored into an empty database exports the same document", async () => {
    await loadDemoContent(db(), site);
    const png = await sharp({ create: { width: 900, height: 500, channels: 3, background: "#2456d6" } })
      .png()
      .toBuffer();
    const image = await storeImage(db(), png);
    const copyName = `${image.id}-480w.webp`;
    const copy = await readMedia(db(), copyName);
    await saveUser(db(), "teacher@school.in", "a long password", { role: "admin" });
    // The Activity log travels too: who did what, oldest first.
    await actingAs(person({ id: 1, email: "teacher@school.in" }, "203.0.113.5"), async () => {
      await recordActivity(db(), { action: "user.sign-in", item: "account teacher@school.in" });
      await recordActivity(db(), { action: "chapter.update", item: 'chapter 1 "Light"', summary: "title" });
    });
    await saveEachKindAgain(db());
    await trashSome(db());
    const first = await exportContent(db(), { withUsers: true });
    // The Trash travels too, in the same shapes.
    expect(first.trash?.map((t) => t.kind)).toEqual(["chapter", "note", "post"]);
    expect(first.chapters.length).toBeGreaterThan(100);
    // Each item's History travels with it (a chapter's, a note's and a post's earlier version).
    // (The demo's renamed chapter keeps its earlier titles too, saved by the loader.)
    expect(
      first.chapters
        .filter((c) => c.history?.length)
        .map((c) => c.updatedBy)
        .sort(),
    ).toEqual(["system", "teacher@school.in"]);
    expect(first.chapters.flatMap((c) => c.notes).filter((n) => n.history?.length)).toHaveLength(1);
    expect(first.posts.filter((p) => p.history?.length)).toHaveLength(1);
    expect(first.media).toHaveLength(1);
    // Each subject's medium travels (the demo has all three).
    expect(new Set(first.subjects.map((s) => s.medium))).toEqual(new Set(["english", "hindi", "both"]));
    expect(first.activity?.map((a) => a.action)).toEqual(["user.sign-in", "chapter.update"]);
    // Left out with History (`--without-history`).
    expect((await exportContent(db(), { withHistory: false })).activity).toBeUndefined();

    for (const kind of ["sqlite", "postgres"] as const) {
      if (kind === "postgres" && !process.env.CI && !process.env.TEST_DATABASE_URL) continue;
      const target = await freshDatabase(kind);
      try {
        const result = await importContent(target.db, JSON.parse(JSON.stringify(first)));
        expect(result.summary).toContain(`${first.chapters.length} chapters`);
        const second = await exportContent(target.db, { withUsers: true });
        expect(withoutTime(second)).toEqual(withoutTime(first));
        // Narrower copies are not in the backup: the restored site makes the same ones when asked.
        expect(await mediaPicture(target.db, image.url)).toEqual(await mediaPicture(db(), image.url));
        const restoredCopy = await readMedia(target.db, copyName);
        expect(Buffer.from(restoredCopy?.body ?? []).equals(Buffer.from(copy?.body ?? [1]))).toBe(true);
        // What was in the Trash can be restored there: the note finds its chapter by its address.
        const trash = await listTrashPage(target.db, { page: 1 });
        await restoreFromTrash(
          target.db,
          trash.rows.map((r) => r.id),
        );
        expect((await exportContent(target.db)).trash).toEqual([]);
      } finally {
        await target.drop();
      }
    }
  });

  it("a restore builds the same search index and link inventory as a rebuild from scratch", async () => {
    const kind = dialectOf(db() as unknown as Kysely<unknown>);
    const [source, target] = [await freshDatabase(kind), await freshDatabase(kind)];
    try {
      await loadDemoContent(source.db, site);
      await saveEachKindAgain(source.db);
      await importContent(target.db, await exportContent(source.db));
      // Read from the tables in bulk (not through the queues, which end empty).
      for (const queue of ["search_pending", "link_pending"] as const)
        expect(await target.db.selectFrom(queue).selectAll().execute()).toEqual([]);
      const restored = await indexAndInventory(target.db);
      expect(restored.documents.length).toBeGreaterThan(100);
      expect(restored.uses.length).toBeGreaterThan(100);
      await reindex(target.db);
      await target.db.deleteFrom("link_uses").execute();
      await target.db.deleteFrom("links").execute();
      await target.db.transaction().execute(async (trx) => {
        await noteEveryLinkSource(trx);
        await updateLinkInventory(trx);
      });
      expect(await indexAndInventory(target.db)).toEqual(restored);
    } finally {
      await source.drop();
      await target.drop();
    }
  });

  it("after a restore or a first Firestore import, PostgreSQL's planner knows the tables built from the content", async () => {
    const kind = dialectOf(db() as unknown as Kysely<unknown>);
    if (kind !== "postgres") return; // SQLite plans without statistics
    const [source, target, moved] = [
      await freshDatabase(kind),
      await freshDatabase(kind),
      await freshDatabase(kind),
    ];
    // Tables (partitions included) that PostgreSQL holds statistics of: ANALYZE has seen them.
    const analysed = async (d: Database) =>
      new Set(
        (
          await sql<{ name: string }>`
            select distinct tablename as name from pg_stats where schemaname = current_schema()`.execute(d)
        ).rows.map((r) => r.name),
      );
    try {
      await loadDemoContent(source.db, site);
      await importContent(target.db, await exportContent(source.db));
      await importFirestore(moved.db, firestoreFile(), site);
      for (const d of [target.db, moved.db]) {
        const tables = await analysed(d);
        for (const name of ["chapters", "links", "link_uses", "search_documents_chapter"])
          expect(tables, name).toContain(name);
      }
      expect(await analysed(target.db)).toContain("link_scopes");
    } finally {
      await source.drop();
      await target.drop();
      await moved.drop();
    }
  });

  it("a restore refused half-way leaves the database empty, with its indexes and foreign keys", async () => {
    const kind = dialectOf(db() as unknown as Kysely<unknown>);
    const [source, target] = [await freshDatabase(kind), await freshDatabase(kind)];
    try {
      await loadDemoContent(source.db, site);
      const sound = await exportContent(source.db);
      const shape = await indexesAndKeys(target.db);
      // Posts come after the chapters: those are written when the broken post is read.
      const broken = JSON.parse(JSON.stringify(sound)) as Backup;
      (broken.posts.at(-1) as { slug: string }).slug = "Not A Slug";
      await expect(importContent(target.db, broken)).rejects.toThrow(/cannot be restored/);
      expect(await target.db.selectFrom("chapters").select("id").execute()).toEqual([]);
      expect(await indexesAndKeys(target.db)).toEqual(shape);
      await importContent(target.db, sound);
      expect(await indexesAndKeys(target.db)).toEqual(shape);
      expect(withoutTime(await exportContent(target.db))).toEqual(withoutTime(sound));
    } finally {
      await source.drop();
      await target.drop();
    }
  });

  it("refuses to restore over content, and names what is wrong in a broken backup", async () => {
    const backup = await exportContent(db());
    await expect(importContent(db(), backup)).rejects.toThrow(/already has content/);
    const target = await freshDatabase("sqlite");
    try {
      const broken = JSON.parse(JSON.stringify(backup)) as Backup;
      const chapter = broken.chapters.find((c) => c.links.notes.length > 0);
      if (!chapter) throw new Error("demo has linked chapters");
      (chapter.links.notes[0] as { url: string }).url = "javascript:alert(1)";
      await expect(importContent(target.db, broken)).rejects.toThrow(/only http\(s\) links can be restored/);
      await expect(importContent(target.db, { format: "something else" })).rejects.toThrow(
        /cannot be restored/,
      );
      expect(await listSubjects(target.db, 9)).toEqual([]);
    } finally {
      await target.drop();
    }
  });
});

/** Sets one field of the first item of a backup's list. */
function set(list: object[], field: string, value: unknown): void {
  (list[0] as Record<string, unknown>)[field] = value;
}

describeEachDatabase("restoring a hostile backup", (db) => {
  it("refuses dates out of range, console-breaking posts, odd hashes and fake images, naming each", async () => {
    await loadDemoContent(db(), site);
    await saveUser(db(), "teacher@school.in", "a long password", { role: "admin" });
    const png = await sharp({ create: { width: 600, height: 300, channels: 3, background: "#2456d6" } })
      .png()
      .toBuffer();
    await storeImage(db(), png);
    const sound = await exportContent(db(), { withUsers: true });
    const target = await freshDatabase("sqlite");
    try {
      const key = Buffer.alloc(64).toString("base64url");
      const salt = Buffer.alloc(16).toString("base64url");
      const many = Array.from({ length: 40_000 }, (_, i) => `p-${i}`);
      const slug = sound.posts[0]?.slug;
      const cases: Array<[RegExp, (b: Backup) => void]> = [
        [
          /chapters\.0\.createdAt: must be a date and time/,
          (b) => set(b.chapters, "createdAt", new Date(1e15).toISOString()),
        ],
        [/chapters\.0\.updatedAt/, (b) => set(b.chapters, "updatedAt", "1e20")],
        [/posts\.0\.createdAt/, (b) => set(b.posts, "createdAt", "+275760-09-13T00:00:00.000Z")],
        [new RegExp(`posts\\.0 \\("${slug}"\\): date`), (b) => set(b.posts, "date", "2024-02-30")],
        [/posts\.0 \("Not A Slug"\): slug/, (b) => set(b.posts, "slug", "Not A Slug")],
        [/posts\.0 .*canonicalUrl/, (b) => set(b.posts, "canonicalUrl", "javascript:alert(1)")],
        [/posts\.0 .*image/, (b) => set(b.posts, "image", "/media/../../admin")],
        [/posts\.0\.related/, (b) => set(b.posts, "related", many)],
        [
          /chapters\.0\.links\.notes/,
          (b) =>
            set(b.chapters, "links", {
              notes: many.slice(0, 151).map((t) => ({ title: t, url: "https://e.org/" })),
              questions: [],
              lectures: [],
            }),
        ],
        [
          /media\.0 \([a-f0-9]+\): webp is not a webp picture/,
          (b) => set(b.media, "webp", Buffer.from("<svg/>").toString("base64")),
        ],
        [/media\.0 .*of 1500×300/, (b) => set(b.media, "width", 1500)],
        ...[
          `scrypt$1073741824$8$1$${salt}$${key}`,
          `scrypt$32768$8$1$${salt}$short`,
          `scrypt$1000$8$1$${salt}$${key}`,
          "$2b$10$abcdefghijklmnopqrstuv",
        ].map((hash): [RegExp, (b: Backup) => void] => [
          /users\.0\.passwordHash: is not a password hash/,
          (b) => set(b.users ?? [], "passwordHash", hash),
        ]),
      ];
      for (const [message, spoil] of cases) {
        const backup = JSON.parse(JSON.stringify(sound)) as Backup;
        spoil(backup);
        const error = await importContent(target.db, backup).catch((err: unknown) => err);
        expect(error, String(message)).toBeInstanceOf(DomainError);
        expect((error as Error).message).toMatch(message);
      }
      // Nothing was written by any of them; the sound backup still restores.
      expect(await listSubjects(target.db, 9)).toEqual([]);
      await importContent(target.db, JSON.parse(JSON.stringify(sound)));
    } finally {
      await target.drop();
    }
  });

  it("stores every note's HTML only as the sanitizer gives it back, however many come at once", async () => {
    await loadDemoContent(db(), site);
    const backup = JSON.parse(JSON.stringify(await exportContent(db()))) as Backup;
    const hostile = (i: number) =>
      `<p onclick="steal()">Note ${i}</p><script>alert(${i})</script><img src="javascript:alert(1)"><a href="javascript:x()">a</a>`;
    let n = 0;
    for (const chapter of backup.chapters) for (const note of chapter.notes) note.content = hostile(n++);
    // Enough in one batch to be sanitized on the sanitizer's own thread (app/server/platform/sanitize-pool.server.ts).
    expect(n).toBeGreaterThan(8);
    const target = await freshDatabase("sqlite");
    try {
      await importContent(target.db, backup);
      const stored = await target.db.selectFrom("notes").select("content").execute();
      expect(stored).toHaveLength(n);
      for (const { content } of stored) {
        expect(content).toMatch(/^<p>Note \d+<\/p><a target="_blank" rel="noopener noreferrer">a<\/a>$/);
        expect(content).toBe(sanitizeRichText(hostile(Number(/Note (\d+)/.exec(content)?.[1]))));
      }
    } finally {
      await target.drop();
    }
  });
});

function firestoreFile() {
  return {
    subjects: { "11": { physics: "Physics", Chemistry: "Chemistry" }, "10": { maths: "Mathematics" } },
    resources: [
      {
        id: "r1",
        grade: 11,
        subject: "physics",
        chapterTitle: "Thermodynamics",
        timestamp: 1_700_000_000_000,
        notes: [{ title: "NCERT chapter", url: "https://ncert.nic.in/textbook.php" }],
        questions: [],
        lectures: [],
      },
      { id: "r2", grade: "11", subject: "Chemistry", title: "Thermodynamics", timestamp: 1_700_000_100_000 },
      { id: "r3", grade: 10, subject: "maths", chapterTitle: "Real Numbers", timestamp: 1_700_000_200_000 },
    ],
    notes: [
      {
        id: "n1",
        chapterId: "r3",
        content: "<p>Every composite number<script>alert(1)</script> factorises.</p>",
        seoDescription: "Real numbers",
        seoKeywords: ["hcf", "lcm"],
      },
    ],
    blogs: [
      {
        id: "first-post",
        title: "First",
        date: "2024-01-05",
        content: ["One.", "Two <b>bold</b>."],
        status: "published",
        related: ["second"],
      },
      {
        id: "second",
        slug: "second",
        title: "Second",
        date: { seconds: 1_704_067_200 },
        content: "<p onclick=x()>Hi</p>",
        status: "published",
      },
    ],
    users: [
      { id: "uid-1", isAdmin: true, email: "Old.Admin@school.in" },
      { id: "uid-2", isAdmin: true },
    ],
  };
}

describeEachDatabase("moving in from Firestore", (db) => {
  it("imports every collection, sanitizing HTML, and a second import adds nothing", async () => {
    const report = await importFirestore(db(), firestoreFile(), site);
    expect(report.imported).toEqual({ subjects: 3, chapters: 3, notes: 1, posts: 2, users: 1 });
    expect(report.remarks.join("\n")).toContain('imported as "Thermodynamics (Chemistry)"');
    expect(report.remarks.join("\n")).toContain("users/uid-2: no e-mail");

    const physics = await getChapterBySlug(db(), 11, "thermodynamics");
    expect(physics?.links.notes).toEqual([
      { title: "NCERT chapter", url: "https://ncert.nic.in/textbook.php" },
    ]);
    expect(physics?.createdAt).toBe(new Date(1_700_000_000_000).toISOString());
    expect(await getChapterBySlug(db(), 11, "thermodynamics-chemistry")).not.toBeNull();
    const real = await getChapterBySlug(db(), 10, "real-numbers");
    const [note] = await notesForChapter(db(), real?.id ?? 0);
    expect(note?.content).toBe("<p>Every composite number factorises.</p>");
    expect(note?.seoKeywords).toEqual(["hcf", "lcm"]);

    const first = await getPublishedPost(db(), "first-post");
    expect(first?.content).toBe("<p>One.</p><p>Two &lt;b&gt;bold&lt;/b&gt;.</p>");
    expect(first?.author).toBe("ChapterWise Team");
    expect(first?.related).toEqual(["second"]);
    expect((await getPublishedPost(db(), "second"))?.date).toBe("2024-01-01");
    expect((await getPublishedPost(db(), "second"))?.content).toBe("<p>Hi</p>");

    const again = await importFirestore(db(), firestoreFile(), site);
    expect(again.imported).toEqual({ subjects: 0, chapters: 0, notes: 0, posts: 0, users: 0 });
    expect((await listPosts(db())).length).toBe(2);
  });

  it("a file with one broken document imports nothing and names it", async () => {
    const target = await freshDatabase("sqlite");
    try {
      const file = firestoreFile();
      (file.resources[2] as Record<string, unknown>).notes = [{ title: "evil", url: "javascript:alert(1)" }];
      await expect(importFirestore(target.db, file, site)).rejects.toThrow(
        /resources\/r3: notes\[0\] is not an http\(s\) link/,
      );
      expect(await listSubjects(target.db, 11)).toEqual([]);
      expect(await listPosts(target.db)).toEqual([]);

      const badDate = firestoreFile();
      (badDate.blogs[0] as Record<string, unknown>).date = "sometime";
      await expect(importFirestore(target.db, badDate, site)).rejects.toThrow(/blogs\/first-post: the date/);

      type File = ReturnType<typeof firestoreFile>;
      const many = Array.from({ length: 40_000 }, (_, i) => `p-${i}`);
      const cases: Array<[RegExp, (f: File) => void]> = [
        [/resources\/r1: timestamp is not a date/, (f) => set(f.resources, "timestamp", 1e20)],
        [/resources\/r1: timestamp/, (f) => set(f.resources, "timestamp", { seconds: Number.NaN })],
        [/blogs\/first-post: the date/, (f) => set(f.blogs, "date", { seconds: 1e20 })],
        [/blogs\/first-post: canonicalUrl/, (f) => set(f.blogs, "canonicalUrl", "javascript:alert(1)")],
        [/blogs\/first-post: related/, (f) => set(f.blogs, "related", many)],
        [
          /resources\/r1: notes\[0\] is not an http\(s\) link/,
          (f) => set(f.resources, "notes", [{ title: "long", url: `https://e.org/${"a".repeat(2001)}` }]),
        ],
        [/notes\/n1: the content is over/, (f) => set(f.notes, "content", `<p>${"a".repeat(200_001)}</p>`)],
        [
          /users\/uid-1: "not an address" is not an e-mail address/,
          (f) => set(f.users, "email", "not an address"),
        ],
      ];
      for (const [message, spoil] of cases) {
        const spoiled = firestoreFile();
        spoil(spoiled);
        await expect(importFirestore(target.db, spoiled, site), String(message)).rejects.toThrow(message);
      }
      expect(await listSubjects(target.db, 11)).toEqual([]);
    } finally {
      await target.drop();
    }
  });
});
