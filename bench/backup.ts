// Export and import at scale (issue 17, README, Speed): 100,000 chapters with 300,000 links,
// 100,000 notes and 10,000 posts written out by `npm run content -- export` and read back into an
// empty database by `npm run content -- import`, each under 60 s with the process under 300 MB
// RSS, on SQLite and on PostgreSQL. Each command runs as an operator runs it (its own process);
// its peak RSS is the kernel's figure for that process (bench/peak-rss.ts).
//
// Run alone with `node bench/backup.ts` (writes bench/backup-results.json and prints a table):
//   --small                 10,000 chapters: a quick try
//   BENCH_BACKUP_CHAPTERS   chapters (default 100000; notes as many, posts a tenth)
//   BENCH_BACKUP_ENGINES    sqlite,postgres (default both; PostgreSQL at TEST_DATABASE_URL)
// or as part of `npm run bench`, which puts the rows in bench/RESULTS.md.
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { contentChanged } from "#app/server/content-changes.server.ts";
import { openDatabase } from "#app/server/db.server.ts";
import { indexInBulk } from "#app/server/search/search.server.ts";
import { TEST_DATABASE_URL } from "../tests/postgres.ts";
import { contentCommand } from "./content-command.ts";
import { otherWorkMeter } from "./load.ts";
import { type SearchScale, seedSearchCatalogue } from "./search.ts";

export const BACKUP_TARGETS = { seconds: 60, peakRssMb: 300 } as const;

export type BackupRow = {
  engine: "sqlite" | "postgres";
  direction: "export" | "import";
  seconds: number;
  peakRssMb: number;
  fileMb: number;
  otherWorkPercent: number;
  /** What the command printed last (its summary), for the report. */
  said: string;
};
export type BackupBenchResults = { scale: SearchScale; rows: BackupRow[] };

const root = path.resolve(import.meta.dirname, "..");
/** The commands' SECRET_KEY (PostgreSQL needs one): one for the run, so an export and its import share it. */
const SECRET_KEY = process.env.SECRET_KEY || randomBytes(32).toString("hex");

/** A database of its own: a file, or a PostgreSQL database created for the run. */
async function freshTarget(engine: "sqlite" | "postgres", tmp: string, name: string) {
  if (engine === "sqlite") {
    const file = path.join(tmp, `${name}.db`);
    return { url: `file:${file}`, drop: async () => fs.rmSync(file, { force: true }) };
  }
  const database = `cw_bench_${name}_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await admin.connect();
  await admin.query(`create database ${database}`);
  await admin.end();
  const url = new URL(TEST_DATABASE_URL);
  url.pathname = `/${database}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
      await client.connect();
      await client.query(`drop database if exists ${database} with (force)`);
      await client.end();
    },
  };
}

/** Runs `cli/content.ts ...args` as `npm run content` does, against `databaseUrl`; its time, peak RSS and last line. */
async function runContent(databaseUrl: string, args: string[], tmp: string) {
  const peakFile = path.join(tmp, `peak-${randomBytes(4).toString("hex")}`);
  const meter = otherWorkMeter();
  const started = performance.now();
  // As `npm run content` starts it (package.json: the allocator's settings and Node's memory flags).
  const command = contentCommand();
  const child = spawn(
    process.execPath,
    [...command.nodeOptions, "--import", path.join(root, "bench/peak-rss.ts"), "cli/content.ts", ...args],
    {
      cwd: root,
      env: {
        ...process.env,
        ...command.env,
        DATABASE_URL: databaseUrl,
        SECRET_KEY,
        BENCH_PEAK_RSS_FILE: peakFile,
      },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  let out = "";
  child.stdout?.on("data", (chunk: Buffer) => {
    out += chunk.toString();
  });
  child.stderr?.on("data", (chunk: Buffer) => {
    out += chunk.toString();
  });
  const code = await new Promise<number | null>((resolve) => child.on("exit", resolve));
  // PostgreSQL's own processes count as other work: on that engine the figure includes the server.
  const seconds = (performance.now() - started) / 1000;
  if (code !== 0) throw new Error(`content ${args.join(" ")} failed (${code}):\n${out.slice(-2000)}`);
  const peakKb = Number(fs.readFileSync(peakFile, "utf8"));
  fs.rmSync(peakFile, { force: true });
  const said = out.trim().split("\n").at(-1) ?? "";
  return { seconds, peakRssMb: peakKb / 1024, otherWorkPercent: Math.round(meter.stop() * 100), said };
}

async function measureEngine(
  engine: "sqlite" | "postgres",
  scale: SearchScale,
  tmp: string,
  log: (message: string) => void,
): Promise<BackupRow[]> {
  const source = await freshTarget(engine, tmp, "backup_source");
  const target = await freshTarget(engine, tmp, "backup_target");
  const file = path.join(tmp, `backup-${engine}.jsonl.gz`);
  try {
    log(`backup ${engine}: seeding ${scale.chapters} chapters, ${scale.notes} notes, ${scale.posts} posts`);
    const { parseDatabaseUrl } = await import("#app/server/config.server.ts");
    const db = await openDatabase(parseDatabaseUrl(source.url), { unlimitedStatements: true });
    try {
      await seedSearchCatalogue(db, scale);
      // A live site has its search index (the export's command would otherwise build it as it opens
      // the database): built as a restore builds it.
      await db.transaction().execute((trx) => indexInBulk(trx, () => contentChanged(trx)));
    } finally {
      await db.destroy();
    }
    log(`backup ${engine}: export`);
    const out = await runContent(source.url, ["export", file, "--with-users"], tmp);
    const fileMb = fs.statSync(file).size / 1e6;
    log(`backup ${engine}: export ${out.seconds.toFixed(1)} s, ${out.peakRssMb.toFixed(0)} MB; import`);
    const back = await runContent(target.url, ["import", file], tmp);
    log(`backup ${engine}: import ${back.seconds.toFixed(1)} s, ${back.peakRssMb.toFixed(0)} MB`);
    return [
      { engine, direction: "export", fileMb, ...out },
      { engine, direction: "import", fileMb, ...back },
    ];
  } finally {
    fs.rmSync(file, { force: true });
    await source.drop().catch(() => {});
    await target.drop().catch(() => {});
  }
}

export async function measureBackup(options: {
  scale: SearchScale;
  engines: ("sqlite" | "postgres")[];
  tmp: string;
  log: (message: string) => void;
}): Promise<BackupBenchResults> {
  const rows: BackupRow[] = [];
  for (const engine of options.engines)
    rows.push(...(await measureEngine(engine, options.scale, options.tmp, options.log)));
  return { scale: options.scale, rows };
}

export function backupPasses(row: BackupRow): boolean {
  return row.seconds < BACKUP_TARGETS.seconds && row.peakRssMb < BACKUP_TARGETS.peakRssMb;
}

export function backupTable(r: BackupBenchResults): string {
  const lines = [
    `${r.scale.chapters.toLocaleString("en")} chapters (${(r.scale.chapters * 3).toLocaleString("en")} links), ${r.scale.notes.toLocaleString("en")} notes, ${r.scale.posts.toLocaleString("en")} posts; budget: under ${BACKUP_TARGETS.seconds} s and ${BACKUP_TARGETS.peakRssMb} MB peak RSS each way. Import includes building the search index.`,
    "",
    "| engine | direction | time | peak RSS | file (gzip) | other work during it | verdict |",
    "| --- | --- | --- | --- | --- | --- | --- |",
  ];
  for (const row of r.rows)
    lines.push(
      `| ${row.engine} | ${row.direction} | ${row.seconds.toFixed(1)} s | ${row.peakRssMb.toFixed(0)} MB | ${row.fileMb.toFixed(0)} MB | ${row.otherWorkPercent}% | ${backupPasses(row) ? "PASS" : "**FAIL**"} |`,
    );
  return lines.join("\n");
}

// Standalone: `node bench/backup.ts [--small]`.
if (import.meta.url === `file://${process.argv[1]}`) {
  const small = process.argv.includes("--small");
  const chapters = Number(process.env.BENCH_BACKUP_CHAPTERS ?? (small ? 10_000 : 100_000));
  const engines = (process.env.BENCH_BACKUP_ENGINES ?? "sqlite,postgres")
    .split(",")
    .filter((e): e is "sqlite" | "postgres" => e === "sqlite" || e === "postgres");
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "cw-bench-backup-"));
  try {
    const results = await measureBackup({
      scale: { chapters, notes: chapters, posts: Math.round(chapters / 10) },
      engines,
      tmp,
      log: (message) => console.log(`[bench ${new Date().toISOString().slice(11, 19)}] ${message}`),
    });
    fs.writeFileSync(path.join(root, "bench/backup-results.json"), `${JSON.stringify(results, null, 2)}\n`);
    console.log(backupTable(results));
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}
