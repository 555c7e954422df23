import { type Kysely, sql } from "kysely";
import { expect, it, vi } from "vitest";
import { exportContent, importContent } from "#app/server/backup/backup-reader.server.ts";
import { CONTENT_TABLES, fillInBulk, withIndexesAfterCommit } from "#app/server/backup/bulk-load.server.ts";
import { importFirestore } from "#app/server/backup/firestore-import.server.ts";
import { indexesBuilt } from "#app/server/backup/restore-backup.server.ts";
import { getChapterBySlug } from "#app/server/catalogue/chapters.server.ts";
import { buildIndexesLeftByLoads, type Database, dialectOf, openDatabase } from "#app/server/db.server.ts";
import { noteEveryLinkSource, updateLinkInventory } from "#app/server/link-health/inventory.server.ts";
import { search } from "#app/server/search/search.server.ts";
import { loadDemoContent } from "../../cli/demo-content.ts";
import * as scopesKeyedByLink from "../../migrations/0039-link-scopes-keyed-by-link.ts";
import { describeEachDatabase, freshDatabase, TEST_DATABASE_URL } from "./databases.ts";

// The bulk loads (a restore, a first Firestore import) switch off the triggers that keep link
// health's tables and build those tables once at the end (docs/decisions/0022-bulk-loads.md). What
// they build must be what the triggers make row by row, and the triggers and indexes must be back.

const site = { siteUrl: "https://chapterwise.example", siteName: "ChapterWise" };
const sqlite = (db: Database) => dialectOf(db as unknown as Kysely<unknown>) === "sqlite";

/** The triggers, per table in the order they fire in, and (PostgreSQL) whether each is on; the indexes. */
async function triggersAndIndexes(db: Database) {
  if (sqlite(db)) {
    const { rows } = await sql`select type, tbl_name, name, sql from sqlite_master
      where type in ('trigger', 'index') order by type, tbl_name, rowid`.execute(db);
    return rows;
  }
  const triggers = await sql`select c.relname, t.tgname, t.tgenabled from pg_trigger t
    join pg_class c on c.oid = t.tgrelid
    where not t.tgisinternal and c.relnamespace = current_schema()::regnamespace order by 1, 2`.execute(db);
  const indexes = await sql`select indexname, indexdef from pg_indexes
    where schemaname = current_schema() order by indexname`.execute(db);
  // Keys, unique constraints and foreign keys (a load may drop them and add them back).
  const constraints = await sql`select conrelid::regclass::text as "table", conname, contype,
    pg_get_constraintdef(oid) as definition from pg_constraint
    where connamespace = current_schema()::regnamespace order by 1, 2`.execute(db);
  return { triggers: triggers.rows, indexes: indexes.rows, constraints: constraints.rows };
}

/**
 * Link health's derived tables, by URL (the links' ids differ between two builds): counts summed by
 * key (PostgreSQL's triggers append differences; SQLite's may leave a key at zero), every scope, and
 * on SQLite the URL index, each entry checked against its link.
 */
async function derivedTables(db: Database) {
  const counts = await sql<{ status: string; requested: number; marked_fine: number; n: number }>`
    select status, requested, marked_fine, sum(n) as n from link_counts
    group by status, requested, marked_fine having sum(n) <> 0 order by 1, 2, 3`.execute(db);
  const hosts = await sql<{ host: string; status: string; n: number }>`
    select host, status, sum(n) as n from link_host_counts group by host, status having sum(n) <> 0
    order by 1, 2`.execute(db);
  const scopes = await sql<{ scope: string; url: string; severity: number; n: number; link_url: string }>`
    select s.scope, s.url, s.severity, s.n, l.url as link_url from link_scopes s
    left join links l on l.id = s.link_id order by s.scope, s.url`.execute(db);
  const urls = sqlite(db)
    ? (
        await sql<{ url: string; link_url: string | null }>`select u.url, l.url as link_url from link_urls u
          left join links l on l.id = u.rowid order by u.url`.execute(db)
      ).rows
    : [];
  return {
    counts: counts.rows.map((r) => ({ ...r, n: Number(r.n) })),
    hosts: hosts.rows.map((r) => ({ ...r, n: Number(r.n) })),
    scopes: scopes.rows.map((r) => ({ ...r, n: Number(r.n) })),
    urls,
  };
}

/** Chapters whose kept count of notes and links (migration 0040) is not what they have. */
async function miscounted(db: Database) {
  const { rows } = await sql<{ title: string }>`select title from chapters c where resources <>
    (select count(*) from chapter_links l where l.chapter_id = c.id)
    + (select count(*) from notes n where n.chapter_id = c.id)`.execute(db);
  return rows.map((r) => r.title);
}

/** The inventory and its derived tables emptied, then counted again a row at a time, through the triggers. */
async function countedRowByRow(db: Database) {
  await db.transaction().execute(async (trx) => {
    for (const table of ["link_uses", "links", "link_counts", "link_host_counts", "link_scopes"] as const)
      await trx.deleteFrom(table).execute();
    if (sqlite(trx)) await sql`delete from link_urls`.execute(trx);
    await noteEveryLinkSource(trx);
    await updateLinkInventory(trx);
  });
  return derivedTables(db);
}

/** An export of the original product: chapters of two classes and three subjects sharing some links. */
function firestoreExport(from: number, count: number) {
  const subjects = ["physics", "chemistry", "maths"];
  const link = (i: number, kind: string) => ({
    title: `${kind} ${i}`,
    // Every third chapter shares its notes link with the chapter before: a link used in two scopes.
    url: `https://example.org/${kind}/${kind === "notes" && i % 3 === 0 ? i - 1 : i}`,
  });
  return {
    subjects: {
      "11": { physics: "Physics", chemistry: "Chemistry", maths: "Mathematics" },
      "12": { physics: "Physics", chemistry: "Chemistry", maths: "Mathematics" },
    },
    resources: Array.from({ length: count }, (_, j) => {
      const i = from + j;
      return {
        id: `r${i}`,
        grade: 11 + (i % 2),
        subject: subjects[i % 3],
        // Two chapters of class 11 share a title (the younger gets a new address); a later file's
        // second chapter has the title of the first file's second.
        chapterTitle:
          i === from || i === from + 4
            ? `Common topic ${from}`
            : from > 0 && i === from + 1
              ? "Topic 1"
              : `Topic ${i}`,
        timestamp: 1_700_000_000_000 + i * 1000,
        notes: [link(i, "notes")],
        questions: [link(i, "questions"), { title: "Shared", url: "https://ncert.nic.in/shared" }],
        lectures: [],
      };
    }),
    notes: [
      {
        id: `n${from}`,
        chapterId: `r${from + 1}`,
        content: `<p>See <a href="https://example.org/note/${from}">this</a> and <a href="https://ncert.nic.in/shared">that</a>.</p>`,
      },
    ],
    blogs: [
      {
        id: `post-${from}`,
        title: `Post ${from}`,
        date: "2024-01-05",
        content: `<p><a href="https://example.org/blog/${from}">Read</a></p>`,
        status: "published",
      },
    ],
  };
}

describeEachDatabase("bulk loads", (db) => {
  it("a load that drops a table's key (PostgreSQL) and writes a row twice fails whole, the key back", async () => {
    const shape = await triggersAndIndexes(db());
    const twice = db()
      .transaction()
      .execute((trx) =>
        fillInBulk(
          trx,
          ["link_scopes"],
          async () => {
            for (let i = 0; i < 2; i++)
              await trx
                .insertInto("link_scopes")
                .values({ scope: "g:11", link_id: 1, severity: 0, url: "https://example.org/a", n: 1 })
                .execute();
          },
          { keys: ["link_scopes"] },
        ),
      );
    await expect(twice).rejects.toThrow(/unique|duplicate/i);
    expect(await db().selectFrom("link_scopes").select("link_id").execute()).toEqual([]);
    expect(await triggersAndIndexes(db())).toEqual(shape);
  });

  it("a restore builds link health's counts, scopes and URL index as the triggers would, and puts the triggers back", async () => {
    const kind = sqlite(db()) ? "sqlite" : "postgres";
    const [source, target] = [await freshDatabase(kind), await freshDatabase(kind)];
    try {
      await loadDemoContent(source.db, site);
      const shape = await triggersAndIndexes(target.db);
      await importContent(target.db, await exportContent(source.db));
      expect(await triggersAndIndexes(target.db)).toEqual(shape);
      expect(await miscounted(target.db)).toEqual([]);
      const restored = await derivedTables(target.db);
      expect(restored.scopes.length).toBeGreaterThan(100);
      expect(restored.counts.length).toBeGreaterThan(0);
      expect(restored.hosts.length).toBeGreaterThan(1);
      for (const scope of restored.scopes) expect(scope.link_url).toBe(scope.url);
      if (kind === "sqlite") {
        expect(restored.urls.length).toBeGreaterThan(20);
        for (const entry of restored.urls) expect(entry.link_url).toBe(entry.url);
        // Filled with FTS5's load memory (platform/fts-loads.server.ts), each index has its default back:
        // memory, and merging as segments come (the URLs' were merged once, at the end). Each is whole.
        for (const index of ["search_fts", "search_titles", "link_urls"]) {
          const { rows } = await sql<{
            k: string;
            v: number;
          }>`select k, v from ${sql.table(`${index}_config`)}
            where k in ('hashsize', 'automerge') order by k`.execute(target.db);
          const settings = Object.fromEntries(rows.map((r) => [r.k, Number(r.v)]));
          expect(settings, index).toEqual({
            hashsize: 1024 * 1024,
            ...(index === "link_urls" ? { automerge: 4 } : {}),
          });
          await sql`insert into ${sql.table(index)} (${sql.ref(index)}, rank) values ('integrity-check', 1)`.execute(
            target.db,
          );
        }
      }
      expect(await countedRowByRow(target.db)).toEqual(restored);
    } finally {
      await source.drop();
      await target.drop();
    }
  });

  it("a Firestore import into an empty site takes the bulk path; one into a site with content, the triggers", async () => {
    const shape = await triggersAndIndexes(db());
    // Refused: nothing written, the triggers and indexes as they were.
    const broken = firestoreExport(0, 30);
    (broken.resources[4] as Record<string, unknown>).grade = 8;
    await expect(importFirestore(db(), broken, site)).rejects.toThrow(/resources\/r4: grade must be/);
    expect(await triggersAndIndexes(db())).toEqual(shape);

    const first = await importFirestore(db(), firestoreExport(0, 30), site);
    expect(first.imported).toMatchObject({ subjects: 6, chapters: 30, notes: 1, posts: 1 });
    // Two chapters of a class with one title: the younger is named after its subject.
    expect(first.remarks.join("\n")).toContain(
      '"Common topic 0" shares its address with another class 11 chapter',
    );
    expect(await getChapterBySlug(db(), 11, "common-topic-0-chemistry")).not.toBeNull();
    expect(await triggersAndIndexes(db())).toEqual(shape);
    // Written with the row triggers off, each chapter has its count of notes and links all the same.
    expect(await miscounted(db())).toEqual([]);
    expect(
      (await sql<{ n: number }>`select max(resources) as n from chapters`.execute(db())).rows[0]?.n,
    ).toBe(4);
    const bulk = await derivedTables(db());
    expect(bulk.scopes.some((s) => s.n > 1)).toBe(true);
    expect(await countedRowByRow(db())).toEqual(bulk);

    // With content already there, the next import goes through the triggers and the queues.
    const second = await importFirestore(db(), firestoreExport(30, 20), site);
    expect(second.imported).toMatchObject({ subjects: 0, chapters: 20, notes: 1, posts: 1 });
    expect(second.remarks.join("\n")).toContain('"Common topic 30" shares its address');
    expect(second.remarks.join("\n")).toContain('resources/r31: "Topic 1" shares its address');
    expect(await miscounted(db())).toEqual([]);
    const rowByRow = await derivedTables(db());
    expect(rowByRow.scopes.length).toBeGreaterThan(bulk.scopes.length);
    expect(await countedRowByRow(db())).toEqual(rowByRow);
    // Both imports' chapters are found.
    expect((await search(db(), { q: "topic 7" })).total).toBeGreaterThan(0);
    expect((await search(db(), { q: "topic 41" })).total).toBeGreaterThan(0);
  });

  it("a first import with more links than a round writes counts a link used in every round once per scope, as the triggers would", async () => {
    // 600 chapters of 3 links: 1,800 uses, written in rounds of 1,000. "Shared" is in every
    // chapter, of every round: one link a round finds already written.
    const target = await freshDatabase(sqlite(db()) ? "sqlite" : "postgres");
    try {
      await importFirestore(target.db, firestoreExport(0, 600), site);
      const bulk = await derivedTables(target.db);
      const shared = bulk.scopes.filter((s) => s.url === "https://ncert.nic.in/shared");
      // Class 12 holds half the chapters and the note (of r1) that links to it too.
      expect(shared.find((s) => s.scope === "g:12")?.n).toBe(301);
      expect(shared.find((s) => s.scope === "s:physics")?.n).toBe(200);
      expect(await countedRowByRow(target.db)).toEqual(bulk);
    } finally {
      await target.drop();
    }
  });
});

/** An export of `count` chapters of one subject (class 10 Physics), oldest first: r{from}, r{from + 1}... */
function oneSubjectExport(from: number, count: number) {
  return {
    subjects: { "10": { physics: "Physics" } },
    resources: Array.from({ length: count }, (_, j) => ({
      id: `r${from + j}`,
      grade: 10,
      subject: "physics",
      chapterTitle: `Run topic ${from + j}`,
      timestamp: 1_700_000_000_000 + (from + j) * 1000,
      notes: [{ title: "Notes", url: `https://example.org/run/${from + j}` }],
      questions: [],
      lectures: [],
    })),
  };
}

// A Firestore import writes a subject's chapters 500 a run, the next run made while the server
// writes the one before (firestore-import.server.ts, writeChapters).
describeEachDatabase("a Firestore import's runs of chapters", (db) => {
  it("keeps a subject's order across runs written one after the other, after the chapters it had", async () => {
    await importFirestore(db(), oneSubjectExport(0, 2), site);
    const report = await importFirestore(db(), oneSubjectExport(2, 1_100), site);
    expect(report.imported.chapters).toBe(1_100);
    const rows = await db()
      .selectFrom("chapters")
      .select(["title", "position"])
      .where("grade", "=", 10)
      .where("subject_code", "=", "physics")
      .orderBy("position")
      .execute();
    expect(rows.map((r) => r.title)).toEqual(Array.from({ length: 1_102 }, (_, i) => `Run topic ${i}`));
    expect(rows.map((r) => r.position)).toEqual(rows.map((_, i) => i));
  });

  it("a run that fails leaves nothing of the import, the run after it included, and the database usable", async () => {
    const chapters = async () =>
      Number(
        (
          await db()
            .selectFrom("chapters")
            .select((eb) => eb.fn.countAll().as("n"))
            .executeTakeFirst()
        )?.n,
      );
    // Into a site with content: the database's own triggers stay on.
    await importFirestore(db(), oneSubjectExport(5_000, 1), site);
    const before = await chapters();
    // The second run's 200th chapter is refused by the database itself, while the third is being made.
    if (sqlite(db()))
      await sql`create trigger refuse_one before insert on chapters when new.title = 'Run topic 2700'
        begin select raise(abort, 'refused by the test'); end`.execute(db());
    else {
      await sql`create function refuse_one() returns trigger language plpgsql as $$
        begin raise exception 'refused by the test'; end $$`.execute(db());
      await sql`create trigger refuse_one before insert on chapters
        for each row when (new.title = 'Run topic 2700') execute function refuse_one()`.execute(db());
    }
    await expect(importFirestore(db(), oneSubjectExport(2_000, 1_100), site)).rejects.toThrow(
      /refused by the test/,
    );
    expect(await chapters()).toBe(before);
    await sql`drop trigger refuse_one ${sql.raw(sqlite(db()) ? "" : "on chapters")}`.execute(db());
    const again = await importFirestore(db(), oneSubjectExport(2_000, 1_100), site);
    expect(again.imported.chapters).toBe(1_100);
    expect(await chapters()).toBe(before + 1_100);
  });
});

// PostgreSQL builds the indexes of the tables made from the content after a load commits, two at
// once (withIndexesAfterCommit, docs/decisions/0034): what a load leaves noted must be built by
// whoever opens the database next, once however many come at once, and one that cannot be built
// must not stop the others. SQLite builds them inside the load.
describeEachDatabase("indexes built after a load commits", (db) => {
  /** A second handle on the same database, as another process opens it (building nothing yet). */
  async function anotherProcess(d: Database, migrate = false): Promise<Database> {
    const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(d);
    return openDatabase({ kind: "postgres", url: TEST_DATABASE_URL }, { schema: rows[0]?.schema, migrate });
  }
  const linkIndexes = async (d: Database) =>
    sqlite(d)
      ? (
          await sql<{
            name: string;
          }>`select name from sqlite_master where type = 'index' and tbl_name = 'links'
          order by name`.execute(d)
        ).rows.map((r) => r.name)
      : (
          await sql<{ name: string }>`select indexname as name from pg_indexes
          where schemaname = current_schema() and tablename = 'links' order by 1`.execute(d)
        ).rows.map((r) => r.name);
  const noted = async (d: Database) =>
    (await d.selectFrom("deferred_indexes").select(["name", "built"]).orderBy("name").execute()).map(
      (r) => `${r.name}:${r.built}`,
    );
  const analysed = async (d: Database) =>
    (
      await sql<{ n: string }>`select count(*) as n from pg_stats
      where schemaname = current_schema() and tablename = 'links'`.execute(d)
    ).rows[0]?.n !== "0";
  // As autovacuum would leave it (which may be off, or come minutes later): counts read indexes only.
  const vacuumed = async (d: Database, table: string) =>
    (
      await sql<{ at: string | null }>`select last_vacuum as at from pg_stat_user_tables
      where schemaname = current_schema() and relname = ${table}`.execute(d)
    ).rows[0]?.at != null;

  /** 500 links loaded in bulk as a restore loads them, its process dying right after the commit. */
  let loads = 0;
  async function loadLinksThenDie(d: Database): Promise<void> {
    loads += 1;
    await withIndexesAfterCommit(() =>
      d.transaction().execute((trx) =>
        fillInBulk(trx, ["links"], async () => {
          await sql`insert into links (url, host, status, severity, due_at, created_at)
            with recursive n(i) as (select 1 union all select i + 1 from n where i < 500)
            select ${`https://example.org/${loads}/`} || i, 'example.org', 'unchecked', 2, '2026-11-01',
              '2026-11-01' from n`.execute(trx);
        }),
      ),
    );
  }

  it("a load that dies after its commit leaves its indexes noted; the next process to open the database builds them", async () => {
    const all = await linkIndexes(db());
    expect(all).toContain("links_host_idx");
    await loadLinksThenDie(db());
    if (sqlite(db())) {
      // Built inside the load: nothing is left for later.
      expect(await linkIndexes(db())).toEqual(all);
      expect(await noted(db())).toEqual([]);
      expect(await buildIndexesLeftByLoads(db())).toBe(0);
      return;
    }
    // In the data, not yet in the indexes: the URL's unique key stays (a check), the rest are noted.
    expect(await db().selectFrom("links").select("id").execute()).toHaveLength(500 * loads);
    const unbuilt = all.filter((name) => !name.endsWith("_pkey") && name !== "links_url_key");
    expect(await linkIndexes(db())).toEqual(all.filter((name) => !unbuilt.includes(name)));
    expect(await noted(db())).toEqual(unbuilt.map((name) => `${name}:0`));
    expect(await analysed(db())).toBe(false);
    const next = await anotherProcess(db(), true);
    try {
      expect(await linkIndexes(db())).toEqual(all);
      expect(await noted(db())).toEqual([]);
      expect(await analysed(db())).toBe(true);
      expect(await vacuumed(db(), "links")).toBe(true);
      // And the content tables a load fills (the Dashboard's "Content" filter reads their indexes).
      for (const table of CONTENT_TABLES) expect(await vacuumed(db(), table), table).toBe(true);
    } finally {
      await next.destroy();
    }
  });

  it("two processes building at once build each index once", async () => {
    if (sqlite(db())) return;
    const all = await linkIndexes(db());
    await loadLinksThenDie(db());
    const count = (await noted(db())).length;
    const [a, b] = [await anotherProcess(db()), await anotherProcess(db())];
    try {
      const built = await Promise.all([buildIndexesLeftByLoads(a), buildIndexesLeftByLoads(b)]);
      expect(built[0] + built[1]).toBe(count);
      expect(await linkIndexes(db())).toEqual(all);
      expect(await noted(db())).toEqual([]);
    } finally {
      await a.destroy();
      await b.destroy();
    }
  });

  it("builds a plain table's indexes side by side: one long build holds up none of the others", async () => {
    if (sqlite(db())) return;
    const all = await linkIndexes(db());
    await loadLinksThenDie(db());
    const others = (await noted(db())).map((row) => row.replace(/:0$/, ""));
    // First in line (the largest weight), an index whose build waits for this test: each row's
    // value asks for a lock the test holds until the links' other indexes are built.
    await sql`create function held_by_test(i integer) returns integer language plpgsql immutable as $$
      begin perform pg_advisory_lock_shared(4242); perform pg_advisory_unlock_shared(4242); return i; end $$`.execute(
      db(),
    );
    await db()
      .insertInto("deferred_indexes")
      .values({
        name: "links_held_idx",
        table_name: "links",
        definition: "create index links_held_idx on links (held_by_test(id))",
        weight: 1e12,
      })
      .execute();
    const builder = await anotherProcess(db());
    try {
      await db()
        .connection()
        .execute(async (holder) => {
          await sql`select pg_advisory_lock(4242)`.execute(holder);
          let building: Promise<number> | undefined;
          try {
            building = buildIndexesLeftByLoads(builder);
            // One builder waits on the held index; the other builds every other index of the same table.
            await expect
              .poll(() => noted(holder), { timeout: 10_000, interval: 50 })
              .toEqual(["links_held_idx:0", ...others.map((name) => `${name}:1`)].sort());
          } finally {
            await sql`select pg_advisory_unlock(4242)`.execute(holder);
          }
          expect(await building).toBe(others.length + 1);
        });
      expect(await noted(db())).toEqual([]);
      expect(await linkIndexes(db())).toEqual([...all, "links_held_idx"].sort());
    } finally {
      await builder.destroy();
      await sql`drop index if exists links_held_idx`.execute(db());
      await sql`drop function held_by_test`.execute(db());
    }
  });

  it("vacuums its tables two at a time: the others wait their turn, however long, not the pool's limit on a wait for a connection", async () => {
    if (sqlite(db())) return;
    await loadLinksThenDie(db());
    const count = (await noted(db())).length;
    const builder = await anotherProcess(db());
    // The vacuums of two content tables wait for locks this test holds (no index is built on them).
    const [first, second, ...rest] = CONTENT_TABLES;
    const waitingVacuums = async (d: Database) =>
      (
        await sql<{ n: string }>`select count(*) as n from pg_stat_activity
          where query ilike 'vacuum%' and wait_event_type = 'Lock'`.execute(d)
      ).rows[0]?.n;
    let building: Promise<number> | undefined;
    try {
      await db()
        .transaction()
        .execute(async (holder) => {
          await sql`lock table ${sql.table(first as string)}, ${sql.table(second as string)}
            in share update exclusive mode`.execute(holder);
          // The pool's clock (its wait for a free connection) moves when this test says.
          vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
          try {
            building = buildIndexesLeftByLoads(builder);
            building.catch(() => {});
            // Asked outside the holder's transaction, which sees the activity as it first read it.
            await expect.poll(() => waitingVacuums(db()), { timeout: 10_000, interval: 20 }).toBe("2");
            // Far past any wait for a connection (the builder's pool allows 3 s).
            vi.advanceTimersByTime(60_000);
          } finally {
            vi.useRealTimers();
          }
        });
      expect(await building).toBe(count);
      expect(await noted(db())).toEqual([]);
      for (const table of ["links", first, second, ...rest])
        expect(await vacuumed(db(), table as string), table).toBe(true);
    } finally {
      await builder.destroy();
    }
  });

  it("an index that cannot be built is named, stays noted, and the others are built", async () => {
    if (sqlite(db())) return;
    const all = await linkIndexes(db());
    await loadLinksThenDie(db());
    // First in line (the largest weight): a GIN index of plain text has no operator class.
    await db()
      .insertInto("deferred_indexes")
      .values({
        name: "links_broken_idx",
        table_name: "links",
        definition: "create index links_broken_idx on links using gin (url)",
        weight: 1e12,
      })
      .execute();
    await expect(buildIndexesLeftByLoads(db())).rejects.toThrow(/links_broken_idx: .*operator class/);
    expect(await linkIndexes(db())).toEqual(all);
    // The others are built; their table is analysed and forgotten once all of its are.
    const others = all.filter((name) => !name.endsWith("_pkey") && name !== "links_url_key");
    expect(await noted(db())).toEqual(["links_broken_idx:0", ...others.map((name) => `${name}:1`)]);
    // A restore's summary says so rather than failing: its content is in.
    expect(await indexesBuilt(db())).toMatch(
      /Some search and Link health indexes could not be built yet \(links_broken_idx: .*\): they are built when the site next starts\./,
    );
    await db().deleteFrom("deferred_indexes").where("name", "=", "links_broken_idx").execute();
    expect(await buildIndexesLeftByLoads(db())).toBe(0);
    expect(await noted(db())).toEqual([]);
  });

  it("link scopes keyed by their link (PostgreSQL, migration 0039): the index it replaces is not built later by a load that died, and the triggers keep the scopes", async () => {
    if (sqlite(db())) return;
    // A database of its own: the tests above leave links without uses.
    const fresh = await freshDatabase("postgres");
    try {
      const scopeIndexes = async () =>
        (
          await sql<{ name: string }>`select indexname as name from pg_indexes
            where schemaname = current_schema() and tablename = 'link_scopes' order by 1`.execute(fresh.db)
        ).rows.map((r) => r.name);
      const d = fresh.db as unknown as Kysely<unknown>;
      await scopesKeyedByLink.down(d);
      expect(await scopeIndexes()).toEqual([
        "link_scopes_link_idx",
        "link_scopes_list_idx",
        "link_scopes_pkey",
      ]);
      // A load that died after its commit, before building the index on link_id alone.
      await sql`drop index link_scopes_link_idx`.execute(d);
      await fresh.db
        .insertInto("deferred_indexes")
        .values({
          name: "link_scopes_link_idx",
          table_name: "link_scopes",
          definition: "create index link_scopes_link_idx on link_scopes (link_id)",
          weight: 1,
        })
        .execute();
      await scopesKeyedByLink.up(d);
      expect(await buildIndexesLeftByLoads(fresh.db)).toBe(0);
      expect(await scopeIndexes()).toEqual(["link_scopes_list_idx", "link_scopes_pkey"]);
      // The triggers' upserts find the key by its columns, in whatever order: a link used twice in a
      // class and subject, then once less, then its chapter gone.
      const first = await importFirestore(fresh.db, firestoreExport(0, 12), site);
      expect(first.imported.chapters).toBe(12);
      await importFirestore(fresh.db, firestoreExport(12, 12), site);
      const rowByRow = await derivedTables(fresh.db);
      expect(rowByRow.scopes.some((s) => s.scope.startsWith("s:") && s.n > 2)).toBe(true);
      expect(await countedRowByRow(fresh.db)).toEqual(rowByRow);
    } finally {
      await fresh.drop();
    }
  });
});
