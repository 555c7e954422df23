import { answerJobs, WorkerThread } from "#app/server/platform/worker-thread.server.ts";
import {
  type ChapterLinkUse,
  documentOf,
  linkUseOf,
  type Source,
  vocabularyOf,
} from "#app/server/search/document-words.server.ts";
import type { RoundColumns, RoundColumnsKind } from "#app/server/search/engine-types.server.ts";
import { isLoadRows, loadRows } from "#app/server/search/load-rows.server.ts";
import { documentColumns } from "#app/server/search/tsvectors.server.ts";

// A bulk load (a restore, a first Firestore import) makes its search documents on a thread of their
// own: their words and tsvectors were half of a PostgreSQL restore's main thread (some 20 s at
// 100,000 chapters), which meanwhile reads the next round and sends the last, and the server had a
// core to spare (docs/decisions/0034, "night"). On SQLite the main thread is the database's, and
// the second core was idle (decision 0053). The same functions as on the main thread
// (document-words.server.ts, tsvectors.server.ts, load-rows.server.ts), never a second way of
// making a document.

/** A round of documents made: their columns, their vocabulary (each word once), and the links' uses. */
export type MadeRound = { columns: RoundColumns; vocabulary: string[]; uses: ChapterLinkUse[] };

type Job = { sources: Source[]; withUses: boolean; as: RoundColumnsKind };

/** A round's documents, columns (as the engine takes them) and uses, in the order of `sources`; the uses by link id. */
export function makeRound(sources: readonly Source[], withUses: boolean, as: RoundColumnsKind): MadeRound {
  const docs = sources.map(documentOf);
  const uses = withUses
    ? sources
        .flatMap((s, i) => (s.kind === "link" && docs[i] ? linkUseOf(s, docs[i]) : []))
        .sort((a, b) => a.refId - b.refId)
    : [];
  return {
    columns: as === "tsvectors" ? documentColumns(docs) : loadRows(docs),
    vocabulary: [...new Set(sources.flatMap(vocabularyOf))],
    uses,
  };
}

const ROLE = "chapterwise-search-documents";

answerJobs<Job, MadeRound>(ROLE, ({ sources, withUses, as }) => {
  const made = makeRound(sources, withUses, as);
  // Load rows are text, copied with the reply; PostgreSQL's columns are binary.
  if (isLoadRows(made.columns)) return { result: made };
  const { count: _, ...buffers } = made.columns;
  // Each column's buffer is its own (BinaryArray never takes Buffer's shared pool): handed over,
  // not copied.
  return { result: made, transfer: Object.values(buffers).map((b) => b.buffer as ArrayBuffer) };
});

/**
 * Whether this module is its own file, which a worker can run: from the command line and in tests.
 * Bundled into the web server (which never restores), rounds are made on the caller's thread.
 */
const RUNS_AS_FILE = import.meta.url.endsWith("/document-pool.server.ts");

const thread = new WorkerThread<Job, MadeRound>({
  url: new URL(import.meta.url),
  role: ROLE,
  name: "Making search documents",
  // A round is 100 chapters with their notes (a note may be 200,000 characters) or 1,000 links.
  // A round's garbage is some megabytes: with a young generation of 8 MB, a third of the thread's
  // time at 1,000,000 links was collecting it (decision 0034, 2026-12-02); 32 MB costs some 5 MB.
  limits: { maxOldGenerationSizeMb: 128, maxYoungGenerationSizeMb: 32 },
});

/** makeRound on the documents' thread; rounds are answered in the order they were asked. */
export async function makeRoundElsewhere(
  sources: Source[],
  withUses: boolean,
  as: RoundColumnsKind,
): Promise<MadeRound> {
  if (!RUNS_AS_FILE) return makeRound(sources, withUses, as);
  const made = await thread.run({ sources, withUses, as });
  const c = made.columns;
  if (isLoadRows(c)) return made;
  // A buffer comes back as a plain Uint8Array: the database driver sends Buffers as binary.
  const buffer = (b: Uint8Array) => Buffer.from(b.buffer, b.byteOffset, b.byteLength);
  return {
    ...made,
    columns: {
      count: c.count,
      kind: buffer(c.kind),
      refId: buffer(c.refId),
      grade: buffer(c.grade),
      subject: buffer(c.subject),
      tsv: buffer(c.tsv),
      titleTsv: buffer(c.titleTsv),
    },
  };
}

/** Stops the documents' thread once a load is done with it. */
export function stopMakingRounds(): Promise<void> {
  return thread.stop();
}
