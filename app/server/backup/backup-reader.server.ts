import { z } from "zod";
import { batchesAfter } from "#app/lib/batches.ts";
import { asMedium } from "#app/lib/medium.ts";
import { parseSession, sessionName } from "#app/lib/sessions.ts";
import { exportUsers } from "#app/server/accounts/account-backup.server.ts";
import { twoStepRequired } from "#app/server/accounts/two-step.server.ts";
import {
  BACKUP_FORMAT,
  BACKUP_VERSION,
  type BackupHeader,
  type BackupRecord,
  type Entry,
  LIST_OF,
  RECORD_TYPES,
  type RecordType,
} from "#app/server/backup/backup-records.server.ts";
import { type BackupReading, restoreBackup } from "#app/server/backup/restore-backup.server.ts";
import { oldAddressesOf } from "#app/server/catalogue/chapter-addresses.server.ts";
import { chosenSession } from "#app/server/catalogue/syllabus-rows.server.ts";
import { activityEntries } from "#app/server/console/activity.server.ts";
import { type Database, toNumber } from "#app/server/db.server.ts";
import { chaptersOut, guidesOut, postsOut } from "#app/server/history/item-history.server.ts";
import { trashEntries } from "#app/server/trash/trash.server.ts";

// The full backup, read out of the database a batch at a time (`backupRecords`), so an export of
// any size holds one batch in memory; the caller reads it inside one snapshot (withSnapshot) so the
// file is consistent. Files are app/server/backup/backup-files.server.ts's; checks and the record shapes are
// app/server/backup/backup-records.server.ts's; a restore is app/server/backup/restore-backup.server.ts's.

export { momentInRange } from "#app/server/backup/backup-records.server.ts";
export type { BackupReading };

export type BackupOptions = {
  /** Accounts with their password hashes (`--with-users`, scheduled backups). */
  withUsers?: boolean;
  /** History and Activity: in by default (a full backup); `false` leaves them out. */
  withHistory?: boolean;
};

/** Chapters (and posts) read per batch: each batch's links, notes and History come in a few queries. */
const CHAPTER_BATCH = 500;
const POST_BATCH = 200;
const MEDIA_BATCH = 20;

/** The first line of a backup of `db`; with accounts, it also keeps whether admins must use two-step sign-in. */
export async function backupHeader(
  db: Database,
  options: BackupOptions,
  at = new Date(),
): Promise<BackupHeader> {
  const withUsers = options.withUsers ?? false;
  const chosen = await chosenSession(db);
  return {
    format: BACKUP_FORMAT,
    version: BACKUP_VERSION,
    exportedAt: at.toISOString(),
    withUsers,
    withHistory: options.withHistory ?? true,
    ...(withUsers ? { twoStepRequired: await twoStepRequired(db) } : {}),
    ...(chosen === null ? {} : { syllabusSession: sessionName(chosen) }),
  };
}

/** How many records `backupRecords` will give (for a progress bar), counted in the same snapshot. */
export async function backupSize(db: Database, options: BackupOptions): Promise<number> {
  const tables = ["subjects", "chapters", "posts", "guides", "media", "trash"] as const;
  let total = 0;
  for (const table of [
    ...tables,
    ...(options.withUsers ? (["users"] as const) : []),
    ...((options.withHistory ?? true) ? (["activity"] as const) : []),
  ]) {
    const row = await db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll().as("n"))
      .executeTakeFirst();
    total += toNumber(row?.n as number | string | undefined);
  }
  return total;
}

/** Every record of a full backup, in a backup's order, read a batch at a time. */
export async function* backupRecords(db: Database, options: BackupOptions): AsyncGenerator<BackupRecord> {
  const withHistory = options.withHistory ?? true;
  const subjects = await db
    .selectFrom("subjects")
    .selectAll()
    .orderBy("grade")
    .orderBy("position")
    .orderBy("code")
    .execute();
  for (const s of subjects)
    yield {
      type: "subject",
      entry: {
        grade: s.grade,
        code: s.code,
        label: s.label,
        position: s.position,
        medium: asMedium(s.medium),
      },
    };
  // Items leave as app/server/history/item-history.server.ts takes them out: a batch's links, notes
  // and History in a few queries.
  const how = { history: withHistory };
  const chapterBatches = batchesAfter(
    (after: number | undefined) =>
      db
        .selectFrom("chapters")
        .selectAll()
        .where("id", ">", after ?? 0)
        .orderBy("id")
        .limit(CHAPTER_BATCH)
        .execute(),
    (c) => c.id,
  );
  for await (const chapters of chapterBatches) {
    const addresses = await oldAddressesOf(
      db,
      chapters.map((c) => c.id),
    );
    for (const { row, item } of await chaptersOut(db, chapters, how)) {
      const left = addresses.get(row.id);
      yield { type: "chapter", entry: left ? { ...item, addresses: left } : item };
    }
  }
  const postBatches = batchesAfter(
    (after: number | undefined) =>
      db
        .selectFrom("posts")
        .selectAll()
        .where("id", ">", after ?? 0)
        .orderBy("id")
        .limit(POST_BATCH)
        .execute(),
    (p) => p.id,
  );
  for await (const posts of postBatches)
    for (const { item } of await postsOut(db, posts, how)) yield { type: "post", entry: item };
  const guides = await db.selectFrom("guides").selectAll().orderBy("id").execute();
  for (const entry of await guidesOut(db, guides, how)) yield { type: "guide", entry };
  const mediaBatches = batchesAfter(
    (after: string | undefined) =>
      db
        .selectFrom("media")
        .selectAll()
        .where("id", ">", after ?? "")
        .orderBy("id")
        .limit(MEDIA_BATCH)
        .execute(),
    (m) => m.id,
  );
  for await (const media of mediaBatches) {
    for (const m of media)
      yield {
        type: "media",
        entry: {
          id: m.id,
          webp: Buffer.from(m.webp).toString("base64"),
          fallback: Buffer.from(m.fallback).toString("base64"),
          fallbackType: m.fallback_type === "image/png" ? "image/png" : "image/jpeg",
          width: m.width,
          height: m.height,
          createdAt: m.created_at,
        },
      };
  }
  for await (const entry of trashEntries(db)) yield { type: "trash", entry };
  if (options.withUsers) for (const entry of await exportUsers(db)) yield { type: "user", entry };
  // The Activity log goes with History: both are the site's past, left out by `withHistory: false`.
  if (withHistory) for await (const entry of activityEntries(db)) yield { type: "activity", entry };
}

// ---------------------------------------------------------------------------------------------
// A backup as one document (format version 1, and what tests compare): the lists of a backup's
// records under the header's fields. Written by exportContent, read by readBackupDocument.
// ---------------------------------------------------------------------------------------------

/** A whole backup in memory: small sites, tests, and files from before JSON Lines. */
export type Backup = Omit<BackupHeader, "withUsers" | "withHistory"> & {
  subjects: Entry<"subject">[];
  chapters: Entry<"chapter">[];
  posts: Entry<"post">[];
  /** Not in backups from before guides were content. */
  guides?: Entry<"guide">[];
  media: Entry<"media">[];
  trash: Entry<"trash">[];
  /** Only in a backup with accounts. */
  users?: Entry<"user">[];
  /** Only in a backup with accounts: whether every admin had to use two-step sign-in. */
  twoStepRequired?: boolean;
  /** Only when an admin chose the current session. */
  syllabusSession?: string;
  /** Only in a backup with History. */
  activity?: Entry<"activity">[];
};

/** The whole backup as one document, in memory (tests, and a copy of a small site). */
export async function exportContent(db: Database, options: BackupOptions = {}): Promise<Backup> {
  const header = await backupHeader(db, options);
  const backup: Backup = {
    format: header.format,
    version: header.version,
    exportedAt: header.exportedAt,
    ...(header.twoStepRequired === undefined ? {} : { twoStepRequired: header.twoStepRequired }),
    ...(header.syllabusSession === undefined ? {} : { syllabusSession: header.syllabusSession }),
    subjects: [],
    chapters: [],
    posts: [],
    guides: [],
    media: [],
    trash: [],
    ...(header.withUsers ? { users: [] } : {}),
    ...(header.withHistory ? { activity: [] } : {}),
  };
  for await (const record of backupRecords(db, options))
    (backup[LIST_OF[record.type]] as unknown[] | undefined)?.push(record.entry);
  return backup;
}

const documentShape = z.object({
  format: z.literal(BACKUP_FORMAT),
  version: z.union([z.literal(1), z.literal(BACKUP_VERSION)]),
  exportedAt: z.string(),
  subjects: z.array(z.unknown()),
  chapters: z.array(z.unknown()),
  posts: z.array(z.unknown()),
  guides: z.array(z.unknown()).optional(),
  media: z.array(z.unknown()),
  trash: z.array(z.unknown()).optional(),
  users: z.array(z.unknown()).optional(),
  twoStepRequired: z.boolean().optional(),
  syllabusSession: z.string().optional(),
  activity: z.array(z.unknown()).optional(),
});

/**
 * A backup document (exportContent's, or a file from before JSON Lines) read as records, so it is
 * checked and restored by the same code as a file.
 */
export function readBackupDocument(input: unknown): BackupReading {
  const parsed = documentShape.safeParse(input);
  if (!parsed.success) {
    return {
      header: null,
      records: (async function* () {})(),
      problems: parsed.error.issues
        .slice(0, 20)
        .map((i) => `${i.path.join(".") || "(document)"}: ${i.message}`),
    };
  }
  const doc = parsed.data;
  const trusted: BackupHeader = {
    format: BACKUP_FORMAT,
    version: 1,
    exportedAt: doc.exportedAt,
    withUsers: doc.users !== undefined,
    withHistory: doc.activity !== undefined,
    ...(doc.twoStepRequired === undefined ? {} : { twoStepRequired: doc.twoStepRequired }),
    // A session that is not one is left out: the restored site takes the date's.
    ...(parseSession(doc.syllabusSession) === null ? {} : { syllabusSession: doc.syllabusSession }),
  };
  async function* records() {
    for (const type of RECORD_TYPES as RecordType[]) {
      for (const entry of doc[LIST_OF[type]] ?? [])
        yield typeof entry === "object" && entry !== null && !Array.isArray(entry)
          ? { ...entry, type }
          : { type };
    }
  }
  return { header: trusted, trusted, records: records() };
}

/** Restores a backup document (exportContent's, or a version 1 file's) into an empty database. */
export function importContent(db: Database, input: unknown): ReturnType<typeof restoreBackup> {
  return restoreBackup(db, readBackupDocument(input));
}
