import fs from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import zlib from "node:zlib";
import { exportContent } from "#app/server/backup.server.ts";
import { type Database, withSnapshot } from "#app/server/db.server.ts";

// Backups on a schedule (BACKUP_DIR, BACKUP_EVERY_HOURS): a full export (content, history, Trash,
// Activity and accounts), read from one snapshot of the database, gzip-compressed, written under a
// temporary name and renamed, so a file with the backup name is always whole. The last 14 are kept.

const gzip = promisify(zlib.gzip);
const gunzip = promisify(zlib.gunzip);

/** How many scheduled backups are kept. */
export const BACKUPS_KEPT = 14;
const NAME = /^chapterwise-\d{8}-\d{6}Z\.json\.gz$/;

/** chapterwise-20261123-221500Z.json.gz: sorts by time as text. */
export function backupName(at: Date): string {
  const stamp = at
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d+Z$/, "Z")
    .replace("T", "-");
  return `chapterwise-${stamp}.json.gz`;
}

/** Writes one backup into `dir` and removes all but the newest 14 there; returns its path and size. */
export async function writeBackup(
  db: Database,
  dir: string,
  at: Date,
): Promise<{ file: string; bytes: number }> {
  const backup = await withSnapshot(db, (snapshot) => exportContent(snapshot, { withUsers: true }));
  const packed = await gzip(Buffer.from(`${JSON.stringify(backup)}\n`), { level: 6 });
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  const file = path.join(dir, backupName(at));
  // Accounts' password hashes are in it: readable by the site's own user only.
  fs.writeFileSync(`${file}.tmp`, packed, { mode: 0o600 });
  fs.renameSync(`${file}.tmp`, file);
  const old = fs
    .readdirSync(dir)
    .filter((name) => NAME.test(name))
    .sort()
    .reverse()
    .slice(BACKUPS_KEPT);
  for (const name of old) fs.rmSync(path.join(dir, name), { force: true });
  return { file, bytes: packed.length };
}

/** A backup file as written by export or a scheduled backup (gzip or plain JSON), parsed. */
export async function readBackupFile(file: string): Promise<unknown> {
  const raw = fs.readFileSync(file);
  const text =
    raw[0] === 0x1f && raw[1] === 0x8b ? (await gunzip(raw)).toString("utf8") : raw.toString("utf8");
  return JSON.parse(text);
}
