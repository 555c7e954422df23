// A lean server (issue 17, README, Speed): the production server's resident memory under
// load over many distinct pages (so the page store fills, in every encoding), the CPU a page
// rendered afresh costs with its breakdown (loaders, their statements, React's render, HTML
// post-processing, from `page_render_seconds` on /metrics), cold start to the first answered
// request, and the time a /metrics scrape takes, at 100,000 chapters.
//
// Run alone with `node bench/server-lean.ts` (writes bench/server-lean-results.json, prints a table):
//   --small              10,000 chapters: a quick try
//   --no-lists           the load without the class pages and the blog list (they list everything)
//   BENCH_LEAN_CHAPTERS  chapters (default 100000; notes as many, posts a tenth)
//   BENCH_LEAN_DURATION  seconds of load for the memory figure (default 30)
//   BENCH_BUILD_DIR      the build to run (default build-lean; built if missing or stale)
//   BENCH_LEAN_DB        a database file to keep: seeded when missing, used as it is when there, to try
//                        a change without seeding again (the results are then not written)
// or as part of `npm run bench`, which puts the rows in bench/RESULTS.md.
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { type Database, openDatabase } from "#app/server/db.server.ts";
import { reindex } from "#app/server/search/search.server.ts";
import { buildIfNeeded } from "../cli/build-if-needed.ts";
import {
  cpuMs,
  IDLE_BELOW,
  machineBusy,
  mainThreadCpuMs,
  otherWorkMeter,
  procStatusKb,
  sampleMemory,
} from "./load.ts";
import { seedSearchCatalogue } from "./search.ts";
import { assertPortFree, ownChild, startProductionServer, stopChild } from "./server.ts";

export const LEAN_TARGETS = { rssMb: 250, renderCpuMs: 4, coldStartMs: 1000, metricsP95Ms: 50 } as const;

export type LeanPhases = { loaders: number; queries: number; render: number; post: number };
export type LeanResults = {
  chapters: number;
  seedSeconds: number;
  /** The server's environment beyond the start script's (cli/start.sh), e.g. MALLOC_ARENA_MAX to compare. */
  serverEnv: Record<string, string>;
  memory: {
    /** Whether the class pages and the blog list were in the load. */
    lists: boolean;
    connections: number;
    durationS: number;
    distinctUrls: number;
    requests: number;
    rps: number;
    non2xx: number;
    errors: number;
    /** Before the load (after start and one page of each kind). */
    idleRssKb: number;
    /** The highest VmRSS sampled every 100 ms under load. */
    peakRssKb: number;
    /** VmRSS 5 s after the load ended. */
    settledRssKb: number;
    /** The kernel's own peak (VmHWM) over the process's life. */
    hwmKb: number | null;
    pageStore: { entries: number; bytes: number };
    /** V8's heap (reserved and used) and memory outside it held by JS objects (Buffers), after the load. */
    heap: { totalMb: number; usedMb: number; externalMb: number };
  };
  render: {
    /** Distinct chapter pages, each asked once, one at a time, uncompressed: every one a cache miss. */
    pages: number;
    /** Server process CPU (user + system, /proc) per page. */
    cpuMsPerPage: number;
    /** Of it, the main thread's (the rest is V8's helper threads: garbage collection, compiling). */
    mainThreadMsPerPage?: number;
    /** The same with `Accept-Encoding: br, gzip` (the compression of the answer included). */
    cpuMsPerPageCompressed: number;
    wallMsP50: number;
    wallMsP95: number;
    /** Mean ms per page in each phase (page_render_seconds): loaders include their queries. */
    phases: LeanPhases;
    htmlBytes: number;
    otherWorkPercent: number;
    /** Other pages rendered afresh the same way: a chapter page with a link filter, a class page. */
    others?: FreshRenders[];
  };
  coldStart: { runsMs: number[]; medianMs: number; healthzMedianMs: number };
  metricsScrape: { scrapes: number; p50Ms: number; p95Ms: number; maxMs: number; bytes: number };
};

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const median = (values: number[]) => percentile(values, 50);
function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? 0;
}
const round2 = (v: number) => Math.round(v * 100) / 100;

/** A seeded PRNG (mulberry32): the same mix of addresses every run. */
function prng(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Distinct pages of one kind, each asked once, one at a time, uncompressed. */
export type FreshRenders = {
  kind: string;
  example: string;
  pages: number;
  cpuMsPerPage: number;
  wallMsP50: number;
  wallMsP95: number;
  htmlBytes: number;
};

export type Catalogue = {
  chapterPaths: string[];
  classPaths: string[];
  postPaths: string[];
  searchWords: string[];
};

/** CPU and wall time of asking for each of `paths` once, one at a time, uncompressed. */
async function freshRenders(
  origin: string,
  pid: number,
  kind: string,
  paths: string[],
): Promise<FreshRenders> {
  const cpuBefore = cpuMs(pid) ?? 0;
  const times = await oneByOne(origin, paths, "identity");
  const cpuAfter = cpuMs(pid) ?? 0;
  const example = paths[0] ?? "/";
  const sample = await fetch(origin + example, { headers: { "accept-encoding": "identity" } });
  return {
    kind,
    example,
    pages: paths.length,
    cpuMsPerPage: round2((cpuAfter - cpuBefore) / Math.max(1, paths.length)),
    wallMsP50: round2(median(times)),
    wallMsP95: round2(percentile(times, 95)),
    htmlBytes: (await sample.arrayBuffer()).byteLength,
  };
}

/**
 * Pages of a class (a subject's cards, 60 a page), each address once: a subject's first pages, so
 * every one is in the catalogue however few chapters it has.
 */
export function classPages(c: Catalogue, perSubject: number): string[] {
  const subjects = c.classPaths.filter((p) => p.includes("?subject="));
  return Array.from({ length: perSubject }, (_, k) =>
    subjects.map((p) => (k === 0 ? p : `${p}&page=${k + 1}`)),
  ).flat();
}

export async function catalogueOf(db: Database): Promise<Catalogue> {
  const chapters = await db.selectFrom("chapters").select(["grade", "slug"]).orderBy("id").execute();
  const subjects = await db.selectFrom("subjects").select(["grade", "code"]).execute();
  const posts = await db
    .selectFrom("posts")
    .select("slug")
    .where("status", "=", "published")
    .orderBy("id")
    .limit(2000)
    .execute();
  return {
    chapterPaths: chapters.map((c) => `/class/${c.grade}/chapter/${c.slug}`),
    classPaths: [
      ...[9, 10, 11, 12].map((g) => `/class/${g}`),
      ...subjects.map((s) => `/class/${s.grade}?subject=${encodeURIComponent(s.code)}`),
    ],
    postPaths: posts.map((p) => `/blog/${p.slug}`),
    searchWords: ["electro", "motion", "revision", "algebra", "cells", "प्रकाश", "plan", "notes"],
  };
}

/**
 * The bench's load over many distinct addresses, as a site's visitors make it: most visits to
 * chapter pages (thousands of them, a popular few often), then classes, home, blog, posts,
 * guides and searches; browsers' encodings (most brotli, some gzip only, a few none).
 */
function visitMix(
  c: Catalogue,
  chapterPool: number,
  lists: boolean,
): () => { path: string; encoding: string } {
  const random = prng(17);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
  // The chapters visited: spread over the catalogue, not its first rows.
  const even = c.chapterPaths.filter((_, i) => i % 2 === 0);
  const step = Math.max(1, Math.floor(even.length / chapterPool));
  const chapters = even.filter((_, i) => i % step === 0).slice(0, chapterPool);
  return () => {
    const r = random();
    let p: string;
    if (r < 0.5) {
      // A popular tenth gets half of the chapter visits.
      p = random() < 0.5 ? pick(chapters.slice(0, Math.ceil(chapters.length / 10))) : pick(chapters);
    } else if (r < 0.62) p = lists ? pick(c.classPaths) : "/";
    else if (r < 0.7) p = "/";
    else if (r < 0.75) p = lists ? "/blog" : "/about";
    else if (r < 0.87) p = pick(c.postPaths);
    else if (r < 0.9) p = pick(["/about", "/guide/9", "/guide/10", "/guide/11", "/guide/12"]);
    else p = `/search?q=${encodeURIComponent(pick(c.searchWords))}`;
    const e = random();
    return { path: p, encoding: e < 0.7 ? "br, gzip" : e < 0.95 ? "gzip" : "identity" };
  };
}

async function scrape(origin: string, token: string): Promise<string> {
  const response = await fetch(`${origin}/metrics`, { headers: { authorization: `Bearer ${token}` } });
  if (response.status !== 200) throw new Error(`/metrics answered ${response.status}`);
  return response.text();
}

/** Sum and count of each phase of page_render_seconds, from the Prometheus text. */
function renderPhases(text: string): Record<string, { sum: number; count: number }> {
  const out: Record<string, { sum: number; count: number }> = {};
  for (const m of text.matchAll(/^page_render_seconds_(sum|count)\{phase="(\w+)"\} ([\d.e+-]+)$/gm)) {
    const [, kind, phase = "", value] = m;
    out[phase] ??= { sum: 0, count: 0 };
    out[phase][kind as "sum" | "count"] = Number(value);
  }
  return out;
}

/** Asks for each path once, one at a time; returns the wall time of each in ms. */
async function oneByOne(origin: string, paths: string[], encoding: string): Promise<number[]> {
  const times: number[] = [];
  for (const p of paths) {
    const started = performance.now();
    const response = await fetch(origin + p, { headers: { "accept-encoding": encoding } });
    await response.arrayBuffer();
    times.push(performance.now() - started);
    if (response.status !== 200) throw new Error(`${p} answered ${response.status}`);
  }
  return times;
}

/** Waits (up to BENCH_IDLE_WAIT s, 180) for other work on the machine to calm down before timing. */
async function quiet(log: (message: string) => void): Promise<void> {
  const deadline = Date.now() + Number(process.env.BENCH_IDLE_WAIT ?? 180) * 1000;
  let busy = await machineBusy();
  if (busy >= IDLE_BELOW)
    log(`lean: the machine is ${Math.round(busy * 100)}% busy; waiting for it to calm down`);
  while (busy >= IDLE_BELOW && Date.now() < deadline) busy = await machineBusy();
}

/** Starts the server as `npm start` does (cli/start.sh, which execs `node server.ts`) and times it to its first 200 from `/` (and /healthz). */
async function coldStart(options: {
  root: string;
  port: number;
  env: Record<string, string>;
  logFile: string;
}): Promise<{ rootMs: number; healthzMs: number }> {
  await assertPortFree(options.port);
  const origin = `http://127.0.0.1:${options.port}`;
  const log = fs.openSync(options.logFile, "a");
  const started = performance.now();
  const child = ownChild(
    spawn("sh", ["cli/start.sh"], {
      cwd: options.root,
      env: { ...process.env, ...options.env, NODE: process.execPath, PORT: String(options.port) },
      stdio: ["ignore", log, log],
    }),
  );
  fs.closeSync(log);
  try {
    let healthzMs = 0;
    const deadline = Date.now() + 30_000;
    while (Date.now() < deadline) {
      if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode}`);
      try {
        const response = await fetch(`${origin}/`);
        await response.arrayBuffer();
        if (response.status === 200) {
          const rootMs = performance.now() - started;
          const health = await fetch(`${origin}/healthz`);
          await health.arrayBuffer();
          healthzMs = performance.now() - started;
          return { rootMs, healthzMs };
        }
      } catch {
        // not listening yet
      }
      await sleep(5);
    }
    throw new Error("no 200 from / within 30 s");
  } finally {
    await stopChild(child);
  }
}

export async function measureServerLean(options: {
  root: string;
  buildDir: string;
  tmp: string;
  ports: { load: number; cold: number };
  chapters: number;
  durationS?: number;
  connections?: number;
  /**
   * Whether the load asks for the class pages and the blog list, which list every chapter of a class
   * and every post (3.4 MB and 12 MB of HTML at 100,000 chapters): false measures the server without them.
   */
  lists?: boolean;
  /** A database file: seeded when missing, used as it is when there (for quick tries). */
  database?: string;
  log: (message: string) => void;
}): Promise<LeanResults> {
  const { root, buildDir, tmp, log } = options;
  const durationS = options.durationS ?? 30;
  const connections = options.connections ?? 50;
  const file = options.database ?? path.join(tmp, "lean.db");
  const scale = {
    chapters: options.chapters,
    notes: options.chapters,
    posts: Math.round(options.chapters / 10),
  };

  const seeded = options.database !== undefined && fs.existsSync(options.database);
  if (!seeded) log(`lean: seeding ${scale.chapters} chapters, ${scale.notes} notes, ${scale.posts} posts`);
  const seedStarted = performance.now();
  const db = await openDatabase({ kind: "sqlite", file }, { unlimitedStatements: true });
  let catalogue: Catalogue;
  try {
    if (!seeded) {
      await seedSearchCatalogue(db, scale);
      await reindex(db);
    }
    catalogue = await catalogueOf(db);
  } finally {
    await db.destroy();
  }
  const seedSeconds = (performance.now() - seedStarted) / 1000;

  const token = randomBytes(24).toString("hex");
  // The server runs through the start script (cli/start.sh); a MALLOC_ARENA_MAX given here overrides its own.
  const serverEnv: Record<string, string> = {};
  if (process.env.MALLOC_ARENA_MAX !== undefined) serverEnv.MALLOC_ARENA_MAX = process.env.MALLOC_ARENA_MAX;
  const env = { METRICS_TOKEN: token, ...serverEnv };

  log("lean: starting the production server");
  const server = await startProductionServer({
    name: "lean",
    root,
    port: options.ports.load,
    databaseFile: file,
    buildDir,
    logDir: tmp,
    env,
  });
  try {
    // Fresh renders: chapters never asked before, one at a time, with a warm-up of others first.
    const n = Math.min(400, Math.floor(catalogue.chapterPaths.length / 8));
    // Odd rows: none of them is ever in the load's mix (which takes even rows).
    const pool = catalogue.chapterPaths.filter((_, i) => i % 2 === 1);
    // A warm server (its code optimised by V8) is what budgets are about: 2,000 pages first. After
    // 500, a fresh chapter page still cost 5.05 ms, then 4.10, 3.83, 3.63, 3.45 ms in the next four
    // rounds of 400 (2026-11-29, load 3.5); it settles past some 1,500 (V8 optimises a function only
    // after many calls, and this release's pages run more code).
    const warm = Math.min(2000, Math.floor(pool.length / 4));
    const warmup = pool.slice(0, warm);
    const measured = pool.slice(warm, warm + n);
    const measuredCompressed = pool.slice(warm + n, warm + 2 * n);
    await oneByOne(server.origin, warmup, "identity");
    await quiet(log);
    log(`lean: ${measured.length} fresh chapter pages one at a time`);
    const meter = otherWorkMeter();
    const before = renderPhases(await scrape(server.origin, token));
    const cpuBefore = cpuMs(server.pid) ?? 0;
    const mainBefore = mainThreadCpuMs(server.pid) ?? 0;
    const times = await oneByOne(server.origin, measured, "identity");
    const cpuAfter = cpuMs(server.pid) ?? 0;
    const mainAfter = mainThreadCpuMs(server.pid) ?? 0;
    const after = renderPhases(await scrape(server.origin, token));
    const cpuCompressedBefore = cpuMs(server.pid) ?? 0;
    await oneByOne(server.origin, measuredCompressed, "br, gzip");
    const cpuCompressedAfter = cpuMs(server.pid) ?? 0;
    // A chapter page with a link filter (its own stored page: docs/decisions/0025) and the pages of
    // a class's cards, each never asked before, the same way.
    const filters = ["?lang=hi", "?type=sample-paper", "?lang=en&type=notes"];
    const filtered = pool
      .slice(warm + 2 * n, warm + 4 * n)
      .map((p, i) => `${p}${filters[i % filters.length]}`);
    // Hindi chapter pages (/hi/class/...: issue 32, the same budgets as the English ones) and a
    // Hindi class page.
    const hindi = pool.slice(warm + 4 * n, warm + 6 * n).map((p) => `/hi${p}`);
    const hindiClasses = classPages(catalogue, 8).map((p) => `/hi${p}`);
    // Each kind warmed by pages of its own first (a class page's code is cold after chapter pages):
    // its second half (class pages 5 to 8 of each subject), then its first half is measured.
    const classes = classPages(catalogue, 8);
    const others: FreshRenders[] = [];
    for (const [kind, paths] of [
      ["chapter pages with a link filter", filtered],
      ["class pages (a subject, a page of cards)", classes],
      ["Hindi chapter pages", hindi],
      ["Hindi class pages", hindiClasses],
    ] as const) {
      const half = Math.floor(paths.length / 2);
      await oneByOne(server.origin, paths.slice(half), "identity");
      others.push(await freshRenders(server.origin, server.pid, kind, paths.slice(0, half)));
    }
    const otherWorkPercent = Math.round(meter.stop() * 100);
    const phase = (name: keyof LeanPhases) => {
      const a = after[name] ?? { sum: 0, count: 0 };
      const b = before[name] ?? { sum: 0, count: 0 };
      return a.count > b.count ? round2(((a.sum - b.sum) * 1000) / (a.count - b.count)) : 0;
    };
    const sample = await fetch(server.origin + (measured[0] ?? "/"), {
      headers: { "accept-encoding": "identity" },
    });
    const htmlBytes = (await sample.arrayBuffer()).byteLength;
    const render: LeanResults["render"] = {
      pages: measured.length,
      cpuMsPerPage: round2((cpuAfter - cpuBefore) / measured.length),
      mainThreadMsPerPage: round2((mainAfter - mainBefore) / measured.length),
      cpuMsPerPageCompressed: round2((cpuCompressedAfter - cpuCompressedBefore) / measuredCompressed.length),
      wallMsP50: round2(median(times)),
      wallMsP95: round2(percentile(times, 95)),
      phases: {
        loaders: phase("loaders"),
        queries: phase("queries"),
        render: phase("render"),
        post: phase("post"),
      },
      htmlBytes,
      otherWorkPercent,
      others,
    };
    for (const o of others)
      log(
        `lean: ${o.pages} ${o.kind}: ${o.cpuMsPerPage} ms CPU each, wall p50 ${o.wallMsP50} ms, p95 ${o.wallMsP95} ms`,
      );
    log(
      `lean: ${render.cpuMsPerPage} ms CPU per fresh page (main thread ${render.mainThreadMsPerPage} ms; ${render.cpuMsPerPageCompressed} ms compressed); loaders ${render.phases.loaders} ms (queries ${render.phases.queries}), render ${render.phases.render} ms, post ${render.phases.post} ms`,
    );

    // Memory under load over many distinct addresses.
    const lists = options.lists ?? true;
    const next = visitMix(catalogue, 3000, lists);
    const distinct = new Set<string>();
    const idleRssKb = procStatusKb(server.pid, "VmRSS") ?? 0;
    await quiet(log);
    log(`lean: ${durationS} s of load, ${connections} connections, many distinct pages`);
    const sampler = sampleMemory(server.pid);
    const result = await autocannon({
      url: server.origin,
      connections,
      duration: durationS,
      requests: [
        {
          setupRequest: (request) => {
            const visit = next();
            distinct.add(visit.path);
            return { ...request, path: visit.path, headers: { "accept-encoding": visit.encoding } };
          },
        },
      ],
    });
    const { maxRssKb: peakRssKb } = sampler.stop();
    await sleep(5000);
    const settledRssKb = procStatusKb(server.pid, "VmRSS") ?? 0;
    const hwmKb = procStatusKb(server.pid, "VmHWM");

    // Scrapes, with the histograms and the page store full.
    const scrapeTimes: number[] = [];
    let text = "";
    for (let i = 0; i < 55; i++) {
      const started = performance.now();
      text = await scrape(server.origin, token);
      if (i >= 5) scrapeTimes.push(performance.now() - started);
    }
    const gauge = (name: string) => Number(new RegExp(`^${name} ([\\d.e+-]+)$`, "m").exec(text)?.[1] ?? 0);
    const memory: LeanResults["memory"] = {
      lists,
      connections,
      durationS,
      distinctUrls: distinct.size,
      requests: result.requests.total,
      rps: Math.round(result.requests.average),
      non2xx: result.non2xx,
      errors: result.errors,
      idleRssKb,
      peakRssKb,
      settledRssKb,
      hwmKb,
      pageStore: { entries: gauge("page_store_entries"), bytes: gauge("page_store_bytes") },
      heap: {
        totalMb: Math.round(gauge("nodejs_heap_size_total_bytes") / 2 ** 20),
        usedMb: Math.round(gauge("nodejs_heap_size_used_bytes") / 2 ** 20),
        externalMb: Math.round(gauge("nodejs_external_memory_bytes") / 2 ** 20),
      },
    };
    log(
      `lean: RSS peak ${Math.round(peakRssKb / 1024)} MB, settled ${Math.round(settledRssKb / 1024)} MB, HWM ${Math.round((hwmKb ?? 0) / 1024)} MB; ${memory.rps} req/s over ${distinct.size} addresses; store ${memory.pageStore.entries} pages, ${(memory.pageStore.bytes / 1e6).toFixed(1)} MB; heap ${memory.heap.usedMb}/${memory.heap.totalMb} MB, external ${memory.heap.externalMb} MB`,
    );
    const metricsScrape = {
      scrapes: scrapeTimes.length,
      p50Ms: round2(median(scrapeTimes)),
      p95Ms: round2(percentile(scrapeTimes, 95)),
      maxMs: round2(Math.max(...scrapeTimes)),
      bytes: Buffer.byteLength(text),
    };
    log(
      `lean: /metrics p50 ${metricsScrape.p50Ms} ms, p95 ${metricsScrape.p95Ms} ms, ${metricsScrape.bytes} bytes`,
    );
    await server.stop();

    await quiet(log);
    const runs: { rootMs: number; healthzMs: number }[] = [];
    for (let i = 0; i < 5; i++) {
      runs.push(
        await coldStart({
          root,
          port: options.ports.cold,
          logFile: path.join(tmp, "cold-start.log"),
          env: {
            ...env,
            NODE_ENV: "production",
            HOST: "127.0.0.1",
            DATABASE_URL: file,
            BUILD_DIR: buildDir,
            SITE_URL: `http://127.0.0.1:${options.ports.cold}`,
            LINK_CHECK: "off",
          },
        }),
      );
    }
    const coldStartRow = {
      runsMs: runs.map((r) => Math.round(r.rootMs)),
      medianMs: Math.round(median(runs.map((r) => r.rootMs))),
      healthzMedianMs: Math.round(median(runs.map((r) => r.healthzMs))),
    };
    log(
      `lean: cold start to the first 200 from / ${coldStartRow.medianMs} ms (runs ${coldStartRow.runsMs.join(", ")})`,
    );
    return {
      chapters: scale.chapters,
      seedSeconds,
      serverEnv,
      memory,
      render,
      coldStart: coldStartRow,
      metricsScrape,
    };
  } finally {
    await server.stop();
  }
}

/** Each row against its budget. */
export function leanVerdicts(r: LeanResults): { target: string; figure: string; pass: boolean }[] {
  const mb = (kb: number) => `${Math.round(kb / 1024)} MB`;
  const p = r.render.phases;
  return [
    {
      target: `Server RSS under load < ${LEAN_TARGETS.rssMb} MB (peak)`,
      figure: `${mb(r.memory.peakRssKb)} peak, ${mb(r.memory.settledRssKb)} settled`,
      pass: r.memory.peakRssKb < LEAN_TARGETS.rssMb * 1024,
    },
    {
      target: `CPU per fresh render ≤ ${LEAN_TARGETS.renderCpuMs} ms`,
      figure: `${r.render.cpuMsPerPage} ms (loaders ${p.loaders} ms of which queries ${p.queries} ms, render ${p.render} ms, post-processing ${p.post} ms)`,
      pass: r.render.cpuMsPerPage <= LEAN_TARGETS.renderCpuMs,
    },
    ...(r.render.others ?? []).map((o) => ({
      target: `CPU per fresh render ≤ ${LEAN_TARGETS.renderCpuMs} ms: ${o.kind}`,
      figure: `${o.cpuMsPerPage} ms (${o.pages} pages such as \`${o.example}\`, ${(o.htmlBytes / 1000).toFixed(0)} KB of HTML)`,
      pass: o.cpuMsPerPage <= LEAN_TARGETS.renderCpuMs,
    })),
    {
      target: `Cold start to the first 200 from / < ${LEAN_TARGETS.coldStartMs / 1000} s`,
      figure: `${r.coldStart.medianMs} ms (median of ${r.coldStart.runsMs.length})`,
      pass: r.coldStart.medianMs < LEAN_TARGETS.coldStartMs,
    },
    {
      target: `/metrics scrape p95 < ${LEAN_TARGETS.metricsP95Ms} ms at ${r.chapters.toLocaleString("en")} chapters`,
      figure: `${r.metricsScrape.p95Ms} ms`,
      pass: r.metricsScrape.p95Ms < LEAN_TARGETS.metricsP95Ms,
    },
  ];
}

/** The rows as a Markdown table (used by bench/report.ts and the standalone run). */
export function leanTable(r: LeanResults): string {
  const m = r.memory;
  const x = r.render;
  const mb = (kb: number | null) => (kb === null ? "–" : `${Math.round(kb / 1024)} MB`);
  const lines = [
    "| measurement | figure | verdict |",
    "| --- | --- | --- |",
    ...leanVerdicts(r).map((v) => `| ${v.target} | ${v.figure} | ${v.pass ? "PASS" : "**FAIL**"} |`),
  ];
  const detail = [
    `Load${m.lists ? "" : " (without the class pages and the blog list)"}: ${m.durationS} s, ${m.connections} connections, ${m.requests.toLocaleString("en")} requests (${m.rps} req/s, ${m.non2xx} not 2xx, ${m.errors} errors) over ${m.distinctUrls.toLocaleString("en")} distinct addresses; RSS idle ${mb(m.idleRssKb)}, peak ${mb(m.peakRssKb)}, 5 s after ${mb(m.settledRssKb)}, VmHWM ${mb(m.hwmKb)}; page store ${m.pageStore.entries} pages, ${(m.pageStore.bytes / 1e6).toFixed(1)} MB; after the load V8's heap ${m.heap.usedMb} MB used of ${m.heap.totalMb} MB, ${m.heap.externalMb} MB outside it (Buffers).`,
    `Fresh renders: ${x.pages} chapter pages (${(x.htmlBytes / 1000).toFixed(0)} KB of HTML) one at a time, uncompressed: ${x.cpuMsPerPage} ms CPU each${x.mainThreadMsPerPage === undefined ? "" : `, ${x.mainThreadMsPerPage} ms of it on the main thread (the rest V8's helper threads: garbage collection, compiling)`} (${x.cpuMsPerPageCompressed} ms when the answer is compressed for \`br, gzip\`), wall p50 ${x.wallMsP50} ms, p95 ${x.wallMsP95} ms; other work ${x.otherWorkPercent}%.`,
    `Cold start runs: ${r.coldStart.runsMs.join(", ")} ms (/healthz right after: median ${r.coldStart.healthzMedianMs} ms). /metrics: p50 ${r.metricsScrape.p50Ms} ms, max ${r.metricsScrape.maxMs} ms, ${(r.metricsScrape.bytes / 1000).toFixed(0)} KB.`,
    Object.keys(r.serverEnv).length > 0
      ? `Server environment: ${Object.entries(r.serverEnv)
          .map(([k, v]) => `${k}=${v}`)
          .join(" ")}.`
      : "",
  ].filter(Boolean);
  return `${lines.join("\n")}\n\n${detail.join("\n\n")}`;
}

// Standalone: `node bench/server-lean.ts [--small]`.
if (import.meta.url === `file://${process.argv[1]}`) {
  const small = process.argv.includes("--small");
  const chapters = small ? 10_000 : Number(process.env.BENCH_LEAN_CHAPTERS || 100_000);
  const root = path.resolve(import.meta.dirname, "..");
  const buildDir = process.env.BENCH_BUILD_DIR || "build-lean";
  process.env.BUILD_DIR = buildDir;
  buildIfNeeded(root);
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "cw-lean-bench-"));
  try {
    const results = await measureServerLean({
      root,
      buildDir,
      tmp,
      ports: { load: 3409, cold: 3410 },
      chapters,
      durationS: Number(process.env.BENCH_LEAN_DURATION || 30),
      lists: !process.argv.includes("--no-lists"),
      database: process.env.BENCH_LEAN_DB || undefined,
      log: (message) => console.log(`[bench ${new Date().toISOString().slice(11, 19)}] ${message}`),
    });
    if (!process.env.BENCH_LEAN_DB) {
      fs.writeFileSync(
        path.join(root, "bench/server-lean-results.json"),
        `${JSON.stringify(results, null, 2)}\n`,
      );
    }
    console.log(leanTable(results));
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}
