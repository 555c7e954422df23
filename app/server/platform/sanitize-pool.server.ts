import { sanitizeRichText } from "#app/server/platform/sanitize.server.ts";
import { answerJobs, WorkerThread } from "#app/server/platform/worker-thread.server.ts";

// A restore passes every note's HTML through the sanitizer again (a backup file may have been
// edited by hand, or by anyone): 100,000 notes are some 10 s of one core, while the restore's own
// thread is busy reading and checking records and, on SQLite, running every statement. So a
// restore's notes are sanitized on a thread of their own, by this module run as a worker: the same
// function (sanitizeRichText), never a second sanitizer. docs/decisions/0017-streaming-backups.md.

const ROLE = "chapterwise-sanitizer";

/** HTML as sanitizeRichText gave it back: what may be stored without passing it again. */
export type SanitizedHtml = string & { readonly sanitized: unique symbol };

answerJobs<readonly string[], string[]>(ROLE, (htmls) => ({ result: htmls.map(sanitizeRichText) }));

/**
 * Whether this module is its own file, which a worker can run: so from the command line and in
 * tests. Bundled into the web server (which never restores a backup), it is part of a larger
 * module, and sanitizes on the caller's thread.
 */
const RUNS_AS_FILE = import.meta.url.endsWith("/sanitize-pool.server.ts");

/** Below this many, the worker's round trip is not worth it. */
const FEW = 8;

const thread = new WorkerThread<readonly string[], string[]>({
  url: new URL(import.meta.url),
  role: ROLE,
  name: "The sanitizer",
  // Its heap holds one batch of notes at a time: a small ceiling keeps the restore's memory bounded
  // (the young generation's too, despite `npm run content`'s --max-semi-space-size: worker-limits).
  limits: { maxOldGenerationSizeMb: 32, maxYoungGenerationSizeMb: 4 },
});

/**
 * `sanitizeRichText` of each of `htmls`, in order, worked out on another thread so the caller's
 * goes on meanwhile (a handful are done at once, here).
 */
export async function sanitizeRichTexts(htmls: readonly string[]): Promise<SanitizedHtml[]> {
  if (htmls.length < FEW || !RUNS_AS_FILE)
    return htmls.map((html) => sanitizeRichText(html) as SanitizedHtml);
  return (await thread.run(htmls)) as SanitizedHtml[];
}

/**
 * Stops the sanitizer's thread, giving its memory back (a restore, once its notes are in), unless
 * it still has work (another restore's, in the same process).
 */
export function stopSanitizing(): Promise<void> {
  return thread.stop();
}
