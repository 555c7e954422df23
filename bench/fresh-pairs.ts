// Fresh renders of two versions side by side (issues 31 and 32, DESIGN.md §7: at most 4 ms of CPU
// for a page rendered afresh): two production servers, one per checkout, on the same database, are
// asked alternately for the same pages, each never asked before, and each process's CPU is read
// over a round of them. Both run under the same load at the same moment, so a change can be
// judged on a busy machine, where running one version after the other moved figures by 20%
// (decision 0041). It measures; `bench/server-lean.ts` gives the figures against the budget.
//
//   node bench/fresh-pairs.ts OLD_ROOT NEW_ROOT [chapter|class|hichapter|hiclass] [rounds]
//
// OLD_ROOT and NEW_ROOT are checkouts, each with its own `npm install` (a `git worktree` of the
// commit before, say) and a build in BENCH_BUILD_DIR (default build-lean; built if missing or
// stale). BENCH_LEAN_DB is the database (required: seed it once with `node bench/server-lean.ts`).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { type Database, openDatabase } from "#app/server/db.server.ts";
import { buildIfNeeded } from "../cli/build-if-needed.ts";
import { cpuMs } from "./load.ts";
import { type RunningServer, startProductionServer } from "./server.ts";
import { catalogueOf, classPages } from "./server-lean.ts";

const KINDS = ["chapter", "class", "hichapter", "hiclass"] as const;
type Kind = (typeof KINDS)[number];

/** Fresh pages of a kind, in the order they are asked: chapters never in the lean bench's load. */
async function pagesOf(db: Database, kind: Kind): Promise<string[]> {
  const catalogue = await catalogueOf(db);
  const pages = kind.endsWith("class")
    ? classPages(catalogue, 40)
    : catalogue.chapterPaths.filter((_, i) => i % 2 === 1);
  return kind.startsWith("hi") ? pages.map((p) => `/hi${p}`) : pages;
}

/** One page from a server, uncompressed. */
async function ask(server: RunningServer, page: string): Promise<void> {
  const response = await fetch(server.origin + page, { headers: { "accept-encoding": "identity" } });
  await response.arrayBuffer();
  if (response.status !== 200) throw new Error(`${server.name}: ${page} answered ${response.status}`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [oldRoot, newRoot, kindArg = "chapter", roundsArg = "3"] = process.argv.slice(2);
  const database = process.env.BENCH_LEAN_DB;
  const kind = kindArg as Kind;
  if (!oldRoot || !newRoot || !database || !KINDS.includes(kind))
    throw new Error(
      "usage: BENCH_LEAN_DB=FILE node bench/fresh-pairs.ts OLD_ROOT NEW_ROOT [chapter|class|hichapter|hiclass] [rounds]",
    );
  const buildDir = process.env.BENCH_BUILD_DIR || "build-lean";
  process.env.BUILD_DIR = buildDir;
  const roots = [path.resolve(oldRoot), path.resolve(newRoot)];
  for (const root of roots) buildIfNeeded(root);
  const db = await openDatabase({ kind: "sqlite", file: path.resolve(database) });
  const pages = await pagesOf(db, kind).finally(() => db.destroy());
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "cw-fresh-pairs-"));
  const servers = await Promise.all(
    roots.map((root, i) =>
      startProductionServer({
        name: i === 0 ? "old" : "new",
        root,
        port: 3421 + i,
        databaseFile: path.resolve(database),
        buildDir,
        logDir: tmp,
      }),
    ),
  );
  try {
    // Warm: V8 optimises a function only after many calls (server-lean.ts); class pages are fewer.
    const warm = kind.endsWith("class") ? 400 : 1500;
    const perRound = kind.endsWith("class") ? 300 : 400;
    for (const page of pages.slice(0, warm)) for (const server of servers) await ask(server, page);
    for (let round = 0; round < Number(roundsArg); round++) {
      const batch = pages.slice(warm + round * perRound, warm + (round + 1) * perRound);
      // Each process's whole CPU over the round: its helper threads' work between its pages included.
      const before = servers.map((server) => cpuMs(server.pid) ?? 0);
      for (const page of batch) for (const server of servers) await ask(server, page);
      const [old = 0, now = 0] = servers.map(
        (server, i) => ((cpuMs(server.pid) ?? 0) - (before[i] ?? 0)) / Math.max(1, batch.length),
      );
      console.log(
        `${kind}, round ${round + 1} (${batch.length} pages, load ${os.loadavg()[0]?.toFixed(1)}): old ${old.toFixed(2)} ms, new ${now.toFixed(2)} ms (${(((now - old) / old) * 100).toFixed(1)}%)`,
      );
    }
  } finally {
    await Promise.all(servers.map((s) => s.stop()));
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}
