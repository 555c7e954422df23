import v8 from "node:v8";
import { Worker, type WorkerOptions } from "node:worker_threads";

// A worker's `resourceLimits.maxYoungGenerationSizeMb` is not applied when Node was started with
// `--max-semi-space-size`, as `npm run content` is (decision 0017): V8's flag belongs to the whole
// process and, read as each isolate configures its heap, wins over that isolate's own limit. A
// restore's sanitizer thread, meant to have a 4 MB young generation, had the main thread's two
// 16 MB semi-spaces, 32 MB resident for a few notes at a time (decision 0034, "night"). So a worker
// with its own young generation is started with the flag cleared, and the flag is put back once
// the worker runs: the main thread's heap was configured at start-up and keeps its size.

/** The process's `--max-semi-space-size` as given to Node (its command line or NODE_OPTIONS), if any. */
function semiSpaceFlag(): string | undefined {
  const given = [...process.execArgv, ...(process.env.NODE_OPTIONS ?? "").split(/\s+/)];
  return given.findLast((arg) => /^--max[-_]semi[-_]space[-_]size=\d+$/.test(arg));
}

/** Workers started with the flag cleared and not running yet: the flag comes back when none is left. */
let starting = 0;

/** `new Worker(url, options)`, with the young generation its `resourceLimits` give it. */
export function startWorker(url: URL, options: WorkerOptions): Worker {
  const flag = options.resourceLimits?.maxYoungGenerationSizeMb ? semiSpaceFlag() : undefined;
  if (!flag) return new Worker(url, options);
  if (starting++ === 0) v8.setFlagsFromString("--max-semi-space-size=0");
  let worker: Worker;
  let pending = true;
  const started = () => {
    if (!pending) return;
    pending = false;
    if (--starting === 0) v8.setFlagsFromString(flag);
  };
  try {
    worker = new Worker(url, options);
  } catch (err) {
    started();
    throw err;
  }
  // "online": its isolate, and so its heap, exists; a worker that fails first never reads the flag again.
  worker.once("online", started);
  worker.once("error", started);
  worker.once("exit", started);
  return worker;
}
