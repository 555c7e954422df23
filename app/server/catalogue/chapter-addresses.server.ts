import { batches } from "#app/lib/batches.ts";
import type { Grade } from "#app/lib/grades.ts";
import { addressSlug } from "#app/lib/slug.ts";
import type { Database } from "#app/server/db.server.ts";

// Addresses that last (DESIGN 8.1, docs/decisions/0024): the addresses chapters left behind, kept
// by the triggers of migration 0024, and what answers them. A live chapter's address always wins:
// the chapter page asks here only when no chapter has the address it was asked for.

/** Longer than any slug a title of at most 200 characters gives: not looked up at all. */
const MAX_SLUG_LENGTH = 1_000;
/** The largest id either engine hands out (a 32-bit integer column on PostgreSQL). */
const MAX_ID = 2 ** 31 - 1;

/**
 * Whether a slug from an address is worth a lookup: not empty, not absurdly long, and without a
 * NUL character (which PostgreSQL refuses in text: an error, not a miss).
 */
export function lookableSlug(slug: string): boolean {
  return slug.length > 0 && slug.length <= MAX_SLUG_LENGTH && !slug.includes("\u0000");
}

/** A chapter's public address: its path, the slug percent-encoded (any script, never a second path). */
export function chapterPath(grade: number, slug: string): string {
  return `/class/${grade}/chapter/${encodeURIComponent(slug)}`;
}

/**
 * The address of today of the chapter that once had (grade, slug), or null: one indexed read (the
 * address's row, then its chapter by id), at any number of renames, since each row names the chapter
 * and not the address that followed it. A chapter in the Trash has no address: null.
 */
export async function movedChapterAddress(db: Database, grade: Grade, slug: string): Promise<string | null> {
  if (!lookableSlug(slug)) return null;
  const row = await db
    .selectFrom("chapter_addresses")
    .innerJoin("chapters", "chapters.id", "chapter_addresses.chapter_id")
    .select(["chapters.grade", "chapters.slug"])
    .where("chapter_addresses.grade", "=", grade)
    .where("chapter_addresses.slug", "=", addressSlug(slug))
    .executeTakeFirst();
  // The triggers never leave a row at a chapter's own address; were one there, it would not loop.
  if (!row || (row.grade === grade && row.slug === addressSlug(slug))) return null;
  return chapterPath(row.grade, row.slug);
}

/** A chapter's id as a short address spells it (`/c/ID`): digits only, no sign, no leading zero; else null. */
export function parseChapterId(text: string | undefined): number | null {
  if (!text || !/^[1-9]\d{0,9}$/.test(text)) return null;
  const id = Number(text);
  return id <= MAX_ID ? id : null;
}

/** The address of today of the chapter with this id (`/c/ID`), or null: one read by primary key. */
export async function chapterAddressById(db: Database, id: number): Promise<string | null> {
  const row = await db
    .selectFrom("chapters")
    .select(["grade", "slug"])
    .where("id", "=", id)
    .executeTakeFirst();
  return row ? chapterPath(row.grade, row.slug) : null;
}

/**
 * A redirect's target: the chapter's path with the request's query string, which the same page
 * reads the same way (`?lang=hi`). Only ever a path of this site: `path` starts with one `/`.
 */
export function redirectTarget(path: string, requestUrl: string): string {
  return `${path}${new URL(requestUrl).search}`;
}

/** The old addresses of these chapters, by chapter (a backup takes them with each chapter). */
export async function oldAddressesOf(
  db: Database,
  chapterIds: readonly number[],
): Promise<Map<number, Array<{ grade: number; slug: string }>>> {
  const found = new Map<number, Array<{ grade: number; slug: string }>>();
  for (const part of batches(chapterIds, 500)) {
    const rows = await db
      .selectFrom("chapter_addresses")
      .select(["chapter_id", "grade", "slug"])
      .where("chapter_id", "in", part)
      .orderBy("chapter_id")
      .orderBy("grade")
      .orderBy("slug")
      .execute();
    for (const r of rows)
      found.set(r.chapter_id, [...(found.get(r.chapter_id) ?? []), { grade: r.grade, slug: r.slug }]);
  }
  return found;
}

/**
 * Gives chapters old addresses (a backup's restore, where the triggers may be off): each row points
 * at its chapter. Where a chapter has that address itself, dropShadowedAddresses removes it after.
 */
export async function restoreOldAddresses(
  trx: Database,
  rows: ReadonlyArray<{ grade: number; slug: string; chapterId: number }>,
): Promise<void> {
  for (const part of batches(rows, 500)) {
    await trx
      .insertInto("chapter_addresses")
      .values(part.map((r) => ({ grade: r.grade, slug: r.slug, chapter_id: r.chapterId })))
      .onConflict((oc) =>
        oc.columns(["grade", "slug"]).doUpdateSet((eb) => ({ chapter_id: eb.ref("excluded.chapter_id") })),
      )
      .execute();
  }
}

/** Removes the old addresses a chapter has as its own (after a restore): a live chapter's address always wins. */
export async function dropShadowedAddresses(trx: Database): Promise<void> {
  await trx
    .deleteFrom("chapter_addresses")
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom("chapters")
          .select("chapters.id")
          .whereRef("chapters.grade", "=", "chapter_addresses.grade")
          .whereRef("chapters.slug", "=", "chapter_addresses.slug"),
      ),
    )
    .execute();
}

/** A chapter restored from the Trash under another id takes its old addresses with it. */
export async function moveOldAddresses(trx: Database, fromId: number, toId: number): Promise<void> {
  if (fromId === toId) return;
  await trx
    .updateTable("chapter_addresses")
    .set({ chapter_id: toId })
    .where("chapter_id", "=", fromId)
    .execute();
}

/**
 * Forgets the old addresses of chapters deleted for good (Delete forever, the Trash's purge). Only of
 * ids no chapter has: a chapter restored meanwhile keeps them.
 */
export async function forgetOldAddresses(trx: Database, chapterIds: readonly number[]): Promise<void> {
  for (const part of batches(chapterIds, 500)) {
    await trx
      .deleteFrom("chapter_addresses")
      .where("chapter_id", "in", part)
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom("chapters")
              .select("chapters.id")
              .whereRef("chapters.id", "=", "chapter_addresses.chapter_id"),
          ),
        ),
      )
      .execute();
  }
}
