import fs from "node:fs";
import zlib from "node:zlib";
import { JsonSplitError, splitJson } from "#app/lib/json-split.ts";
import { DomainError } from "#app/server/errors.server.ts";

// Reading a Firestore export: one JSON object keyed by collection, given as a value or read from a
// file (plain or .gz) as a stream, a document at a time (docs/decisions/0051).

export const COLLECTIONS = ["resources", "notes", "blogs", "users"] as const;
export type Collection = (typeof COLLECTIONS)[number];
const isCollection = (key: unknown): key is Collection => COLLECTIONS.includes(key as Collection);

/** What reading gives: the subjects map, one document of a collection, or what is wrong with the file. */
export type Entry =
  | { collection: "subjects"; value: unknown }
  | { collection: Collection; value: unknown; index: number }
  | { problem: string };

const NOT_AN_EXPORT =
  "The file must hold one JSON object keyed by collection (resources, subjects, blogs, notes, users).";
/** Firestore keeps a document under 1 MiB; as JSON with every character escaped it is at most about 6. */
export const MAX_DOCUMENT_BYTES = 8 * 1024 * 1024;

/** The entries of an export already in memory (a small file, or a test's object). */
export async function* entriesOfValue(input: unknown): AsyncGenerator<Entry> {
  if (!input || typeof input !== "object" || Array.isArray(input)) throw new DomainError(NOT_AN_EXPORT);
  const file = input as Record<string, unknown>;
  if (file.subjects != null) yield { collection: "subjects", value: file.subjects };
  for (const collection of COLLECTIONS) {
    const value = file[collection];
    if (value === undefined) continue;
    if (!Array.isArray(value)) {
      yield { problem: `${collection}: must be a list of documents` };
      continue;
    }
    for (const [index, doc] of value.entries()) yield { collection, value: doc, index };
  }
}

/**
 * The entries of an export file (plain or .gz), read 64 KB at a time: only the document being read
 * and the ones a chunk completed are in memory, whatever the file's size. Each document is split
 * from the stream by its brackets and parsed by JSON.parse (splitJson: several times faster than a
 * token-by-token parser at 100,000 chapters). A file that is not JSON, not one object, or holds a
 * document over MAX_DOCUMENT_BYTES ends with a DomainError saying so.
 */
export async function* readFirestoreFile(file: string): AsyncGenerator<Entry> {
  const stream = fs.createReadStream(file, { highWaterMark: 64 * 1024 });
  const source = file.endsWith(".gz") ? stream.pipe(zlib.createGunzip()) : stream;
  const parts = splitJson(source as AsyncIterable<Uint8Array>, {
    // The subjects map is small and read whole; every other list or object a document at a time.
    whole: (key) => key === "subjects",
    maxPartBytes: MAX_DOCUMENT_BYTES,
  });
  try {
    for await (const part of parts) {
      const collection = isCollection(part.key) ? part.key : undefined;
      if (part.kind === "item") {
        if (collection && part.container === "list")
          yield { collection, value: part.value, index: part.index };
      } else if (part.key === "subjects") {
        if (part.kind === "whole" && part.value !== null) {
          const map = part.value;
          yield typeof map === "object" && !Array.isArray(map)
            ? { collection: "subjects", value: map }
            : { problem: "subjects: must be an object keyed by class" };
        }
      } else if (collection && (part.kind === "whole" || part.container === "object"))
        // Its members, if any, are read (and checked as JSON) but are not documents.
        yield { problem: `${collection}: must be a list of documents` };
    }
  } catch (err) {
    if (err instanceof DomainError) throw err;
    if (err instanceof JsonSplitError && err.reason === "shape") throw new DomainError(NOT_AN_EXPORT);
    const reason =
      err instanceof JsonSplitError && err.reason === "too-big"
        ? `${err.where}: over ${MAX_DOCUMENT_BYTES / 1024 / 1024} MB; a Firestore document is at most 1 MiB`
        : `it is not valid JSON (${(err instanceof Error ? err.message : String(err)).slice(0, 200)})`;
    throw new DomainError(`${file} cannot be imported: ${reason}.`);
  } finally {
    stream.destroy();
  }
}
