import { type Kysely, sql } from "kysely";
import { afterAll, beforeAll, expect, it, vi } from "vitest";
import { emptyPostValues, type PostFormInput } from "#app/lib/post-form.ts";
import { chapterPageView } from "#app/server/catalogue/chapter-page.server.ts";
import {
  type ChapterLinks,
  createChapters,
  deleteChapter,
  emptyLinks,
  getChapterBySlug,
  moveChapters,
  updateChapter,
} from "#app/server/catalogue/chapters.server.ts";
import { addNote, getNote, notesForChapter } from "#app/server/catalogue/notes.server.ts";
import { addSubject } from "#app/server/catalogue/subjects.server.ts";
import { loadConfig } from "#app/server/config.server.ts";
import { contentChanged } from "#app/server/content-changes.server.ts";
import type { Database } from "#app/server/db.server.ts";
import { DomainError } from "#app/server/errors.server.ts";
import { runLinkChecks, startLinkCheckJob } from "#app/server/jobs/link-check.server.ts";
import { createChecker } from "#app/server/link-health/checker.server.ts";
import { severityOf, updateLinkInventory } from "#app/server/link-health/inventory.server.ts";
import {
  brokenCount,
  checkAllNow,
  checkProgress,
  closeLinkReports,
  hiddenLinkUrls,
  linkCounts,
  linkDigest,
  linkHistory,
  listLinks,
  listReports,
  markFine,
  recheck,
  reportLink,
  resolveReport,
  type SearchLimits,
  useNewAddress,
} from "#app/server/link-health/link-health.server.ts";
import { HostGate } from "#app/server/link-health/politeness.server.ts";
import type { LinkRow } from "#app/server/link-health/types.ts";
import { postPageView } from "#app/server/publishing/post-page.server.ts";
import { addPost, getPost } from "#app/server/publishing/posts.server.ts";
import { DENSE_READ, forgetLexemeStatistics } from "#app/server/search/postgres.server.ts";
import { consoleMatchingFirst } from "#app/server/search/search.server.ts";
import { restoreFromTrash } from "#app/server/trash/trash.server.ts";
import * as linkHealthMigration from "../../migrations/0012-link-health.ts";
import * as linkCountsMigration from "../../migrations/0021-link-counts.ts";
import * as linkUseWordsMigration from "../../migrations/0032-link-use-words.ts";
import * as linkUseWordsIndexMigration from "../../migrations/0034-link-use-words-index.ts";
import * as addressesInByteOrder from "../../migrations/0038-link-addresses-in-byte-order.ts";
import { isPostgres } from "../../migrations/columns.ts";
import { describeEachDatabase } from "./databases.ts";
import { redirect, type Site, startSite, status } from "./link-sites.ts";

// Each describe block has its own database per engine; tests within one use URLs of their own.

const site = { siteUrl: "https://chapterwise.example", siteName: "ChapterWise" };
const DAY = 86_400_000;

function post(fields: Partial<PostFormInput>): PostFormInput {
  return { ...emptyPostValues(""), allowComments: true, ...fields };
}
const links = (partial: Partial<ChapterLinks> = {}): ChapterLinks => ({ ...emptyLinks(), ...partial });

let subjects = 0;
async function subject(db: Database, grade: 9 | 10 | 11 | 12 = 10): Promise<string> {
  const code = `s${++subjects}`;
  await addSubject(db, grade, code, `Subject ${subjects}`);
  return code;
}

async function linkByUrl(db: Database, url: string): Promise<LinkRow | undefined> {
  const page = await listLinks(db, { q: url });
  return page.rows.find((r) => r.url === url);
}

/** Marks links Broken as a check would (status and the list's severity). */
async function markBroken(db: Database, urls: string[]): Promise<void> {
  await db
    .updateTable("links")
    .set({ status: "broken", severity: severityOf("broken") })
    .where("url", "in", urls)
    .execute();
}

const inventoryRows = (db: Database) =>
  db
    .selectFrom("link_uses")
    .innerJoin("links", "links.id", "link_uses.link_id")
    .select(["links.url", "link_uses.kind"])
    .orderBy("links.url")
    .orderBy("link_uses.kind")
    .execute();

/** A checker for local sites: private addresses allowed, no waiting between requests, no real DNS. */
function localChecker() {
  return createChecker({
    ...site,
    allowPrivate: true,
    gate: new HostGate({ spacingMs: 0, afterEndMs: 0 }),
    resolve: async (host) => {
      throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: "ENOTFOUND" });
    },
  });
}

describeEachDatabase("link inventory", (database) => {
  it("counts chapter links, note and post hrefs, one row per normalised URL, due at once", async () => {
    const db = database();
    const code = await subject(db);
    const [chapter] = await createChapters(db, 10, code, [
      {
        title: "Inventory Light",
        links: links({
          notes: [{ title: "NCERT", url: "HTTPS://Inventory.Example:443/light#top" }],
          lectures: [{ title: "Video", url: "https://inventory.example/video" }],
        }),
      },
    ]);
    const note = await addNote(db, {
      chapterId: chapter?.id ?? 0,
      content:
        '<p>See <a href="https://inventory.example/light">this</a> and <a href="https://inventory.example/q?a=1&amp;b=2">that</a>, not <a href="mailto:x@y.z">mail</a>.</p>',
      seoDescription: "",
      seoKeywords: "",
    });
    await addPost(
      db,
      post({
        title: "Inventory post",
        slug: "inventory-post",
        content: '<p><a href="http://inventory.example:80/post">A link</a></p>',
      }),
      site,
    );
    const rows = await inventoryRows(db);
    expect(rows).toEqual([
      { url: "http://inventory.example/post", kind: "post" },
      { url: "https://inventory.example/light", kind: "chapter-link" },
      { url: "https://inventory.example/light", kind: "note" },
      { url: "https://inventory.example/q?a=1&b=2", kind: "note" },
      { url: "https://inventory.example/video", kind: "chapter-link" },
    ]);
    const light = await linkByUrl(db, "https://inventory.example/light");
    expect(light).toMatchObject({
      status: "unchecked",
      host: "inventory.example",
      useCount: 2,
      checkedAt: null,
    });
    expect(light?.uses).toEqual([
      {
        kind: "chapter-link",
        chapterId: chapter?.id,
        grade: 10,
        subjectCode: code,
        chapterTitle: "Inventory Light",
        linkTitle: "NCERT",
      },
      { kind: "note", noteId: note.id, chapterId: chapter?.id, grade: 10, chapterTitle: "Inventory Light" },
    ]);
    const due = await db
      .selectFrom("links")
      .select(["due_at", "created_at"])
      .where("url", "=", "https://inventory.example/video")
      .executeTakeFirstOrThrow();
    expect(due.due_at).toBe(due.created_at);
  });

  it("follows changes and deletions: a URL used nowhere leaves, a new one arrives", async () => {
    const db = database();
    const code = await subject(db);
    const [chapter] = await createChapters(db, 10, code, [
      {
        title: "Follow Changes",
        links: links({ notes: [{ title: "Old", url: "https://follow.example/old" }] }),
      },
    ]);
    const id = chapter?.id ?? 0;
    await updateChapter(db, id, 1, {
      grade: 10,
      subjectCode: code,
      title: "Follow Changes",
      links: links({ notes: [{ title: "New", url: "https://follow.example/new" }] }),
    });
    expect(await linkByUrl(db, "https://follow.example/old")).toBeUndefined();
    expect(await linkByUrl(db, "https://follow.example/new")).toMatchObject({
      status: "unchecked",
      useCount: 1,
    });
    await deleteChapter(db, id);
    expect(await linkByUrl(db, "https://follow.example/new")).toBeUndefined();
  });

  it("moves with its transaction: a rolled-back write leaves the inventory as it was", async () => {
    const db = database();
    const code = await subject(db);
    const before = await inventoryRows(db);
    await expect(
      db.transaction().execute(async (trx) => {
        await createChapters(trx, 10, code, [
          {
            title: "Rolled Back",
            links: links({ notes: [{ title: "X", url: "https://rollback.example/x" }] }),
          },
        ]);
        // Inside the transaction the inventory already has it...
        expect((await inventoryRows(trx)).some((r) => r.url === "https://rollback.example/x")).toBe(true);
        throw new Error("changed my mind");
      }),
    ).rejects.toThrow("changed my mind");
    // ...and after the rollback it never did.
    expect(await inventoryRows(db)).toEqual(before);
    expect(await linkByUrl(db, "https://rollback.example/x")).toBeUndefined();
  });

  it("lists 50 a page, filtered by status, class, subject, host and search", async () => {
    const db = database();
    const physics = await subject(db, 11);
    const chemistry = await subject(db, 12);
    const many = Array.from({ length: 60 }, (_, i) => ({
      title: `Paged ${i}`,
      url: `https://paged.example/${String(i).padStart(2, "0")}`,
    }));
    await createChapters(db, 11, physics, [{ title: "Paged Physics", links: links({ notes: many }) }]);
    await createChapters(db, 12, chemistry, [
      {
        title: "Paged Chemistry",
        links: links({
          questions: [{ title: "Organic reactions", url: "https://other-host.example/organic" }],
        }),
      },
    ]);
    const first = await listLinks(db, { host: "paged.example" });
    expect(first).toMatchObject({ total: 60, page: 1, pageCount: 2, pageSize: 50 });
    expect(first.rows).toHaveLength(50);
    const second = await listLinks(db, { host: "paged.example", page: 2 });
    expect(second.rows.map((r) => r.url)[0]).toBe("https://paged.example/50");
    expect((await listLinks(db, { grade: 12, subject: chemistry })).rows.map((r) => r.url)).toEqual([
      "https://other-host.example/organic",
    ]);
    expect((await listLinks(db, { grade: 11, subject: physics })).total).toBe(60);
    expect((await listLinks(db, { q: "ORGANIC REACT" })).rows.map((r) => r.url)).toEqual([
      "https://other-host.example/organic",
    ]);
    expect((await listLinks(db, { status: "broken", host: "paged.example" })).total).toBe(0);
    expect((await listLinks(db, { status: "unchecked", host: "paged.example" })).total).toBe(60);
    expect((await linkCounts(db)).unchecked).toBeGreaterThanOrEqual(61);
  });

  it("finds an address by a text that repeats itself, each of its trigrams asked once", async () => {
    const db = database();
    const physics = await subject(db, 11);
    const addresses = [
      "https://repeat.example/zzzzzzzz-notes",
      "https://repeat.example/zzz",
      "https://repeat.example/zz",
    ];
    await createChapters(db, 11, physics, [
      {
        title: "Repeats",
        links: links({ notes: addresses.map((url, i) => ({ title: `Plain ${i}`, url })) }),
      },
    ]);
    const found = async (q: string) => (await listLinks(db, { q })).rows.map((r) => r.url).sort();
    expect(await found("zzzzzzzz")).toEqual(["https://repeat.example/zzzzzzzz-notes"]);
    expect(await found("zzz")).toEqual([
      "https://repeat.example/zzz",
      "https://repeat.example/zzzzzzzz-notes",
    ]);
    expect(await found("z".repeat(200))).toEqual([]);
    expect(await found("zzzzzzzz-notes")).toEqual(["https://repeat.example/zzzzzzzz-notes"]);
  });

  it("lists a broad search's first links worst first, says there are more, and counts a narrowed one exactly", async () => {
    const db = database();
    const physics = await subject(db, 11);
    const other = await subject(db, 12);
    const wide = Array.from({ length: 8 }, (_, i) => ({
      title: `Wide ${i}`,
      url: `https://broad.example/wide-${i}`,
    }));
    await createChapters(db, 11, physics, [{ title: "Broad Physics", links: links({ notes: wide }) }]);
    // Found by their titles only, in another class.
    await createChapters(db, 12, other, [
      {
        title: "Broad Rivers",
        links: links({
          lectures: [
            { title: "Wide rivers", url: "https://elsewhere.example/rivers" },
            { title: "Wide seas", url: "https://elsewhere.example/seas" },
          ],
        }),
      },
    ]);
    const broken = ["https://broad.example/wide-6", "https://elsewhere.example/seas"];
    await markBroken(db, broken);
    const urls = (page: { rows: LinkRow[] }) => page.rows.map((r) => r.url);
    // Counted exactly (the default limits): ten, the Broken first.
    const exact = await listLinks(db, { q: "wide" });
    expect(exact).toMatchObject({ total: 10, more: false });
    expect(urls(exact).slice(0, 2)).toEqual(broken);
    const limits = { exactUpTo: 3, broadListed: 4, broadReads: 1000 };
    // Past `exactUpTo`: the first `broadListed` of the same order, and "more".
    const broad = await listLinks(db, { q: "wide" }, limits);
    expect(broad).toMatchObject({ total: 4, more: true, page: 1, pageCount: 1 });
    expect(urls(broad)).toEqual(urls(exact).slice(0, 4));
    expect(await listLinks(db, { q: "WIDE", page: 9 }, limits)).toMatchObject({
      page: 1,
      total: 4,
      more: true,
    });
    // Every match within reach: the same list as counted exactly, titles and addresses alike.
    const all = await listLinks(db, { q: "wide" }, { exactUpTo: 3, broadListed: 20, broadReads: 1000 });
    expect(all).toMatchObject({ total: 10, more: false });
    expect(urls(all)).toEqual(urls(exact));
    // Narrowed by a filter to fewer than it lists: counted exactly.
    expect(await listLinks(db, { q: "wide", status: "broken" }, limits)).toMatchObject({
      total: 2,
      more: false,
    });
    expect(urls(await listLinks(db, { q: "wide", status: "broken" }, limits))).toEqual(broken);
    const rivers = await listLinks(db, { q: "wide", grade: 12, subject: other }, limits);
    expect(rivers).toMatchObject({ total: 2, more: false });
    expect(urls(rivers)).toEqual(["https://elsewhere.example/seas", "https://elsewhere.example/rivers"]);
    expect(await listLinks(db, { q: "wide", host: "elsewhere.example" }, limits)).toMatchObject({ total: 2 });
    // A walk that reads its most urgent links only: every match among them, in order, and "more".
    const host = { q: "wide", host: "broad.example" };
    const stopped = await listLinks(db, host, { exactUpTo: 3, broadListed: 4, broadReads: 3 });
    expect(stopped).toMatchObject({ total: 4, more: true, searched: { links: 3, sites: [], found: 4 } });
    // The walk's three first, then what the indexes had given, every one a match, in the list's order.
    const exactly = urls(await listLinks(db, host));
    expect(urls(stopped).slice(0, 3)).toEqual(exactly.slice(0, 3));
    expect(urls(stopped)).toEqual(exactly.filter((url) => urls(stopped).includes(url)));
    // Stopped early, it reads on through the sites whose name holds the text: their links sort late.
    const site = await listLinks(db, { q: "broad" }, { exactUpTo: 3, broadListed: 20, broadReads: 2 });
    expect(site).toMatchObject({ total: 8, more: true, searched: { links: 2, sites: ["broad.example"] } });
    expect(urls(site)).toEqual(urls(await listLinks(db, { q: "broad" })));
    // One that reads the whole list before it stops has not stopped.
    expect(await listLinks(db, host, { exactUpTo: 3, broadListed: 20, broadReads: 8 })).toMatchObject({
      total: 8,
      more: false,
    });
    expect(
      (await listLinks(db, host, { exactUpTo: 3, broadListed: 20, broadReads: 8 })).searched,
    ).toBeUndefined();
    // A search matching nothing is no broader for it.
    expect(await listLinks(db, { q: "narrowest" }, limits)).toMatchObject({
      total: 0,
      rows: [],
      more: false,
    });
  });

  it("tests a broad search link by link on the words its uses carry, as search matches them, following their titles", async () => {
    const db = database();
    const code = await subject(db, 10);
    await createChapters(db, 10, code, [
      {
        title: "Words Carried",
        links: links({
          lectures: [{ title: "Electrochemistry lecture", url: "https://carried.example/a" }],
          notes: [{ title: "प्रकाश का परावर्तन", url: "https://carried.example/b" }],
          official: [
            { title: "Board paper", url: "https://carried.example/c", type: "sample-paper", year: 2025 },
          ],
        }),
      },
    ]);
    const urls = (page: { rows: LinkRow[] }) => page.rows.map((r) => r.url);
    // Every search broad (tested row by row), against the same search counted through the index.
    const both = async (q: string) => {
      const broad = await listLinks(
        db,
        { q, host: "carried.example" },
        { exactUpTo: 0, broadListed: 10, broadReads: 1000 },
      );
      const exact = await listLinks(db, { q, host: "carried.example" });
      expect(urls(broad)).toEqual(urls(exact));
      return urls(broad);
    };
    expect(await both("electro")).toEqual(["https://carried.example/a"]);
    expect(await both("Lecture electrochemistry")).toEqual(["https://carried.example/a"]);
    // Whole words only where search takes them whole: one letter is not a beginning.
    expect(await both("e")).toEqual([]);
    // Across scripts, by type and year, by the site's name.
    expect(await both("prakash")).toEqual(["https://carried.example/b"]);
    expect(await both("परावर्तन")).toEqual(["https://carried.example/b"]);
    expect(await both("sample paper 2025")).toEqual(["https://carried.example/c"]);
    expect(await both("carried")).toHaveLength(3);
    expect(await both("%")).toEqual([]);
    // A NUL, which neither engine takes inside a text, is left out.
    expect(await both("carri\0ed")).toHaveLength(3);
    expect(await both("lecture_")).toEqual(["https://carried.example/a"]);
    // A title changed in place (any write path): the use's words follow it before the write commits.
    await db.transaction().execute(async (trx) => {
      await trx
        .updateTable("chapter_links")
        .set({ title: "Galvanic cells" })
        .where("url", "=", "https://carried.example/a")
        .execute();
      await contentChanged(trx);
    });
    expect(await both("electro")).toEqual([]);
    expect(await both("galvanic")).toEqual(["https://carried.example/a"]);
  });

  it("puts a search's matches in the list's own order, with its filters, counted exactly or broad", async () => {
    const db = database();
    const physics = await subject(db, 11);
    const other = await subject(db, 12);
    // Addresses whose order depends on how the database compares text (capitals, punctuation),
    // more than a page of them: the page a link falls on is the list's too.
    const cases = Array.from({ length: 24 }, (_, i) => [`C${i}`, `c${i}`]).flat();
    const paths = ["a", "B", "a-b", "a.b", "a/b", "a_b", "a~b", "a%20b", "a0", "ab", "A-z", "b", ...cases];
    const listed = (path: string) => ({ title: `Ordering ${path}`, url: `https://order.example/${path}` });
    await createChapters(db, 11, physics, [
      { title: "Ordered Physics", links: links({ notes: [...paths.slice(0, 8), ...cases].map(listed) }) },
    ]);
    // Found by their titles only ("ordering"), in another class.
    await createChapters(db, 12, other, [
      {
        title: "Ordered Rivers",
        links: links({
          lectures: [
            ...paths.slice(8, 12).map(listed),
            { title: "Ordering seas", url: "https://sorted.example/seas" },
          ],
        }),
      },
    ]);
    const broken = ["https://order.example/a_b", "https://order.example/b", "https://sorted.example/seas"];
    await markBroken(db, broken);
    const urls = (page: { rows: LinkRow[] }) => page.rows.map((r) => r.url);
    // Every page of a list.
    const everyPage = async (query: Parameters<typeof listLinks>[1]) => {
      const first = await listLinks(db, query);
      const rest = await Promise.all(
        Array.from({ length: first.pageCount - 1 }, (_, i) => listLinks(db, { ...query, page: i + 2 })),
      );
      return { ...first, rows: [first, ...rest].flatMap((page) => page.rows) };
    };
    // The list without a search is read in its index's order: a search's matches come in that order too.
    const byHost = urls(await everyPage({ host: "order.example" }));
    expect(byHost).toHaveLength(paths.length);
    const exact = await everyPage({ q: "ordering" });
    expect(exact).toMatchObject({ total: paths.length + 1, more: false, pageCount: 2 });
    expect(urls(exact).filter((url) => url.startsWith("https://order.example/"))).toEqual(byHost);
    expect(urls(exact).slice(0, 3)).toEqual(
      urls(await listLinks(db, { status: "broken", q: "example" })).filter((url) => broken.includes(url)),
    );
    // Its status, site, class and subject filters, each as the list without a search has them.
    expect(urls(await listLinks(db, { q: "ordering", status: "broken" }))).toEqual(
      urls(exact).filter((url) => broken.includes(url)),
    );
    expect(urls(await everyPage({ q: "ordering", host: "order.example" }))).toEqual(byHost);
    const rivers = urls(await listLinks(db, { grade: 12, subject: other }));
    expect(urls(await listLinks(db, { q: "ordering", grade: 12, subject: other }))).toEqual(rivers);
    expect(urls(await listLinks(db, { q: "ordering", grade: 12, subject: other, status: "broken" }))).toEqual(
      rivers.filter((url) => broken.includes(url)),
    );
    expect(await listLinks(db, { q: "ordering", host: "nowhere.example" })).toMatchObject({
      total: 0,
      rows: [],
    });
    // Broad, stopped after one link: the matches its indexes gave are filtered and ordered the same way.
    const limits = { exactUpTo: 2, broadListed: 50, broadReads: 1 };
    for (const query of [
      { q: "ordering" },
      { q: "ordering", status: "unchecked" as const },
      { q: "ordering", host: "order.example" },
      { q: "ordering", grade: 12, subject: other },
    ]) {
      const all = urls(await everyPage(query));
      const stopped = await listLinks(db, query, limits);
      expect(stopped).toMatchObject({ more: true, searched: { links: 1 } });
      // Every one a match of the list filtered so (a class's list leaves out the other class's
      // matches the indexes gave), in the list's order.
      expect(urls(stopped)).toEqual(all.filter((url) => urls(stopped).includes(url)));
    }
    // The walk's one link and the matches the indexes gave (three), all in the whole list.
    expect((await listLinks(db, { q: "ordering" }, limits)).total).toBeGreaterThan(1);
  });

  it("counts a search exactly only when its indexes gave every match, a link used often counted once", async () => {
    const db = database();
    const code = await subject(db);
    const often = { title: "Repeated lesson", url: "https://repeated.example/often" };
    // One link in four chapters (four matches of its title in the index, one link), then another.
    await createChapters(
      db,
      10,
      code,
      [1, 2, 3, 4].map((n) => ({ title: `Repeated ${n}`, links: links({ notes: [often] }) })),
    );
    await createChapters(db, 10, code, [
      {
        title: "Repeated 5",
        links: links({ notes: [{ title: "Repeated lesson", url: "https://repeated.example/once" }] }),
      },
    ]);
    const urls = (page: { rows: LinkRow[] }) => page.rows.map((r) => r.url).sort();
    const both = ["https://repeated.example/often", "https://repeated.example/once"];
    expect(urls(await listLinks(db, { q: "repeated lesson" }))).toEqual(both);
    // The index read stops at four uses, all of the first link: not every match, so the list is read.
    const limits = { exactUpTo: 3, broadListed: 10, broadReads: 1000 };
    const read = await listLinks(db, { q: "repeated lesson" }, limits);
    expect(urls(read)).toEqual(both);
    expect(read).toMatchObject({ total: 2, more: false });
    // A space is in no address (normaliseLinkUrl writes %20): such a search finds links by title only.
    expect(urls(await listLinks(db, { q: "repeated.example/often lesson" }))).toEqual([]);
    expect(urls(await listLinks(db, { q: "repeated.example/often" }))).toEqual([both[0]]);
  });

  it("reads a dense title search's first documents in order, listing what the index alone lists", async () => {
    // PostgreSQL reads a query the statistics say is dense among link documents ("mind map": two
    // beginnings of 100,000 documents each at a million links) block by block from the start, and
    // the rest by the index: the same documents in the same order (docs/decisions/0040). SQLite
    // has one way: the same lists, asked the same way.
    const db = database();
    const code = await subject(db, 9);
    const url = (what: string, i: number) => `https://dense.example/${what}-${i}`;
    // Forty chapters, each with an atlas and a sheet titled "Quoll", and a lecture that is not.
    const quolls = Array.from({ length: 40 }, (_, i) => {
      const notes = ["atlas", "sheet"].map((what) => ({
        title: `Quoll ${what} ${i + 1}`,
        url: url(what, i),
      }));
      const lectures = [{ title: `Marsupial talk ${i + 1}`, url: `https://talks.example/t-${i}` }];
      return { title: `Quoll Habitat ${i + 1}`, links: links({ notes, lectures }) };
    });
    await createChapters(db, 9, code, quolls);
    await markBroken(db, [url("atlas", 7), url("sheet", 30), url("atlas", 39)]);
    const pg = isPostgres(db as Kysely<unknown>);
    if (pg) {
      await sql`analyze search_documents`.execute(db);
      forgetLexemeStatistics(db);
    }
    const broad = { exactUpTo: 10, broadListed: 15, broadReads: 5 };
    const asked: Array<[Parameters<typeof listLinks>[1], SearchLimits | undefined]> = [
      [{ q: "quoll atlas" }, undefined],
      [
        { q: "quoll atlas", page: 2 },
        { ...broad, exactUpTo: 100 },
      ],
      [{ q: "quoll sheet" }, broad],
      [{ q: "quoll" }, broad],
      [
        { q: "quoll", status: "broken" },
        { ...broad, broadReads: 1000 },
      ],
      [
        { q: "quoll", host: "dense.example" },
        { ...broad, broadReads: 100 },
      ],
      [{ q: "quoll", grade: 9, subject: code }, broad],
      [{ q: "marsupial quoll" }, broad],
    ];
    const everything = () => Promise.all(asked.map(([query, limits]) => listLinks(db, query, limits)));
    const inOrder = async () =>
      (await consoleMatchingFirst(db, "link", "quoll atlas", 11))?.compile(db).sql.includes("ctid");
    const saved = { ...DENSE_READ };
    try {
      Object.assign(DENSE_READ, { rowCost: Number.POSITIVE_INFINITY });
      expect(await inOrder()).toBe(false);
      const byIndex = await everything();
      // Exact, and broad (the walk's finds among the list's first five links, with the eleven
      // links the title part read; other tests' links come first in the list or not).
      expect(byIndex.map((page) => [page.total, page.more])).toEqual([
        [40, false],
        [40, false],
        [expect.any(Number), true],
        [expect.any(Number), true],
        [3, false],
        [15, true],
        [expect.any(Number), true],
        [0, false],
      ]);
      expect(byIndex[3]?.searched).toMatchObject({ links: 5 });
      // The first block in order, the rest by the index; then every block in order.
      Object.assign(DENSE_READ, { rowCost: 0, margin: 1e-9 });
      expect(await inOrder()).toBe(pg);
      expect(await everything()).toEqual(byIndex);
      Object.assign(DENSE_READ, { rowCost: 0, margin: 1e9 });
      expect(await everything()).toEqual(byIndex);
    } finally {
      Object.assign(DENSE_READ, saved);
    }
  });

  it("reads a link's words from its uses' index by link, made on a database that has uses (migration 0034)", async () => {
    const db = database();
    const code = await subject(db);
    const notes = [
      { title: "Covering probe", url: "https://probe.example/a" },
      { title: "Other", url: "https://probe.example/b" },
    ];
    await createChapters(db, 10, code, [{ title: "Indexed Words", links: links({ notes }) }]);
    const indexes = async () =>
      isPostgres(db as Kysely<unknown>)
        ? (
            await sql<{ name: string }>`select indexname as name from pg_indexes
              where schemaname = current_schema() and tablename = 'link_uses'`.execute(db)
          ).rows.map((r) => r.name)
        : (
            await sql<{ name: string }>`select name from sqlite_master
              where type = 'index' and tbl_name = 'link_uses'`.execute(db)
          ).rows.map((r) => r.name);
    // Every search broad: the walk tests each link on its uses' words.
    const search = () =>
      listLinks(
        db,
        { q: "covering", host: "probe.example" },
        { exactUpTo: 0, broadListed: 10, broadReads: 100 },
      );
    const before = await search();
    expect(before.rows.map((r) => r.url)).toEqual(["https://probe.example/a"]);
    await linkUseWordsIndexMigration.down(db as never);
    expect(await indexes()).toContain("link_uses_link_idx");
    expect(await search()).toEqual(before);
    await linkUseWordsIndexMigration.up(db as never);
    expect(await indexes()).toContain("link_uses_link_words_idx");
    expect(await indexes()).not.toContain("link_uses_link_idx");
    expect(await search()).toEqual(before);
    if (!isPostgres(db as Kysely<unknown>)) {
      // The test of a link's words reads the index alone.
      const { rows } = await sql<{ detail: string }>`explain query plan
        select 1 from link_uses as u where u.link_id = 1 and u.words like '% covering%'`.execute(db);
      expect(rows.map((r) => r.detail).join(" ")).toContain("COVERING INDEX link_uses_link_words_idx");
    }
  });

  it("builds the inventory of existing content when the migration runs", async () => {
    const db = database();
    const code = await subject(db);
    await createChapters(db, 10, code, [
      {
        title: "Before Migration",
        links: links({ notes: [{ title: "A", url: "https://migrated.example/a" }] }),
      },
    ]);
    const before = await inventoryRows(db);
    await linkHealthMigration.down(db as never);
    await linkHealthMigration.up(db as never);
    // The counts' triggers went with the table: made again, as the migrations after it would.
    await linkCountsMigration.down(db as never);
    await linkCountsMigration.up(db as never);
    await linkUseWordsMigration.up(db as never);
    await linkUseWordsIndexMigration.up(db as never);
    expect((await db.selectFrom("links").select("id").execute()).length).toBe(0);
    await updateLinkInventory(db);
    expect(await inventoryRows(db)).toEqual(before);
    // The triggers are back too.
    await createChapters(db, 10, code, [
      {
        title: "After Migration",
        links: links({ notes: [{ title: "B", url: "https://migrated.example/b" }] }),
      },
    ]);
    expect(await linkByUrl(db, "https://migrated.example/b")).toBeDefined();
  });
});

// A server set up in another language: PostgreSQL's default collation "en", where "B" comes after
// "a" and punctuation counts for little. Link health still lists addresses byte by byte, as SQLite
// does (migration 0038, decision 0045).
describeEachDatabase(
  "Link health's order on a server set up in another language",
  (database) => {
    it("lists addresses byte by byte, as SQLite does, with and without a search, a class or a subject", async () => {
      const db = database();
      const code = await subject(db, 10);
      const paths = [
        "a",
        "B",
        "a-b",
        "a.b",
        "a/b",
        "a_b",
        "a~b",
        "a%20b",
        "a0",
        "ab",
        "A-z",
        "b",
        "Zebra",
        "zebra",
      ];
      const url = (path: string) => `https://byte.example/${path}`;
      await createChapters(db, 10, code, [
        {
          title: "Byte Order",
          links: links({ notes: paths.map((p) => ({ title: `Sorted ${p}`, url: url(p) })) }),
        },
      ]);
      // JavaScript's sort compares UTF-16 code units: for ASCII, the bytes.
      const inBytes = paths.map(url).sort();
      const urls = (page: { rows: LinkRow[] }) => page.rows.map((r) => r.url);
      for (const query of [{}, { grade: 10 as const }, { subject: code }, { host: "byte.example" }])
        expect(urls(await listLinks(db, query))).toEqual(inBytes);
      for (const q of ["sorted", "byte.example"]) {
        expect(urls(await listLinks(db, { q }))).toEqual(inBytes);
        expect(urls(await listLinks(db, { q, grade: 10 }))).toEqual(inBytes);
      }
      if (!isPostgres(db as Kysely<unknown>)) return;
      // Without the migration, the server's own order: the test above would fail.
      await addressesInByteOrder.down(db as Kysely<unknown>);
      expect(urls(await listLinks(db, {}))).not.toEqual(inBytes);
      await addressesInByteOrder.up(db as Kysely<unknown>);
      expect(urls(await listLinks(db, {}))).toEqual(inBytes);
    });
  },
  { icuLocale: "en" },
);

describeEachDatabase("link checks", (database) => {
  let web: Site;
  let answer = 503;
  const checker = localChecker();
  beforeAll(async () => {
    web = await startSite({
      "/flaky": (_req, res) => void res.writeHead(answer).end(),
      "/gone": status(410),
      "/fine": status(200),
      "/old": redirect(301, "/new"),
      "/new": status(200),
      "/reported": status(200),
      "/paced-1": status(200),
      "/paced-2": status(200),
      "/paced-3": status(200),
    });
  });
  afterAll(async () => {
    await web.close();
    await checker.close();
  });

  /** Checks the links people asked for (the tests' own), at `now`. */
  const run = (db: Database, now: Date) => runLinkChecks(db, { checker, now: () => now, scheduled: false });
  async function chapterWith(db: Database, title: string, urls: string[]) {
    const code = await subject(db);
    const [chapter] = await createChapters(db, 10, code, [
      { title, links: links({ notes: urls.map((url, i) => ({ title: `${title} ${i}`, url })) }) },
    ]);
    return chapter;
  }
  const idOf = async (db: Database, url: string) => (await linkByUrl(db, url))?.id ?? 0;

  it("turns a Warning Broken only after three failing checks at least a day apart", async () => {
    const db = database();
    const url = web.url("/flaky");
    await chapterWith(db, "Flaky Site", [url]);
    const id = await idOf(db, url);
    const t0 = new Date("2026-11-23T10:00:00Z");
    answer = 503;
    await recheck(db, [id], t0);
    expect(await run(db, t0)).toMatchObject({ checked: 1, byStatus: { warning: 1 } });
    // Rechecked an hour later: the same trouble, not yet a day apart, counts once.
    await recheck(db, [id], new Date(t0.getTime() + 3_600_000));
    await run(db, new Date(t0.getTime() + 3_600_000));
    await recheck(db, [id], new Date(t0.getTime() + DAY));
    await run(db, new Date(t0.getTime() + DAY));
    expect(await linkByUrl(db, url)).toMatchObject({
      status: "warning",
      lastResult: "503 Service Unavailable",
    });
    expect(await hiddenLinkUrls(db, [url])).toEqual(new Set());
    await recheck(db, [id], new Date(t0.getTime() + 2 * DAY));
    await run(db, new Date(t0.getTime() + 2 * DAY));
    expect(await linkByUrl(db, url)).toMatchObject({ status: "broken" });
    expect(await hiddenLinkUrls(db, [url, `${url}#anchor`, "https://elsewhere.example/"])).toEqual(
      new Set([url, `${url}#anchor`]),
    );
    expect(await brokenCount(db)).toBe(1);
    expect((await linkHistory(db, id)).map((c) => c.status)).toEqual([
      "broken",
      "warning",
      "warning",
      "warning",
    ]);

    // "Mark as fine" shows it again, while the answer stays the same...
    expect(await markFine(db, [id], "curator@example.com")).toBe(1);
    expect(await hiddenLinkUrls(db, [url])).toEqual(new Set());
    expect(await brokenCount(db)).toBe(0);
    await recheck(db, [id], new Date(t0.getTime() + 3 * DAY));
    await run(db, new Date(t0.getTime() + 3 * DAY));
    expect(await linkByUrl(db, url)).toMatchObject({ status: "broken", markedFine: true });
    // ...and the site fixed turns OK by itself; the digest says so.
    answer = 200;
    await recheck(db, [id], new Date(t0.getTime() + 4 * DAY));
    await run(db, new Date(t0.getTime() + 4 * DAY));
    expect(await linkByUrl(db, url)).toMatchObject({ status: "ok", markedFine: false });
    const digest = await linkDigest(db, new Date(t0.getTime() + 5 * DAY));
    expect(digest.fixed.map((l) => l.url)).toEqual([url]);
    expect(digest.newlyBroken.map((l) => l.url)).not.toContain(url);
  });

  it("is Broken at once when the site says 410, and schedules the next checks", async () => {
    const db = database();
    const gone = web.url("/gone");
    const fine = web.url("/fine");
    await chapterWith(db, "Gone Site", [gone, fine]);
    const now = new Date("2026-11-23T10:00:00Z");
    await recheck(db, [await idOf(db, gone), await idOf(db, fine)], now);
    expect(await run(db, now)).toMatchObject({ checked: 2, byStatus: { broken: 1, ok: 1 } });
    const due = await db
      .selectFrom("links")
      .select(["url", "due_at", "requested"])
      .where("url", "in", [gone, fine])
      .orderBy("url")
      .execute();
    expect(due).toEqual([
      { url: fine, due_at: "2026-11-30T10:00:00.000Z", requested: 0 },
      { url: gone, due_at: "2026-11-30T10:00:00.000Z", requested: 0 },
    ]);
    const digest = await linkDigest(db, now);
    expect(digest.newlyBroken.map((l) => l.url)).toContain(gone);
  });

  it("shows a Broken address inside a note or a post as words, not a link, until it is marked fine", async () => {
    const db = database();
    const gone = web.url("/gone");
    const fine = web.url("/fine");
    const chapter = await chapterWith(db, "Broken In Notes", [gone]);
    const html = `<p>Read <a href="${gone}#part-2">the gone notes</a> or <a href="${fine}">the fine ones</a>.</p>`;
    await addNote(db, { chapterId: chapter?.id ?? 0, content: html, seoDescription: "", seoKeywords: "" });
    const written = await addPost(
      db,
      post({
        title: "Broken In A Post",
        slug: "broken-in-a-post",
        content: html,
        status: "published",
        date: "2026-11-01",
      }),
      site,
    );
    const now = new Date("2026-11-23T10:00:00Z");
    await recheck(db, [await idOf(db, gone), await idOf(db, fine)], now);
    await run(db, now);

    const config = loadConfig({});
    const shown = async () => {
      const found = await getChapterBySlug(db, 10, chapter?.slug ?? "");
      if (!found) throw new Error("the chapter is gone");
      const view = await chapterPageView(db, config, found, await notesForChapter(db, found.id));
      const postView = await postPageView(db, (await getPost(db, written.id)) ?? written);
      return {
        note: view.notes[0]?.content,
        chapterLinks: view.chapter.links.notes,
        post: postView.post.content,
      };
    };
    const hidden = await shown();
    expect(hidden.chapterLinks).toEqual([]);
    for (const content of [hidden.note, hidden.post]) {
      expect(content).not.toContain(gone);
      expect(content).toMatch(/<a( [^>]*)?>the gone notes<\/a>/);
      expect(content).toContain(`href="${fine}"`);
    }

    await markFine(db, [await idOf(db, gone)], "curator@example.com");
    const again = await shown();
    expect(again.note).toBe((await notesForChapter(db, chapter?.id ?? 0))[0]?.content);
    expect(again.note).toContain(`href="${gone}#part-2"`);
    expect(again.post).toBe((await getPost(db, written.id))?.content);
    expect(again.chapterLinks.map((l) => l.url)).toEqual([gone]);
  });

  it("waits the job's pace between two results recorded, and records the rest at once when stopped", async () => {
    const db = database();
    const urls = [web.url("/paced-1"), web.url("/paced-2"), web.url("/paced-3")];
    await chapterWith(db, "Paced Records", urls);
    const now = new Date();
    await recheck(db, await Promise.all(urls.map((url) => idOf(db, url))), now);
    const stopping = new AbortController();
    let waits = 0;
    const summary = await runLinkChecks(db, {
      checker,
      now: () => now,
      scheduled: false,
      lanes: 1,
      signal: stopping.signal,
      // The server stops during the first wait: a stop never waits out the pace of a whole batch.
      betweenRecords: async () => {
        waits++;
        stopping.abort();
      },
    });
    expect(waits).toBe(1);
    expect(summary).toMatchObject({ checked: 3, byStatus: { ok: 3 } });
  });

  it("leaves a host that answered 429 alone until its Retry-After, its other links waiting", async () => {
    const db = database();
    const busy = await startSite({ "/a": status(429, { "retry-after": "7200" }), "/b": status(200) });
    const own = localChecker();
    const [a, b] = [busy.url("/a"), busy.url("/b")];
    await chapterWith(db, "Busy Site", [a, b]);
    const now = new Date();
    // Claimed in due order, then by id: /a first.
    await recheck(db, [await idOf(db, a), await idOf(db, b)], now);
    const summary = await runLinkChecks(db, {
      checker: own,
      now: () => now,
      scheduled: false,
      batchSize: 1,
      lanes: 1,
    });
    expect(summary).toMatchObject({ checked: 1, deferred: 1, byStatus: { warning: 1 } });
    expect(busy.requests).toEqual(["HEAD /a"]);
    const rows = await db
      .selectFrom("links")
      .select(["url", "status", "due_at", "requested"])
      .where("url", "in", [a, b])
      .orderBy("url")
      .execute();
    const inTwoHours = now.getTime() + 7_200_000;
    expect(rows[0]).toMatchObject({ url: a, status: "warning", requested: 0 });
    expect(Date.parse(rows[0]?.due_at ?? "")).toBeGreaterThanOrEqual(inTwoHours);
    // Still asked for, and checked once the host said we may come back.
    expect(rows[1]).toMatchObject({ url: b, status: "unchecked", requested: 1 });
    expect(Date.parse(rows[1]?.due_at ?? "")).toBeGreaterThan(inTwoHours - 60_000);
    await own.close();
    await busy.close();
  });

  it("uses the new address of a Redirected link everywhere it is used, in one change", async () => {
    const db = database();
    const old = web.url("/old");
    const chapter = await chapterWith(db, "Moved Site", [`${old}#part`]);
    const note = await addNote(db, {
      chapterId: chapter?.id ?? 0,
      content: `<p><a href="${old}" target="_blank" rel="noopener noreferrer">moved</a> and <a href="https://kept.example/">kept</a></p>`,
      seoDescription: "",
      seoKeywords: "",
    });
    const blog = await addPost(
      db,
      post({ title: "Moved post", slug: "moved-post", content: `<p><a href="${old}">moved</a></p>` }),
      site,
    );
    const id = await idOf(db, old);
    const now = new Date();
    await expect(useNewAddress(db, [id])).rejects.toThrow(DomainError);
    await recheck(db, [id], now);
    await run(db, now);
    expect(await linkByUrl(db, old)).toMatchObject({
      status: "redirected",
      finalUrl: web.url("/new"),
      useCount: 3,
    });
    expect(await linkDigest(db, now)).toMatchObject({
      redirected: expect.arrayContaining([expect.objectContaining({ url: old, finalUrl: web.url("/new") })]),
    });
    const versionBefore = (await getNote(db, note.id))?.version ?? 0;
    expect(await useNewAddress(db, [id])).toEqual({ places: 3 });
    const fresh = web.url("/new");
    const stored = await db
      .selectFrom("chapter_links")
      .select("url")
      .where("chapter_id", "=", chapter?.id ?? 0)
      .execute();
    expect(stored).toEqual([{ url: fresh }]);
    const changedNote = await getNote(db, note.id);
    expect(changedNote?.content).toContain(`href="${fresh}"`);
    expect(changedNote?.content).toContain('href="https://kept.example/"');
    expect(changedNote?.version).toBe(versionBefore + 1);
    expect((await getPost(db, blog.id))?.content).toContain(`href="${fresh}"`);
    // The old address has left the inventory; the new one is due for its own check.
    expect(await linkByUrl(db, old)).toBeUndefined();
    expect(await linkByUrl(db, fresh)).toMatchObject({ status: "unchecked", useCount: 3 });
  });

  it("keeps the class and subject filters and the address index in step with checks, moves, Use new address, deletes and restores", async () => {
    const db = database();
    // What link_scopes must hold: every use joined with its chapter, by class, subject and both.
    const expected = async () => {
      const rows = await db
        .selectFrom("link_uses")
        .innerJoin("chapters", "chapters.id", "link_uses.chapter_id")
        .innerJoin("links", "links.id", "link_uses.link_id")
        .select([
          "link_uses.link_id",
          "chapters.grade",
          "chapters.subject_code",
          "links.severity",
          "links.url",
        ])
        .execute();
      const kept = new Map<
        string,
        { scope: string; link_id: number; severity: number; url: string; n: number }
      >();
      for (const r of rows)
        for (const scope of [`g:${r.grade}`, `s:${r.subject_code}`, `g:${r.grade}:${r.subject_code}`]) {
          const key = `${scope} ${r.link_id}`;
          const row = kept.get(key) ?? { scope, link_id: r.link_id, severity: r.severity, url: r.url, n: 0 };
          row.n++;
          kept.set(key, row);
        }
      return [...kept.values()].sort((a, b) => a.scope.localeCompare(b.scope) || a.link_id - b.link_id);
    };
    const stored = async () =>
      (await db.selectFrom("link_scopes").selectAll().execute())
        .map((r) => ({ ...r, n: Number(r.n) }))
        .sort((a, b) => a.scope.localeCompare(b.scope) || a.link_id - b.link_id);
    const inStep = async () => {
      expect(await stored()).toEqual(await expected());
      if (!isPostgres(db as Kysely<unknown>)) {
        const indexed = await db.selectFrom("link_urls").select(["rowid", "url"]).orderBy("rowid").execute();
        const links = await db.selectFrom("links").select(["id as rowid", "url"]).orderBy("id").execute();
        expect(indexed).toEqual(links);
      }
    };
    const urls = ["/gone?scope=1", "/fine?scope=1", "/old?scope=1"].map((p) => web.url(p));
    const chapter = await chapterWith(db, "Scoped Links", urls);
    const code = (
      await db
        .selectFrom("chapters")
        .select("subject_code")
        .where("id", "=", chapter?.id ?? 0)
        .executeTakeFirstOrThrow()
    ).subject_code;
    const listed = async (query: Parameters<typeof listLinks>[1]) =>
      (await listLinks(db, query)).rows.map((r) => r.url);
    await inStep();
    expect(await listed({ grade: 10, subject: code })).toEqual([...urls].sort());
    // Checks change severities: the filtered list follows, worst first.
    const ids = await Promise.all(urls.map((url) => idOf(db, url)));
    await recheck(db, ids);
    await run(db, new Date());
    await inStep();
    expect(await listed({ subject: code })).toEqual([urls[0], urls[2], urls[1]]);
    expect(await listed({ grade: 10, subject: code, status: "broken" })).toEqual([urls[0]]);
    expect(await listed({ subject: code, q: "old?scope" })).toEqual([urls[2]]);
    // Moved to class 11 and another subject: found there, not here.
    const other = await subject(db, 11);
    await moveChapters(db, [chapter?.id ?? 0], 11, other);
    await inStep();
    expect(await listed({ grade: 10, subject: code })).toEqual([]);
    expect(await listed({ grade: 11 })).toEqual(expect.arrayContaining(urls));
    expect(
      await listed({
        grade: 11,
        subject: other,
        host: (await linkByUrl(db, urls[2] ?? ""))?.host,
        status: "redirected",
      }),
    ).toEqual([urls[2]]);
    // Use new address: the old URL leaves the filters and the index, the new one arrives.
    await useNewAddress(db, [ids[2] ?? 0]);
    await inStep();
    expect(await listed({ grade: 11, subject: other })).toContain(web.url("/new"));
    expect(await listed({ grade: 11, subject: other })).not.toContain(urls[2]);
    // Deleted (to the Trash) and restored.
    const trashed = await deleteChapter(db, chapter?.id ?? 0);
    await inStep();
    expect(await listed({ subject: other })).toEqual([]);
    expect(await listed({ q: "gone?scope" })).toEqual([]);
    await restoreFromTrash(db, [trashed.trashId]);
    await inStep();
    expect(await listed({ grade: 11, subject: other })).toHaveLength(3);
    expect(await listed({ q: "GONE?SCOPE" })).toEqual([urls[0]]);
    // A search's page past the end shows its last page, with its total (titles "Scoped Links" too).
    expect(await listLinks(db, { q: "?scope=1", page: 9 })).toMatchObject({ page: 1, total: 3 });
    // Fewer than three characters in a row find no address by its middle (no index can), only words.
    expect(await listed({ q: "%_" })).toEqual([]);
  });

  it("takes students' reports for links on the page, a few an hour per address, and rechecks them", async () => {
    const db = database();
    const url = web.url("/reported");
    const chapter = await chapterWith(db, "Reported Site", [url]);
    await chapterWith(db, "Other Chapter", [web.url("/fine#other")]);
    const page = `/class/10/chapter/${chapter?.slug}`;
    const now = new Date("2026-11-23T10:00:00Z");
    const report = (fields: Partial<Parameters<typeof reportLink>[1]> = {}) =>
      reportLink(db, { url, reason: "broken", page, address: "203.0.113.9", now, ...fields });

    await expect(report({ url: "https://not-here.example/" })).rejects.toThrow(
      "That link is not on this page.",
    );
    await expect(report({ url: web.url("/fine") })).rejects.toThrow("That link is not on this page.");
    await expect(report({ page: "/class/10/chapter/no-such-chapter" })).rejects.toThrow(DomainError);

    const first = await report();
    const queued = await db.selectFrom("links").select("requested").where("url", "=", url).executeTakeFirst();
    expect(queued?.requested).toBe(1);
    for (let i = 0; i < 4; i++) await report({ reason: "other" });
    await expect(report()).rejects.toMatchObject({ status: 429 });
    // Another address may still report; the first may again an hour later.
    await report({ address: "198.51.100.7" });
    await report({ now: new Date(now.getTime() + 3_600_001) });
    const stored = await db.selectFrom("link_reports").select("address_hash").execute();
    expect(stored.every((r) => /^[0-9a-f]{64}$/.test(r.address_hash))).toBe(true);

    const open = await listReports(db, { status: "open" });
    expect(open.total).toBe(7);
    expect(open.rows.at(-1)).toMatchObject({ id: first.id, url, reason: "broken", page, status: "open" });
    await resolveReport(db, first.id, "dismissed");
    expect((await listReports(db)).total).toBe(6);
    expect((await listReports(db, { status: "dismissed" })).rows.map((r) => r.id)).toEqual([first.id]);
    await run(db, new Date(now.getTime() + 2 * 3_600_000));
    expect(await linkByUrl(db, url)).toMatchObject({ status: "ok" });
  });

  it("keeps its counts in step with every change of status, request and mark, in the change's transaction", async () => {
    const db = database();
    // What a count over every link says, beside what the page reads from link_counts.
    const scanned = async () => {
      const rows = await db
        .selectFrom("links")
        .select(["status", "requested", "marked_fine", (eb) => eb.fn.countAll().as("n")])
        .groupBy(["status", "requested", "marked_fine"])
        .execute();
      const counts = { broken: 0, warning: 0, redirected: 0, ok: 0, unchecked: 0 };
      let requested = 0;
      let badge = 0;
      for (const r of rows) {
        counts[r.status] += Number(r.n);
        if (r.requested === 1) requested += Number(r.n);
        if (r.status === "broken" && r.marked_fine === 0) badge += Number(r.n);
      }
      return { counts, requested, badge };
    };
    const kept = async () => ({
      counts: await linkCounts(db),
      requested: (await db
        .selectFrom("link_counts")
        .select((eb) => eb.fn.sum<number>("n").as("n"))
        .where("requested", "=", 1)
        .executeTakeFirst()
        .then((r) => Number(r?.n ?? 0))) as number,
      badge: await brokenCount(db),
    });
    const chapter = await chapterWith(db, "Counted Links", [
      web.url("/gone?count=1"),
      web.url("/fine?count=1"),
      web.url("/old?count=1"),
    ]);
    expect(await kept()).toEqual(await scanned());
    const urls = ["/gone?count=1", "/fine?count=1", "/old?count=1"].map((p) => web.url(p));
    await recheck(db, await Promise.all(urls.map((url) => idOf(db, url))));
    expect(await kept()).toEqual(await scanned());
    await run(db, new Date());
    const after = await scanned();
    expect(after.counts.broken).toBeGreaterThanOrEqual(1);
    expect(after.counts.redirected).toBeGreaterThanOrEqual(1);
    expect(await kept()).toEqual(after);
    await markFine(db, [await idOf(db, web.url("/gone?count=1"))]);
    await checkAllNow(db);
    expect(await kept()).toEqual(await scanned());
    // A rolled-back change leaves the counts as they were.
    const before = await kept();
    await expect(
      db.transaction().execute(async (trx) => {
        await trx.updateTable("links").set({ status: "broken", severity: 0, requested: 0 }).execute();
        throw new Error("changed my mind");
      }),
    ).rejects.toThrow("changed my mind");
    expect(await kept()).toEqual(before);
    // Many small statements in one transaction (PostgreSQL adds a row of differences for each,
    // folded together as the page reads them), then the chapter's links leave.
    await db.transaction().execute(async (trx) => {
      for (let i = 0; i < 250; i++)
        await trx
          .updateTable("links")
          .set({ requested: i % 2 })
          .where("url", "=", web.url("/fine?count=1"))
          .execute();
    });
    expect(await kept()).toEqual(await scanned());
    expect(await kept()).toEqual(await scanned());
    if (isPostgres(db as Kysely<unknown>))
      expect(
        Number(
          (
            await db
              .selectFrom("link_counts")
              .select((eb) => eb.fn.countAll().as("n"))
              .executeTakeFirst()
          )?.n,
        ),
      ).toBeLessThanOrEqual(20);
    // The site filter's total comes from the counts by site.
    const host = new URL(web.origin).host;
    const ofHost = async (status?: "broken" | "ok") =>
      Number(
        (
          await db
            .selectFrom("links")
            .select((eb) => eb.fn.countAll().as("n"))
            .where("host", "=", host)
            .$if(status !== undefined, (q) => q.where("status", "=", status ?? "ok"))
            .executeTakeFirst()
        )?.n,
      );
    expect((await listLinks(db, { host })).total).toBe(await ofHost());
    // A form without JavaScript sends an empty Status: every status.
    expect((await listLinks(db, { host, status: "" as never })).total).toBe(await ofHost());
    expect((await listLinks(db, { host, status: "broken" })).total).toBe(await ofHost("broken"));
    await deleteChapter(db, chapter?.id ?? 0);
    expect((await listLinks(db, { host })).total).toBe(await ofHost());
    expect(await kept()).toEqual(await scanned());
    expect((await listLinks(db, {})).total).toBe(
      Object.values((await scanned()).counts).reduce((a, b) => a + b, 0),
    );
    expect((await listLinks(db, { status: "ok" })).total).toBe((await scanned()).counts.ok);
  });

  it("queues every link with Check all links now and tells how far it got", async () => {
    const db = database();
    await chapterWith(db, "Check All", [web.url("/fine?all=1"), web.url("/new?all=1")]);
    // Only this site's links are checked by the test; anything else in the database is let go first.
    const { queued } = await checkAllNow(db);
    const total = (await linkCounts(db)) as Record<string, number>;
    expect(queued).toBe(Object.values(total).reduce((a, b) => a + b, 0));
    expect(await checkProgress(db)).toEqual({ queued, done: 0, running: true });
    await db
      .updateTable("links")
      .set({ requested: 0 })
      .where("host", "!=", new URL(web.origin).host)
      .execute();
    const local = (await listLinks(db, { host: new URL(web.origin).host })).total;
    expect(await checkProgress(db)).toEqual({ queued, done: queued - local, running: true });
    await run(db, new Date());
    expect(await checkProgress(db)).toEqual({ queued, done: queued, running: false });
  });

  it("counts a Recheck's checks done as they are made, a run growing by the checks added to it", async () => {
    const db = database();
    const [a, b] = [web.url("/fine?recheck=1"), web.url("/new?recheck=1")];
    await chapterWith(db, "Recheck Progress", [a, b]);
    await db.updateTable("links").set({ requested: 0 }).execute();
    await recheck(db, [await idOf(db, a)]);
    expect(await checkProgress(db)).toEqual({ queued: 1, done: 0, running: true });
    await recheck(db, [await idOf(db, b)]);
    expect(await checkProgress(db)).toEqual({ queued: 2, done: 0, running: true });
    // Asked again while waiting: still one check.
    await recheck(db, [await idOf(db, b)]);
    expect(await checkProgress(db)).toEqual({ queued: 2, done: 0, running: true });
    await db
      .updateTable("links")
      .set({ requested: 0 })
      .where("id", "=", await idOf(db, a))
      .execute();
    expect(await checkProgress(db)).toEqual({ queued: 2, done: 1, running: true });
    await run(db, new Date());
    expect(await checkProgress(db)).toEqual({ queued: 2, done: 2, running: false });
    // The next Recheck is a run of its own.
    await recheck(db, [await idOf(db, a)]);
    expect(await checkProgress(db)).toEqual({ queued: 1, done: 0, running: true });
    await run(db, new Date());
  });

  it("closes all of one link's open reports at once, up to the newest shown", async () => {
    const db = database();
    const [a, b] = [web.url("/fine?reports=1"), web.url("/new?reports=1")];
    await chapterWith(db, "Reports Together", [a, b]);
    const [idA, idB] = [await idOf(db, a), await idOf(db, b)];
    const report = async (linkId: number) =>
      (
        await db
          .insertInto("link_reports")
          .values({
            link_id: linkId,
            reason: "broken",
            page: "/",
            address_hash: "test",
            created_at: new Date().toISOString(),
          })
          .returning("id")
          .executeTakeFirstOrThrow()
      ).id;
    const first = await report(idA);
    const second = await report(idA);
    const other = await report(idB);
    const later = await report(idA);
    expect(await closeLinkReports(db, idA, second, "resolved")).toBe(2);
    const statusOf = async (id: number) =>
      (await db.selectFrom("link_reports").select("status").where("id", "=", id).executeTakeFirst())?.status;
    expect(await statusOf(first)).toBe("resolved");
    expect(await statusOf(second)).toBe("resolved");
    // Another link's report, and one that came in after the page was shown, stay open.
    expect(await statusOf(other)).toBe("open");
    expect(await statusOf(later)).toBe("open");
    await expect(closeLinkReports(db, idA, second, "dismissed")).rejects.toMatchObject({ status: 409 });
    expect(await statusOf(first)).toBe("resolved");
    expect(await closeLinkReports(db, idA, later, "dismissed")).toBe(1);
    expect(await statusOf(later)).toBe("dismissed");
  });
});

describeEachDatabase("the link check job", (database) => {
  it("wakes when a person asks for a check, and stops when told", async () => {
    const db = database();
    const web = await startSite({ "/job": status(200) });
    const code = await subject(db);
    await createChapters(db, 10, code, [
      { title: "Job Site", links: links({ notes: [{ title: "Job", url: web.url("/job") }] }) },
    ]);
    // The schedule is off and its round an hour away: only the request can start this check.
    const job = startLinkCheckJob(db, {
      ...site,
      allowPrivate: true,
      scheduled: false,
      pollMs: 3_600_000,
      log: () => {},
    });
    const link = await linkByUrl(db, web.url("/job"));
    await recheck(db, [link?.id ?? 0]);
    await vi.waitFor(
      async () => expect(await linkByUrl(db, web.url("/job"))).toMatchObject({ status: "ok" }),
      {
        timeout: 15_000,
        interval: 50,
      },
    );
    await job.stop();
    expect(web.requests).toEqual(["HEAD /job"]);
    await web.close();
  });
});

describeEachDatabase("link checks when our network is down", (database) => {
  const unreachable = createChecker({
    ...site,
    gate: new HostGate({ spacingMs: 0, afterEndMs: 0 }),
    resolve: async (host) => {
      throw Object.assign(new Error(`getaddrinfo EAI_AGAIN ${host}`), { code: "EAI_AGAIN" });
    },
  });
  afterAll(() => unreachable.close());

  it("marks nothing when most hosts cannot be reached at all, and tries again later", async () => {
    const db = database();
    const code = await subject(db);
    const urls = ["https://a.example/1", "https://b.example/2", "https://c.example/3", "https://a.example/4"];
    await createChapters(db, 10, code, [
      { title: "Offline", links: links({ notes: urls.map((url, i) => ({ title: `L${i}`, url })) }) },
    ]);
    // A moment after the links were made (they are due from then).
    const now = new Date(Date.now() + 60_000);
    const summary = await runLinkChecks(db, { checker: unreachable, now: () => now });
    expect(summary).toMatchObject({ checked: 0, networkDown: 1 });
    const rows = await db
      .selectFrom("links")
      .select(["status", "checked_at", "due_at", "lease_token"])
      .execute();
    expect(rows).toHaveLength(4);
    for (const row of rows) {
      expect(row).toEqual({
        status: "unchecked",
        checked_at: null,
        due_at: new Date(now.getTime() + 15 * 60_000).toISOString(),
        lease_token: null,
      });
    }
    // A lone link that cannot be reached, with nothing answering lately, is not marked either.
    await sql`delete from link_checks`.execute(db);
    const single = await runLinkChecks(db, {
      checker: unreachable,
      now: () => new Date(now.getTime() + 15 * 60_000),
      batchSize: 1,
    });
    expect(single).toMatchObject({ checked: 0, networkDown: 1 });
  });
});
