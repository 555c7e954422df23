// The big Firestore import (issue 30): an export of 100,000 chapters (ten links each, 1,000,000 in
// all) and 10,000 posts, about 160 MB, moved in with `npm run content -- import --from-firestore`
// (started as that script starts it) on SQLite and, when BENCH_PG_URL names a PostgreSQL database,
// on PostgreSQL, against the restore's budget: at most 300 MB resident and 60 s.
//
// Run alone with `node bench/firestore-import.ts` (writes bench/firestore-import-results.json and
// prints a table); BENCH_FIRESTORE_CHAPTERS changes the scale.
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { contentCommand } from "./content-command.ts";
import { coreSpeedMs, cpuMs, machineBusyMs } from "./load.ts";

export const FIRESTORE_TARGETS = { seconds: 60, rssMb: 300 } as const;
const SCHEMA = "bench_firestore_import";

export type FirestoreImportRow = {
  engine: string;
  chapters: number;
  links: number;
  posts: number;
  fileMb: number;
  seconds: number;
  peakRssMb: number;
  /** CPU seconds of the import's own process (all its threads); absent in older results. */
  processCpuS?: number;
  /**
   * CPU seconds every CPU of the machine spent busy during the run: the import, its database
   * server, and any other work. Divided by the cores, the least time the run could take.
   */
  machineCpuS?: number;
  cores?: number;
  ok: boolean;
  output: string;
};

/** The export, written a document at a time: subjects, resources, then blogs. */
export function writeExport(file: string, chapters: number, posts: number): void {
  const out = fs.openSync(file, "w");
  const subjects = [
    "physics",
    "chemistry",
    "biology",
    "mathematics",
    "english",
    "hindi",
    "history",
    "geography",
  ];
  const grades = [9, 10, 11, 12];
  const map = Object.fromEntries(
    grades.map((g) => [
      String(g),
      Object.fromEntries(subjects.map((s) => [s, s[0]?.toUpperCase() + s.slice(1)])),
    ]),
  );
  fs.writeSync(out, `{"subjects":${JSON.stringify(map)},"resources":[`);
  let chunk = "";
  for (let i = 0; i < chapters; i++) {
    const title = `Topic ${i + 1} of the syllabus`;
    const link = (kind: string, j: number) => ({
      title: `${title}: ${kind} ${j + 1}`,
      url: `https://www.example.org/${kind}/${i + 1}/${j + 1}`,
    });
    const doc = {
      id: `res-${i}`,
      grade: grades[i % 4],
      subject: subjects[Math.floor(i / 4) % subjects.length],
      chapterTitle: title,
      timestamp: { seconds: 1_600_000_000 + i },
      notes: [0, 1, 2, 3].map((j) => link("notes", j)),
      questions: [0, 1, 2].map((j) => link("questions", j)),
      lectures: [0, 1, 2].map((j) => link("lectures", j)),
    };
    chunk += `${i ? "," : ""}${JSON.stringify(doc)}`;
    if (chunk.length > 1 << 20) {
      fs.writeSync(out, chunk);
      chunk = "";
    }
  }
  fs.writeSync(out, `${chunk}],"blogs":[`);
  chunk = "";
  for (let i = 0; i < posts; i++) {
    const doc = {
      id: `post-${i}`,
      title: `Study plan ${i + 1}: revision that sticks`,
      date: new Date(Date.UTC(2020, 0, 1) + i * 3_600_000).toISOString().slice(0, 10),
      author: "ChapterWise Team",
      content: ["A practical plan for CBSE students.", "A timetable, and the mistakes to avoid."],
      status: i % 5 === 0 ? "draft" : "published",
    };
    chunk += `${i ? "," : ""}${JSON.stringify(doc)}`;
  }
  fs.writeSync(out, `${chunk}]}`);
  fs.closeSync(out);
}

/** Runs the command as `npm run content` does (its heap cap), sampling its resident memory. */
function runImport(
  file: string,
  env: NodeJS.ProcessEnv,
): Promise<{
  seconds: number;
  peakRssMb: number;
  processCpuS: number;
  machineCpuS: number;
  code: number;
  output: string;
}> {
  const root = path.resolve(import.meta.dirname, "..");
  // As `npm run content` starts it (package.json: the allocator's settings and Node's memory flags).
  const command = contentCommand();
  const started = performance.now();
  const machineBefore = machineBusyMs();
  const child = spawn(
    process.execPath,
    [...command.nodeOptions, "cli/content.ts", "import", "--from-firestore", file],
    // PostgreSQL needs a SECRET_KEY (two-step secrets are sealed under it): one for the run.
    {
      cwd: root,
      env: { SECRET_KEY: randomBytes(32).toString("hex"), ...process.env, ...command.env, ...env },
    },
  );
  let output = "";
  child.stdout.on("data", (d) => (output += d));
  child.stderr.on("data", (d) => (output += d));
  let peak = 0;
  // The process's CPU as last read: at most one sample's worth (100 ms) short of its end.
  let cpu = 0;
  const sample = setInterval(() => {
    try {
      const status = fs.readFileSync(`/proc/${child.pid}/status`, "utf8");
      const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
      peak = Math.max(peak, kb / 1024);
    } catch {}
    cpu = (child.pid && cpuMs(child.pid)) || cpu;
  }, 100);
  return new Promise((resolve) => {
    child.on("exit", (code) => {
      clearInterval(sample);
      resolve({
        seconds: (performance.now() - started) / 1000,
        peakRssMb: peak,
        processCpuS: cpu / 1000,
        machineCpuS: (machineBusyMs() - machineBefore) / 1000,
        code: code ?? 1,
        output: output.trim().slice(-2000),
      });
    });
  });
}

export async function firestoreImportBench(options: {
  chapters: number;
  posts: number;
  tmp: string;
  postgresUrl?: string;
  log: (line: string) => void;
}): Promise<FirestoreImportRow[]> {
  const file = path.join(options.tmp, "firestore-export.json");
  writeExport(file, options.chapters, options.posts);
  const fileMb = fs.statSync(file).size / 1024 / 1024;
  options.log(
    `  export: ${options.chapters.toLocaleString("en")} chapters, ${options.posts.toLocaleString("en")} posts, ${fileMb.toFixed(0)} MB`,
  );
  const rows: FirestoreImportRow[] = [];
  const targets: Array<{ engine: string; env: NodeJS.ProcessEnv }> = [
    { engine: "SQLite", env: { DATABASE_URL: path.join(options.tmp, "firestore.db") } },
  ];
  if (options.postgresUrl) {
    const admin = new pg.Client({ connectionString: options.postgresUrl });
    await admin.connect();
    await admin.query(`drop schema if exists ${SCHEMA} cascade`);
    await admin.query(`create schema ${SCHEMA}`);
    await admin.end();
    const url = new URL(options.postgresUrl);
    url.searchParams.set("options", `-c search_path=${SCHEMA}`);
    targets.push({ engine: "PostgreSQL", env: { DATABASE_URL: url.toString() } });
  }
  for (const target of targets) {
    const run = await runImport(file, target.env);
    const ok =
      run.code === 0 && run.seconds <= FIRESTORE_TARGETS.seconds && run.peakRssMb <= FIRESTORE_TARGETS.rssMb;
    rows.push({
      engine: target.engine,
      chapters: options.chapters,
      links: options.chapters * 10,
      posts: options.posts,
      fileMb,
      seconds: run.seconds,
      peakRssMb: run.peakRssMb,
      processCpuS: run.processCpuS,
      machineCpuS: run.machineCpuS,
      cores: os.availableParallelism(),
      ok,
      output: run.output,
    });
    options.log(
      `    ${target.engine}: ${run.code === 0 ? "imported" : `exit ${run.code}`} in ${run.seconds.toFixed(1)} s, peak RSS ${run.peakRssMb.toFixed(0)} MB, CPU ${run.processCpuS.toFixed(0)} s in the process and ${run.machineCpuS.toFixed(0)} s on the machine${run.code === 0 ? "" : `\n${run.output}`}`,
    );
  }
  return rows;
}

/** The import ended well within both budgets. */
export function firestorePasses(row: FirestoreImportRow): boolean {
  return row.ok;
}

/** A row's CPU: "51 s / 186 s (93 s on 2 cores)", or "-" for results older than the figures. */
function cpuOf(row: FirestoreImportRow): string {
  if (row.processCpuS === undefined || row.machineCpuS === undefined || !row.cores) return "-";
  const least = row.machineCpuS / row.cores;
  return `${row.processCpuS.toFixed(0)} s / ${row.machineCpuS.toFixed(0)} s (${least.toFixed(0)} s on ${row.cores} cores)`;
}

/** The report's table: one line per engine. */
export function firestoreTable(rows: FirestoreImportRow[]): string {
  const lines = [
    "| engine | chapters | links | posts | file | time | peak RSS | CPU: process / machine (least time on its cores) | verdict |",
    "| --- | --- | --- | --- | --- | --- | --- | --- | --- |",
  ];
  for (const row of rows)
    lines.push(
      `| ${row.engine} | ${row.chapters.toLocaleString("en")} | ${row.links.toLocaleString("en")} | ${row.posts.toLocaleString("en")} | ${row.fileMb.toFixed(0)} MB | ${row.seconds.toFixed(1)} s | ${row.peakRssMb.toFixed(0)} MB | ${cpuOf(row)} | ${firestorePasses(row) ? "PASS" : "**FAIL**"} |`,
    );
  return lines.join("\n");
}

// Standalone: `node bench/firestore-import.ts`.
if (import.meta.url === `file://${process.argv[1]}`) {
  const root = path.resolve(import.meta.dirname, "..");
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "cw-firestore-bench-"));
  // Figures move with the machine (bench/RESULTS.md's "Machine" table has the same reading).
  console.log(`  one core's speed: a fixed loop in ${coreSpeedMs().toLocaleString("en")} ms`);
  try {
    const rows = await firestoreImportBench({
      chapters: Number(process.env.BENCH_FIRESTORE_CHAPTERS || 100_000),
      posts: Number(process.env.BENCH_FIRESTORE_POSTS || 10_000),
      tmp,
      postgresUrl: process.env.BENCH_PG_URL || undefined,
      log: (line) => console.log(line),
    });
    fs.writeFileSync(
      path.join(root, "bench/firestore-import-results.json"),
      `${JSON.stringify(rows, null, 2)}\n`,
    );
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}
