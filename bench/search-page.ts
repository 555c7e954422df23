// The whole /search page at a real site's density (issue 32): 100,000 chapters with ten links each
// (1,000,000 links), every public document indexed, asked over HTTP of the production server for a
// mixed set of twenty queries (common words and addresses, Hindi in both scripts, a typo, nothing),
// each with and without a class filter, on SQLite and on PostgreSQL. Budget: p95 under 50 ms on
// both engines. Each address is asked three times, fewer than the page store's "asked often" (5):
// every answer is rendered. Beside wall times, the server process's CPU per page (on PostgreSQL
// the database's own work is in another process, so wall time is the figure there).
//
// Run alone with `node bench/search-page.ts` (writes bench/search-page-results.json and prints a
// table). BENCH_SEARCH_PAGE_CHAPTERS changes the scale; BENCH_SEARCH_PAGE_ENGINES picks the
// engines (sqlite,postgres: both by default; PostgreSQL at TEST_DATABASE_URL);
// BENCH_SEARCH_PAGE_DB keeps the SQLite file and BENCH_SEARCH_PAGE_SCHEMA the PostgreSQL schema
// between runs (seeded when empty); BENCH_SEARCH_PAGE_PORT the server's port (3411).
// `npm run bench` runs it too and puts its rows in bench/RESULTS.md. Both engines are seeded the
// way a restore loads (seedScale's `bulk`): a million links through row triggers took PostgreSQL
// most of an hour.
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { type Database, openDatabase } from "#app/server/db.server.ts";
import { buildIfNeeded } from "../cli/build-if-needed.ts";
import { adminQuery, TEST_DATABASE_URL } from "../tests/postgres.ts";
import { otherWorkMeter } from "./load.ts";
import { seedScale } from "./seed.ts";
import { startProductionServer } from "./server.ts";

export const SEARCH_PAGE_TARGET_MS = 50;
const ROUNDS = 3;

/** The queries of the issue's measurement, and the kinds students type. */
export const SEARCH_PAGE_QUERIES = [
  "example.org",
  "notes 2",
  "questions 4",
  "notes",
  "topic 5",
  "mind map",
  "formula sheet",
  "practice test",
  "electrochemistry",
  "motion",
  "light reflection",
  "sample paper 2025",
  "revision",
  "प्रकाश",
  "prakash",
  "surdas ke pad",
  "अम्लों",
  "thermodynamcs",
  "chemistry solutions",
  "zzqx nothing",
];

export type SearchPageEngine = "sqlite" | "postgres";
export type SearchPageRow = { query: string; p50Ms: number; maxMs: number };
export type SearchPageResults = {
  engine: string;
  chapters: number;
  links: number;
  requests: number;
  p50Ms: number;
  p95Ms: number;
  p99Ms: number;
  /** The server process's CPU per page on average (on PostgreSQL without the database's). */
  serverCpuMsPerPage?: number;
  otherWorkPercent: number;
  slowest: SearchPageRow[];
};
const ENGINE_NAMES: Record<SearchPageEngine, string> = { sqlite: "SQLite", postgres: "PostgreSQL" };

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? 0;
}
const round2 = (v: number) => Math.round(v * 100) / 100;

async function seed(db: Database, chapters: number): Promise<void> {
  if ((await db.selectFrom("chapters").select("id").limit(1).executeTakeFirst()) !== undefined) return;
  await seedScale(db, chapters, { everyLink: true, bulk: true });
}

/** CPU time (ms) a process has used so far, from /proc (Linux); undefined elsewhere. */
function cpuMsOf(pid: number): number | undefined {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
    // utime and stime are fields 14 and 15 of the whole line, 12 and 13 after "pid (name) ".
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return undefined;
  }
}

type Target = { url: string; open: () => Promise<Database>; drop?: () => Promise<void> };

/** Where each engine's catalogue lives: a file, or a schema of the test PostgreSQL. */
async function targetOf(
  engine: SearchPageEngine,
  options: { tmp: string; database?: string; schema?: string },
): Promise<Target> {
  if (engine === "sqlite") {
    const file = options.database ?? path.join(options.tmp, "search-page.db");
    return {
      url: file,
      open: () => openDatabase({ kind: "sqlite", file }, { unlimitedStatements: true, timeoutMs: 600_000 }),
    };
  }
  const schema = options.schema ?? `cw_bench_search_page_${randomBytes(4).toString("hex")}`;
  if (!/^[a-z_][a-z0-9_]*$/.test(schema)) throw new Error(`not a schema name: ${schema}`);
  await adminQuery(`create schema if not exists ${schema}`);
  const url = `${TEST_DATABASE_URL}${TEST_DATABASE_URL.includes("?") ? "&" : "?"}options=${encodeURIComponent(`-c search_path=${schema}`)}`;
  return {
    url,
    open: () =>
      openDatabase(
        { kind: "postgres", url: TEST_DATABASE_URL },
        { schema, unlimitedStatements: true, timeoutMs: 600_000 },
      ),
    // A schema named by the caller is kept for the next run.
    drop: options.schema ? undefined : () => adminQuery(`drop schema ${schema} cascade`),
  };
}

/** Seeds (when empty) and measures each engine in turn. */
export async function searchPageBench(options: {
  root: string;
  buildDir: string;
  tmp: string;
  port: number;
  chapters: number;
  engines?: SearchPageEngine[];
  /** SQLite file to keep between runs. */
  database?: string;
  /** PostgreSQL schema to keep between runs. */
  schema?: string;
  log: (line: string) => void;
}): Promise<SearchPageResults[]> {
  const results: SearchPageResults[] = [];
  for (const engine of options.engines ?? ["sqlite", "postgres"]) {
    const target = await targetOf(engine, options);
    try {
      results.push(await measureEngine(engine, target, options));
    } finally {
      await target.drop?.();
    }
  }
  return results;
}

async function measureEngine(
  engine: SearchPageEngine,
  target: Target,
  options: {
    root: string;
    buildDir: string;
    tmp: string;
    port: number;
    chapters: number;
    log: (line: string) => void;
  },
): Promise<SearchPageResults> {
  const db = await target.open();
  let links = 0;
  try {
    options.log(
      `search page (${engine}): seeding ${options.chapters.toLocaleString("en")} chapters of ten links, indexed`,
    );
    const started = performance.now();
    await seed(db, options.chapters);
    options.log(`search page (${engine}): seeded in ${((performance.now() - started) / 1000).toFixed(0)} s`);
    // A running PostgreSQL has autovacuum: its visibility map lets counts skip the table.
    if (engine === "postgres") await sql`vacuum analyze`.execute(db);
    const row = await db
      .selectFrom("chapter_links")
      .select((eb) => eb.fn.countAll().as("n"))
      .executeTakeFirst();
    links = Number(row?.n ?? 0);
  } finally {
    await db.destroy();
  }
  const server = await startProductionServer({
    name: `search-page-${engine}`,
    root: options.root,
    port: options.port,
    databaseFile: target.url,
    buildDir: options.buildDir,
    logDir: options.tmp,
    // PostgreSQL needs a key to seal two-step secrets with (none are made here).
    ...(engine === "postgres" ? { env: { SECRET_KEY: randomBytes(32).toString("hex") } } : {}),
  });
  try {
    const addresses = SEARCH_PAGE_QUERIES.flatMap((q) =>
      ["", "&grade=9", "&grade=10", "&grade=11", "&grade=12"].map((filter) => ({
        query: q,
        path: `/search?q=${encodeURIComponent(q)}${filter}`,
      })),
    );
    // One warm-up pass over other addresses (the second page of each), for V8 to optimise the code.
    for (const { query } of addresses.slice(0, SEARCH_PAGE_QUERIES.length))
      await (await fetch(`${server.origin}/search?q=${encodeURIComponent(query)}&page=2`)).arrayBuffer();
    const meter = otherWorkMeter();
    const cpuBefore = cpuMsOf(server.pid);
    const times: number[] = [];
    const byQuery = new Map<string, number[]>();
    for (let round = 0; round < ROUNDS; round++) {
      for (const { query, path: at } of addresses) {
        const started = performance.now();
        const response = await fetch(server.origin + at, { headers: { "accept-encoding": "identity" } });
        await response.arrayBuffer();
        const ms = performance.now() - started;
        if (response.status !== 200) throw new Error(`${at} answered ${response.status}`);
        times.push(ms);
        byQuery.set(query, [...(byQuery.get(query) ?? []), ms]);
      }
    }
    const cpuAfter = cpuMsOf(server.pid);
    const otherWorkPercent = Math.round(meter.stop() * 100);
    const slowest = [...byQuery]
      .map(([query, ms]) => ({ query, p50Ms: round2(percentile(ms, 50)), maxMs: round2(Math.max(...ms)) }))
      .sort((a, b) => b.p50Ms - a.p50Ms)
      .slice(0, 5);
    return {
      engine: ENGINE_NAMES[engine],
      chapters: options.chapters,
      links,
      requests: times.length,
      p50Ms: round2(percentile(times, 50)),
      p95Ms: round2(percentile(times, 95)),
      p99Ms: round2(percentile(times, 99)),
      ...(cpuBefore !== undefined && cpuAfter !== undefined
        ? { serverCpuMsPerPage: round2((cpuAfter - cpuBefore) / times.length) }
        : {}),
      otherWorkPercent,
      slowest,
    };
  } finally {
    await server.stop();
  }
}

export function searchPagePasses(r: SearchPageResults): boolean {
  return r.p95Ms < SEARCH_PAGE_TARGET_MS;
}

export function searchPageTable(results: SearchPageResults | readonly SearchPageResults[]): string {
  const rows = [results].flat();
  const first = rows[0];
  if (!first) return "";
  return [
    `${first.chapters.toLocaleString("en")} chapters, ${first.links.toLocaleString("en")} links; ${SEARCH_PAGE_QUERIES.length} queries, each alone and with each class filter, ${ROUNDS} times (${first.requests} pages, all rendered). Budget: p95 under ${SEARCH_PAGE_TARGET_MS} ms.`,
    "",
    "| engine | p50 | p95 | p99 | server CPU a page | other work | slowest queries (p50) | verdict |",
    "| --- | --- | --- | --- | --- | --- | --- | --- |",
    ...rows.map(
      (r) =>
        `| ${r.engine} | ${r.p50Ms} ms | ${r.p95Ms} ms | ${r.p99Ms} ms | ${r.serverCpuMsPerPage === undefined ? "–" : `${r.serverCpuMsPerPage} ms`} | ${r.otherWorkPercent}% | ${r.slowest.map((s) => `“${s.query}” ${s.p50Ms} ms`).join(", ")} | ${searchPagePasses(r) ? "PASS" : "**FAIL**"} |`,
    ),
  ].join("\n");
}

// Standalone: `node bench/search-page.ts`.
if (import.meta.url === `file://${process.argv[1]}`) {
  const root = path.resolve(import.meta.dirname, "..");
  const buildDir = process.env.BENCH_BUILD_DIR || "build-bench";
  process.env.BUILD_DIR = buildDir;
  buildIfNeeded(root);
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "cw-search-page-"));
  try {
    const engines = (process.env.BENCH_SEARCH_PAGE_ENGINES || "sqlite,postgres")
      .split(",")
      .map((e) => e.trim())
      .filter((e): e is SearchPageEngine => e === "sqlite" || e === "postgres");
    const results = await searchPageBench({
      root,
      buildDir,
      tmp,
      port: Number(process.env.BENCH_SEARCH_PAGE_PORT || 3411),
      chapters: Number(process.env.BENCH_SEARCH_PAGE_CHAPTERS || 100_000),
      engines,
      database: process.env.BENCH_SEARCH_PAGE_DB || undefined,
      schema: process.env.BENCH_SEARCH_PAGE_SCHEMA || undefined,
      log: (line) => console.log(`[bench ${new Date().toISOString().slice(11, 19)}] ${line}`),
    });
    // Engines measured now replace their rows; the others' are kept.
    const file = path.join(root, "bench/search-page-results.json");
    const kept = fs.existsSync(file)
      ? [JSON.parse(fs.readFileSync(file, "utf8")) as SearchPageResults | SearchPageResults[]]
          .flat()
          .filter((old) => !results.some((r) => r.engine === old.engine))
      : [];
    const all = [...results, ...kept].sort((a, b) => a.engine.localeCompare(b.engine)).reverse();
    fs.writeFileSync(file, `${JSON.stringify(all, null, 2)}\n`);
    console.log(searchPageTable(all));
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}
