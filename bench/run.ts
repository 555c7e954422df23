// `npm run bench`: seeds fresh databases, runs the production server and measures throughput,
// latency, memory, bytes per page and Lighthouse, then writes bench/RESULTS.md and results.json.
// Exits 0 when everything was measured (even if a target failed: the report says so), 2 when
// some measurement could not be taken, 1 when nothing could (no build, no server).
//
// Settings (environment): BENCH_DURATION (s, 8), BENCH_WARMUP (s, 2), BENCH_CONNECTIONS (50),
// BENCH_LARGE (chapters, 100000), BENCH_LIGHTHOUSE_RUNS (3), BENCH_BUILD_DIR (build-bench),
// BENCH_IDLE_WAIT (s, 180: how long each measurement waits for other work on the machine to stop).
// Search runs on SQLite and on the PostgreSQL of TEST_DATABASE_URL (bench/search.ts). The link checker
// checks BENCH_LINKS (10000) links over 100 local hosts (bench/links.ts). The lean server (bench/server-lean.ts)
// runs BENCH_LEAN_DURATION (s, 30) of load over many distinct pages at BENCH_LARGE chapters. Export and
// import run `npm run content` at BENCH_LARGE chapters on both engines (bench/backup.ts). Link health's
// console page at BENCH_LARGE chapters of ten links (bench/link-health.ts) and the Firestore import of
// as many chapters (bench/firestore-import.ts) run on both engines too.
import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { inLang } from "#app/lib/language.ts";
import { openDatabase } from "#app/server/db.server.ts";
import { buildIfNeeded } from "../cli/build-if-needed.ts";
import { TEST_DATABASE_URL } from "../tests/postgres.ts";
import { measureBackup } from "./backup.ts";
import { jsOwnership, measurePageBytes } from "./browser.ts";
import { measureConsole } from "./console.ts";
import { firestoreImportBench } from "./firestore-import.ts";
import { measureLighthouse } from "./lighthouse.ts";
import { linkHealthBench } from "./link-health.ts";
import { measureLinks } from "./links.ts";
import {
  BROWSER_ENCODINGS,
  coreSpeedMs,
  IDLE_BELOW,
  type LoadResult,
  type LoadSettings,
  machineBusy,
  measureLoad,
  otherWorkMeter,
  procStatusKb,
  rawAnswer,
  sampleMemory,
  startStaticCeiling,
} from "./load.ts";
import {
  type BenchResults,
  type LoadRow,
  type MachineState,
  type MemoryRow,
  type Section,
  verdicts,
  writeResults,
} from "./report.ts";
import { measureSaveDataPages } from "./save-data.ts";
import { measureSearch } from "./search.ts";
import { searchPageBench } from "./search-page.ts";
import { seedCatalogue, seedScale } from "./seed.ts";
import { type RunningServer, startProductionServer, stopAllServers } from "./server.ts";
// Issue 17 item 6: a lean server (bench/server-lean.ts).
import { measureServerLean } from "./server-lean.ts";
import { measureServiceWorker } from "./service-worker.ts";
import { measureSitemaps } from "./sitemap.ts";

const PORTS = {
  catalogue: 3401,
  small: 3402,
  large: 3403,
  ceiling: 3404,
  consoleSmall: 3405,
  consoleLarge: 3406,
  linksOff: 3407,
  linksOn: 3408,
  leanLoad: 3409,
  leanColdStart: 3410,
  sitemap: 3415,
  searchPage: 3416,
};
const SITE_NAME = "ChapterWise";

const root = path.resolve(import.meta.dirname, "..");
const buildDir = process.env.BENCH_BUILD_DIR || "build-bench";
const envNumber = (name: string, fallback: number) => {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isFinite(value) || value < 0)
    throw new Error(`${name}: "${process.env[name]}" is not a number`);
  return value;
};
const settings: LoadSettings = {
  connections: envNumber("BENCH_CONNECTIONS", 50),
  durationS: envNumber("BENCH_DURATION", 8),
  warmupS: envNumber("BENCH_WARMUP", 2),
};
const largeChapters = envNumber("BENCH_LARGE", 100_000);
const smallChapters = 100;
const SCALE_ROUNDS = 3;
const lighthouseRuns = Math.max(1, envNumber("BENCH_LIGHTHOUSE_RUNS", 3));

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "cw-bench-"));
const cleanups: (() => Promise<void>)[] = [];
async function cleanUp() {
  for (const clean of cleanups.splice(0).reverse()) await clean().catch(() => {});
  await stopAllServers();
  fs.rmSync(tmp, { recursive: true, force: true });
}
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    console.error(`\n${signal}: stopping the servers and removing ${tmp}`);
    cleanUp().finally(() => process.exit(130));
  });
}

const machineState: MachineState[] = [];
const idleWaitS = envNumber("BENCH_IDLE_WAIT", 180);
/** Waits (up to BENCH_IDLE_WAIT s) for other work on the machine to calm down, and records how busy it was. */
async function quiet(when: string, timed: boolean): Promise<MachineState> {
  const started = Date.now();
  let busy = await machineBusy();
  while (timed && busy >= IDLE_BELOW && Date.now() - started < idleWaitS * 1000) {
    if (Date.now() - started < 2500)
      log(
        `  the machine is ${Math.round(busy * 100)}% busy; waiting up to ${idleWaitS} s for it to calm down`,
      );
    busy = await machineBusy();
  }
  const state: MachineState = {
    when,
    load1: os.loadavg()[0] ?? 0,
    busyPercent: Math.round(busy * 100),
    waitedS: Math.round((Date.now() - started) / 1000),
    otherWorkPercent: null,
    timed,
  };
  machineState.push(state);
  return state;
}
const log = (message: string) => console.log(`[bench ${new Date().toISOString().slice(11, 19)}] ${message}`);

/** Runs one measurement; a failure is recorded in the report instead of ending the run. */
async function section<T>(
  title: string,
  work: () => Promise<T>,
  options: { timed: boolean } = { timed: true },
): Promise<Section<T>> {
  log(`${title}...`);
  const state = await quiet(title.split(":")[0] ?? title, options.timed);
  const meter = otherWorkMeter();
  try {
    return { ok: true, value: await work() };
  } catch (err) {
    const error = err instanceof Error ? err.message : String(err);
    console.error(`[bench] ${title} could not be measured: ${error}`);
    return { ok: false, error };
  } finally {
    state.otherWorkPercent = Math.round(meter.stop() * 100);
    if (state.timed && state.otherWorkPercent >= 10) {
      log(
        `  other work used ${state.otherWorkPercent}% of the CPUs during this measurement: its figures are disturbed`,
      );
    }
  }
}

function machine(): BenchResults["machine"] {
  let commit = "unknown";
  try {
    commit = execFileSync("git", ["rev-parse", "--short", "HEAD"], { cwd: root, encoding: "utf8" }).trim();
    const dirty = execFileSync("git", ["status", "--porcelain"], { cwd: root, encoding: "utf8" }).trim();
    if (dirty) commit += " (with uncommitted changes)";
  } catch {
    // not a git checkout
  }
  return {
    nproc: os.availableParallelism(),
    memoryGb: os.totalmem() / 1024 ** 3,
    cpu: os.cpus()[0]?.model ?? "unknown",
    coreSpeedMs: coreSpeedMs(),
    node: process.version,
    os: `${os.type()} ${os.release()}`,
    commit,
  };
}

async function seedDatabase<T>(
  file: string,
  seed: (db: Awaited<ReturnType<typeof openDatabase>>) => Promise<T>,
) {
  const db = await openDatabase({ kind: "sqlite", file });
  try {
    return await seed(db);
  } finally {
    await db.destroy();
  }
}

async function main(): Promise<number> {
  log(`building into ${buildDir} if the build is missing or older than the sources`);
  process.env.BUILD_DIR = buildDir;
  buildIfNeeded(root);
  const ownership = jsOwnership(path.join(root, buildDir));

  const origin = (port: number) => `http://127.0.0.1:${port}`;
  const files = {
    catalogue: path.join(tmp, "catalogue.db"),
    small: path.join(tmp, "small.db"),
    large: path.join(tmp, "large.db"),
  };

  // Seeding failures leave nothing to measure: they end the run (exit 1).
  log("seeding the realistic catalogue through the domain functions");
  const seedStart = performance.now();
  const targets = await seedDatabase(files.catalogue, (db) =>
    seedCatalogue(db, { siteUrl: origin(PORTS.catalogue), siteName: SITE_NAME }),
  );
  const catalogueSeconds = (performance.now() - seedStart) / 1000;
  log(`seeding ${smallChapters} and ${largeChapters.toLocaleString("en")} chapters in bulk`);
  const small = await seedDatabase(files.small, (db) => seedScale(db, smallChapters));
  const large = await seedDatabase(files.large, (db) => seedScale(db, largeChapters));
  if (small.chapterPath !== large.chapterPath)
    throw new Error("the scale databases measure different chapters");

  const english = [
    { name: "Home", path: "/" },
    { name: "Class", path: targets.classPath },
    { name: "Chapter", path: targets.chapterPath },
    { name: "Blog", path: "/blog" },
    { name: "Post", path: targets.postPath },
  ];
  // The Hindi pages meet every public budget as the English ones do (docs/decisions/0030).
  const pages = [
    ...english,
    ...english.map((p) => ({ name: `${p.name} (Hindi)`, path: inLang("hi", p.path) })),
  ];
  const results: BenchResults = {
    date: new Date().toISOString(),
    machine: machine(),
    machineState,
    build: { dir: buildDir, jsSplitSource: ownership.source },
    settings: { ...settings, lighthouseRuns },
    seeding: {
      ok: true,
      value: {
        catalogue: { ...targets.counts, seconds: catalogueSeconds },
        scale: [small, large].map((s) => ({ chapters: s.chapters, links: s.links, seconds: s.seconds })),
      },
    },
    pages,
    load: { ok: false, error: "not run" },
    scale: { ok: false, error: "not run" },
    memory: { ok: false, error: "not run" },
    bytes: { ok: false, error: "not run" },
    lighthouse: { ok: false, error: "not run" },
    console: { ok: false, error: "not run" },
  };
  const memory: MemoryRow[] = [];

  const serverOptions = { root, buildDir, logDir: tmp };
  log("starting the production server on the realistic catalogue");
  const app = await startProductionServer({
    ...serverOptions,
    name: "catalogue",
    port: PORTS.catalogue,
    databaseFile: files.catalogue,
  });

  results.load = await section("load: each page against its static ceiling", async () => {
    // A page that does not answer 200 is reported as not measured; the others still are.
    const bodies: Record<string, { body: Buffer; contentEncoding?: string | undefined }> = {};
    const broken = new Map<string, string>();
    for (const page of pages) {
      // As a browser asks for it, and as the page store answers: its brotli copy, which the ceiling sends too.
      const { status, body, contentEncoding } = await rawAnswer(app.origin + page.path, BROWSER_ENCODINGS);
      if (status === 200) bodies[page.path] = { body, contentEncoding };
      else broken.set(page.path, `${page.path} answered ${status}, not 200`);
    }
    const ceiling = await startStaticCeiling(bodies, PORTS.ceiling, tmp);
    cleanups.push(ceiling.stop);
    const sampler = sampleMemory(app.pid);
    const rows: LoadRow[] = [];
    try {
      for (const page of pages) {
        const problem = broken.get(page.path);
        if (problem) {
          rows.push({ name: page.name, path: page.path, error: problem });
          continue;
        }
        log(`  ${page.name} ${page.path}`);
        const pageMemory = sampleMemory(app.pid);
        const asked = { acceptEncoding: BROWSER_ENCODINGS };
        const appResult = await measureLoad(app.origin + page.path, settings, app.pid, asked);
        const { maxRssKb: rssMaxKb } = pageMemory.stop();
        const ceilingResult = await measureLoad(ceiling.origin + page.path, settings, ceiling.pid, asked);
        log(
          `    ${Math.round(appResult.rps)} req/s p99 ${appResult.p99Ms} ms; ceiling ${Math.round(ceilingResult.rps)} req/s`,
        );
        rows.push({ name: page.name, path: page.path, app: appResult, ceiling: ceilingResult, rssMaxKb });
      }
    } finally {
      const { maxRssKb, samples } = sampler.stop();
      memory.push({
        server: "realistic catalogue (all pages under load)",
        pid: app.pid,
        maxRssKb,
        hwmKb: null,
        samples,
      });
      await ceiling.stop();
    }
    return rows;
  });

  // Sizes do not depend on how busy the machine is: no need to wait for it to be idle.
  results.bytes = await section(
    "bytes per page in Chromium",
    () => measurePageBytes(app.origin, pages, ownership),
    {
      timed: false,
    },
  );
  // The chapter page for a visitor saving data: one round trip, no JavaScript (docs/decisions/0031).
  results.saveData = await section(
    "the chapter page with Save-Data: on",
    () =>
      measureSaveDataPages(
        app.origin,
        pages.filter((p) => p.name.startsWith("Chapter")),
      ),
    { timed: false },
  );
  results.lighthouse = await section("Lighthouse", () =>
    measureLighthouse(
      app.origin,
      pages.filter((p) => !p.name.startsWith("Blog")),
      lighthouseRuns,
    ),
  );
  await stopWithPeak(app, memory);

  results.scale = await section("chapter page at 100 and at 100,000 chapters", async () => {
    const servers = {
      small: await startProductionServer({
        ...serverOptions,
        name: "small",
        port: PORTS.small,
        databaseFile: files.small,
      }),
      large: await startProductionServer({
        ...serverOptions,
        name: "large",
        port: PORTS.large,
        databaseFile: files.large,
      }),
    };
    // Alternating rounds, best of each: other work on the machine can only lower a round's
    // req/s, so the best round is the closest to what the server can do.
    const rounds: Record<"small" | "large", LoadResult[]> = { small: [], large: [] };
    const samplers = { small: sampleMemory(servers.small.pid), large: sampleMemory(servers.large.pid) };
    try {
      for (let round = 1; round <= SCALE_ROUNDS; round++) {
        for (const which of ["small", "large"] as const) {
          const server = servers[which];
          const result = await measureLoad(server.origin + small.chapterPath, settings, server.pid, {
            fresh: true,
          });
          rounds[which].push(result);
          log(`  round ${round}, ${which}: ${Math.round(result.rps)} req/s p99 ${result.p99Ms} ms`);
        }
      }
      const best = (runs: LoadResult[]) => runs.reduce((a, b) => (b.rps > a.rps ? b : a));
      return {
        small: best(rounds.small),
        large: best(rounds.large),
        smallRounds: rounds.small.map((r) => r.rps),
        largeRounds: rounds.large.map((r) => r.rps),
        smallChapters,
        largeChapters,
      };
    } finally {
      for (const which of ["small", "large"] as const) {
        const { maxRssKb, samples } = samplers[which].stop();
        const chapters = which === "small" ? smallChapters : largeChapters;
        memory.push({
          server: `${chapters.toLocaleString("en")} chapters (chapter page under load)`,
          pid: servers[which].pid,
          maxRssKb,
          hwmKb: null,
          samples,
        });
      }
      await stopWithPeak(servers.small, memory);
      await stopWithPeak(servers.large, memory);
    }
  });
  results.memory =
    memory.length > 0 ? { ok: true, value: memory } : { ok: false, error: "no load run completed" };

  results.console = await section("console pages at 300 and at 100,000 chapters", () =>
    measureConsole({
      root,
      buildDir,
      tmp,
      ports: { small: PORTS.consoleSmall, large: PORTS.consoleLarge },
      large: { chapters: largeChapters, notes: largeChapters, posts: Math.round(largeChapters / 10) },
      postgresUrl: TEST_DATABASE_URL,
      log,
    }),
  );

  results.serviceWorker = await section(
    "the service worker's size",
    async () => measureServiceWorker(path.join(root, buildDir)),
    { timed: false },
  );

  results.sitemaps = await section("sitemaps at 100,000 chapters: the first request and later ones", () =>
    measureSitemaps({
      root,
      buildDir,
      tmp,
      port: PORTS.sitemap,
      chapters: largeChapters,
      databaseFile: files.large,
      log,
    }),
  );

  results.search = await section("search at 100,000 chapters on SQLite and PostgreSQL", () =>
    measureSearch({
      scale: { chapters: largeChapters, notes: largeChapters, posts: Math.round(largeChapters / 10) },
      engines: ["sqlite", "postgres"],
      tmp,
      log,
    }),
  );

  results.links = await section("link checker: 10,000 links over 100 local hosts", () =>
    measureLinks({
      root,
      buildDir,
      tmp,
      ports: { off: PORTS.linksOff, on: PORTS.linksOn },
      links: envNumber("BENCH_LINKS", 10_000),
      hosts: 100,
      load: settings,
      log,
    }),
  );

  results.backup = await section("export and import at 100,000 chapters on SQLite and PostgreSQL", () =>
    measureBackup({
      scale: { chapters: largeChapters, notes: largeChapters, posts: Math.round(largeChapters / 10) },
      engines: ["sqlite", "postgres"],
      tmp,
      log,
    }),
  );

  results.linkHealth = await section("link health at 1,000,000 links on SQLite and PostgreSQL", () =>
    linkHealthBench({
      chapters: largeChapters,
      sqliteFile: path.join(tmp, "link-health.db"),
      postgresUrl: TEST_DATABASE_URL,
      log,
    }),
  );

  results.searchPage = await section("the whole /search page at 1,000,000 links", () =>
    searchPageBench({
      root,
      buildDir,
      tmp,
      port: PORTS.searchPage,
      chapters: largeChapters,
      log,
    }),
  );

  results.firestore = await section("Firestore import at 100,000 chapters on SQLite and PostgreSQL", () =>
    firestoreImportBench({
      chapters: largeChapters,
      posts: Math.round(largeChapters / 10),
      tmp,
      postgresUrl: TEST_DATABASE_URL,
      log,
    }),
  );

  // --- Issue 17 item 6: a lean server (bench/server-lean.ts) ---
  results.lean = await section(
    "lean server: memory under load, CPU per fresh render, cold start, /metrics",
    () =>
      measureServerLean({
        root,
        buildDir,
        tmp,
        ports: { load: PORTS.leanLoad, cold: PORTS.leanColdStart },
        chapters: largeChapters,
        durationS: envNumber("BENCH_LEAN_DURATION", 30),
        connections: settings.connections,
        log,
      }),
  );
  // --- end of the lean server ---

  results.minutes = Math.round(performance.now() / 60_000); // since the process started
  writeResults(results, path.join(root, "bench/RESULTS.md"), path.join(root, "bench/results.json"));
  // The project's formatter owns JSON layout: keep `npm run lint` clean after a bench run.
  spawnSync(path.join(root, "node_modules/.bin/biome"), ["format", "--write", "bench/results.json"], {
    cwd: root,
    stdio: "ignore",
  });
  const judged = verdicts(results);
  for (const v of judged)
    console.log(`${v.pass === null ? "NOT MEASURED" : v.pass ? "PASS" : "FAIL"}  ${v.target}: ${v.figure}`);
  log(`wrote bench/RESULTS.md and bench/results.json`);
  return judged.some((v) => v.pass === null) ? 2 : 0;
}

/** Records the server's lifetime peak (VmHWM) on its memory rows, then stops it. */
async function stopWithPeak(server: RunningServer, memory: MemoryRow[]) {
  const hwm = procStatusKb(server.pid, "VmHWM");
  for (const row of memory) if (row.pid === server.pid) row.hwmKb = hwm;
  await server.stop();
}

let code = 1;
try {
  code = await main();
} catch (err) {
  console.error(`[bench] could not measure: ${err instanceof Error ? err.message : String(err)}`);
  code = 1;
} finally {
  await cleanUp();
}
process.exit(code);
