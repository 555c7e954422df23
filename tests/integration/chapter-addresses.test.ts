import { CompiledQuery, sql } from "kysely";
import { expect, it } from "vitest";
import { exportContent, importContent } from "#app/server/backup/backup-reader.server.ts";
import {
  chapterAddressById,
  chapterPath,
  movedChapterAddress,
  parseChapterId,
} from "#app/server/catalogue/chapter-addresses.server.ts";
import { chapterNeighbours, shownLinkCounts } from "#app/server/catalogue/chapter-contents.server.ts";
import {
  type ChapterSummary,
  createChapters,
  deleteChapter,
  emptyLinks,
  getChapter,
  listChapterPage,
  moveChapter,
  moveChapters,
  updateChapter,
} from "#app/server/catalogue/chapters.server.ts";
import { addNote, deleteNote } from "#app/server/catalogue/notes.server.ts";
import { addSubject } from "#app/server/catalogue/subjects.server.ts";
import type { Database } from "#app/server/db.server.ts";
import { restoreVersion } from "#app/server/history/restore-version.server.ts";
import { sitemapEntries } from "#app/server/publishing/feeds.server.ts";
import { deleteForever, purgeTrash, restoreFromTrash } from "#app/server/trash/trash.server.ts";
import { describeEachDatabase, freshDatabase } from "./databases.ts";

const site = { siteUrl: "https://chapterwise.example", siteName: "ChapterWise" };
let serial = 0;
const tag = () => `${++serial}${Math.random().toString(36).slice(2, 6)}`;

async function subject(db: Database, grade: 9 | 10 | 11 | 12): Promise<string> {
  const code = `s${tag()}`;
  await addSubject(db, grade, code, `Subject ${code}`);
  return code;
}

async function chapter(db: Database, grade: 9 | 10 | 11 | 12, code: string, title: string) {
  const [made] = await createChapters(db, grade, code, [{ title, links: emptyLinks() }]);
  if (!made) throw new Error("no chapter");
  return made;
}

/** Renames (and maybe moves) a chapter through the same save as Edit Resource. */
async function rename(
  db: Database,
  c: { id: number },
  title: string,
  grade?: 9 | 10 | 11 | 12,
  code?: string,
) {
  const now = await getChapter(db, c.id);
  if (!now) throw new Error("gone");
  return updateChapter(db, c.id, now.version, {
    grade: grade ?? now.grade,
    subjectCode: code ?? now.subjectCode,
    title,
    links: now.links,
  });
}

const at = (c: Pick<ChapterSummary, "grade" | "slug">) => chapterPath(c.grade, c.slug);

describeEachDatabase("addresses that last", (database) => {
  it("every old address answers the current one in one hop; renamed back, no row points at itself", async () => {
    const db = database();
    const code = await subject(db, 10);
    const t = tag();
    const a = await chapter(db, 10, code, `Alpha ${t}`);
    const b = await rename(db, a, `Beta ${t}`);
    const c = await rename(db, a, `Gamma ${t}`);
    expect(await movedChapterAddress(db, 10, a.slug)).toBe(at(c));
    expect(await movedChapterAddress(db, 10, b.slug)).toBe(at(c));
    // Its own address is no old one; an address nobody had is nothing.
    expect(await movedChapterAddress(db, 10, c.slug)).toBeNull();
    expect(await movedChapterAddress(db, 10, `never-${t}`)).toBeNull();
    // Back to the first title: the first address is its own again, the others lead there.
    const back = await rename(db, a, `Alpha ${t}`);
    expect(back.slug).toBe(a.slug);
    expect(await movedChapterAddress(db, 10, a.slug)).toBeNull();
    expect(await movedChapterAddress(db, 10, b.slug)).toBe(at(a));
    expect(await movedChapterAddress(db, 10, c.slug)).toBe(at(a));
    const rows = await db
      .selectFrom("chapter_addresses")
      .selectAll()
      .where("chapter_id", "=", a.id)
      .execute();
    expect(rows.map((r) => r.slug).sort()).toEqual([b.slug, c.slug].sort());
    // The sitemap lists the address of today only.
    const paths = (await sitemapEntries(db)).map((e) => e.path);
    expect(paths).toContain(at(a));
    expect(paths).not.toContain(at(b));
    expect(paths).not.toContain(at(c));
    // /c/ID
    expect(await chapterAddressById(db, a.id)).toBe(at(a));
    expect(await chapterAddressById(db, 2_000_000_000)).toBeNull();
  });

  it("a live chapter's address wins over an old one, and the old row never shadows it", async () => {
    const db = database();
    const code = await subject(db, 10);
    const t = tag();
    const a = await chapter(db, 10, code, `Shared ${t}`);
    const a2 = await rename(db, a, `Renamed ${t}`);
    expect(await movedChapterAddress(db, 10, a.slug)).toBe(at(a2));
    // B, new, takes the address A left: A's row goes; the page is B's.
    const b = await chapter(db, 10, code, `Shared ${t}`);
    expect(b.slug).toBe(a.slug);
    expect(await movedChapterAddress(db, 10, a.slug)).toBeNull();
    // B leaves it again: now it leads to B, not A.
    const b2 = await rename(db, b, `Other ${t}`);
    expect(await movedChapterAddress(db, 10, a.slug)).toBe(at(b2));
    // C takes it by a rename: the row there goes.
    const c = await chapter(db, 10, code, `Third ${t}`);
    await rename(db, c, `Shared ${t}`);
    expect(await movedChapterAddress(db, 10, a.slug)).toBeNull();
    // Deleting C (it had the address last) leaves no stale row leading elsewhere.
    await deleteChapter(db, c.id);
    expect(await movedChapterAddress(db, 10, a.slug)).toBeNull();
  });

  it("a chapter moved to another class answers at its old class's address, with Move to too", async () => {
    const db = database();
    const [c10, c11, c12] = [await subject(db, 10), await subject(db, 11), await subject(db, 12)];
    const t = tag();
    const a = await chapter(db, 10, c10, `Mover ${t}`);
    const moved = await rename(db, a, `Mover ${t}`, 11, c11);
    expect(await movedChapterAddress(db, 10, a.slug)).toBe(`/class/11/chapter/${moved.slug}`);
    await moveChapters(db, [a.id], 12, c12);
    expect(await movedChapterAddress(db, 10, a.slug)).toBe(`/class/12/chapter/${a.slug}`);
    expect(await movedChapterAddress(db, 11, a.slug)).toBe(`/class/12/chapter/${a.slug}`);
    expect(await movedChapterAddress(db, 12, a.slug)).toBeNull();
  });

  it("the Trash: no answer while in it, addresses back on restore, gone when deleted forever or purged", async () => {
    const db = database();
    const code = await subject(db, 9);
    const t = tag();
    const a = await chapter(db, 9, code, `Trashy ${t}`);
    const a2 = await rename(db, a, `Trashed ${t}`);
    const place = await deleteChapter(db, a.id);
    expect(await movedChapterAddress(db, 9, a.slug)).toBeNull();
    expect(await chapterAddressById(db, a.id)).toBeNull();
    await restoreFromTrash(db, [place.trashId]);
    expect(await movedChapterAddress(db, 9, a.slug)).toBe(at(a2));
    expect(await chapterAddressById(db, a.id)).toBe(at(a2));
    // Its old address taken meanwhile by another chapter: that one wins; restored, it keeps the rest.
    const b = await rename(db, a, `Third name ${t}`);
    const again = await deleteChapter(db, a.id);
    const other = await chapter(db, 9, code, `Trashy ${t}`);
    await restoreFromTrash(db, [again.trashId]);
    expect(await movedChapterAddress(db, 9, other.slug)).toBeNull();
    expect(await movedChapterAddress(db, 9, a2.slug)).toBe(at(b));
    // Delete forever: its rows go.
    const last = await deleteChapter(db, a.id);
    await deleteForever(db, [last.trashId]);
    const left = await db
      .selectFrom("chapter_addresses")
      .select("slug")
      .where("chapter_id", "=", a.id)
      .execute();
    expect(left).toEqual([]);
    // The purge does the same.
    const p = await chapter(db, 9, code, `Purged ${t}`);
    await rename(db, p, `Purged later ${t}`);
    await deleteChapter(db, p.id);
    await purgeTrash(db, new Date(Date.now() + 31 * 24 * 3600_000));
    const purged = await db
      .selectFrom("chapter_addresses")
      .select("slug")
      .where("chapter_id", "=", p.id)
      .execute();
    expect(purged).toEqual([]);
  });

  it("History's Restore of a version with another title records the address it leaves", async () => {
    const db = database();
    const code = await subject(db, 11);
    const t = tag();
    const a = await chapter(db, 11, code, `Historic ${t}`);
    const b = await rename(db, a, `Modern ${t}`);
    await restoreVersion(db, site, "chapter", a.id, 1, b.version);
    expect(await movedChapterAddress(db, 11, b.slug)).toBe(at(a));
    expect(await movedChapterAddress(db, 11, a.slug)).toBeNull();
  });

  it("answers an old address in one indexed lookup, at any number of renames", async () => {
    const db = database();
    const code = await subject(db, 12);
    const t = tag();
    const a = await chapter(db, 12, code, `Many ${t}`);
    let last: ChapterSummary = a;
    for (let i = 1; i <= 30; i++) last = await rename(db, a, `Many ${t} ${i}`);
    expect(await movedChapterAddress(db, 12, a.slug)).toBe(at(last));
    expect(await movedChapterAddress(db, 12, `many-${t}-15`)).toBe(at(last));
    // The statement's plan: the address by its primary key, its chapter by id; nothing scanned.
    const query = db
      .selectFrom("chapter_addresses")
      .innerJoin("chapters", "chapters.id", "chapter_addresses.chapter_id")
      .select(["chapters.grade", "chapters.slug"])
      .where("chapter_addresses.grade", "=", 12)
      .where("chapter_addresses.slug", "=", a.slug)
      .compile();
    const postgres = db.getExecutor().adapter.constructor.name.toLowerCase().includes("postgres");
    const bound = query.sql.replace(/\$(\d+)|\?/g, (_, n) => (Number(n ?? 1) === 1 ? "12" : `'${a.slug}'`));
    const text = await db.transaction().execute(async (trx) => {
      // A test database's tables are tiny: PostgreSQL would rather scan them. Told not to, it shows
      // which indexes serve the statement.
      if (postgres) await sql`set local enable_seqscan = off`.execute(trx);
      const plan = await sql
        .raw<Record<string, unknown>>(`${postgres ? "explain (costs off)" : "explain query plan"} ${bound}`)
        .execute(trx);
      return plan.rows.map((r) => Object.values(r).join(" ")).join("\n");
    });
    if (postgres) {
      expect(text).toMatch(/Index Scan using chapter_addresses_pkey on chapter_addresses/);
      expect(text).toMatch(/Index Scan using chapters_pkey on chapters/);
    } else {
      expect(text).toMatch(
        /SEARCH chapter_addresses USING (INDEX sqlite_autoindex_chapter_addresses_1|PRIMARY KEY)/,
      );
      expect(text).toMatch(/SEARCH chapters USING INTEGER PRIMARY KEY/);
      expect(text).not.toMatch(/SCAN/);
    }
  });

  it("hostile short addresses are no ids", () => {
    for (const bad of [
      "1e3",
      "-1",
      "0",
      "01",
      "99999999999999999999",
      "2147483648",
      "1.0",
      " 1",
      "",
      undefined,
    ])
      expect(parseChapterId(bad)).toBeNull();
    expect(parseChapterId("2147483647")).toBe(2147483647);
    expect(parseChapterId("42")).toBe(42);
  });

  it("hostile slugs are misses, not errors", async () => {
    const db = database();
    for (const slug of ["x".repeat(5000), "a\u0000b", "%E0%A4", "../../etc", "सूरदास-के-पद"])
      expect(await movedChapterAddress(db, 10, slug)).toBeNull();
  });
});

describeEachDatabase("addresses in a backup", (database) => {
  it("go out with their chapter and come back; a backup without them still restores", async () => {
    const db = database();
    const code = await subject(db, 12);
    const t = tag();
    const a = await chapter(db, 12, code, `Backed ${t}`);
    await rename(db, a, `Backed up ${t}`);
    const now = await rename(db, a, `Backed up twice ${t}`);
    const backup = await exportContent(db);
    const entry = backup.chapters.find((c) => c.slug === now.slug);
    expect(entry?.addresses?.map((x) => x.slug).sort()).toEqual([a.slug, `backed-up-${t}`].sort());
    const kind = db.getExecutor().adapter.constructor.name.toLowerCase().includes("postgres")
      ? "postgres"
      : "sqlite";
    const target = await freshDatabase(kind);
    try {
      await importContent(target.db, JSON.parse(JSON.stringify(backup)));
      expect(await movedChapterAddress(target.db, 12, a.slug)).toBe(at(now));
      expect(await movedChapterAddress(target.db, 12, `backed-up-${t}`)).toBe(at(now));
    } finally {
      await target.drop();
    }
    const older = await freshDatabase(kind);
    try {
      const without = JSON.parse(JSON.stringify(backup));
      for (const c of without.chapters) delete c.addresses;
      await importContent(older.db, without);
      expect(await movedChapterAddress(older.db, 12, a.slug)).toBeNull();
      expect(
        await older.db.selectFrom("chapters").select("id").where("slug", "=", now.slug).executeTakeFirst(),
      ).toBeTruthy();
    } finally {
      await older.drop();
    }
  });
});

describeEachDatabase("what chapters hold", (database) => {
  it("counts the links students are shown, filters the Dashboard by Content, and finds neighbours", async () => {
    const db = database();
    const code = await subject(db, 9);
    const t = tag();
    const link = (n: string) => ({ title: `Link ${n}`, url: `https://example.org/${t}/${n}` });
    const [full, empty, notesOnly] = await createChapters(db, 9, code, [
      {
        title: `Full ${t}`,
        links: { ...emptyLinks(), notes: [link("a"), link("b")], lectures: [link("c")] },
      },
      { title: `Empty ${t}`, links: emptyLinks() },
      { title: `Notes only ${t}`, links: emptyLinks() },
    ]);
    if (!full || !empty || !notesOnly) throw new Error("no chapters");
    await addNote(db, {
      chapterId: notesOnly.id,
      content: "<p>Read me</p>",
      seoDescription: "",
      seoKeywords: "",
    });
    expect(Object.fromEntries(await shownLinkCounts(db, [full.id, empty.id, notesOnly.id]))).toEqual({
      [full.id]: 3,
    });
    // A link confirmed Broken (and not marked fine) is not shown, so not counted.
    await db.updateTable("links").set({ status: "broken" }).where("url", "like", `%${t}/b%`).execute();
    expect(Object.fromEntries(await shownLinkCounts(db, [full.id, empty.id, notesOnly.id]))).toEqual({
      [full.id]: 2,
    });

    // Marked fine, it is shown (and counted) again.
    await db.updateTable("links").set({ marked_fine: 1 }).where("url", "like", `%${t}/b%`).execute();
    expect(Object.fromEntries(await shownLinkCounts(db, [full.id, empty.id, notesOnly.id]))).toEqual({
      [full.id]: 3,
    });
    await db.updateTable("links").set({ marked_fine: 0 }).where("url", "like", `%${t}/b%`).execute();

    const titles = async (content: "empty" | "has-resources") =>
      (
        await listChapterPage(db, { page: 1, sort: "syllabus", dir: "asc", subjectCode: code, content })
      ).rows.map((r) => r.title);
    expect(await titles("empty")).toEqual([`Empty ${t}`]);
    expect(await titles("has-resources")).toEqual([`Full ${t}`, `Notes only ${t}`]);

    // Previous / Next in the class page's order, none at the ends; a move changes them.
    const around = async (c: { id: number }) => {
      const now = await getChapter(db, c.id);
      if (!now) throw new Error("gone");
      const n = await chapterNeighbours(db, now);
      return [n.previous?.title ?? null, n.next?.title ?? null];
    };
    expect(await around(full)).toEqual([null, `Empty ${t}`]);
    expect(await around(empty)).toEqual([`Full ${t}`, `Notes only ${t}`]);
    expect(await around(notesOnly)).toEqual([`Empty ${t}`, null]);
    await moveChapter(db, notesOnly.id, "up");
    expect(await around(notesOnly)).toEqual([`Full ${t}`, `Empty ${t}`]);
  });

  it("keeps each chapter's count of notes and links as they come, go, come back and are restored (migration 0040)", async () => {
    const db = database();
    const code = await subject(db, 10);
    const t = tag();
    const link = (n: string) => ({ title: `Link ${n}`, url: `https://example.org/${t}/${n}` });
    const [linked, bare, noted] = await createChapters(db, 10, code, [
      {
        title: `Linked ${t}`,
        links: { ...emptyLinks(), notes: [link("a"), link("b")], questions: [link("c")] },
      },
      { title: `Bare ${t}`, links: emptyLinks() },
      { title: `Noted ${t}`, links: emptyLinks() },
    ]);
    if (!linked || !bare || !noted) throw new Error("no chapters");
    const note = await addNote(db, {
      chapterId: noted.id,
      content: "<p>Read</p>",
      seoDescription: "",
      seoKeywords: "",
    });
    // What each chapter keeps, and what it has: always the same.
    const kept = async (target = db) => {
      const { rows } = await sql<{ title: string; resources: number; counted: number }>`
        select title, resources,
          (select count(*) from chapter_links l where l.chapter_id = c.id)
          + (select count(*) from notes n where n.chapter_id = c.id) as counted
        from chapters c where subject_code = ${code} order by position`.execute(target);
      for (const r of rows) expect(Number(r.resources), r.title).toBe(Number(r.counted));
      return Object.fromEntries(rows.map((r) => [r.title.replace(` ${t}`, ""), Number(r.resources)]));
    };
    const filtered = async (content: "empty" | "has-resources", target = db) =>
      (
        await listChapterPage(target, { page: 1, sort: "title", dir: "asc", subjectCode: code, content })
      ).rows.map((r) => r.title.replace(` ${t}`, ""));
    expect(await kept()).toEqual({ Linked: 3, Bare: 0, Noted: 1 });

    // Links saved again (all deleted, the kept ones written back), a note added and one deleted.
    const now = await getChapter(db, linked.id);
    if (!now) throw new Error("gone");
    await updateChapter(db, linked.id, now.version, {
      grade: 10,
      subjectCode: code,
      title: now.title,
      links: { ...emptyLinks(), lectures: [link("d")] },
    });
    await addNote(db, { chapterId: bare.id, content: "<p>New</p>", seoDescription: "", seoKeywords: "" });
    const trashedNote = await deleteNote(db, note.id);
    expect(await kept()).toEqual({ Linked: 1, Bare: 1, Noted: 0 });
    expect(await filtered("empty")).toEqual(["Noted"]);
    expect(await filtered("has-resources")).toEqual(["Bare", "Linked"]);

    // The Trash: a chapter goes with its links and comes back with them; so does the note.
    const trashedChapter = await deleteChapter(db, linked.id);
    await restoreFromTrash(db, [trashedNote.trashId, trashedChapter.trashId]);
    expect(await kept()).toEqual({ Bare: 1, Noted: 1, Linked: 1 });

    // A restore writes with the row triggers off and gives the counts itself.
    const copy = await freshDatabase(
      db.getExecutor().adapter.constructor.name.toLowerCase().includes("postgres") ? "postgres" : "sqlite",
    );
    try {
      await importContent(copy.db, await exportContent(db));
      const restored = await sql<{ n: number }>`select count(*) as n from chapters c where resources <>
        (select count(*) from chapter_links l where l.chapter_id = c.id)
        + (select count(*) from notes n where n.chapter_id = c.id)`.execute(copy.db);
      expect(Number(restored.rows[0]?.n)).toBe(0);
      expect(await kept(copy.db)).toEqual({ Bare: 1, Noted: 1, Linked: 1 });
      expect(await filtered("has-resources", copy.db)).toEqual(["Bare", "Linked", "Noted"]);
    } finally {
      await copy.drop();
    }
  });

  it("counts shown links through the hidden links' own index, never a row of the links table each", async () => {
    const db = database();
    const code = await subject(db, 9);
    const t = tag();
    const [chapter] = await createChapters(db, 9, code, [
      {
        title: `Probed ${t}`,
        links: { ...emptyLinks(), notes: [{ title: "A", url: `https://example.org/${t}/a` }] },
      },
    ]);
    if (!chapter) throw new Error("no chapter");
    // The statement it runs, with the plan the engine makes for it (migration 0035).
    const statements: CompiledQuery[] = [];
    const executor = db.getExecutor();
    const watched = db.withPlugin({
      transformQuery: (args) => {
        statements.push(executor.compileQuery(args.node, args.queryId));
        return args.node;
      },
      transformResult: async (args) => args.result,
    });
    await shownLinkCounts(watched, [chapter.id]);
    expect(statements).toHaveLength(1);
    const postgres = executor.adapter.constructor.name.toLowerCase().includes("postgres");
    for (const statement of statements) {
      const text = await db.transaction().execute(async (trx) => {
        // A test database's tables are tiny: PostgreSQL would rather scan them. Told not to, it shows
        // which indexes serve the statement.
        if (postgres) await sql`set local enable_seqscan = off`.execute(trx);
        const explain = postgres ? "explain (costs off)" : "explain query plan";
        const plan = await trx.executeQuery<Record<string, unknown>>(
          CompiledQuery.raw(`${explain} ${statement.sql}`, [...statement.parameters]),
        );
        return plan.rows.map((r) => Object.values(r).join(" ")).join("\n");
      });
      expect(text).toMatch(/links_hidden_idx/);
      // Every read of `links` is one of those indexes.
      const reads = text
        .split("\n")
        .filter((line) => (postgres ? / on links\b/ : /\b(SEARCH|SCAN) links\b/).test(line));
      expect(reads.length).toBeGreaterThan(0);
      for (const line of reads) expect(line).toMatch(/links_hidden_idx/);
    }
  });
});
