// Link health at scale (issue 30): the loader of /admin/links (its counts, filters, pages and the
// "where it is used" column) at 100,000 chapters with 1,000,000 distinct links, on SQLite and, when
// BENCH_PG_URL names an empty PostgreSQL database, on PostgreSQL too, against the console's budget
// of 200 ms at the median (five rounds after one to warm up).
//
// Run alone with `node bench/link-health.ts` (writes bench/link-health-results.json and prints a
// table); BENCH_LINK_CHAPTERS changes the scale (ten links a chapter), BENCH_LINK_DB keeps the
// SQLite file between runs.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { type Kysely, sql } from "kysely";
import pg from "pg";
import { linksPage } from "#app/routes/admin/links.server.ts";
import { parseDatabaseUrl } from "#app/server/config.server.ts";
import { type Database, openDatabase } from "#app/server/db.server.ts";
import { countEveryLink } from "#app/server/link-health/inventory.server.ts";
import { LINK_STATUSES } from "#app/server/link-health/types.ts";
import { isPostgres } from "#migrations/columns.ts";
import { seedScale } from "./seed.ts";

export const LINK_HEALTH_TARGET_MS = 200;
const ROUNDS = { warmup: 1, measured: 5 } as const;

export type LinkHealthRow = { page: string; path: string; medianMs: number; total: number };
export type LinkHealthEngine = {
  engine: string;
  chapters: number;
  links: number;
  seedSeconds: number;
  rows: LinkHealthRow[];
};

/** The pages measured: first and last, each filter, a search. */
const PAGES = [
  { page: "first page", path: "/admin/links" },
  { page: "last page", path: "/admin/links?page=1000000" },
  { page: "Broken", path: "/admin/links?status=broken" },
  { page: "Unchecked, last page", path: "/admin/links?status=unchecked&page=1000000" },
  { page: "one site", path: "/admin/links?host=www.youtube.com" },
  { page: "one site, last page", path: "/admin/links?host=www.youtube.com&page=1000000" },
  { page: "class 11 Chemistry", path: "/admin/links?class=11&subject=chemistry" },
  { page: "search", path: "/admin/links?q=electrochemistry" },
  { page: "search, last page", path: "/admin/links?q=electrochemistry&page=1000000" },
  // Broad searches (issue 30): "youtube" is in 300,000 of the million addresses, "www" in 900,000. The
  // seed's statuses go by id, so every Broken link is a YouTube one (10,000).
  // Words in the titles of some 100,000 links: found by title, broad, read through the walk.
  { page: "search practice", path: "/admin/links?q=practice" },
  { page: "search mind map", path: "/admin/links?q=mind+map" },
  { page: "search youtube", path: "/admin/links?q=youtube" },
  { page: "search youtube, page 2", path: "/admin/links?q=youtube&page=2" },
  { page: "search youtube, last page", path: "/admin/links?q=youtube&page=1000000" },
  { page: "search www", path: "/admin/links?q=www" },
  { page: "search www, last page", path: "/admin/links?q=www&page=1000000" },
  { page: "search youtube, Broken", path: "/admin/links?q=youtube&status=broken" },
  { page: "search youtube, Broken, last page", path: "/admin/links?q=youtube&status=broken&page=1000000" },
  { page: "search www, OK", path: "/admin/links?q=www&status=ok" },
  { page: "search www, OK, last page", path: "/admin/links?q=www&status=ok&page=1000000" },
  { page: "search youtube, class 11 Chemistry", path: "/admin/links?q=youtube&class=11&subject=chemistry" },
  {
    page: "search youtube, class 11 Chemistry, last page",
    path: "/admin/links?q=youtube&class=11&subject=chemistry&page=1000000",
  },
  { page: "search www, class 11", path: "/admin/links?q=www&class=11" },
  { page: "search www, class 11, last page", path: "/admin/links?q=www&class=11&page=1000000" },
];

/** 100,000 chapters of ten links, their inventory built, and statuses spread as a real week leaves them. */
async function seed(db: Database, chapters: number): Promise<number> {
  const started = performance.now();
  const seeded = (await db.selectFrom("chapters").select("id").limit(1).executeTakeFirst()) !== undefined;
  // `bulk`: loaded as a restore loads (row triggers off, indexes made after): the same rows, in
  // minutes rather than the half hour row-by-row triggers took on PostgreSQL.
  if (!seeded) await seedScale(db, chapters, { everyLink: true, bulk: true });
  // The seed's one note already brought the inventory up to date; a database seeded without it is counted here.
  if ((await db.selectFrom("link_uses").select("link_id").limit(1).executeTakeFirst()) === undefined)
    await db.transaction().execute((trx) => countEveryLink(trx));
  if (
    (await db.selectFrom("links").select("id").where("status", "=", "broken").executeTakeFirst()) ===
    undefined
  )
    await spreadStatuses(db);
  await inService(db);
  return (performance.now() - started) / 1000;
}

/**
 * On PostgreSQL, the tables as autovacuum keeps them on a site in service (the bench's server may run
 * without it): vacuumed, or the status spread's 2 million dead rows of `link_scopes` leave its
 * index-only scans reading the table (a class's count: 36,000 pages, 300 ms), and analysed after
 * that spread. (A seed from before the bulk load analysed the built tables, decision 0034, planned
 * for empty ones: a filtered search joined a million rows in a loop for minutes.)
 */
async function inService(db: Database): Promise<void> {
  if (!isPostgres(db as Kysely<unknown>)) return;
  const { rows } = await sql<{ name: string }>`
    select tablename as name from pg_tables where schemaname = current_schema()`.execute(db);
  if (rows.length > 0) await sql`vacuum (analyze) ${sql.join(rows.map((r) => sql.id(r.name)))}`.execute(db);
}

/** 1% Broken, 2% Warning, 5% Redirected, 60% OK, the rest Unchecked. */
async function spreadStatuses(db: Database): Promise<void> {
  // By id, so every run is the same.
  const spread: Array<[number, number, (typeof LINK_STATUSES)[number]]> = [
    [100, 0, "broken"],
    [50, 1, "warning"],
    [20, 3, "redirected"],
  ];
  for (const [every, at, status] of spread)
    await db
      .updateTable("links")
      .set({ status, severity: LINK_STATUSES.indexOf(status), checked_at: new Date().toISOString() })
      .where((eb) => eb(eb("id", "%", every), "=", at))
      .execute();
  await db
    .updateTable("links")
    .set({ status: "ok", severity: LINK_STATUSES.indexOf("ok") })
    .where("status", "=", "unchecked")
    .where((eb) => eb(eb("id", "%", 5), "<", 3))
    .execute();
}

async function measure(db: Database): Promise<LinkHealthRow[]> {
  const rows: LinkHealthRow[] = [];
  for (const { page, path: at } of PAGES) {
    const times: number[] = [];
    let total = 0;
    for (let i = 0; i < ROUNDS.warmup + ROUNDS.measured; i++) {
      const started = performance.now();
      const data = await linksPage(db, new URL(at, "http://bench.local"));
      if (i >= ROUNDS.warmup) times.push(performance.now() - started);
      total = data.list.total;
    }
    times.sort((a, b) => a - b);
    rows.push({ page, path: at, medianMs: times[Math.floor(times.length / 2)] ?? 0, total });
  }
  return rows;
}

export async function linkHealthBench(options: {
  chapters: number;
  sqliteFile: string;
  postgresUrl?: string;
  /** One engine only (the standalone run's BENCH_LINK_ENGINE). */
  only?: "sqlite" | "postgresql";
  log: (line: string) => void;
}): Promise<LinkHealthEngine[]> {
  const results: LinkHealthEngine[] = [];
  const targets = [
    { engine: "SQLite", url: options.sqliteFile },
    ...(options.postgresUrl ? [{ engine: "PostgreSQL", url: options.postgresUrl }] : []),
  ].filter((t) => !options.only || t.engine.toLowerCase() === options.only);
  for (const target of targets) {
    if (target.engine === "PostgreSQL") {
      // The bench's own schema, kept between runs like the SQLite file.
      const admin = new pg.Client({ connectionString: target.url });
      await admin.connect();
      await admin.query("create schema if not exists bench_link_health");
      await admin.end();
    }
    const db = await openDatabase(parseDatabaseUrl(target.url), {
      timeoutMs: 600_000,
      unlimitedStatements: true,
      ...(target.engine === "PostgreSQL" ? { schema: "bench_link_health" } : {}),
    });
    try {
      options.log(
        `  ${target.engine}: ${options.chapters.toLocaleString("en")} chapters (a seeded database is kept)`,
      );
      const seedSeconds = await seed(db, options.chapters);
      const count = await db
        .selectFrom("links")
        .select((eb) => eb.fn.countAll().as("n"))
        .executeTakeFirstOrThrow();
      const rows = await measure(db);
      results.push({
        engine: target.engine,
        chapters: options.chapters,
        links: Number(count.n),
        seedSeconds,
        rows,
      });
      for (const r of rows)
        options.log(`    ${r.page.padEnd(24)} ${r.medianMs.toFixed(1).padStart(8)} ms  (${r.total} links)`);
    } finally {
      await db.destroy();
    }
  }
  return results;
}

/** A page of /admin/links within the console's budget (the median of its rounds). */
export function linkHealthPasses(row: LinkHealthRow): boolean {
  return row.medianMs < LINK_HEALTH_TARGET_MS;
}

/** The report's table: one line per page measured and engine. */
export function linkHealthTable(engines: LinkHealthEngine[]): string {
  const lines = [
    "| engine | links | page | address | links listed | median | verdict |",
    "| --- | --- | --- | --- | --- | --- | --- |",
  ];
  for (const e of engines)
    for (const row of e.rows)
      lines.push(
        `| ${e.engine} | ${e.links.toLocaleString("en")} | ${row.page} | \`${row.path}\` | ${row.total.toLocaleString("en")} | ${row.medianMs.toFixed(1)} ms | ${linkHealthPasses(row) ? "PASS" : "**FAIL**"} |`,
      );
  return lines.join("\n");
}

// Standalone: `node bench/link-health.ts`. BENCH_LINK_ENGINE=sqlite or =postgresql measures one engine
// (the other's figures in the results file are kept), so the two can be seeded side by side.
if (import.meta.url === `file://${process.argv[1]}`) {
  const root = path.resolve(import.meta.dirname, "..");
  const out = path.join(root, "bench/link-health-results.json");
  const only = process.env.BENCH_LINK_ENGINE?.toLowerCase();
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "cw-link-health-"));
  try {
    const results = await linkHealthBench({
      chapters: Number(process.env.BENCH_LINK_CHAPTERS || 100_000),
      sqliteFile: process.env.BENCH_LINK_DB || path.join(tmp, "links.db"),
      postgresUrl: process.env.BENCH_PG_URL || undefined,
      only: only === "sqlite" || only === "postgresql" ? only : undefined,
      log: (line) => console.log(line),
    });
    const kept =
      only && fs.existsSync(out) ? (JSON.parse(fs.readFileSync(out, "utf8")) as LinkHealthEngine[]) : [];
    const merged = [...kept.filter((e) => !results.some((r) => r.engine === e.engine)), ...results].sort(
      (a, b) => (a.engine === b.engine ? 0 : a.engine === "SQLite" ? -1 : 1),
    );
    fs.writeFileSync(out, `${JSON.stringify(merged, null, 2)}\n`);
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}
