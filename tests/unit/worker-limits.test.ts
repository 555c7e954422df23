import { execFileSync } from "node:child_process";
import path from "node:path";
import { expect, it } from "vitest";

// `npm run content` starts Node with --max-semi-space-size=16 (decision 0017), a V8 flag of the
// whole process that wins over a worker's own resourceLimits: the restore's sanitizer thread had
// 32 MB of young generation rather than 4 (decision 0034, "night"). startWorker gives a worker the
// young generation its limits say, and leaves the flag as it was for the main thread and for
// workers without limits. Run in a process of its own, started as the content command is.

const root = path.resolve(import.meta.dirname, "../..");

/** A worker's code: allocates well past any young generation, then reports its new space's size (MB). */
const WORKER = `
  import v8 from "node:v8";
  import { parentPort } from "node:worker_threads";
  let kept = [];
  for (let i = 0; i < 400000; i++) {
    kept.push({ text: "x".repeat(40) + i });
    if (kept.length > 40000) kept = [];
  }
  const space = v8.getHeapSpaceStatistics().find((s) => s.space_name === "new_space");
  parentPort.postMessage(space.space_size / 1048576);
`;

const SCRIPT = `
  import { startWorker } from ${JSON.stringify(path.join(root, "app/server/platform/worker-limits.server.ts"))};
  const url = new URL("data:text/javascript," + encodeURIComponent(${JSON.stringify(WORKER)}));
  const newSpace = (worker) => new Promise((resolve, reject) => {
    worker.once("message", resolve);
    worker.once("error", reject);
  }).finally(() => worker.terminate());
  const limited = await newSpace(startWorker(url, { resourceLimits: { maxYoungGenerationSizeMb: 4, maxOldGenerationSizeMb: 32 } }));
  const unlimited = await newSpace(startWorker(url, {}));
  console.log(JSON.stringify({ limited, unlimited }));
`;

function newSpaces(nodeOptions: string[]): { limited: number; unlimited: number } {
  const out = execFileSync(process.execPath, [...nodeOptions, "--input-type=module", "-e", SCRIPT], {
    cwd: root,
    encoding: "utf8",
  });
  return JSON.parse(out.trim().split("\n").at(-1) ?? "");
}

it("a worker with a young generation of its own keeps it under --max-semi-space-size, and the flag stays for the rest", () => {
  const { limited, unlimited } = newSpaces(["--max-semi-space-size=16", "--max-old-space-size=256"]);
  // A 4 MB young generation (its two semi-spaces a third of it each, in whole pages; up to 8.5 MB
  // seen on a busy machine, as V8 rounds and grows them); 32 MB before.
  expect(limited).toBeLessThan(16);
  // A worker without limits has the process's flag again: two 16 MB semi-spaces once grown, not
  // V8's own default for this machine (128 MB here).
  expect(unlimited).toBeGreaterThan(16);
  expect(unlimited).toBeLessThanOrEqual(40);
}, 30_000);

it("starts a worker with its limits as Node does when no semi-space flag was given", () => {
  const { limited } = newSpaces(["--max-old-space-size=256"]);
  expect(limited).toBeLessThan(16);
}, 30_000);
