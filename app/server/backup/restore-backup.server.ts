import { parseSession } from "#app/lib/sessions.ts";
import { restoreUser } from "#app/server/accounts/account-backup.server.ts";
import { setTwoStepRequired } from "#app/server/accounts/two-step.server.ts";
import {
  BackupCheck,
  type BackupCounts,
  BackupDamaged,
  type BackupHeader,
  type BackupRecord,
  type ChapterEntry,
  describeCounts,
  type Entry,
  type PostEntry,
  type RecordType,
  type TrashEntry,
} from "#app/server/backup/backup-records.server.ts";
import {
  CONTENT_TABLES,
  fillInBulk,
  READ_BY_INDEXING,
  withIndexesAfterCommit,
  withoutRowTriggers,
} from "#app/server/backup/bulk-load.server.ts";
import {
  dropShadowedAddresses,
  restoreOldAddresses,
} from "#app/server/catalogue/chapter-addresses.server.ts";
import { restoreChapters } from "#app/server/catalogue/chapters.server.ts";
import { restoreNotes } from "#app/server/catalogue/notes.server.ts";
import { restoreSubjects } from "#app/server/catalogue/subjects.server.ts";
import { writeChosenSession } from "#app/server/catalogue/syllabus-rows.server.ts";
import { restoreActivity } from "#app/server/console/activity.server.ts";
import { contentChanged } from "#app/server/content-changes.server.ts";
import {
  buildIndexesLeftByLoads,
  type Database,
  firstFreeId,
  idsGiven,
  tablesGrew,
  toNumber,
} from "#app/server/db.server.ts";
import { DomainError } from "#app/server/errors.server.ts";
import { restoreGuides } from "#app/server/guides/guides.server.ts";
import {
  type ChapterRef,
  chapterKey,
  chaptersNamed,
  keptVersion,
  localNoteHistory,
  restoreVersions,
  type VersionRecord,
} from "#app/server/history/item-history.server.ts";
import { countEveryLink } from "#app/server/link-health/inventory.server.ts";
import { sanitizeRichTexts, stopSanitizing } from "#app/server/platform/sanitize-pool.server.ts";
import { restoreMedia } from "#app/server/publishing/media.server.ts";
import { restorePosts, restoreRelated } from "#app/server/publishing/posts.server.ts";
import { indexEveryDocument } from "#app/server/search/documents.server.ts";
import { indexInBulk } from "#app/server/search/search.server.ts";
import { importTrash } from "#app/server/trash/trash.server.ts";

// Restoring a backup (`npm run content -- import`), read one record at a time: each record is
// checked (app/server/backup/backup-records.server.ts), then written in batches by the entity modules,
// all in one transaction, so a restore is all or nothing and holds a batch in memory, not the
// backup. The first problem stops the writing (the reading goes on, to name up to 20 problems),
// and the transaction rolls back. `verifyBackup` is the same reading without a database.

/** Records written per batch: a few statements for hundreds of chapters. */
const BATCH = 500;

/**
 * What a restore or a check reads: a header, then records ({ type, ...fields }) one at a time. Its
 * own here, so the reader (which restores a document through this module) is the only one importing.
 */
export type BackupReading = {
  header: unknown;
  records: AsyncIterable<unknown>;
  /** A document (version 1) is checked as a whole first: its header is trusted only when it passed. */
  trusted?: BackupHeader;
  /** Problems found before any record (a document's shape). */
  problems?: string[];
};

/** Checks a backup without restoring it: every rule a restore applies; what it holds. */
export async function verifyBackup(reading: BackupReading): Promise<{ problems: string[]; counts: string }> {
  const check = new BackupCheck();
  await readAll(reading, check, async () => {});
  return { problems: check.problems, counts: describeCounts(check.counts) };
}

/** Reads every record of `reading` through `check`, giving each sound one to `take` while all are sound. */
async function readAll(
  reading: BackupReading,
  check: BackupCheck,
  take: (record: BackupRecord) => Promise<void>,
): Promise<void> {
  for (const problem of reading.problems ?? []) check.problems.push(problem);
  if (check.problems.length > 0 || !check.takeHeader(reading.header, reading.trusted)) return;
  try {
    for await (const value of reading.records) {
      const record = await check.take(value);
      if (record && check.problems.length === 0) await take(record);
      if (check.full) break;
    }
  } catch (err) {
    if (!(err instanceof BackupDamaged)) throw err;
    check.problem(err.message);
  }
  check.finish();
}

/**
 * Restores a backup into a database without content, all or nothing. `onIndexing` hears when every
 * record is in and the search index is being built (the long part that shows no progress).
 */
export async function restoreBackup(
  db: Database,
  reading: BackupReading,
  onIndexing?: () => void,
): Promise<{ summary: string; skippedUsers: string[]; twoStepLost: string[] }> {
  if (await hasContent(db)) {
    throw new DomainError("The database already has content. Restore a backup only into an empty database.");
  }
  const check = new BackupCheck();
  const refused = new Error("refused");
  try {
    const restored = await withIndexesAfterCommit(() =>
      db.transaction().execute(async (trx) => {
        const restore = await Restore.into(trx);
        await withoutRowTriggers(trx, CONTENT_TABLES, () =>
          fillInBulk(trx, [...CONTENT_TABLES, "versions"], async () => {
            try {
              await readAll(reading, check, (record) => restore.take(record));
              if (check.problems.length > 0) throw refused;
              await restore.finish();
              // Admins had to use two-step sign-in: they still must (a restore never lowers it).
              if (check.header?.twoStepRequired) await setTwoStepRequired(trx, true);
              // The current session an admin chose stays chosen.
              const session = parseSession(check.header?.syllabusSession);
              if (session !== null) await writeChosenSession(trx, session);
            } finally {
              await stopSanitizing();
            }
          }),
        );
        // Analysed first: the tables the search index reads by chapter (READ_BY_INDEXING).
        await tablesGrew(trx, { only: READ_BY_INDEXING });
        onIndexing?.();
        // Every row is for the search index and the link inventory: built by reading the tables
        // (their queues, which PostgreSQL's switched-off triggers left empty and SQLite's filled,
        // end empty). Running servers drop their stored pages before this commits.
        // The chapter links' documents and uses are made together, each link read once.
        await indexInBulk(trx, async () => {
          await countEveryLink(trx, undefined, (writeUses) => indexEveryDocument(trx, writeUses));
          return contentChanged(trx);
        });
        // Once everything is in, what was built from the content too (search documents, links and
        // their scopes): analysed before, those were believed empty until autovacuum came by, and
        // a search of Link health read them whole (decision 0034).
        await tablesGrew(trx, { except: READ_BY_INDEXING });
        return {
          summary: summaryOf(check.counts, restore.skippedUsers, restore.twoStepLost),
          skippedUsers: restore.skippedUsers,
          twoStepLost: restore.twoStepLost,
        };
      }),
    );
    return { ...restored, summary: restored.summary + (await indexesBuilt(db)) };
  } catch (err) {
    if (err === refused)
      throw new DomainError(`The backup cannot be restored:\n  ${check.problems.join("\n  ")}`);
    throw err;
  }
}

/**
 * Builds the indexes a load left for after its commit (PostgreSQL); the content is in by then, so
 * a failure is said in the summary rather than thrown: the next start builds them.
 */
export async function indexesBuilt(db: Database): Promise<string> {
  try {
    await buildIndexesLeftByLoads(db);
    return "";
  } catch (err) {
    return ` Some search and Link health indexes could not be built yet (${(err as Error).message}): they are built when the site next starts.`;
  }
}

function summaryOf(
  counts: BackupCounts,
  skippedUsers: readonly string[],
  twoStepLost: readonly string[],
): string {
  const trash = counts.trash > 0 ? `, ${counts.trash} items in the Trash` : "";
  const users = counts.users > 0 ? `, ${counts.users - skippedUsers.length} accounts` : "";
  const lost =
    twoStepLost.length > 0
      ? ` ${twoStepLost.length} of them must set up two-step sign-in again (their secrets were sealed under another SECRET_KEY).`
      : "";
  return `Restored ${counts.subjects} subjects, ${counts.chapters} chapters, ${counts.notes} notes, ${counts.posts} posts, ${counts.media} images${trash}${users}.${lost}`;
}

async function hasContent(db: Database): Promise<boolean> {
  for (const table of ["subjects", "chapters", "posts", "media", "trash"] as const) {
    const row = await db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll().as("n"))
      .executeTakeFirst();
    if (toNumber(row?.n as number | string | undefined) > 0) return true;
  }
  return false;
}

type NoteHistory = { noteId: number; history: readonly VersionRecord[] };

/**
 * One restore's writing, inside its transaction: records are gathered by type and written a batch
 * at a time. Chapters and notes get their ids here (the database has none yet), so a batch's
 * chapters, links, notes and versions go in a few multi-row statements.
 */
class Restore {
  readonly skippedUsers: string[] = [];
  /** Accounts restored without their two-step sign-in: sealed under another SECRET_KEY. */
  readonly twoStepLost: string[] = [];
  private readonly chapterIds = new Map<string, number>();
  private readonly postIds = new Map<string, number>();
  private readonly related: Array<{ id: number; related: readonly string[] }> = [];
  /** Note versions naming a chapter that comes later in the backup: written at the end. */
  private readonly laterNoteHistory: NoteHistory[] = [];
  private pending: BackupRecord[] = [];
  /** The last batch of chapters being written (see flush). */
  private writing: Promise<unknown> = Promise.resolve();
  private pendingType: RecordType | null = null;
  private readonly trx: Database;
  private nextChapterId: number;
  private nextNoteId: number;

  private constructor(trx: Database, nextChapterId: number, nextNoteId: number) {
    this.trx = trx;
    this.nextChapterId = nextChapterId;
    this.nextNoteId = nextNoteId;
  }

  static async into(trx: Database): Promise<Restore> {
    return new Restore(trx, await firstFreeId(trx, "chapters"), await firstFreeId(trx, "notes"));
  }

  async take(record: BackupRecord): Promise<void> {
    if (record.type !== this.pendingType || this.pending.length >= BATCH) await this.flush();
    this.pendingType = record.type;
    this.pending.push(record);
  }

  async finish(): Promise<void> {
    await this.flush();
    await this.writing;
    await restoreRelated(this.trx, this.related, (slug) => this.postIds.get(slug));
    await this.writeNoteHistory(this.laterNoteHistory);
    await dropShadowedAddresses(this.trx);
    await idsGiven(this.trx, "chapters");
    await idsGiven(this.trx, "notes");
  }

  private async flush(): Promise<void> {
    const records = this.pending;
    this.pending = [];
    if (records.length === 0) return;
    if (this.pendingType !== "chapter") await this.writing;
    const entries = <T extends RecordType>(type: T) =>
      records.flatMap((r) => (r.type === type ? [r.entry as Entry<T>] : []));
    switch (this.pendingType) {
      case "subject":
        return restoreSubjects(this.trx, entries("subject"));
      case "chapter": {
        // Chapters need nothing back from their statements (their ids are given here): a batch is
        // written while the next is read and checked, so on PostgreSQL the server writes one
        // batch while this process reads the next. Its failure, which ends the transaction, is
        // heard a batch later, or at the end.
        const write = this.writeChapters(entries("chapter"));
        write.catch(() => {});
        await this.writing;
        this.writing = write;
        return;
      }
      case "post":
        return this.writePosts(entries("post"));
      case "guide":
        return restoreGuides(this.trx, entries("guide"));
      case "media":
        for (const image of entries("media")) await restoreMedia(this.trx, image);
        return;
      case "trash":
        return importTrash(this.trx, entries("trash") as TrashEntry[]);
      case "user":
        for (const user of entries("user")) {
          const outcome = await restoreUser(this.trx, user);
          if (outcome === "exists") this.skippedUsers.push(user.email);
          if (outcome === "two-step lost") this.twoStepLost.push(user.email);
        }
        return;
      case "activity":
        return restoreActivity(this.trx, entries("activity"));
      default:
        return;
    }
  }

  private async writeChapters(chapters: ChapterEntry[]): Promise<void> {
    // Their notes' HTML is sanitized on another thread while the chapters and links are written.
    const contents = sanitizeRichTexts(chapters.flatMap((c) => c.notes.map((n) => n.content)));
    contents.catch(() => {});
    const rows = chapters.map((c) => {
      const id = this.nextChapterId++;
      this.chapterIds.set(chapterKey(c), id);
      return { ...c, id, version: keptVersion(c), updatedBy: c.updatedBy ?? null };
    });
    await restoreChapters(this.trx, rows);
    await restoreOldAddresses(
      this.trx,
      rows.flatMap((c) => (c.addresses ?? []).map((a) => ({ ...a, chapterId: c.id }))),
    );
    const notes = rows.flatMap((c) =>
      c.notes.map((n) => ({
        ...n,
        id: this.nextNoteId++,
        chapterId: c.id,
        version: keptVersion(n),
        updatedBy: n.updatedBy ?? null,
      })),
    );
    await restoreNotes(this.trx, notes, await contents);
    await restoreVersions(
      this.trx,
      "chapter",
      rows.map((c) => ({ itemId: c.id, history: c.history ?? [] })),
    );
    // A note's version may name a chapter further on (the note moved): it waits for the end.
    const noteHistory = notes.map((n) => ({ noteId: n.id, history: n.history ?? [] }));
    const known = (h: NoteHistory) =>
      chaptersNamed(h.history).every((ref) => this.chapterIds.has(chapterKey(ref)));
    this.laterNoteHistory.push(...noteHistory.filter((h) => !known(h)));
    await this.writeNoteHistory(noteHistory.filter(known));
  }

  private async writeNoteHistory(items: readonly NoteHistory[]): Promise<void> {
    const chapterIdOf = (ref: ChapterRef) => this.chapterIds.get(chapterKey(ref)) ?? null;
    await restoreVersions(
      this.trx,
      "note",
      items.map((h) => ({ itemId: h.noteId, history: localNoteHistory(h.history, chapterIdOf) })),
    );
  }

  private async writePosts(posts: PostEntry[]): Promise<void> {
    const ids = await restorePosts(
      this.trx,
      posts.map((p) => ({ ...p, version: keptVersion(p), updatedBy: p.updatedBy ?? null })),
    );
    const items = posts.map((p, i) => ({ id: ids[i] as number, post: p }));
    for (const { id, post } of items) {
      this.postIds.set(post.slug, id);
      if (post.related.length > 0) this.related.push({ id, related: post.related });
    }
    await restoreVersions(
      this.trx,
      "post",
      items.map(({ id, post }) => ({ itemId: id, history: post.history ?? [] })),
    );
  }
}
