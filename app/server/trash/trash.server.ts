import type { Selectable } from "kysely";
import { batchesAfter } from "#app/lib/batches.ts";
import { TRASH_DAYS } from "#app/lib/trash-page.ts";
import type { TrashEntry } from "#app/server/backup/backup-records.server.ts";
import { forgetOldAddresses, moveOldAddresses } from "#app/server/catalogue/chapter-addresses.server.ts";
import { type RestoredChapter, restoreChapter } from "#app/server/catalogue/chapters.server.ts";
import { restoreNote } from "#app/server/catalogue/notes.server.ts";
import { containsText, type ListPage, readPage } from "#app/server/console/list-page.server.ts";
import { contentChanged } from "#app/server/content-changes.server.ts";
import { type Database, inTransaction, toNumber } from "#app/server/db.server.ts";
import { DomainError } from "#app/server/errors.server.ts";
import { chapterAt, restoreHistory } from "#app/server/history/item-history.server.ts";
import { restorePosts, restoreRelatedFrom, setRelatedPosts } from "#app/server/publishing/posts.server.ts";
import type { TrashTable } from "#app/server/schema.server.ts";
import {
  type ChapterSnapshot,
  chapterSlugKey,
  type PostSnapshot,
  type TrashedNote,
  type TrashKind,
} from "#app/server/trash/put.server.ts";

// The Trash's list, restore, delete forever and purge (docs/decisions/0014-trash.md). Putting
// things in it is ./put.server.ts, called by the entity modules' delete functions.

export type { TrashKind };
export const TRASH_KINDS: readonly TrashKind[] = ["chapter", "note", "post"];

export { TRASH_DAYS };

const DAY_MS = 24 * 3600_000;

type Row = Selectable<TrashTable>;

/** A row of the Trash list: what it was, where, who deleted it and when. */
export type TrashListRow = {
  id: number;
  kind: TrashKind;
  title: string;
  place: string;
  deletedBy: string;
  deletedAt: string;
};

const LIST_COLUMNS = ["id", "kind", "title", "place", "deleted_by", "deleted_at"] as const;

function listRow(r: Pick<Row, (typeof LIST_COLUMNS)[number]>): TrashListRow {
  return {
    id: r.id,
    kind: r.kind,
    title: r.title,
    place: r.place,
    deletedBy: r.deleted_by,
    deletedAt: r.deleted_at,
  };
}

export type TrashListQuery = { page: number; kind?: TrashKind; q?: string };

/** One page of the Trash, newest deletion first, narrowed by kind and by a search of its words. */
export async function listTrashPage(db: Database, query: TrashListQuery): Promise<ListPage<TrashListRow>> {
  let from = db.selectFrom("trash");
  if (query.kind) from = from.where("kind", "=", query.kind);
  const q = query.q;
  if (q) {
    from = from.where((eb) =>
      eb.or([containsText("title", q), containsText("place", q), containsText("deleted_by", q)]),
    );
  }
  return readPage(
    query.page,
    async () => toNumber((await from.select((eb) => eb.fn.countAll().as("n")).executeTakeFirst())?.n),
    async ({ limit, offset }) => {
      const rows = await from
        .select(LIST_COLUMNS)
        .orderBy("deleted_at", "desc")
        .orderBy("id", "desc")
        .limit(limit)
        .offset(offset)
        .execute();
      return rows.map(listRow);
    },
  );
}

/** The items of the Trash with these ids that are still there (a confirmation names them). */
export async function trashItems(db: Database, ids: readonly number[]): Promise<TrashListRow[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom("trash")
    .select(LIST_COLUMNS)
    .where("id", "in", [...ids])
    .orderBy("id")
    .execute();
  return rows.map(listRow);
}

function items(n: number): string {
  return `${n} ${n === 1 ? "item" : "items"}`;
}

/** Ids of rows no longer in the Trash: the whole request is refused, nothing changed. */
async function takeRows(trx: Database, ids: readonly number[], verb: string): Promise<Row[]> {
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) throw new DomainError(`Select what to ${verb} first.`);
  const rows = await trx.selectFrom("trash").selectAll().where("id", "in", wanted).execute();
  const missing = wanted.length - rows.length;
  if (missing > 0) {
    throw new DomainError(
      `${missing === 1 ? "One item is" : `${items(missing)} are`} no longer in the Trash (restored or deleted forever by someone else?). Nothing was changed: reload the page.`,
      { status: 409 },
    );
  }
  return rows;
}

/** A note cannot come back while its chapter is in the Trash: the chapter must be restored first. */
export class ChapterInTrashError extends DomainError {
  readonly chapterTrashId: number;
  constructor(noteChapter: string, chapterTrashId: number) {
    super(`This note's chapter, "${noteChapter}", is in the Trash: restore the chapter first.`, {
      status: 409,
    });
    this.chapterTrashId = chapterTrashId;
  }
}

export type Restored = { kind: TrashKind; id: number; title: string };

/**
 * Restores items from the Trash, all or none, in one transaction: each comes back whole from its
 * snapshot (links, notes, history), under its old id when free. Refused, with the reason, when a
 * chapter's or post's address is taken meanwhile, a chapter's subject is gone, or a note's chapter
 * is not there; a related post that is gone is left out.
 */
export async function restoreFromTrash(db: Database, ids: readonly number[]): Promise<Restored[]> {
  return inTransaction(db, async (trx) => {
    const rows = await takeRows(trx, ids, "restore");
    // Chapters first, so that a note restored with its chapter finds it.
    const order: Record<TrashKind, number> = { chapter: 0, post: 1, note: 2 };
    rows.sort((a, b) => order[a.kind] - order[b.kind] || a.id - b.id);
    const restored: Restored[] = [];
    for (const row of rows) {
      await trx.deleteFrom("trash").where("id", "=", row.id).execute();
      restored.push(await restoreRow(trx, row));
    }
    await contentChanged(trx);
    return restored;
  });
}

async function restoreRow(trx: Database, row: Row): Promise<Restored> {
  switch (row.kind) {
    case "chapter":
      return { kind: "chapter", id: await restoreTrashedChapter(trx, row), title: row.title };
    case "note":
      return { kind: "note", id: await restoreTrashedNote(trx, row), title: row.title };
    case "post":
      return { kind: "post", id: await restoreTrashedPost(trx, row), title: row.title };
  }
}

/** The item's old id when no row has it now (ids are never handed out twice); else a new one. */
async function freeId(
  trx: Database,
  table: "chapters" | "notes" | "posts",
  id: number | null | undefined,
): Promise<number | undefined> {
  if (id == null) return undefined;
  const taken = await trx
    .selectFrom(table as "notes")
    .select("id")
    .where("id", "=", id)
    .executeTakeFirst();
  return taken ? undefined : id;
}

/** A note back in its chapter, with its History. */
async function restoreNoteWithHistory(
  trx: Database,
  chapterId: number,
  note: ChapterSnapshot["notes"][number],
  id: number | null | undefined,
): Promise<number> {
  const noteId = await restoreNote(trx, chapterId, { ...note, id: await freeId(trx, "notes", id) });
  await restoreHistory(trx, "note", noteId, note);
  return noteId;
}

async function restoreTrashedChapter(trx: Database, row: Row): Promise<number> {
  const chapter = JSON.parse(row.data) as ChapterSnapshot;
  const name = `"${chapter.title}" cannot be restored`;
  const subject = await trx
    .selectFrom("subjects")
    .select("label")
    .where("grade", "=", chapter.grade)
    .where("code", "=", chapter.subject)
    .executeTakeFirst();
  if (!subject) {
    throw new DomainError(
      `${name}: its subject (${row.place}) no longer exists. Add the subject again in Manage Subjects first.`,
      { status: 409 },
    );
  }
  const holder = await chapterAt(trx, chapter);
  if (holder) {
    throw new DomainError(
      `${name}: Class ${chapter.grade} now has "${holder.title}" at the same address. Rename that chapter first.`,
      { status: 409 },
    );
  }
  const restored: RestoredChapter = { ...chapter, id: await freeId(trx, "chapters", row.item_id) };
  const id = await restoreChapter(trx, restored);
  await restoreHistory(trx, "chapter", id, chapter);
  for (const note of chapter.notes) await restoreNoteWithHistory(trx, id, note, note.id);
  // Notes deleted on their own before it, and the addresses it left, follow it to its new id.
  if (row.item_id !== null && row.item_id !== id) {
    await moveOldAddresses(trx, row.item_id, id);
    await trx
      .updateTable("trash")
      .set({ chapter_id: id })
      .where("kind", "=", "note")
      .where("chapter_id", "=", row.item_id)
      .execute();
  }
  return id;
}

/** The chapter a trashed note goes back to: by id, or (a note from a backup) by its address. */
async function chapterOfNote(trx: Database, row: Row, note: TrashedNote): Promise<number> {
  const { grade, slug, title } = note.chapter;
  const found =
    row.chapter_id !== null
      ? await trx.selectFrom("chapters").select("id").where("id", "=", row.chapter_id).executeTakeFirst()
      : await chapterAt(trx, note.chapter);
  if (found) return found.id;
  const trashed = await trx
    .selectFrom("trash")
    .select("id")
    .where("kind", "=", "chapter")
    .where((eb) =>
      row.chapter_id !== null
        ? eb("item_id", "=", row.chapter_id)
        : eb("reserved_slug", "=", chapterSlugKey(grade, slug)),
    )
    .executeTakeFirst();
  if (trashed) throw new ChapterInTrashError(title, trashed.id);
  throw new DomainError(`This note cannot be restored: its chapter, "${title}", was deleted for good.`, {
    status: 409,
  });
}

async function restoreTrashedNote(trx: Database, row: Row): Promise<number> {
  const note = JSON.parse(row.data) as TrashedNote;
  return restoreNoteWithHistory(trx, await chapterOfNote(trx, row, note), note, row.item_id);
}

async function restoreTrashedPost(trx: Database, row: Row): Promise<number> {
  const post = JSON.parse(row.data) as PostSnapshot;
  const holder = await trx
    .selectFrom("posts")
    .select("title")
    .where("slug", "=", post.slug)
    .executeTakeFirst();
  if (holder) {
    throw new DomainError(
      `"${post.title}" cannot be restored: the post "${holder.title}" now uses its slug "${post.slug}". Change that post's slug first.`,
      { status: 409 },
    );
  }
  const [id] = await restorePosts(trx, [{ ...post, id: await freeId(trx, "posts", row.item_id) }]);
  if (id === undefined) throw new Error("restorePosts gave no id");
  // Related posts that are gone meanwhile are left out, both ways.
  await setRelatedPosts(trx, id, post.related);
  await restoreRelatedFrom(trx, id, post.relatedBy ?? []);
  await restoreHistory(trx, "post", id, post);
  return id;
}

/** Deletes items of the Trash for good, all or none; returns what they were. */
export async function deleteForever(db: Database, ids: readonly number[]): Promise<TrashListRow[]> {
  return inTransaction(db, async (trx) => {
    const rows = await takeRows(trx, ids, "delete forever");
    // A chapter deleted for good leaves no address behind (docs/decisions/0024).
    await forgetOldAddresses(trx, trashedChapterIds(rows));
    await trx
      .deleteFrom("trash")
      .where(
        "id",
        "in",
        rows.map((r) => r.id),
      )
      .execute();
    return rows.map(listRow);
  });
}

/** Deletes for good what has been in the Trash longer than TRASH_DAYS at `now`; returns how many. */
export async function purgeTrash(db: Database, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - TRASH_DAYS * DAY_MS).toISOString();
  return inTransaction(db, async (trx) => {
    const chapters = await trx
      .selectFrom("trash")
      .select(["kind", "item_id"])
      .where("kind", "=", "chapter")
      .where("deleted_at", "<", cutoff)
      .execute();
    await forgetOldAddresses(trx, trashedChapterIds(chapters));
    const result = await trx.deleteFrom("trash").where("deleted_at", "<", cutoff).executeTakeFirst();
    return Number(result.numDeletedRows);
  });
}

/** The ids the chapters among these Trash rows had (a chapter from a backup's Trash has none). */
function trashedChapterIds(rows: ReadonlyArray<Pick<Row, "kind" | "item_id">>): number[] {
  return rows.flatMap((r) => (r.kind === "chapter" && r.item_id !== null ? [r.item_id] : []));
}

// ---------------------------------------------------------------------------------------------
// The Trash in a full backup (app/server/backup/backup-reader.server.ts): each item in the backup's own shapes, without ids.
// ---------------------------------------------------------------------------------------------

function withoutId<T extends { id?: number }>(item: T): Omit<T, "id"> {
  const { id: _id, ...rest } = item;
  return rest;
}

/**
 * The Trash, in the order it was filled, for a backup: a batch at a time (an item holds a whole
 * chapter with its notes and History). A note names its chapter by its address now.
 */
export async function* trashEntries(db: Database): AsyncGenerator<TrashEntry> {
  const read = (after: number | undefined) => trashBatch(db, after ?? 0);
  for await (const rows of batchesAfter(read, (r) => r.id)) yield* rows.map(trashEntry);
}

function trashBatch(db: Database, after: number) {
  return (
    db
      .selectFrom("trash")
      .leftJoin("chapters", "chapters.id", "trash.chapter_id")
      // A note's chapter may be in the Trash too, under the address it keeps there.
      .leftJoin("trash as held", (j) =>
        j.onRef("held.item_id", "=", "trash.chapter_id").on("held.kind", "=", "chapter"),
      )
      .selectAll("trash")
      .select([
        "chapters.grade",
        "chapters.slug",
        "chapters.title as chapter_title",
        "held.data as held_data",
      ])
      .where("trash.id", ">", after)
      .orderBy("trash.id")
      .limit(100)
      .execute()
  );
}

function trashEntry(r: Awaited<ReturnType<typeof trashBatch>>[number]): TrashEntry {
  const common = { title: r.title, place: r.place, deletedBy: r.deleted_by, deletedAt: r.deleted_at };
  if (r.kind === "chapter") {
    const chapter = withoutId(JSON.parse(r.data) as ChapterSnapshot);
    return { ...common, kind: "chapter", item: { ...chapter, notes: chapter.notes.map(withoutId) } };
  }
  if (r.kind === "post") {
    return { ...common, kind: "post", item: withoutId(JSON.parse(r.data) as PostSnapshot) };
  }
  const note = withoutId(JSON.parse(r.data) as TrashedNote);
  const held = r.held_data === null ? null : (JSON.parse(r.held_data) as ChapterSnapshot);
  const chapter =
    r.grade !== null && r.slug !== null && r.chapter_title !== null
      ? { grade: r.grade, slug: r.slug, title: r.chapter_title }
      : held
        ? { grade: held.grade, slug: held.slug, title: held.title }
        : note.chapter;
  return { ...common, kind: "note", item: { ...note, chapter } };
}

/** A backup's Trash, inside the restore's transaction, after its chapters and posts. */
export async function importTrash(trx: Database, entries: readonly TrashEntry[]): Promise<void> {
  for (const e of entries) {
    let chapterId: number | null = null;
    if (e.kind === "note") {
      chapterId = (await chapterAt(trx, e.item.chapter))?.id ?? null;
    }
    const values: Omit<TrashTable, "id"> = {
      kind: e.kind,
      item_id: null,
      chapter_id: chapterId,
      title: e.title,
      place: e.place,
      reserved_slug: reservedSlugOf(e),
      data: JSON.stringify(e.item),
      deleted_by: e.deletedBy,
      deleted_at: e.deletedAt,
    };
    await trx.insertInto("trash").values(values).execute();
  }
}

/** The address an entry of the Trash keeps: a chapter's "GRADE:slug", a post's slug. */
export function reservedSlugOf(e: TrashEntry): string | null {
  if (e.kind === "chapter") return chapterSlugKey(e.item.grade, e.item.slug);
  return e.kind === "post" ? e.item.slug : null;
}
