import { batches } from "#app/lib/batches.ts";
import { chapterItem, noteItem, postItem } from "#app/server/backup/backup-items.server.ts";
import { type Database, toNumber } from "#app/server/db.server.ts";
import type { ChapterRow, NoteRow, PostRow, VersionTable } from "#app/server/schema.server.ts";

// History: every save of a chapter, note or post keeps the version it replaced, in the save's own
// transaction (app/server/console/versioned-save.server.ts calls `keepVersion`). A version holds everything
// the item held then, in the shape a backup writes it (app/server/backup/backup-items.server.ts): a
// chapter with its three link lists, a post with its related posts by slug, a note with its chapter.

export type ItemKind = VersionTable["item_kind"];
export const ITEM_KINDS: readonly ItemKind[] = ["chapter", "note", "post"];

/** The table each kind of item lives in. */
export const TABLE_OF = { chapter: "chapters", note: "notes", post: "posts" } as const;

/** Versions are kept for this many days after they were replaced… */
export const KEEP_DAYS = 365;
/** …or while they are among the item's last this many, whichever keeps more. */
export const KEEP_LAST = 100;

const DAY_MS = 24 * 3600_000;

/** Everything an item held at one version (JSON in `versions.data`). */
export type VersionData = Record<string, unknown>;

type ItemRow = { chapter: ChapterRow; note: NoteRow; post: PostRow };

/** What an item holds now, as History keeps it: read before a save changes it. */
export async function itemData<K extends ItemKind>(
  db: Database,
  kind: K,
  row: ItemRow[K],
): Promise<VersionData> {
  if (kind === "chapter") {
    const links = await db
      .selectFrom("chapter_links")
      .select(["kind", "title", "url"])
      .where("chapter_id", "=", row.id)
      .orderBy("kind")
      .orderBy("position")
      .execute();
    const { notes: _none, ...chapter } = chapterItem(row as ChapterRow, links, []);
    return chapter;
  }
  if (kind === "note") return { ...noteItem(row as NoteRow), chapterId: (row as NoteRow).chapter_id };
  const related = await db
    .selectFrom("post_related")
    .innerJoin("posts", "posts.id", "post_related.related_id")
    .select("posts.slug")
    .where("post_related.post_id", "=", row.id)
    .orderBy("post_related.position")
    .execute();
  return postItem(
    row as PostRow,
    related.map((r) => r.slug),
  );
}

/** A version as History lists it. */
export type StoredVersion = {
  version: number;
  savedBy: string | null;
  savedAt: string;
  replacedAt: string;
  data: VersionData;
};

/** Keeps the version a save just replaced, then lets go of what retention no longer keeps of that item. */
export async function keepVersion(
  db: Database,
  kind: ItemKind,
  itemId: number,
  kept: StoredVersion,
): Promise<void> {
  await db
    .insertInto("versions")
    .values({
      item_kind: kind,
      item_id: itemId,
      version: kept.version,
      saved_by: kept.savedBy,
      saved_at: kept.savedAt,
      data: JSON.stringify(kept.data),
      replaced_at: kept.replacedAt,
    })
    .execute();
  // One item's versions, through the index: cheap enough for every save.
  await pruneItem(db, kind, itemId, new Date(kept.replacedAt));
}

function readData(text: string): VersionData {
  try {
    const data: unknown = JSON.parse(text);
    return data && typeof data === "object" && !Array.isArray(data) ? (data as VersionData) : {};
  } catch {
    return {};
  }
}

function toKept(row: {
  version: number;
  saved_by: string | null;
  saved_at: string;
  replaced_at: string;
  data: string;
}): StoredVersion {
  return {
    version: toNumber(row.version),
    savedBy: row.saved_by,
    savedAt: row.saved_at,
    replacedAt: row.replaced_at,
    data: readData(row.data),
  };
}

const VERSION_COLUMNS = ["version", "saved_by", "saved_at", "replaced_at", "data"] as const;

function versionsOf(db: Database, kind: ItemKind, itemId: number) {
  return db.selectFrom("versions").where("item_kind", "=", kind).where("item_id", "=", itemId);
}

/** How many earlier versions of the item are kept. */
export async function versionCount(db: Database, kind: ItemKind, itemId: number): Promise<number> {
  const row = await versionsOf(db, kind, itemId)
    .select((eb) => eb.fn.countAll().as("n"))
    .executeTakeFirst();
  return toNumber(row?.n as number | string | undefined);
}

/** A window of the item's kept versions, newest first. */
export async function versionWindow(
  db: Database,
  kind: ItemKind,
  itemId: number,
  window: { limit: number; offset: number },
): Promise<StoredVersion[]> {
  if (window.limit <= 0) return [];
  const rows = await versionsOf(db, kind, itemId)
    .select(VERSION_COLUMNS)
    .orderBy("version", "desc")
    .limit(window.limit)
    .offset(window.offset)
    .execute();
  return rows.map(toKept);
}

/** One kept version of the item, or null when it is not kept (never was, or let go by retention). */
export async function getVersion(
  db: Database,
  kind: ItemKind,
  itemId: number,
  version: number,
): Promise<StoredVersion | null> {
  const row = await versionsOf(db, kind, itemId)
    .select(VERSION_COLUMNS)
    .where("version", "=", version)
    .executeTakeFirst();
  return row ? toKept(row) : null;
}

/** The newest kept version older than `version` (what it changed), or null. */
export async function versionBefore(
  db: Database,
  kind: ItemKind,
  itemId: number,
  version: number,
): Promise<StoredVersion | null> {
  const row = await versionsOf(db, kind, itemId)
    .select(VERSION_COLUMNS)
    .where("version", "<", version)
    .orderBy("version", "desc")
    .limit(1)
    .executeTakeFirst();
  return row ? toKept(row) : null;
}

/**
 * Retention for one item: a version replaced more than 365 days before `now` goes, unless it is
 * among the item's last 100. Returns how many went.
 */
export async function pruneItem(db: Database, kind: ItemKind, itemId: number, now: Date): Promise<number> {
  const hundredth = await versionsOf(db, kind, itemId)
    .select("version")
    .orderBy("version", "desc")
    .limit(1)
    .offset(KEEP_LAST - 1)
    .executeTakeFirst();
  if (!hundredth) return 0;
  const cutoff = new Date(now.getTime() - KEEP_DAYS * DAY_MS).toISOString();
  const result = await db
    .deleteFrom("versions")
    .where("item_kind", "=", kind)
    .where("item_id", "=", itemId)
    .where("version", "<", hundredth.version)
    .where("replaced_at", "<", cutoff)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * Retention for every item (the daily job): only items with more than 100 versions can have any to
 * let go, and those are found through the index. Returns how many versions went.
 */
export async function pruneHistory(db: Database, now: Date): Promise<number> {
  const crowded = await db
    .selectFrom("versions")
    .select(["item_kind", "item_id"])
    .groupBy(["item_kind", "item_id"])
    .having((eb) => eb.fn.countAll(), ">", KEEP_LAST)
    .execute();
  let gone = 0;
  for (const item of crowded) gone += await pruneItem(db, item.item_kind, item.item_id, now);
  return gone;
}

/** A version as a backup and the Trash carry it: no ids, everything it held as JSON text. */
export type VersionRecord = {
  version: number;
  savedBy: string | null;
  savedAt: string;
  data: string;
  replacedAt: string;
};

/**
 * Every kept version of the items of `kind` (of `ids` only, when given: a backup reads them a batch
 * of items at a time), oldest first, by item id.
 */
export async function versionRecords(
  db: Database,
  kind: ItemKind,
  ids?: readonly number[],
): Promise<Map<number, VersionRecord[]>> {
  if (ids?.length === 0) return new Map();
  let query = db
    .selectFrom("versions")
    .select(["item_id", "version", "saved_by", "saved_at", "data", "replaced_at"])
    .where("item_kind", "=", kind);
  if (ids) query = query.where("item_id", "in", ids);
  const rows = await query.orderBy("item_id").orderBy("version").execute();
  const byItem = new Map<number, VersionRecord[]>();
  for (const row of rows) {
    const list = byItem.get(row.item_id) ?? [];
    list.push({
      version: toNumber(row.version),
      savedBy: row.saved_by,
      savedAt: row.saved_at,
      data: row.data,
      replacedAt: row.replaced_at,
    });
    byItem.set(row.item_id, list);
  }
  return byItem;
}

/** What a restored item brings of its History: its version number, who made it, its kept versions. */
export type KeptHistory = { version?: number; updatedBy?: string | null; history?: readonly VersionRecord[] };

/** A restored item's version number: as the backup says, else after its last kept version. */
export function keptVersion(kept: KeptHistory): number {
  const history = kept.history ?? [];
  return kept.version ?? (history.length > 0 ? Math.max(...history.map((v) => v.version)) + 1 : 1);
}

/**
 * Puts a restored item's History back under its (new) id, inside the restore's transaction: its
 * version number (after its last kept version when the backup does not say), who made it, and its
 * versions.
 */
export async function restoreHistory(
  db: Database,
  kind: ItemKind,
  itemId: number,
  kept: KeptHistory,
): Promise<void> {
  const version = keptVersion(kept);
  // A new row is at version 1, by nobody known, with no history: nothing to write for it.
  if (version === 1 && !kept.updatedBy && (kept.history ?? []).length === 0) return;
  await db
    .updateTable(TABLE_OF[kind] as "notes")
    .set({ version, updated_by: kept.updatedBy ?? null })
    .where("id", "=", itemId)
    .execute();
  await restoreVersions(db, kind, [{ itemId, history: kept.history ?? [] }]);
}

/** Kept versions of restored items, under their (new) ids, many items to a statement. */
export async function restoreVersions(
  db: Database,
  kind: ItemKind,
  items: ReadonlyArray<{ itemId: number; history: readonly VersionRecord[] }>,
): Promise<void> {
  const rows = items.flatMap(({ itemId, history }) =>
    history.map((v) => ({
      item_kind: kind,
      item_id: itemId,
      version: v.version,
      saved_by: v.savedBy,
      saved_at: v.savedAt,
      data: v.data,
      replaced_at: v.replacedAt,
    })),
  );
  // In batches: a statement holds a bounded number of values (and of text) on both engines.
  for (const part of batches(rows, 200)) await db.insertInto("versions").values(part).execute();
}

/**
 * A note's version names its chapter by id, which a backup cannot keep: it goes out as the
 * chapter's class and address (null when that chapter is gone) and comes back as the id the chapter
 * has in the restored site.
 */
export function portableNoteData(data: string, chapterOf: (id: number) => ChapterRef | null): string {
  const { chapterId, ...rest } = readData(data);
  return JSON.stringify({ ...rest, chapter: typeof chapterId === "number" ? chapterOf(chapterId) : null });
}

export function localNoteData(data: string, chapterIdOf: (ref: ChapterRef) => number | null): string {
  const { chapter, ...rest } = readData(data);
  const ref = chapterRef(chapter);
  return JSON.stringify({ ...rest, chapterId: ref ? chapterIdOf(ref) : null });
}

/** The chapter a backup's note version names, if any (a restore waits for it when it comes later). */
export function noteDataChapter(data: string): ChapterRef | null {
  return chapterRef(readData(data).chapter);
}

function chapterRef(value: unknown): ChapterRef | null {
  const ref = value as Partial<ChapterRef> | null | undefined;
  return typeof ref?.grade === "number" && typeof ref.slug === "string"
    ? { grade: ref.grade, slug: ref.slug }
    : null;
}

/** A chapter as a backup names it: its class and address. */
export type ChapterRef = { grade: number; slug: string };
