import { batches } from "#app/lib/batches.ts";
import type { Grade } from "#app/lib/grades.ts";
import { notePreview } from "#app/lib/html-text.ts";
import { currentActor } from "#app/server/console/actor.server.ts";
import { type Database, now } from "#app/server/db.server.ts";
import {
  type chapterItem,
  chaptersOut,
  type Kept,
  type NoteItem,
  notesOut,
  type postItem,
  postsOut,
  type TakeOut,
} from "#app/server/history/item-history.server.ts";
import type { DB } from "#app/server/schema.server.ts";

// Putting things in the Trash (docs/decisions/0014-trash.md). Deleting a chapter, note or post writes
// one `trash` row holding a snapshot of it, in the backup's shape plus its id and History
// (app/server/history/item-history.server.ts takes them out, versions and all), and really deletes
// its rows, in the caller's transaction: the public site, search, sitemap, feeds and link inventory
// forget it at once, with no "deleted" filter on any query. The entity modules' delete functions
// call these; restoring lives in ./trash.server.ts.

export type TrashKind = DB["trash"]["kind"];

/** An item leaves for the Trash with its id (restored under it when free) and its History. */
const TO_TRASH: TakeOut<true> = { history: true, ids: true, take: true };

export type NoteSnapshot = NoteItem & Kept<true>;
/** A trashed note also names its chapter, to find it again (or say where it went). */
export type TrashedNote = NoteSnapshot & { chapter: { grade: number; slug: string; title: string } };
export type ChapterSnapshot = ReturnType<typeof chapterItem<NoteSnapshot>> & Kept<true>;
/** A trashed post also keeps the posts that listed it as related, and where. */
export type PostSnapshot = ReturnType<typeof postItem> &
  Kept<true> & { relatedBy: Array<{ slug: string; position: number }> };

export type Trashed = { trashId: number; itemId: number; title: string };

type TrashRow = Omit<DB["trash"], "id" | "deleted_by" | "deleted_at" | "data"> & { data: unknown };

async function putRows(trx: Database, rows: TrashRow[]): Promise<Trashed[]> {
  if (rows.length === 0) return [];
  const deletedBy = currentActor().label;
  const at = now();
  const ids = await trx
    .insertInto("trash")
    .values(rows.map((r) => ({ ...r, data: JSON.stringify(r.data), deleted_by: deletedBy, deleted_at: at })))
    .returning("id")
    .execute();
  return rows.map((r, i) => ({ trashId: ids[i]?.id ?? 0, itemId: r.item_id ?? 0, title: r.title }));
}

/** Where a chapter is, as the Trash lists it. */
export function chapterPlace(grade: number, subjectLabel: string): string {
  return `Class ${grade} · ${subjectLabel}`;
}

/**
 * Moves chapters, with their links, notes and the history of both, to the Trash: one row each.
 * Returns what was moved (chapters that do not exist are left out; the caller decides).
 */
export async function trashChapters(trx: Database, ids: readonly number[]): Promise<Trashed[]> {
  if (ids.length === 0) return [];
  const chapters = await trx
    .selectFrom("chapters")
    .leftJoin("subjects", (j) =>
      j.onRef("subjects.grade", "=", "chapters.grade").onRef("subjects.code", "=", "chapters.subject_code"),
    )
    .selectAll("chapters")
    .select("subjects.label as subject_label")
    .where("chapters.id", "in", [...ids])
    .orderBy("chapters.id")
    .execute();
  if (chapters.length === 0) return [];
  const found = chapters.map((c) => c.id);
  const moved = await putRows(
    trx,
    (await chaptersOut(trx, chapters, TO_TRASH)).map(({ row: c, item }) => ({
      kind: "chapter",
      item_id: c.id,
      chapter_id: null,
      title: c.title,
      place: chapterPlace(c.grade, c.subject_label ?? c.subject_code),
      reserved_slug: chapterSlugKey(c.grade, c.slug),
      data: item satisfies ChapterSnapshot,
    })),
  );
  await trx.deleteFrom("chapter_links").where("chapter_id", "in", found).execute();
  await trx.deleteFrom("notes").where("chapter_id", "in", found).execute();
  await trx.deleteFrom("chapters").where("id", "in", found).execute();
  return moved;
}

/** Where a note is, as the Trash lists it: its chapter. */
export function notePlace(chapter: { grade: number; title: string }): string {
  return `${chapter.title} (Class ${chapter.grade})`;
}

/** Moves notes, with their history, to the Trash; each remembers its chapter. */
export async function trashNotes(trx: Database, ids: readonly number[]): Promise<Trashed[]> {
  if (ids.length === 0) return [];
  const rows = await trx
    .selectFrom("notes")
    .innerJoin("chapters", "chapters.id", "notes.chapter_id")
    .selectAll("notes")
    .select(["chapters.grade", "chapters.slug", "chapters.title"])
    .where("notes.id", "in", [...ids])
    .orderBy("notes.id")
    .execute();
  if (rows.length === 0) return [];
  const snaps = await notesOut(trx, rows, TO_TRASH);
  const moved = await putRows(
    trx,
    rows.map((n) => {
      const chapter = { grade: n.grade, slug: n.slug, title: n.title };
      const snap = snaps.get(n.id) as NoteSnapshot;
      return {
        kind: "note",
        item_id: n.id,
        chapter_id: n.chapter_id,
        // A note has no title: the Trash lists the start of its text, as Manage Notes does.
        title: notePreview(snap.content) || "(empty note)",
        place: notePlace(chapter),
        reserved_slug: null,
        data: { ...snap, chapter } satisfies TrashedNote,
      };
    }),
  );
  await trx
    .deleteFrom("notes")
    .where(
      "id",
      "in",
      rows.map((n) => n.id),
    )
    .execute();
  return moved;
}

/** Moves posts, with their history and the related-post links to and from them, to the Trash. */
export async function trashPosts(trx: Database, ids: readonly number[]): Promise<Trashed[]> {
  if (ids.length === 0) return [];
  const posts = await trx
    .selectFrom("posts")
    .selectAll()
    .where("id", "in", [...ids])
    .orderBy("id")
    .execute();
  if (posts.length === 0) return [];
  const found = posts.map((p) => p.id);
  const incoming = await trx
    .selectFrom("post_related")
    .innerJoin("posts", "posts.id", "post_related.post_id")
    .select(["post_related.related_id", "post_related.position", "posts.slug"])
    .where("post_related.related_id", "in", found)
    .orderBy("posts.slug")
    .execute();
  const moved = await putRows(
    trx,
    (await postsOut(trx, posts, TO_TRASH)).map(({ row: p, item }) => ({
      kind: "post",
      item_id: p.id,
      chapter_id: null,
      title: p.title || p.slug,
      place: "Blog",
      reserved_slug: p.slug,
      data: {
        ...item,
        relatedBy: incoming
          .filter((r) => r.related_id === p.id)
          .map((r) => ({ slug: r.slug, position: r.position })),
      } satisfies PostSnapshot,
    })),
  );
  // Their related-post links, both ways, go with them (the foreign keys cascade).
  await trx.deleteFrom("posts").where("id", "in", found).execute();
  return moved;
}

/** The address a chapter keeps while in the Trash. */
export function chapterSlugKey(grade: number, slug: string): string {
  return `${grade}:${slug}`;
}

/** Of these addresses of a class, those that chapters in the Trash keep: slug → the chapter's title. */
export async function trashedChapterSlugs(
  db: Database,
  grade: Grade,
  slugs: readonly string[],
): Promise<Map<string, string>> {
  if (slugs.length === 0) return new Map();
  const rows = await db
    .selectFrom("trash")
    .select(["reserved_slug", "title"])
    .where("kind", "=", "chapter")
    .where(
      "reserved_slug",
      "in",
      slugs.map((s) => chapterSlugKey(grade, s)),
    )
    .execute();
  return new Map(rows.map((r) => [(r.reserved_slug ?? "").slice(`${grade}:`.length), r.title]));
}

/** trashedPostSlug for many slugs: each of them a post in the Trash keeps, with that post's title. */
export async function trashedPostSlugs(db: Database, slugs: readonly string[]): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  for (const part of batches(slugs, 500)) {
    if (part.length === 0) continue;
    const rows = await db
      .selectFrom("trash")
      .select(["reserved_slug", "title"])
      .where("kind", "=", "post")
      .where("reserved_slug", "in", part)
      .execute();
    for (const r of rows)
      if (r.reserved_slug !== null && !found.has(r.reserved_slug)) found.set(r.reserved_slug, r.title);
  }
  return found;
}

/** The title of the post in the Trash that keeps `slug`, if any. */
export async function trashedPostSlug(db: Database, slug: string): Promise<string | null> {
  return (await trashedPostSlugs(db, [slug])).get(slug) ?? null;
}
