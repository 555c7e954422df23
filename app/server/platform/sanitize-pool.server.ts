import { isMainThread, parentPort, type Worker, workerData } from "node:worker_threads";
import { sanitizeRichText } from "#app/server/platform/sanitize.server.ts";
import { startWorker as startThread } from "#app/server/platform/worker-limits.server.ts";

// A restore passes every note's HTML through the sanitizer again (a backup file may have been
// edited by hand, or by anyone): 100,000 notes are some 10 s of one core, while the restore's own
// thread is busy reading and checking records and, on SQLite, running every statement. So a
// restore's notes are sanitized on a thread of their own, by this module run as a worker: the same
// function (sanitizeRichText), never a second sanitizer. docs/decisions/0017-streaming-backups.md.

const ROLE = "chapterwise-sanitizer";

/** HTML as sanitizeRichText gave it back: what may be stored without passing it again. */
export type SanitizedHtml = string & { readonly sanitized: unique symbol };

type Job = { id: number; htmls: readonly string[] };
type Reply = { id: number; clean?: string[]; error?: string };

if (!isMainThread && workerData === ROLE) {
  parentPort?.on("message", ({ id, htmls }: Job) => {
    let reply: Reply;
    try {
      reply = { id, clean: htmls.map(sanitizeRichText) };
    } catch (err) {
      reply = { id, error: err instanceof Error ? err.message : String(err) };
    }
    parentPort?.postMessage(reply);
  });
}

/**
 * Whether this module is its own file, which a worker can run: so from the command line and in
 * tests. Bundled into the web server (which never restores a backup), it is part of a larger
 * module, and sanitizes on the caller's thread.
 */
const RUNS_AS_FILE = import.meta.url.endsWith("/sanitize-pool.server.ts");

/** Below this many, the worker's round trip is not worth it. */
const FEW = 8;

type Waiting = { resolve: (clean: SanitizedHtml[]) => void; reject: (err: Error) => void };

let worker: Worker | null = null;
const waiting = new Map<number, Waiting>();
let lastId = 0;

function startWorker(): Worker {
  const started = startThread(new URL(import.meta.url), {
    workerData: ROLE,
    // Its heap holds one batch of notes at a time: a small ceiling keeps the restore's memory bounded
    // (the young generation's too, despite `npm run content`'s --max-semi-space-size: worker-limits).
    resourceLimits: { maxOldGenerationSizeMb: 32, maxYoungGenerationSizeMb: 4 },
  });
  started.on("message", ({ id, clean, error }: Reply) => {
    const job = waiting.get(id);
    waiting.delete(id);
    // Only a worker with work keeps the process alive: an idle one never holds a command open.
    if (waiting.size === 0) started.unref();
    if (!job) return;
    if (clean) job.resolve(clean as SanitizedHtml[]);
    else job.reject(new Error(`The sanitizer failed: ${error}`));
  });
  const failed = (err: Error) => {
    if (worker === started) worker = null;
    for (const job of waiting.values()) job.reject(err);
    waiting.clear();
  };
  started.on("error", failed);
  started.on("exit", (code) => failed(new Error(`The sanitizer stopped (exit code ${code}).`)));
  started.unref();
  return started;
}

/**
 * `sanitizeRichText` of each of `htmls`, in order, worked out on another thread so the caller's
 * goes on meanwhile (a handful are done at once, here).
 */
export function sanitizeRichTexts(htmls: readonly string[]): Promise<SanitizedHtml[]> {
  if (htmls.length < FEW || !RUNS_AS_FILE)
    return Promise.resolve(htmls.map((html) => sanitizeRichText(html) as SanitizedHtml));
  worker ??= startWorker();
  const id = ++lastId;
  const result = new Promise<SanitizedHtml[]>((resolve, reject) => waiting.set(id, { resolve, reject }));
  worker.ref();
  worker.postMessage({ id, htmls } satisfies Job);
  return result;
}

/**
 * Stops the sanitizer's thread, giving its memory back (a restore, once its notes are in), unless
 * it still has work (another restore's, in the same process).
 */
export async function stopSanitizing(): Promise<void> {
  if (waiting.size > 0) return;
  const running = worker;
  worker = null;
  await running?.terminate();
}
