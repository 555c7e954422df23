// Sitemaps at scale (issue 30 item 3): the production server on BENCH_LARGE chapters; how long the
// first request for each sitemap takes (the build), how long every later one takes (kept, from
// memory), and what a burst of 200 requests from one client costs right after a content change.
// Standalone: `node bench/sitemap.ts` (BENCH_LARGE, BENCH_BUILD_DIR as for the full bench).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { openDatabase } from "#app/server/db.server.ts";
import { buildIfNeeded } from "../cli/build-if-needed.ts";
import { rawAnswer } from "./load.ts";
import { seedScale } from "./seed.ts";
import { startProductionServer, stopAllServers } from "./server.ts";

/**
 * Later requests under 50 ms. A burst after a change costs one build: it takes at most the same
 * burst with nothing to build plus 1.5 builds (a build per request would be 200 builds).
 */
export const SITEMAP_TARGETS = { laterMs: 50, burstBuilds: 1.5 };

export type SitemapBenchResults = {
  chapters: number;
  /** Each sitemap's first request: /sitemap.xml (it builds them all), then the numbered ones. */
  first: Array<{ path: string; ms: number; bytes: number; gzipBytes: number }>;
  /** Every later request, as a crawler asks (gzip). */
  later: { requests: number; medianMs: number; maxMs: number };
  /**
   * 200 requests at once right after a content change (`ms`), the same burst with nothing to build
   * (`keptMs`), and the first request's build (`buildMs`): the difference is what building cost.
   */
  burst: { requests: number; ms: number; keptMs: number; buildMs: number };
};

/** One request, timed to its last byte as sent (gzip stays packed: the client's unpacking is not the server's time). */
async function timed(url: string, acceptEncoding?: string) {
  const started = performance.now();
  const answer = await rawAnswer(url, acceptEncoding);
  if (answer.status !== 200) throw new Error(`${url} answered ${answer.status}`);
  return { ms: performance.now() - started, ...answer };
}

export async function measureSitemaps(options: {
  root: string;
  buildDir: string;
  tmp: string;
  port: number;
  chapters: number;
  /** A database already seeded with `chapters` (the full bench's); otherwise one is seeded here. */
  databaseFile?: string;
  log: (message: string) => void;
}): Promise<SitemapBenchResults> {
  let databaseFile = options.databaseFile;
  if (!databaseFile) {
    databaseFile = path.join(options.tmp, "sitemap.db");
    options.log(`seeding ${options.chapters.toLocaleString("en")} chapters`);
    const db = await openDatabase({ kind: "sqlite", file: databaseFile });
    try {
      await seedScale(db, options.chapters);
    } finally {
      await db.destroy();
    }
  }
  const server = await startProductionServer({
    root: options.root,
    buildDir: options.buildDir,
    logDir: options.tmp,
    name: "sitemap",
    port: options.port,
    databaseFile,
  });
  try {
    const first: SitemapBenchResults["first"] = [];
    const main = await timed(`${server.origin}/sitemap.xml`);
    first.push({ path: "/sitemap.xml", ms: main.ms, bytes: main.body.length, gzipBytes: 0 });
    const parts = [...main.body.toString("utf8").matchAll(/<loc>[^<]*(\/sitemap-\d+\.xml)<\/loc>/g)].map(
      (m) => m[1] ?? "",
    );
    for (const part of parts) {
      const plain = await timed(`${server.origin}${part}`);
      first.push({ path: part, ms: plain.ms, bytes: plain.body.length, gzipBytes: 0 });
    }
    const times: number[] = [];
    for (let round = 0; round < 10; round++) {
      for (const [i, entry] of first.entries()) {
        const kept = await timed(`${server.origin}${entry.path}`, "gzip");
        if (kept.contentEncoding !== "gzip") throw new Error(`${entry.path} was not sent gzip-compressed`);
        (first[i] as (typeof first)[number]).gzipBytes = kept.body.length;
        times.push(kept.ms);
      }
    }
    times.sort((a, b) => a - b);

    const burst = async () => {
      const started = performance.now();
      await Promise.all(Array.from({ length: 200 }, () => timed(`${server.origin}/sitemap.xml`, "gzip")));
      return performance.now() - started;
    };
    const keptMs = await burst();
    // A content change (the version every instance compares), then 200 requests at once.
    const db = new DatabaseSync(databaseFile);
    db.exec("update site_state set value = value + 1 where key = 'content_version'");
    db.close();
    const burstMs = await burst();
    return {
      chapters: options.chapters,
      first: first.map((f) => ({ ...f, ms: Math.round(f.ms) })),
      later: {
        requests: times.length,
        medianMs: Math.round((times[Math.floor(times.length / 2)] ?? 0) * 10) / 10,
        maxMs: Math.round((times.at(-1) ?? 0) * 10) / 10,
      },
      burst: {
        requests: 200,
        ms: Math.round(burstMs),
        keptMs: Math.round(keptMs),
        buildMs: Math.round(main.ms),
      },
    };
  } finally {
    await server.stop();
  }
}

export function sitemapVerdicts(x: SitemapBenchResults) {
  const at = `at ${x.chapters.toLocaleString("en")} chapters`;
  return [
    {
      target: `Sitemaps ${at}: every request after the first < ${SITEMAP_TARGETS.laterMs} ms`,
      figure: `median ${x.later.medianMs} ms, max ${x.later.maxMs} ms (first: ${x.first.map((f) => `${f.path} ${f.ms} ms`).join(", ")})`,
      pass: x.later.maxMs < SITEMAP_TARGETS.laterMs,
    },
    {
      target: `Sitemaps ${at}: 200 requests at once after a change cost one build`,
      figure: `${x.burst.ms} ms, against ${x.burst.keptMs} ms with nothing to build and ${x.burst.buildMs} ms for a build`,
      pass: x.burst.ms - x.burst.keptMs <= SITEMAP_TARGETS.burstBuilds * x.burst.buildMs,
    },
  ];
}

export function sitemapTable(x: SitemapBenchResults): string {
  const rows = x.first.map(
    (f) =>
      `| ${f.path} | ${f.ms} ms | ${(f.bytes / 1e3).toFixed(1)} KB | ${(f.gzipBytes / 1e3).toFixed(1)} KB |`,
  );
  return [
    "| sitemap | first request | size | kept (gzip) |",
    "| --- | --- | --- | --- |",
    ...rows,
    "",
    `Later requests (${x.later.requests}, gzip as crawlers ask): median ${x.later.medianMs} ms, max ${x.later.maxMs} ms. ` +
      `A burst of ${x.burst.requests} right after a content change: ${x.burst.ms} ms in all; with nothing to build ${x.burst.keptMs} ms; the first request's build ${x.burst.buildMs} ms.`,
  ].join("\n");
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const root = path.resolve(import.meta.dirname, "..");
  const buildDir = process.env.BENCH_BUILD_DIR || "build-bench";
  process.env.BUILD_DIR = buildDir;
  buildIfNeeded(root);
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "cw-sitemap-bench-"));
  try {
    const results = await measureSitemaps({
      root,
      buildDir,
      tmp,
      port: Number(process.env.BENCH_SITEMAP_PORT || 3416),
      chapters: Number(process.env.BENCH_LARGE || 100_000),
      log: (message) => console.log(`[bench] ${message}`),
    });
    console.log(sitemapTable(results));
    for (const v of sitemapVerdicts(results))
      console.log(`${v.pass ? "PASS" : "FAIL"}  ${v.target}: ${v.figure}`);
  } finally {
    await stopAllServers();
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}
