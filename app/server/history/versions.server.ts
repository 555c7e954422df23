import { type Database, toNumber } from "#app/server/db.server.ts";
import { type ItemKind, readData, type VersionData } from "#app/server/history/item-history.server.ts";

// History: every save of a chapter, note or post keeps the version it replaced, in the save's own
// transaction (app/server/console/versioned-save.server.ts calls `keepVersion`). A version holds everything
// the item held then, as ./item-history.server.ts reads it (`itemData`), in the shape a backup writes
// it: a chapter with its three link lists, a post with its related posts by slug, a note with its chapter.

export type { ItemKind, VersionData };

/** Versions are kept for this many days after they were replaced… */
export const KEEP_DAYS = 365;
/** …or while they are among the item's last this many, whichever keeps more. */
export const KEEP_LAST = 100;

const DAY_MS = 24 * 3600_000;

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
