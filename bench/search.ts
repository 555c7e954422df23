// Search at scale (issue 13's budget, README, Speed): the p95 of one search (the module's
// whole call: engine query, results, snippets) over ~1,000 realistic mixed queries (one word, two
// words, a prefix, Hindi, a typo, no match, with and without filters) at 100,000 chapters,
// 300,000 links, 100,000 notes and 10,000 posts, on SQLite and on PostgreSQL; also suggestions,
// the index's size and the time to rebuild it from scratch.
//
// Run alone with `node bench/search.ts` (writes bench/search-results.json and prints a table):
//   --small                 10,000 chapters (and notes, 30,000 links, 1,000 posts): a quick try
//   BENCH_SEARCH_CHAPTERS   chapters (default 100000; notes as many, posts a tenth)
//   BENCH_SEARCH_ENGINES    sqlite,postgres (default both; PostgreSQL at TEST_DATABASE_URL)
//   BENCH_SEARCH_KEEP       a name (letters, digits, _): the seeded catalogue is kept (PostgreSQL: the
//                           schema `cw_bench_search_NAME`; SQLite: data/scratch/bench-search-NAME.db)
//                           and, when it is already there, reused: no seeding, no rebuild (the row's
//                           seed and rebuild times are then 0), the migrations run on it as on any
//                           database. For measuring changes back to back; drop it by hand when done.
// or as part of `npm run bench`, which puts the rows in bench/RESULTS.md.
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import pg from "pg";
import { type Database, openDatabase } from "#app/server/db.server.ts";
import { reindex, search, searchIndexBytes, suggest } from "#app/server/search/search.server.ts";
import type { SearchQuery } from "#app/server/search/types.ts";
import { TEST_DATABASE_URL } from "../tests/postgres.ts";
import { IDLE_BELOW, machineBusy, otherWorkMeter } from "./load.ts";
import { noteHtml, seedScale } from "./seed.ts";

export const SEARCH_TARGETS = { p95Ms: 20 } as const;

export type SearchScale = { chapters: number; notes: number; posts: number };
export type LatencyRow = { count: number; p50Ms: number; p95Ms: number; p99Ms: number; maxMs: number };
export type SearchEngineResult = {
  engine: "sqlite" | "postgres";
  /** This process's CPU time per search: on SQLite (in-process) all of the work, unlike wall time barely moved by other work. */
  cpu: LatencyRow;
  /** Share of all CPUs used by other processes while the queries ran (on PostgreSQL its server counts as other). */
  otherWorkPercent: number;
  documents: number;
  links: number;
  seedSeconds: number;
  reindexSeconds: number;
  indexBytes: number;
  all: LatencyRow;
  byKind: Record<string, LatencyRow>;
  suggestions: LatencyRow;
};
export type SearchBenchResults = { scale: SearchScale; queries: number; engines: SearchEngineResult[] };

/** Hindi paragraphs, one in eight notes: Devanagari words to find whole and by their beginning. */
const HINDI = [
  "<p>प्रकाश का परावर्तन और अपवर्तन: दर्पण और लेंस के नियम।</p>",
  "<p>रासायनिक अभिक्रिया और समीकरण: संयोजन, वियोजन और विस्थापन अभिक्रियाएँ।</p>",
  "<p>विद्युत धारा और उसके प्रभाव: ओम का नियम और प्रतिरोध।</p>",
  "<p>जैव प्रक्रम: पोषण, श्वसन, वहन और उत्सर्जन।</p>",
];
const HINDI_QUERIES = ["प्रकाश", "परावर्तन", "अभिक्रि", "समीकरण", "विद्युत धारा", "श्वसन", "अपवर्त", "प्रतिरोध"];

/** A seeded PRNG (mulberry32): the same queries every run. */
function prng(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The catalogue of seedScale, then notes (some with Hindi) and posts written in bulk. */
export async function seedSearchCatalogue(db: Database, scale: SearchScale): Promise<{ links: number }> {
  const { links } = await seedScale(db, scale.chapters);
  const chapters = await db
    .selectFrom("chapters")
    .innerJoin("subjects", (j) =>
      j.onRef("subjects.grade", "=", "chapters.grade").onRef("subjects.code", "=", "chapters.subject_code"),
    )
    .select(["chapters.id", "chapters.title", "subjects.label"])
    .where("chapters.id", "not in", (eb) => eb.selectFrom("notes").select("chapter_id"))
    .orderBy("chapters.id")
    .limit(scale.notes)
    .execute();
  const at = new Date().toISOString();
  await db.transaction().execute(async (trx) => {
    for (let i = 0; i < chapters.length; i += 200) {
      const rows = chapters.slice(i, i + 200).map((c, j) => ({
        chapter_id: c.id,
        content:
          noteHtml(c.title, c.label) + ((i + j) % 8 === 0 ? (HINDI[((i + j) / 8) % HINDI.length] ?? "") : ""),
        seo_description: "",
        seo_keywords: "[]",
        created_at: at,
        updated_at: at,
      }));
      await trx.insertInto("notes").values(rows).execute();
    }
    const topics = ["Revision plan", "Exam stress", "NCERT exemplar", "Sample papers", "Board answers"];
    for (let i = 0; i < scale.posts; i += 200) {
      const rows = Array.from({ length: Math.min(200, scale.posts - i) }, (_, j) => {
        const n = i + j;
        const topic = topics[n % topics.length] ?? "";
        return {
          slug: `study-post-${n + 1}`,
          title: `${topic} ${n + 1}: what toppers do`,
          date: "2026-01-01",
          author: "Bench",
          tag: ["Exam Tips", "Study Skills", "NCERT"][n % 3] ?? "",
          category: "Guides",
          excerpt: `${topic}: a practical plan for CBSE students.`,
          content: `<p>${topic} is easier with a plan. Revise the syllabus, practise numericals and keep a notebook of mistakes.</p>`,
          status: n % 5 === 0 ? ("draft" as const) : ("published" as const),
          featured: 0,
          image: "",
          featured_image_alt: "",
          seo_title: "",
          seo_description: "",
          seo_keywords: "[]",
          canonical_url: "",
          social_title: "",
          social_description: "",
          social_image: "",
          allow_comments: 1,
          view_count: 0,
          like_count: 0,
          created_at: at,
          updated_at: at,
        };
      });
      await trx.insertInto("posts").values(rows).execute();
    }
  });
  return { links };
}

type Query = { kind: string; query: SearchQuery };

/** ~1,000 realistic queries from the catalogue's own words, in a fixed mix. */
export async function realisticQueries(db: Database, count: number): Promise<Query[]> {
  const sample = await db.selectFrom("chapters").select("title").where("id", "<=", 4000).execute();
  const topicWords = [
    ...new Set(
      sample.flatMap((c) =>
        c.title
          .toLowerCase()
          .split(/[^a-z]+/)
          .filter((w) => w.length >= 5 && w !== "topic"),
      ),
    ),
  ].sort();
  const random = prng(13);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
  const typo = (word: string) => {
    const at = 1 + Math.floor(random() * (word.length - 2));
    return `${word.slice(0, at)}${word[at + 1] ?? ""}${word[at] ?? ""}${word.slice(at + 2)}`;
  };
  const makers: Array<[string, number, () => SearchQuery]> = [
    ["one word", 25, () => ({ q: pick(topicWords) })],
    [
      "two words",
      15,
      () => ({ q: `${pick(topicWords)} ${pick(["notes", "questions", "lecture", "revision"])}` }),
    ],
    ["prefix", 15, () => ({ q: pick(topicWords).slice(0, 4 + Math.floor(random() * 3)) })],
    ["Hindi", 15, () => ({ q: pick(HINDI_QUERIES) })],
    ["typo", 10, () => ({ q: typo(pick(topicWords)) })],
    [
      "no match",
      10,
      () => ({ q: `${pick(["zorblax", "qwertyuiop", "frobnicate", "xylq"])}${Math.floor(random() * 100)}` }),
    ],
    [
      "filtered",
      10,
      () => ({
        q: pick(topicWords),
        grade: pick([9, 10, 11, 12]),
        kind: pick([undefined, "chapters", "links", "posts"] as const),
        page: pick([1, 1, 2]),
      }),
    ],
  ];
  const total = makers.reduce((n, [, weight]) => n + weight, 0);
  const queries: Query[] = [];
  for (const [kind, weight, make] of makers) {
    for (let i = 0; i < Math.round((count * weight) / total); i++) queries.push({ kind, query: make() });
  }
  // Interleaved, as they would arrive.
  return queries.sort(() => random() - 0.5);
}

function latency(times: number[]): LatencyRow {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (p: number) =>
    sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
  const round = (v: number) => Math.round(v * 100) / 100;
  return {
    count: sorted.length,
    p50Ms: round(at(50)),
    p95Ms: round(at(95)),
    p99Ms: round(at(99)),
    maxMs: round(at(100)),
  };
}

async function measureEngine(
  engine: "sqlite" | "postgres",
  scale: SearchScale,
  count: number,
  tmp: string,
  log: (message: string) => void,
): Promise<SearchEngineResult> {
  const { db, schema, kept } = await openCatalogue(engine, tmp);
  try {
    let seedSeconds = 0;
    let reindexSeconds = 0;
    let links: number;
    let documents: number;
    if (kept) {
      log(`search ${engine}: reusing the kept catalogue (BENCH_SEARCH_KEEP)`);
      const rows = (table: "chapter_links" | "search_documents") =>
        db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as("n"))
          .executeTakeFirst()
          .then((row) => Number(row?.n));
      links = await rows("chapter_links");
      documents = await rows("search_documents");
    } else {
      log(`search ${engine}: seeding ${scale.chapters} chapters, ${scale.notes} notes, ${scale.posts} posts`);
      let started = performance.now();
      ({ links } = await seedSearchCatalogue(db, scale));
      seedSeconds = (performance.now() - started) / 1000;
      log(`search ${engine}: rebuilding the index from scratch`);
      started = performance.now();
      ({ documents } = await reindex(db));
      reindexSeconds = (performance.now() - started) / 1000;
      // A running PostgreSQL has autovacuum: its visibility map lets counts skip the table.
      if (engine === "postgres") await sql`vacuum analyze search_documents`.execute(db);
    }
    const indexBytes = await searchIndexBytes(db);
    log(
      `search ${engine}: ${documents} documents, ${(indexBytes / 1e6).toFixed(0)} MB, rebuilt in ${reindexSeconds.toFixed(1)} s`,
    );

    const queries = await realisticQueries(db, count);
    await quiet(log);
    const meter = otherWorkMeter();
    // Warm-up: the first queries load pages into the cache, as a running server would have.
    for (const { query } of queries.slice(0, 100)) await search(db, query);
    const times: number[] = [];
    const cpuTimes: number[] = [];
    const byKind = new Map<string, number[]>();
    for (const { kind, query } of queries) {
      const cpu = process.cpuUsage();
      const t = performance.now();
      await search(db, query);
      const elapsed = performance.now() - t;
      const used = process.cpuUsage(cpu);
      times.push(elapsed);
      cpuTimes.push((used.user + used.system) / 1000);
      byKind.set(kind, [...(byKind.get(kind) ?? []), elapsed]);
    }
    const prefixes = queries.filter((q) => q.kind === "prefix" || q.kind === "Hindi").map((q) => q.query.q);
    const suggestTimes: number[] = [];
    for (const q of prefixes) {
      const t = performance.now();
      await suggest(db, q);
      suggestTimes.push(performance.now() - t);
    }
    const otherWorkPercent = Math.round(meter.stop() * 100);
    const all = latency(times);
    log(
      `search ${engine}: p50 ${all.p50Ms} ms, p95 ${all.p95Ms} ms, p99 ${all.p99Ms} ms over ${all.count} queries (other work: ${otherWorkPercent}% of the CPUs)`,
    );
    return {
      engine,
      cpu: latency(cpuTimes),
      otherWorkPercent,
      documents,
      links,
      seedSeconds,
      reindexSeconds,
      indexBytes,
      all,
      byKind: Object.fromEntries([...byKind].map(([kind, list]) => [kind, latency(list)])),
      suggestions: latency(suggestTimes),
    };
  } finally {
    await db.destroy();
    if (schema && !process.env.BENCH_SEARCH_KEEP) {
      const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
      await admin.connect();
      await admin.query(`drop schema ${schema} cascade`);
      await admin.end();
    }
  }
}

/**
 * The engine's database: a fresh one (a schema of its own, or a file in `tmp`), or the one
 * BENCH_SEARCH_KEEP names, `kept` when it already holds a seeded catalogue.
 */
async function openCatalogue(
  engine: "sqlite" | "postgres",
  tmp: string,
): Promise<{ db: Database; schema: string; kept: boolean }> {
  const keep = process.env.BENCH_SEARCH_KEEP;
  if (keep !== undefined && !/^\w+$/.test(keep))
    throw new Error("BENCH_SEARCH_KEEP: letters, digits and _ only");
  let db: Database;
  let schema = "";
  if (engine === "sqlite") {
    const file = keep
      ? path.resolve(import.meta.dirname, "..", `data/scratch/bench-search-${keep}.db`)
      : path.join(tmp, "search.db");
    db = await openDatabase({ kind: "sqlite", file }, { unlimitedStatements: true });
  } else {
    schema = `cw_bench_search_${keep ?? randomBytes(4).toString("hex")}`;
    const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await admin.connect();
    await admin.query(`create schema if not exists ${schema}`);
    await admin.end();
    db = await openDatabase(
      { kind: "postgres", url: TEST_DATABASE_URL },
      { schema, unlimitedStatements: true },
    );
  }
  // A kept catalogue is reused once its seeding and rebuild finished (a search document is the last thing written).
  const kept =
    keep !== undefined &&
    (await db.selectFrom("search_documents").select("ref_id").limit(1).executeTakeFirst()) !== undefined;
  return { db, schema, kept };
}

/** Waits (up to BENCH_IDLE_WAIT s, 180) for other work on the machine to calm down before timing. */
async function quiet(log: (message: string) => void): Promise<void> {
  const deadline = Date.now() + Number(process.env.BENCH_IDLE_WAIT ?? 180) * 1000;
  let busy = await machineBusy();
  if (busy >= IDLE_BELOW)
    log(`search: the machine is ${Math.round(busy * 100)}% busy; waiting for it to calm down`);
  while (busy >= IDLE_BELOW && Date.now() < deadline) busy = await machineBusy();
}

/** Seeds each engine at `scale` and measures it; PostgreSQL at TEST_DATABASE_URL. */
export async function measureSearch(options: {
  scale: SearchScale;
  engines: ("sqlite" | "postgres")[];
  queries?: number;
  tmp: string;
  log: (message: string) => void;
}): Promise<SearchBenchResults> {
  const queries = options.queries ?? 1000;
  const engines: SearchEngineResult[] = [];
  for (const engine of options.engines) {
    engines.push(await measureEngine(engine, options.scale, queries, options.tmp, options.log));
  }
  return { scale: options.scale, queries, engines };
}

export function searchPasses(engine: SearchEngineResult): boolean {
  return engine.all.p95Ms < SEARCH_TARGETS.p95Ms;
}

/** The rows as Markdown tables (used by bench/report.ts and the standalone run). */
export function searchTable(r: SearchBenchResults): string {
  const head = [
    "engine",
    "p50",
    "p95",
    "p99",
    "max",
    "p95 CPU in this process",
    "other work",
    "suggestions p95",
    "documents",
    "index size",
    "rebuild",
    "verdict",
  ];
  const lines = [head, head.map(() => "---")].map((cells) => `| ${cells.join(" | ")} |`);
  for (const e of r.engines) {
    lines.push(
      `| ${e.engine} | ${e.all.p50Ms} ms | ${e.all.p95Ms} ms | ${e.all.p99Ms} ms | ${e.all.maxMs} ms | ${e.cpu.p95Ms} ms | ${e.otherWorkPercent}% | ${e.suggestions.p95Ms} ms | ${e.documents.toLocaleString("en")} | ${(e.indexBytes / 1e6).toFixed(0)} MB | ${e.reindexSeconds.toFixed(1)} s | ${searchPasses(e) ? "PASS" : "**FAIL**"} |`,
    );
  }
  const kinds = [...new Set(r.engines.flatMap((e) => Object.keys(e.byKind)))];
  const kindHead = ["query kind", ...r.engines.map((e) => `${e.engine} p95`)];
  const kindLines = [kindHead, kindHead.map(() => "---")].map((cells) => `| ${cells.join(" | ")} |`);
  for (const kind of kinds) {
    kindLines.push(`| ${kind} | ${r.engines.map((e) => `${e.byKind[kind]?.p95Ms ?? "–"} ms`).join(" | ")} |`);
  }
  // PostgreSQL's server works for the queries too, on one CPU at most: only more than that is others'.
  const disturbed = r.engines
    .filter((e) => e.otherWorkPercent >= (e.engine === "postgres" ? 60 : 10))
    .map((e) => e.engine);
  const note =
    disturbed.length > 0
      ? `\n\nOther work on the machine was heavy while ${disturbed.join(" and ")} was measured: those times are disturbed (run again on an idle machine).`
      : "";
  return `${lines.join("\n")}\n\n${kindLines.join("\n")}${note}`;
}

// Standalone: `node bench/search.ts [--small]`.
if (import.meta.url === `file://${process.argv[1]}`) {
  const small = process.argv.includes("--small");
  const chapters = small ? 10_000 : Number(process.env.BENCH_SEARCH_CHAPTERS || 100_000);
  const scale = { chapters, notes: chapters, posts: Math.round(chapters / 10) };
  const engines = (process.env.BENCH_SEARCH_ENGINES || "sqlite,postgres")
    .split(",")
    .map((e) => e.trim())
    .filter((e): e is "sqlite" | "postgres" => e === "sqlite" || e === "postgres");
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "cw-search-bench-"));
  try {
    const results = await measureSearch({
      scale,
      engines,
      tmp,
      log: (message) => console.log(`[bench ${new Date().toISOString().slice(11, 19)}] ${message}`),
    });
    const root = path.resolve(import.meta.dirname, "..");
    fs.writeFileSync(path.join(root, "bench/search-results.json"), `${JSON.stringify(results, null, 2)}\n`);
    console.log(searchTable(results));
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}
