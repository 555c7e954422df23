import fs from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import zlib from "node:zlib";
import split2 from "split2";
import {
  type BackupOptions,
  type BackupReading,
  backupHeader,
  backupRecords,
  backupSize,
  readBackupDocument,
} from "#app/server/backup/backup-reader.server.ts";
import {
  type BackupCounts,
  BackupDamaged,
  countRecord,
  endLine,
  headerLine,
  noCounts,
  recordLine,
} from "#app/server/backup/backup-records.server.ts";
import { type Database, withSnapshot } from "#app/server/db.server.ts";

// Backup files: written as JSON Lines (gzip when the name ends in .gz) from one snapshot of the
// database, a batch of records at a time, under a temporary name and renamed, so a file with the
// backup's name is always whole; read back a line at a time. Scheduled backups (BACKUP_DIR,
// BACKUP_EVERY_HOURS) are such files, and the last 14 are kept.

/** How many scheduled backups are kept. */
export const BACKUPS_KEPT = 14;
/** A half-written scheduled backup untouched for this long was left by a process that died. */
const LEFTOVER_AFTER_MS = 24 * 3600_000;
/** Scheduled backups' names (.json.gz from before JSON Lines). */
const NAME = /^chapterwise-\d{8}-\d{6}Z\.jsonl?\.gz$/;
/** The longest line read (a chapter with its notes and their History): beyond it, a file is refused. */
const LONGEST_LINE = 256 * 1024 * 1024;
/** Lines are written in chunks of about this many characters. */
const CHUNK = 64 * 1024;

/** chapterwise-20261123-221500Z.jsonl.gz: sorts by time as text. */
export function backupName(at: Date): string {
  const stamp = at
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d+Z$/, "Z")
    .replace("T", "-");
  return `chapterwise-${stamp}.jsonl.gz`;
}

/**
 * Writes a full backup to `file` from one snapshot of the database, a batch at a time; `onProgress`
 * hears the share of records written (and the writing waits for it when it returns a promise).
 * Returns what it holds and the file's size.
 */
export async function writeBackupFile(
  db: Database,
  file: string,
  options: BackupOptions,
  onProgress?: (done: number) => void | Promise<void>,
): Promise<{ counts: BackupCounts; bytes: number }> {
  const counts = noCounts();
  await withSnapshot(db, async (snapshot) => {
    const total = Math.max(1, await backupSize(snapshot, options));
    async function* lines() {
      let chunk = `${headerLine(await backupHeader(snapshot, options))}\n`;
      let written = 0;
      for await (const record of backupRecords(snapshot, options)) {
        countRecord(counts, record);
        chunk += `${recordLine(record)}\n`;
        if (chunk.length >= CHUNK) {
          yield chunk;
          chunk = "";
          await onProgress?.(written / total);
        }
        written += 1;
      }
      yield `${chunk}${endLine(counts)}\n`;
      await onProgress?.(1);
    }
    // Accounts' password hashes may be in it: readable by the site's own user only.
    const out = fs.createWriteStream(`${file}.tmp`, { mode: 0o600 });
    try {
      if (file.endsWith(".gz")) await pipeline(Readable.from(lines()), zlib.createGzip({ level: 6 }), out);
      else await pipeline(Readable.from(lines()), out);
    } catch (err) {
      // A failed export leaves no half-written copy behind (a killed one: see writeBackup).
      fs.rmSync(`${file}.tmp`, { force: true });
      throw err;
    }
  });
  fs.renameSync(`${file}.tmp`, file);
  return { counts, bytes: fs.statSync(file).size };
}

/**
 * Writes one scheduled backup into `dir` and removes all but the newest 14 there, and what a backup
 * killed half-way left; returns its path and size.
 */
export async function writeBackup(
  db: Database,
  dir: string,
  at: Date,
): Promise<{ file: string; bytes: number }> {
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  const file = path.join(dir, backupName(at));
  const { bytes } = await writeBackupFile(db, file, { withUsers: true });
  const old = fs
    .readdirSync(dir)
    .filter((name) => NAME.test(name))
    .sort((a, b) => a.localeCompare(b))
    .reverse()
    .slice(BACKUPS_KEPT);
  for (const name of old) fs.rmSync(path.join(dir, name), { force: true });
  // What a backup killed half-way left (a crash, a restart): one untouched for a day is not being written.
  for (const name of fs.readdirSync(dir)) {
    const leftover = path.join(dir, name);
    if (name.endsWith(".tmp") && NAME.test(name.slice(0, -4)) && leftover !== `${file}.tmp`) {
      const stat = fs.statSync(leftover, { throwIfNoEntry: false });
      if (stat && stat.mtimeMs < at.getTime() - LEFTOVER_AFTER_MS) fs.rmSync(leftover, { force: true });
    }
  }
  return { file, bytes };
}

/**
 * A backup file (JSON Lines or a version 1 document; gzip or plain), to be read a record at a time
 * by a restore or a check. `onProgress` hears the share of the file read.
 */
export async function openBackupFile(
  file: string,
  onProgress?: (done: number) => void,
): Promise<BackupReading> {
  const size = Math.max(1, fs.statSync(file).size);
  const lines = readLines(file, (bytes) => onProgress?.(bytes / size));
  const first = await lines.next();
  if (first.done) return { header: null, records: (async function* () {})() };
  let header: unknown;
  try {
    header = JSON.parse(first.value.text);
  } catch {
    // A document written over many lines (`export` before JSON Lines): read whole.
    await lines.return(undefined);
    return readBackupDocument(await readJsonFile(file));
  }
  if ((header as { version?: unknown } | null)?.version === 1) {
    await lines.return(undefined);
    return readBackupDocument(header);
  }
  async function* records() {
    for await (const line of lines) {
      try {
        yield JSON.parse(line.text) as unknown;
      } catch {
        throw new BackupDamaged(`line ${line.number} is not JSON: the file is damaged`);
      }
    }
  }
  return { header, records: records() };
}

/** The file's non-empty lines with their numbers; a damaged file (gzip cut short, a line too long) ends in BackupDamaged. */
async function* readLines(file: string, onBytes: (bytes: number) => void) {
  const gzip = isGzip(file);
  const source = fs.createReadStream(file);
  let bytes = 0;
  source.on("data", (chunk) => {
    bytes += chunk.length;
    onBytes(bytes);
  });
  const splitter = split2({ maxLength: LONGEST_LINE });
  const done = gzip ? pipeline(source, zlib.createGunzip(), splitter) : pipeline(source, splitter);
  // Its failure is the iteration's (below); this keeps it from being an unhandled rejection.
  done.catch(() => {});
  let number = 0;
  try {
    for await (const text of splitter as AsyncIterable<string>) {
      number += 1;
      if (text.trim() !== "") yield { text, number };
    }
    await done;
  } catch (err) {
    const why = err instanceof Error ? err.message : String(err);
    throw new BackupDamaged(
      why === "maximum buffer reached"
        ? `line ${number + 1} is longer than ${LONGEST_LINE / 1024 / 1024} MB: the file is damaged`
        : `the file is damaged after line ${number} (${why})`,
    );
  } finally {
    source.destroy();
  }
}

function isGzip(file: string): boolean {
  const head = Buffer.alloc(2);
  const fd = fs.openSync(file, "r");
  try {
    fs.readSync(fd, head, 0, 2, 0);
  } finally {
    fs.closeSync(fd);
  }
  return head[0] === 0x1f && head[1] === 0x8b;
}

/**
 * A JSON file read whole, gzip or plain: a version 1 backup (from before JSON Lines; such files were
 * read whole then too) or the original product's Firestore export.
 */
export async function readJsonFile(file: string): Promise<unknown> {
  try {
    const raw = fs.readFileSync(file);
    return JSON.parse(isGzip(file) ? zlib.gunzipSync(raw).toString("utf8") : raw.toString("utf8"));
  } catch (err) {
    throw new BackupDamaged(`it is not valid JSON: ${err instanceof Error ? err.message : String(err)}`);
  }
}
