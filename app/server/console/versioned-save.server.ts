import type { Selectable, Updateable } from "kysely";
import { currentActor } from "#app/server/console/actor.server.ts";
import { type Database, now } from "#app/server/db.server.ts";
import { ConflictError, NotFoundError } from "#app/server/errors.server.ts";
import { type ItemKind, itemData, type VersionData } from "#app/server/history/item-history.server.ts";
import { keepVersion } from "#app/server/history/versions.server.ts";
import type { DB } from "#app/server/schema.server.ts";

/** The tables whose rows carry a `version` (optimistic concurrency: docs/decisions/0004). */
type Versioned = "chapters" | "notes" | "posts" | "guides";

const KIND: Record<Versioned, ItemKind> = {
  chapters: "chapter",
  notes: "note",
  posts: "post",
  guides: "guide",
};

/**
 * Saves `values` over the row `id` only if it is still at `expectedVersion` (what the admin's form
 * was read at), and moves it to the next version; the one way every versioned update is written.
 * The version it replaces goes to History in the same transaction, read before the update (so a
 * chapter's links and a post's related posts, which the caller rewrites after it, are the old ones),
 * and the row says who made the new one. Someone else's save in between gives ConflictError
 * ("changed by someone else"), a deleted row NotFoundError; either way nothing is written.
 */
export async function saveVersion<T extends Versioned>(
  db: Database,
  table: T,
  id: number,
  expectedVersion: number,
  values: Omit<Updateable<DB[T]>, "version" | "updated_at" | "updated_by">,
): Promise<Selectable<DB[T]>> {
  return (await replaceVersion(db, table, id, expectedVersion, values)).after;
}

/**
 * `saveVersion`, answering the row it replaced and that version as History keeps it, so that a
 * caller that says what changed (Activity's summary) need not read the item again. `read`: the
 * row as the caller already read it (the update checks its version again, so it cannot be stale).
 */
export async function replaceVersion<T extends Versioned>(
  db: Database,
  table: T,
  id: number,
  expectedVersion: number,
  values: Omit<Updateable<DB[T]>, "version" | "updated_at" | "updated_by">,
  read?: Selectable<DB[T]>,
): Promise<{ before: Selectable<DB[T]>; after: Selectable<DB[T]>; replaced: VersionData }> {
  const kind = KIND[table];
  // Kysely cannot follow a generic table name through its column types. The three tables share
  // `id`, `version`, `updated_at` and `updated_by` (as do guides), which is all this reads, so it is typed as one of them here.
  const before =
    (read as Selectable<DB["notes"]> | undefined) ??
    (await db
      .selectFrom(table as "notes")
      .selectAll()
      .where("id", "=", id)
      .executeTakeFirst());
  if (!before) throw new NotFoundError(kind);
  if (before.version !== expectedVersion) throw new ConflictError(kind);
  const data = await itemData(db, kind, before as never);
  const at = now();
  const row = await db
    .updateTable(table as "notes")
    .set({
      ...values,
      updated_at: at,
      updated_by: currentActor().label,
      version: expectedVersion + 1,
    } as Updateable<DB["notes"]>)
    .where("id", "=", id)
    .where("version", "=", expectedVersion)
    .returningAll()
    .executeTakeFirst();
  // Saved by someone else between the read and the write.
  if (!row) throw new ConflictError(kind);
  await keepVersion(db, kind, id, {
    version: expectedVersion,
    savedBy: before.updated_by,
    savedAt: before.updated_at,
    replacedAt: at,
    data,
  });
  const after = row as unknown as Selectable<DB[T]>;
  return { before: before as unknown as Selectable<DB[T]>, after, replaced: data };
}
