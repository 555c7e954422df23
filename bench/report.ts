// bench/RESULTS.md (for people) and bench/results.json (for tools) from one run's figures,
// each next to its budget or target, marked PASS or FAIL as measured.
import fs from "node:fs";
import { BACKUP_TARGETS, type BackupBenchResults, backupPasses, backupTable } from "./backup.ts";
import type { PageBytes } from "./browser.ts";
import {
  CONSOLE_ROUNDS,
  CONSOLE_TARGETS,
  type ConsoleResults,
  consolePasses,
  consoleTable,
} from "./console.ts";
import {
  FIRESTORE_TARGETS,
  type FirestoreImportRow,
  firestorePasses,
  firestoreTable,
} from "./firestore-import.ts";
import type { LighthouseResult } from "./lighthouse.ts";
import {
  LINK_HEALTH_TARGET_MS,
  type LinkHealthEngine,
  linkHealthPasses,
  linkHealthTable,
} from "./link-health.ts";
import { LINK_TARGETS, type LinkBenchResults, linkPasses, linkTable } from "./links.ts";
import type { LoadResult, LoadSettings } from "./load.ts";
import { type SaveDataPage, saveDataTable, saveDataVerdicts } from "./save-data.ts";
import { SEARCH_TARGETS, type SearchBenchResults, searchPasses, searchTable } from "./search.ts";
import {
  SEARCH_PAGE_TARGET_MS,
  type SearchPageResults,
  searchPagePasses,
  searchPageTable,
} from "./search-page.ts";
// Issue 17 item 6: a lean server.
import { LEAN_TARGETS, type LeanResults, leanTable, leanVerdicts } from "./server-lean.ts";
import { type ServiceWorkerSize, serviceWorkerVerdict } from "./service-worker.ts";
import { type SitemapBenchResults, sitemapTable, sitemapVerdicts } from "./sitemap.ts";

export const TARGETS = {
  jsGzipKb: 140,
  /** Issue 33: the script a page's first visit downloads, as sent. */
  jsSentKb: 131,
  ownJsGzipKb: 30,
  lighthousePerformance: 95,
  lcpMs: 1500,
  scaleRatio: 1.2,
  ceilingShare: 0.25,
  p99Ms: 100,
};

export type Section<T> = { ok: true; value: T } | { ok: false; error: string };
export type LoadRow =
  | { name: string; path: string; app: LoadResult; ceiling: LoadResult; rssMaxKb: number }
  | { name: string; path: string; error: string };
export type MachineState = {
  when: string;
  load1: number;
  busyPercent: number;
  waitedS: number;
  /** Share of all CPUs used by processes other than the bench's own while it measured. */
  otherWorkPercent: number | null;
  /** Whether its figures are timings (which other work disturbs) rather than sizes. */
  timed: boolean;
};
export type MemoryRow = {
  server: string;
  pid: number;
  maxRssKb: number;
  hwmKb: number | null;
  samples: number;
};

export type BenchResults = {
  date: string;
  /** How long the whole run took, in minutes (set when it ends). */
  minutes?: number;
  machine: {
    nproc: number;
    memoryGb: number;
    cpu: string;
    /** bench/load.ts's coreSpeedMs; absent in older results. */
    coreSpeedMs?: number;
    node: string;
    os: string;
    commit: string;
  };
  /** How busy the machine was with other work when each measurement started. */
  machineState: MachineState[];
  build: { dir: string; jsSplitSource: string };
  settings: LoadSettings & { lighthouseRuns: number };
  seeding: Section<{
    catalogue: {
      subjects: number;
      chapters: number;
      links: number;
      notes: number;
      posts: number;
      images: number;
      seconds: number;
    };
    scale: { chapters: number; links: number; seconds: number }[];
  }>;
  pages: { name: string; path: string }[];
  load: Section<LoadRow[]>;
  scale: Section<{
    small: LoadResult;
    large: LoadResult;
    smallRounds: number[];
    largeRounds: number[];
    smallChapters: number;
    largeChapters: number;
  }>;
  memory: Section<MemoryRow[]>;
  bytes: Section<PageBytes[]>;
  lighthouse: Section<LighthouseResult[]>;
  /** Console pages at 300 and at 100,000 chapters (bench/console.ts); absent in older results. */
  console?: Section<ConsoleResults>;
  /** Search at scale on each engine (bench/search.ts); absent in older results. */
  search?: Section<SearchBenchResults>;
  /** The link checker over 10,000 links and 100 local hosts (bench/links.ts); absent in older results. */
  links?: Section<LinkBenchResults>;
  /** `npm run content -- export` and `import` at scale on both engines (bench/backup.ts); absent in older results. */
  backup?: Section<BackupBenchResults>;
  /** /admin/links' loader at 1,000,000 links on each engine (bench/link-health.ts); absent in older results. */
  linkHealth?: Section<LinkHealthEngine[]>;
  /** The whole /search page at 1,000,000 links (bench/search-page.ts); absent in older results. */
  searchPage?: Section<SearchPageResults[] | SearchPageResults>;
  /** `npm run content -- import --from-firestore` of a large export (bench/firestore-import.ts); absent in older results. */
  firestore?: Section<FirestoreImportRow[]>;
  /** The lean server: RSS under load, CPU per fresh render, cold start, /metrics (bench/server-lean.ts); absent in older results. */
  lean?: Section<LeanResults>;
  /** Sitemaps at scale: the first request, later ones, a burst (bench/sitemap.ts); absent in older results. */
  sitemaps?: Section<SitemapBenchResults>;
  /** The chapter page with Save-Data: on (bench/save-data.ts); absent in older results. */
  saveData?: Section<SaveDataPage[]>;
  /** The service worker's size (bench/service-worker.ts); absent in older results. */
  serviceWorker?: Section<ServiceWorkerSize>;
};

/** A run in which the server answered every request it was sent, and at least one. */
const answered = (l: LoadResult) => l.requests > 0 && l.errors === 0 && l.timeouts === 0 && l.non2xx === 0;
const latencyFigure = (l: LoadResult) =>
  l.requests === 0 ? `no request completed in ${l.durationS} s` : `${l.p99Ms} ms`;
const latency = (l: LoadResult, key: "p50Ms" | "p99Ms") =>
  l.requests === 0 ? "none completed" : `${l[key]} ms`;
const cpu = (l: LoadResult) => (l.cpuMsPerRequest == null ? "–" : `${l.cpuMsPerRequest.toFixed(2)} ms`);
const mb = (kiloBytes: number) => `${(kiloBytes / 1024).toFixed(0)} MB`;
const kb = (bytes: number) => (bytes / 1000).toFixed(1);
const ms = (value: number | null) => (value == null ? "–" : `${Math.round(value)} ms`);
const verdict = (pass: boolean) => (pass ? "PASS" : "**FAIL**");
const row = (cells: (string | number)[]) => `| ${cells.join(" | ")} |`;
const table = (head: string[], rows: (string | number)[][]) =>
  [row(head), row(head.map(() => "---")), ...rows.map(row)].join("\n");
const notMeasured = (section: { ok: false; error: string }) =>
  `**NOT MEASURED**: ${section.error.split("\n")[0]}`;

/** Every PASS/FAIL judgement of the run, for the summary and results.json. */
export function verdicts(r: BenchResults): { target: string; figure: string; pass: boolean | null }[] {
  const out: { target: string; figure: string; pass: boolean | null }[] = [];
  const missing = (target: string, section: Section<unknown>) => {
    if (!section.ok)
      out.push({ target, figure: `not measured (${section.error.split("\n")[0]})`, pass: null });
    return !section.ok;
  };
  if (
    !missing(
      "JS per public page ≤ 140 KB gzip, ≤ 30 KB our own, no editor code, nothing from other hosts",
      r.bytes,
    ) &&
    r.bytes.ok
  ) {
    for (const p of r.bytes.value) {
      if (p.status !== 200) {
        const why = p.status
          ? `the page answered ${p.status}`
          : (p.error ?? p.failedRequests[0] ?? "the page did not load");
        out.push({
          target: `${p.name}: bytes`,
          figure: `not measured (${why})`,
          pass: null,
        });
        continue;
      }
      out.push({
        target: `${p.name}: JS ≤ ${TARGETS.jsGzipKb} KB gzip`,
        figure: `${kb(p.totals.jsGzip)} KB`,
        pass: p.totals.jsGzip <= TARGETS.jsGzipKb * 1000,
      });
      out.push({
        target: `${p.name}: JS as sent ≤ ${TARGETS.jsSentKb} KB`,
        figure: `${kb(p.totals.jsSent)} KB`,
        pass: p.totals.jsSent > 0 && p.totals.jsSent <= TARGETS.jsSentKb * 1000,
      });
      out.push({
        target: `${p.name}: own JS ≤ ${TARGETS.ownJsGzipKb} KB gzip`,
        figure: `${kb(p.totals.jsOwnGzip)} KB`,
        pass: p.totals.jsOwnGzip <= TARGETS.ownJsGzipKb * 1000,
      });
      out.push({
        target: `${p.name}: no editor code`,
        figure: p.editorCode ? "editor code loaded" : "none",
        pass: !p.editorCode,
      });
      out.push({
        target: `${p.name}: nothing from other hosts`,
        figure: p.otherHosts.join(", ") || "none",
        pass: p.otherHosts.length === 0,
      });
    }
  }
  if (!missing("Lighthouse performance ≥ 95, LCP ≤ 1.5 s", r.lighthouse) && r.lighthouse.ok) {
    for (const l of r.lighthouse.value) {
      if (l.scores.performance === null) {
        out.push({
          target: `${l.name}: Lighthouse`,
          figure: `not measured (${l.runtimeError ?? "no score"})`,
          pass: null,
        });
        continue;
      }
      out.push({
        target: `${l.name}: Lighthouse performance ≥ ${TARGETS.lighthousePerformance}`,
        figure: String(l.scores.performance ?? "–"),
        pass: (l.scores.performance ?? 0) >= TARGETS.lighthousePerformance,
      });
      out.push({
        target: `${l.name}: LCP ≤ ${TARGETS.lcpMs / 1000} s`,
        figure: ms(l.lcpMs),
        pass: l.lcpMs !== null && l.lcpMs <= TARGETS.lcpMs,
      });
    }
  }
  if (!missing("chapter at 100,000 chapters within 1.2× of 100", r.scale) && r.scale.ok) {
    const { small, large, largeChapters } = r.scale.value;
    const target = `chapter page: req/s at 100 ÷ req/s at ${largeChapters.toLocaleString("en")} chapters ≤ ${TARGETS.scaleRatio}`;
    if (small.requests === 0)
      out.push({ target, figure: "not measured (no request completed at 100 chapters)", pass: null });
    else
      out.push({
        target,
        figure: `${(small.rps / large.rps).toFixed(2)}×`,
        pass: answered(large) && small.rps / large.rps <= TARGETS.scaleRatio,
      });
  }
  if (!missing("each page ≥ 25% of the static ceiling, p99 < 100 ms", r.load) && r.load.ok) {
    for (const l of r.load.value) {
      if ("error" in l) {
        out.push({ target: `${l.name}: load`, figure: `not measured (${l.error})`, pass: null });
        continue;
      }
      const share = l.app.rps / l.ceiling.rps;
      out.push({
        target: `${l.name}: ≥ ${TARGETS.ceilingShare * 100}% of static ceiling rps`,
        figure: `${(share * 100).toFixed(1)}%`,
        pass: share >= TARGETS.ceilingShare,
      });
      out.push({
        target: `${l.name}: p99 < ${TARGETS.p99Ms} ms`,
        figure: latencyFigure(l.app),
        pass: answered(l.app) && l.app.p99Ms < TARGETS.p99Ms,
      });
    }
  }
  if (r.search && !missing("Search at scale", r.search) && r.search.ok) {
    for (const engine of r.search.value.engines) {
      out.push({
        target: `Search (${engine.engine}): p95 < ${SEARCH_TARGETS.p95Ms} ms at ${r.search.value.scale.chapters.toLocaleString("en")} chapters`,
        figure: `${engine.all.p95Ms} ms`,
        pass: searchPasses(engine),
      });
    }
  }
  if (r.links && !missing("Link checker at scale", r.links) && r.links.ok) {
    const l = r.links.value;
    const pass = linkPasses(l);
    out.push({
      target: `Link checker: ≤ ${LINK_TARGETS.perHost} requests at once and ≥ ${LINK_TARGETS.spacingMs} ms apart per host, every link checked`,
      figure: `${l.hostStats.peakPerHost} at once, ${l.hostStats.minGapMs === null ? "–" : Math.round(l.hostStats.minGapMs)} ms apart, ${l.checked}/${l.links} in ${l.checkSeconds.toFixed(0)} s`,
      pass: pass.politeness,
    });
    out.push({
      target: `Chapter page throughput while the checker runs ≥ ${LINK_TARGETS.throughputShare * 100}% of without`,
      figure:
        "error" in l.throughput
          ? `not measured (${l.throughput.error})`
          : `${((l.throughput.on.rps / l.throughput.off.rps) * 100).toFixed(1)}%`,
      pass: pass.throughput,
    });
  }
  if (r.backup && !missing("Export and import at scale", r.backup) && r.backup.ok) {
    for (const row of r.backup.value.rows) {
      out.push({
        target: `${row.direction === "export" ? "Export" : "Import"} (${row.engine}) of ${r.backup.value.scale.chapters.toLocaleString("en")} chapters: < ${BACKUP_TARGETS.seconds} s, < ${BACKUP_TARGETS.peakRssMb} MB RSS`,
        figure: `${row.seconds.toFixed(1)} s, ${row.peakRssMb.toFixed(0)} MB`,
        pass: backupPasses(row),
      });
    }
  }
  if (r.linkHealth && !missing("Link health at scale", r.linkHealth) && r.linkHealth.ok) {
    for (const e of r.linkHealth.value)
      for (const row of e.rows)
        out.push({
          target: `Link health (${e.engine}, ${e.links.toLocaleString("en")} links): ${row.page}, median < ${LINK_HEALTH_TARGET_MS} ms`,
          figure: `${row.medianMs.toFixed(1)} ms`,
          pass: linkHealthPasses(row),
        });
  }
  if (r.searchPage && !missing("Search page at scale", r.searchPage) && r.searchPage.ok) {
    // One row an engine (older results: SQLite's alone).
    for (const p of [r.searchPage.value].flat())
      out.push({
        target: `Search page (${p.engine}, ${p.links.toLocaleString("en")} links): p95 < ${SEARCH_PAGE_TARGET_MS} ms`,
        figure: `${p.p95Ms} ms (p50 ${p.p50Ms} ms)`,
        pass: searchPagePasses(p),
      });
  }
  if (r.firestore && !missing("Firestore import at scale", r.firestore) && r.firestore.ok) {
    for (const row of r.firestore.value)
      out.push({
        target: `Firestore import (${row.engine}) of ${row.chapters.toLocaleString("en")} chapters: < ${FIRESTORE_TARGETS.seconds} s, < ${FIRESTORE_TARGETS.rssMb} MB RSS`,
        figure: `${row.seconds.toFixed(1)} s, ${row.peakRssMb.toFixed(0)} MB`,
        pass: firestorePasses(row),
      });
  }
  // --- Issue 17 item 6: a lean server ---
  if (r.lean && !missing("Lean server", r.lean) && r.lean.ok) {
    for (const v of leanVerdicts(r.lean.value)) out.push(v);
  }
  // --- end of the lean server ---
  if (r.saveData && !missing("Chapter page with Save-Data: on", r.saveData) && r.saveData.ok) {
    for (const v of saveDataVerdicts(r.saveData.value)) out.push(v);
  }
  if (r.serviceWorker && !missing("Service worker size", r.serviceWorker) && r.serviceWorker.ok) {
    out.push(serviceWorkerVerdict(r.serviceWorker.value));
  }
  if (r.sitemaps && !missing("Sitemaps at scale", r.sitemaps) && r.sitemaps.ok) {
    for (const v of sitemapVerdicts(r.sitemaps.value)) out.push(v);
  }
  if (r.console && !missing("Console pages at scale", r.console) && r.console.ok) {
    for (const row of r.console.value.rows) {
      out.push({
        target: `Console: ${row.page} ≤ ${CONSOLE_TARGETS.htmlKb} KB, median < ${CONSOLE_TARGETS.medianMs} ms at ${r.console.value.large.chapters.toLocaleString("en")} chapters`,
        figure: `${(row.large.htmlBytes / 1000).toFixed(1)} KB, ${row.large.medianMs} ms`,
        pass: consolePasses(row),
      });
    }
  }
  return out;
}

export function renderMarkdown(r: BenchResults): string {
  const lines: string[] = [];
  // Every paragraph and table stands alone: Markdown tables must not touch a paragraph.
  const push = (...text: string[]) => {
    for (const t of text) lines.push(t, "");
  };
  const judged = verdicts(r);
  const failed = judged.filter((v) => v.pass === false);
  const unmeasured = judged.filter((v) => v.pass === null);

  push(
    "# Benchmarks",
    `Measured ${r.date} by \`npm run bench\` (bench/run.ts). Reproduce with \`npm run bench\`: it builds the production bundle into \`${r.build.dir}\` when missing or stale, seeds fresh SQLite databases in a temporary directory, runs the production server (\`NODE_ENV=production node server.ts\`) on loopback, measures, and rewrites this file and \`bench/results.json\`${r.minutes === undefined ? "" : ` (this run took ${r.minutes} minutes, most of it seeding the databases of 100,000 chapters)`}. Settings come from \`BENCH_*\` environment variables, listed at the top of bench/run.ts. Figures move with the machine: compare runs on the same one, or on machines whose core speed (below) is about the same.`,
  );
  push(
    "## Machine",
    table(
      [
        "CPUs (nproc)",
        "memory",
        "CPU",
        "one core's speed (a fixed loop; lower is faster)",
        "Node",
        "OS",
        "commit",
      ],
      [
        [
          r.machine.nproc,
          `${r.machine.memoryGb.toFixed(1)} GB`,
          r.machine.cpu,
          r.machine.coreSpeedMs === undefined ? "-" : `${r.machine.coreSpeedMs.toLocaleString("en")} ms`,
          r.machine.node,
          r.machine.os,
          r.machine.commit,
        ],
      ],
    ),
  );
  if (r.machineState.length > 0) {
    push(
      "Each measurement first waits (up to BENCH_IDLE_WAIT seconds) until less than 20% of the CPUs are busy; “other work during it” is the share of all CPUs used by processes that are not the bench's own (its servers and browsers included) while it measured (/proc).",
    );
    const busy = r.machineState.filter((m) => m.timed && (m.otherWorkPercent ?? m.busyPercent) >= 10);
    push(
      table(
        [
          "measurement",
          "CPUs busy before it",
          "waited for idle",
          "other work during it",
          "load average (1 min) at start",
        ],
        r.machineState.map((m) => [
          m.when,
          `${m.busyPercent}%`,
          `${m.waitedS} s`,
          m.otherWorkPercent == null ? "–" : `${m.otherWorkPercent}%`,
          m.load1.toFixed(1),
        ]),
      ),
    );
    if (busy.length > 0) {
      push(
        `**Other work shared the machine (${busy.map((m) => `${m.when}: ${m.otherWorkPercent ?? m.busyPercent}% of the CPUs`).join("; ")}): those figures are worse than on an idle machine. Re-run when it is idle before acting on them.**`,
      );
    }
  }
  push(
    "## Summary",
    `${judged.filter((v) => v.pass).length} targets pass, ${failed.length} fail, ${unmeasured.length} not measured.`,
    table(
      ["target (README, Speed, issue “Done when”)", "measured", "verdict"],
      judged.map((v) => [v.target, v.figure, v.pass === null ? "**NOT MEASURED**" : verdict(v.pass)]),
    ),
  );

  push("## Data");
  if (r.seeding.ok) {
    const c = r.seeding.value.catalogue;
    push(
      `Realistic catalogue, written through the domain functions (addSubject, createChapters, addNote, addPost, storeImage): ${c.subjects} subjects in 4 classes, ${c.chapters} chapters with ${c.links} links and ${c.notes} notes (about 3 KB of HTML each), ${c.posts} published posts (about 3 KB each, 3 related posts, ${c.images} featured images) — ${c.seconds.toFixed(1)} s.`,
      `Scale databases, inserted in bulk (500 rows per statement, one transaction), 4 classes × 8 subjects, 3 links per chapter (one of each kind); the measured chapter (Class 11 Chemistry, with its 10 links and a note) is the same in both: ${r.seeding.value.scale.map((s) => `${s.chapters.toLocaleString("en")} chapters and ${s.links.toLocaleString("en")} links in ${s.seconds.toFixed(1)} s`).join("; ")}.`,
    );
  } else push(notMeasured(r.seeding));

  push(
    "## Throughput and latency",
    `autocannon, ${r.settings.connections} connections, ${r.settings.warmupS} s warm-up (discarded) then ${r.settings.durationS} s measured, per page; each request asks for \`gzip, deflate, br\` as browsers do, and the page store answers with the page's brotli copy. The static ceiling is a minimal \`node:http\` server in its own process answering with the same bytes (the page's brotli copy, as our server sent it) from memory. CPU per request = user + system CPU time of the serving process during the measured run ÷ requests completed (/proc/<pid>/stat): it hardly moves when other work shares the machine, unlike req/s and latency; "share by CPU" (ceiling's CPU per request ÷ the page's) is what the share of the ceiling would be if each server had a core to itself. Target: each page ≥ ${TARGETS.ceilingShare * 100}% of its ceiling's requests per second, p99 < ${TARGETS.p99Ms} ms.`,
  );
  if (r.load.ok) {
    push(
      table(
        [
          "page",
          "path",
          "bytes sent",
          "req/s",
          "p50",
          "p99",
          "ceiling req/s",
          "ceiling p99",
          "share of ceiling",
          "CPU per request (page / ceiling)",
          "share by CPU",
          "errors / non-2xx",
          "verdict",
        ],
        r.load.value.map((l) => {
          if ("error" in l)
            return [
              l.name,
              `\`${l.path}\``,
              "–",
              "–",
              "–",
              "–",
              "–",
              "–",
              "–",
              "–",
              "–",
              "–",
              `**NOT MEASURED**: ${l.error}`,
            ];
          const share = l.app.rps / l.ceiling.rps;
          const pass = share >= TARGETS.ceilingShare && answered(l.app) && l.app.p99Ms < TARGETS.p99Ms;
          return [
            l.name,
            `\`${l.app.url.replace(/^https?:\/\/[^/]+/, "")}\``,
            l.app.bodyBytes.toLocaleString("en"),
            Math.round(l.app.rps),
            latency(l.app, "p50Ms"),
            latency(l.app, "p99Ms"),
            Math.round(l.ceiling.rps),
            latency(l.ceiling, "p99Ms"),
            `${(share * 100).toFixed(1)}%`,
            `${cpu(l.app)} / ${cpu(l.ceiling)}`,
            l.app.cpuMsPerRequest && l.ceiling.cpuMsPerRequest
              ? `${((l.ceiling.cpuMsPerRequest / l.app.cpuMsPerRequest) * 100).toFixed(1)}%`
              : "–",
            `${l.app.errors} / ${l.app.non2xx}`,
            verdict(pass),
          ];
        }),
      ),
    );
  } else push(notMeasured(r.load));

  push(
    "## Chapter page at scale",
    "The chapter is found by its (grade, slug) unique index; the page should not slow down with the catalogue. Every request here asks for the page with `?report=fresh-N`, which the page store never keeps (a chapter page's `report=` carries one visitor's \"Report broken link\" answer; this value is none and shows the page as it is), so none is answered from the store: each is rendered, with its database lookups (the throughput table above shows stored pages). Both servers run side by side; the same load settings as above, in alternating rounds (100, 100,000, 100, …); each row shows the round with the most requests per second (other work on the machine can only lower a round).",
  );
  if (r.scale.ok) {
    const { small, large, smallChapters, largeChapters } = r.scale.value;
    const ratio = small.rps / large.rps;
    const scaleVerdict = verdicts(r).find((v) => v.target.startsWith("chapter page:"));
    push(
      table(
        [
          "chapters in the database",
          "req/s (best round)",
          "every round's req/s",
          "p50",
          "p99",
          "CPU per request",
          "errors / non-2xx",
        ],
        [
          [
            smallChapters.toLocaleString("en"),
            Math.round(small.rps),
            r.scale.value.smallRounds.map(Math.round).join(", "),
            latency(small, "p50Ms"),
            latency(small, "p99Ms"),
            cpu(small),
            `${small.errors} / ${small.non2xx}`,
          ],
          [
            largeChapters.toLocaleString("en"),
            Math.round(large.rps),
            r.scale.value.largeRounds.map(Math.round).join(", "),
            latency(large, "p50Ms"),
            latency(large, "p99Ms"),
            cpu(large),
            `${large.errors} / ${large.non2xx}`,
          ],
        ],
      ),
      `Ratio (req/s at ${smallChapters} ÷ req/s at ${largeChapters.toLocaleString("en")}): **${ratio.toFixed(2)}×** (target ≤ ${TARGETS.scaleRatio}×): ${scaleVerdict?.pass == null ? "**NOT MEASURED**" : verdict(scaleVerdict.pass)}. p99 at ${largeChapters.toLocaleString("en")} ÷ p99 at ${smallChapters}: ${(large.p99Ms / Math.max(small.p99Ms, 1)).toFixed(2)}×${small.cpuMsPerRequest && large.cpuMsPerRequest ? `; CPU per request at ${largeChapters.toLocaleString("en")} ÷ at ${smallChapters}: ${(large.cpuMsPerRequest / small.cpuMsPerRequest).toFixed(2)}×` : ""}.`,
    );
  } else push(notMeasured(r.scale));

  push(
    "## Server memory",
    "Resident memory of the server process (/proc/<pid>/status), sampled every 100 ms during its load runs (VmRSS, max), and its peak over its whole life (VmHWM) just before it stopped. Information only: no budget.",
  );
  if (r.memory.ok) {
    push(
      table(
        ["server", "peak VmRSS under load", "VmHWM", "samples"],
        r.memory.value.map((m) => [
          m.server,
          `${(m.maxRssKb / 1024).toFixed(1)} MB`,
          m.hwmKb == null ? "–" : `${(m.hwmKb / 1024).toFixed(1)} MB`,
          m.samples,
        ]),
      ),
    );
    if (r.load.ok) {
      const perPage = r.load.value.flatMap((l) => ("error" in l ? [] : [`${l.name} ${mb(l.rssMaxKb)}`]));
      push(
        `Peak VmRSS of the realistic catalogue's server during each page's run, in the order run (a figure that only grows points at memory kept between requests): ${perPage.join(", ")}.`,
      );
    }
  } else push(notMeasured(r.memory));

  push(
    "## Bytes per public page",
    `First visit in Chromium (fresh context, empty cache), every response collected. JS and CSS are compressed here with node:zlib (gzip level 6, brotli quality 11); 1 KB = 1000 bytes. Framework JS = the client entry and its static-import closure, read from ${r.build.jsSplitSource}; everything else is our own. Transfer = all bytes Chromium received for the page, headers included (CDP Network.loadingFinished encodedDataLength; pages are sent gzip or brotli, scripts and styles as their brotli copies made at build). JS as sent = the script bodies as Chromium received them. Targets: JS ≤ ${TARGETS.jsGzipKb} KB gzip and ≤ ${TARGETS.jsSentKb} KB as sent, our own ≤ ${TARGETS.ownJsGzipKb} KB gzip, no editor code (the loaded JS is searched for "prosemirror" and "tiptap"), nothing from another host.`,
  );
  if (r.bytes.ok) {
    push(
      table(
        [
          "page",
          "HTML (raw / gzip)",
          "inline scripts (data, JSON-LD)",
          "JS gzip (framework + own)",
          "JS brotli",
          "JS as sent",
          "own JS gzip / brotli",
          "CSS gzip / brotli",
          "images",
          "transfer (requests)",
          "editor code",
          "other hosts",
          "verdict",
        ],
        r.bytes.value.map((p) => {
          const t = p.totals;
          const pass =
            t.jsGzip <= TARGETS.jsGzipKb * 1000 &&
            t.jsSent <= TARGETS.jsSentKb * 1000 &&
            t.jsOwnGzip <= TARGETS.ownJsGzipKb * 1000 &&
            !p.editorCode &&
            p.otherHosts.length === 0;
          return [
            p.status === 200 ? p.name : `${p.name} (status ${p.status})`,
            `${kb(p.html.bytes)} / ${kb(p.html.gzip)} KB`,
            `${kb(p.inlineScriptBytes)} KB`,
            `**${kb(t.jsGzip)} KB** (${kb(t.jsFrameworkGzip)} + ${kb(t.jsOwnGzip)})`,
            `${kb(t.jsBrotli)} KB`,
            `${kb(t.jsSent)} KB`,
            `${kb(t.jsOwnGzip)} / ${kb(t.jsOwnBrotli)} KB`,
            `${kb(t.cssGzip)} / ${kb(t.cssBrotli)} KB`,
            p.images.length ? `${p.images.length}, ${kb(p.images.reduce((n, i) => n + i.bytes, 0))} KB` : "–",
            `${kb(t.transfer)} KB (${t.requests})`,
            p.editorCode ? "**yes**" : "no",
            p.otherHosts.join(", ") || "none",
            verdict(pass),
          ];
        }),
      ),
    );
    const own = new Map<string, { gzip: number; pages: string[] }>();
    for (const p of r.bytes.value) {
      for (const a of p.jsOwn) {
        const entry = own.get(a.url) ?? { gzip: a.gzip, pages: [] };
        entry.pages.push(p.name);
        own.set(a.url, entry);
      }
    }
    push(
      "Our own JS chunks (what counts against the 30 KB):",
      table(
        ["chunk", "gzip", "loaded by"],
        [...own.entries()]
          .sort((a, b) => b[1].gzip - a[1].gzip)
          .map(([url, e]) => [`\`${url}\``, `${kb(e.gzip)} KB`, e.pages.join(", ")]),
      ),
    );
    const failures = r.bytes.value.filter((p) => p.failedRequests.length > 0);
    if (failures.length > 0) {
      push(
        `Failed requests: ${failures.map((p) => `${p.name}: ${p.failedRequests.join(", ")}`).join("; ")}.`,
      );
    }
  } else push(notMeasured(r.bytes));

  if (r.saveData) {
    push("## Save-Data: on");
    if (r.saveData.ok) {
      push(
        "The chapter page asked for as a data-saving browser asks (`Save-Data: on`, `gzip, deflate, br`) until the page store answers, then measured as sent: its brotli copy (what such a browser gets over HTTPS) and its gzip copy (a client without brotli), plus any stylesheet it still links; 1 KB = 1000 bytes. Its styles are inside it, cut to the rules it uses (docs/decisions/0031). Target: HTML and CSS at most 14 KB compressed, brotli as sent; no script but structured data, no picture but QR codes.",
        saveDataTable(r.saveData.value),
      );
    } else push(notMeasured(r.saveData));
  }

  if (r.search) {
    push("## Search at scale");
    if (r.search.ok) {
      const x = r.search.value;
      push(
        `One search (the module's whole call: count, ranking, results with snippets) for each of ${x.queries} realistic queries (one word, two words, a prefix, Hindi, a typo, no match, with and without filters; the first 100 again as warm-up), at ${x.scale.chapters.toLocaleString("en")} chapters (3 links each), ${x.scale.notes.toLocaleString("en")} notes and ${x.scale.posts.toLocaleString("en")} posts, in-process, on each engine. Target: p95 under ${SEARCH_TARGETS.p95Ms} ms. "rebuild" is \`npm run content -- reindex\` from scratch; index size covers the documents, full-text indexes and vocabulary.`,
        searchTable(x),
      );
    } else push(notMeasured(r.search));
  }

  if (r.console) {
    push("## Console at scale");
    if (r.console.ok) {
      const c = r.console.value;
      push(
        `Each console page signed in as an admin, ${CONSOLE_ROUNDS.measured} requests after ${CONSOLE_ROUNDS.warmup} warm-ups, uncompressed HTML, on SQLite: ${c.small.chapters} chapters, ${c.small.notes} notes and ${c.small.posts} posts beside ${c.large.chapters.toLocaleString("en")} chapters (3 links each), ${c.large.notes.toLocaleString("en")} notes and ${c.large.posts.toLocaleString("en")} posts (seeded in ${c.seedSeconds.toFixed(0)} s)${c.rows.some((row) => row.postgres) ? "; the large scale on PostgreSQL too (its own schema, seeded once and kept)" : ""}. Targets: ≤ ${CONSOLE_TARGETS.htmlKb} KB of HTML and a median under ${CONSOLE_TARGETS.medianMs} ms at scale; the ratio (large ÷ small median) should be close to 1.`,
        consoleTable(c),
      );
    } else push(notMeasured(r.console));
  }

  if (r.links) {
    push("## Link checker at scale");
    if (r.links.ok) {
      const l = r.links.value;
      push(
        `${l.links.toLocaleString("en")} chapter links over ${l.hosts} local HTTP hosts (in a process of their own; mostly 200, one in 50 a 404, one in 50 a 301), seeded through the domain and checked in-process by \`runLinkChecks\` with the production politeness rules (≤ ${LINK_TARGETS.perHost} at once and ${LINK_TARGETS.spacingMs} ms between request starts per host, 8 at once overall); the hosts measure concurrency and gaps. Then the chapter page (stored, asked for as browsers do) under load on the production server with \`LINK_CHECK=off\`, and again while its own checker works through the same links, in ${l.throughput && !("error" in l.throughput) ? (l.throughput.rounds?.length ?? 1) : 0} rounds of off then on, each server started afresh; the best round of each is compared (two servers of the same build gave 16,954 and 13,633 req/s one after the other; other work on the machine can only lower a round). Targets: the politeness rules hold and every link is checked; throughput with the checker ≥ ${LINK_TARGETS.throughputShare * 100}% of without.`,
        linkTable(l),
      );
    } else push(notMeasured(r.links));
  }

  if (r.backup) {
    push("## Export and import at scale");
    if (r.backup.ok) {
      push(
        "`npm run content -- export FILE.jsonl.gz --with-users` from a seeded site (search index built), then `npm run content -- import` of that file into an empty database of the same engine, each as its own process started as `npm run content` starts it (its Node memory settings); time is the whole command, peak RSS the kernel's figure for that process (bench/peak-rss.ts). Import includes checking every record and building the search index and the link inventory. On PostgreSQL the server's own processes count as other work.",
        backupTable(r.backup.value),
      );
    } else push(notMeasured(r.backup));
  }

  if (r.sitemaps) {
    push("## Sitemaps at scale");
    if (r.sitemaps.ok) {
      push(
        `The production server on SQLite at ${r.sitemaps.value.chapters.toLocaleString("en")} chapters (bench/sitemap.ts). The first request for /sitemap.xml builds every sitemap once (docs/decisions/0021); each later request, gzip as crawlers ask, comes from what is kept; then the content version is bumped and 200 requests for /sitemap.xml are sent at once.`,
        sitemapTable(r.sitemaps.value),
      );
    } else push(notMeasured(r.sitemaps));
  }

  if (r.linkHealth) {
    push("## Link health at scale");
    if (r.linkHealth.ok) {
      push(
        `The loader of \`/admin/links\` (its list page with counts, filters, the run's progress, reports and the week's digest), called in-process, at 100,000 chapters of ten distinct links each (1% Broken, 2% Warning, 5% Redirected, 60% OK, the rest Unchecked): the median of 5 rounds after 1 to warm up. Counts come from \`link_counts\` (migration 0021), the class and subject filters from \`link_scopes\`, the Search box from a trigram index (migration 0022). Budget: the console's ${LINK_HEALTH_TARGET_MS} ms.`,
        linkHealthTable(r.linkHealth.value),
      );
    } else push(notMeasured(r.linkHealth));
  }

  if (r.searchPage) {
    push("## The search page at scale");
    if (r.searchPage.ok) {
      push(
        "The whole `/search` page over HTTP of the production server, at a real site's density of links (ten a chapter), for the twenty queries of the Hindi issue (common words and addresses, Hindi in both scripts, a typo, nothing), each alone and with each class filter, three times (fewer than the page store's \"asked often\", so every answer is rendered), on SQLite and on PostgreSQL.",
        searchPageTable(r.searchPage.value),
      );
    } else push(notMeasured(r.searchPage));
  }

  if (r.firestore) {
    push("## Firestore import at scale");
    if (r.firestore.ok) {
      push(
        `\`npm run content -- import --from-firestore\` (its own process, as \`npm run content\` starts it) of an export of the original product written for the run, into an empty database of each engine; time is the whole command, peak RSS the kernel's figure for it. CPU: the import process's own, and every core's busy time on the machine during the run (the import, its database server, any other work); divided by the cores, it is the least time the same work could take here, however well it were spread. Budget: under ${FIRESTORE_TARGETS.seconds} s and ${FIRESTORE_TARGETS.rssMb} MB.`,
        firestoreTable(r.firestore.value),
      );
    } else push(notMeasured(r.firestore));
  }

  // --- Issue 17 item 6: a lean server ---
  if (r.lean) {
    push("## A lean server");
    if (r.lean.ok) {
      const x = r.lean.value;
      push(
        `The production server as \`npm start\` runs it (cli/start.sh) on SQLite at ${x.chapters.toLocaleString("en")} chapters, ${x.chapters.toLocaleString("en")} notes and ${Math.round(x.chapters / 10).toLocaleString("en")} posts. Memory: ${x.memory.durationS} s of load over many distinct addresses (chapter pages, a popular tenth getting half of their visits; classes, home, blog, posts, guides, searches), most asking for brotli, some gzip only, a few nothing, VmRSS sampled every 100 ms; budget under ${LEAN_TARGETS.rssMb} MB at the peak. CPU per fresh render: distinct chapter pages never asked before, one at a time, server CPU from /proc per page; its phases are the means of \`page_render_seconds\` (loaders include their statements; post-processing is late scripts, nonce and hashes, storing); budget ${LEAN_TARGETS.renderCpuMs} ms. Cold start: from spawning the start script to the first 200 from \`/\`, median of 5; budget under ${LEAN_TARGETS.coldStartMs / 1000} s. /metrics: ${x.metricsScrape.scrapes} scrapes with METRICS_TOKEN after the load; budget p95 under ${LEAN_TARGETS.metricsP95Ms} ms (a Prometheus scraping every 15 s then spends well under 1% of a core here, and a scrape never delays the pages around it noticeably).`,
        leanTable(x),
      );
    } else push(notMeasured(r.lean));
  }
  // --- end of the lean server ---

  push(
    "## Lighthouse",
    `Lighthouse's Node API with its defaults: mobile, simulated throttling (slow 4G, 4× CPU slowdown), headless Chromium; categories performance, accessibility, best practices, SEO. ${r.settings.lighthouseRuns} run(s) per page; the run with the median performance score is shown. Targets: performance ≥ ${TARGETS.lighthousePerformance}, LCP ≤ ${TARGETS.lcpMs / 1000} s.`,
  );
  if (r.lighthouse.ok) {
    push(
      table(
        [
          "page",
          "performance",
          "accessibility",
          "best practices",
          "SEO",
          "FCP",
          "LCP",
          "TBT",
          "CLS",
          "verdict",
        ],
        r.lighthouse.value.map((l) => [
          l.name,
          l.scores.performance ?? "–",
          l.scores.accessibility ?? "–",
          l.scores["best-practices"] ?? "–",
          l.scores.seo ?? "–",
          ms(l.fcpMs),
          ms(l.lcpMs),
          ms(l.tbtMs),
          l.cls == null ? "–" : l.cls.toFixed(3),
          l.scores.performance === null
            ? "**NOT MEASURED**"
            : verdict(
                l.scores.performance >= TARGETS.lighthousePerformance &&
                  l.lcpMs !== null &&
                  l.lcpMs <= TARGETS.lcpMs,
              ),
        ]),
      ),
    );
    const weak = r.lighthouse.value.filter((l) => l.weakAudits.length > 0 || l.runtimeError);
    if (weak.length > 0) {
      push(
        "Audits scoring below 0.9 (in the run shown):",
        weak
          .map(
            (l) =>
              `- ${l.name}: ${[l.runtimeError ? `runtime error: ${l.runtimeError}` : "", ...l.weakAudits].filter(Boolean).join("; ")}`,
          )
          .join("\n"),
      );
    }
  } else push(notMeasured(r.lighthouse));

  return `${lines.join("\n").trimEnd()}\n`;
}

export function writeResults(r: BenchResults, markdownFile: string, jsonFile: string): void {
  fs.writeFileSync(markdownFile, renderMarkdown(r));
  fs.writeFileSync(jsonFile, `${JSON.stringify({ ...r, verdicts: verdicts(r) }, null, 2)}\n`);
}
