import type { Grade } from "#app/lib/grades.ts";
import { notePreview } from "#app/lib/html-text.ts";
import { chapterItem, type NoteItem, noteItem, postItem } from "#app/server/backup/backup-items.server.ts";
import { currentActor } from "#app/server/console/actor.server.ts";
import { type Database, now } from "#app/server/db.server.ts";
import { portableNoteData, type VersionRecord } from "#app/server/history/versions.server.ts";
import type { DB, NoteRow } from "#app/server/schema.server.ts";

// Putting things in the Trash (docs/decisions/0014-trash.md). Deleting a chapter, note or post writes
// one `trash` row holding a snapshot of it, in the backup's shape plus its history, and really
// deletes its rows, in the caller's transaction: the public site, search, sitemap, feeds and link
// inventory forget it at once, with no "deleted" filter on any query. The entity modules'
// delete functions call these; restoring lives in ./trash.server.ts. (This module reads the tables
// itself so that chapters/notes/posts.server.ts can use it without importing each other.)

export type TrashKind = DB["trash"]["kind"];

/**
 * What an item keeps besides its backup shape: its id (restored under it when free), version and
 * History, whose note versions name their chapter by address, as a backup does (so a snapshot reads
 * the same in any site it is restored to).
 */
type Kept = { id?: number; version: number; updatedBy: string | null; history: VersionRecord[] };

export type NoteSnapshot = NoteItem & Kept;
/** A trashed note also names its chapter, to find it again (or say where it went). */
export type TrashedNote = NoteSnapshot & { chapter: { grade: number; slug: string; title: string } };
export type ChapterSnapshot = ReturnType<typeof chapterItem<NoteSnapshot>> & Kept;
/** A trashed post also keeps the posts that listed it as related, and where. */
export type PostSnapshot = ReturnType<typeof postItem> &
  Kept & { relatedBy: Array<{ slug: string; position: number }> };

export type Trashed = { trashId: number; itemId: number; title: string };

/** The versions of items of one kind, by item id, oldest first; they leave with their items. */
async function takeHistory(trx: Database, kind: TrashKind, ids: number[]) {
  const byItem = new Map<number, VersionRecord[]>();
  if (ids.length === 0) return byItem;
  const rows = await trx
    .selectFrom("versions")
    .selectAll()
    .where("item_kind", "=", kind)
    .where("item_id", "in", ids)
    .orderBy("item_id")
    .orderBy("version")
    .orderBy("id")
    .execute();
  for (const r of rows) {
    const kept = byItem.get(r.item_id) ?? [];
    kept.push({
      version: r.version,
      savedBy: r.saved_by,
      savedAt: r.saved_at,
      data: r.data,
      replacedAt: r.replaced_at,
    });
    byItem.set(r.item_id, kept);
  }
  await trx.deleteFrom("versions").where("item_kind", "=", kind).where("item_id", "in", ids).execute();
  if (kind !== "note") return byItem;
  // A note's versions name their chapter by id: by its address instead, read before it goes.
  const chapterIds = [...new Set(rows.flatMap((r) => chapterIdIn(r.data) ?? []))];
  const chapters =
    chapterIds.length === 0
      ? []
      : await trx
          .selectFrom("chapters")
          .select(["id", "grade", "slug"])
          .where("id", "in", chapterIds)
          .execute();
  const refs = new Map(chapters.map((c) => [c.id, { grade: c.grade, slug: c.slug }]));
  for (const [id, kept] of byItem)
    byItem.set(
      id,
      kept.map((v) => ({ ...v, data: portableNoteData(v.data, (chapterId) => refs.get(chapterId) ?? null) })),
    );
  return byItem;
}

/** The chapter id a note's version names, if any. */
function chapterIdIn(data: string): number | undefined {
  try {
    const id = (JSON.parse(data) as { chapterId?: unknown }).chapterId;
    return typeof id === "number" ? id : undefined;
  } catch {
    return undefined;
  }
}

function kept(row: { id: number; version: number; updated_by: string | null }, history?: VersionRecord[]) {
  return { id: row.id, version: row.version, updatedBy: row.updated_by, history: history ?? [] };
}

/** Notes (with their history) as their snapshots, by id. */
async function noteSnapshots(trx: Database, notes: NoteRow[]): Promise<Map<number, NoteSnapshot>> {
  const history = await takeHistory(
    trx,
    "note",
    notes.map((n) => n.id),
  );
  return new Map(notes.map((n) => [n.id, { ...noteItem(n), ...kept(n, history.get(n.id)) }]));
}

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
  const links = await trx
    .selectFrom("chapter_links")
    .select(["chapter_id", "kind", "title", "url"])
    .where("chapter_id", "in", found)
    .orderBy("chapter_id")
    .orderBy("kind")
    .orderBy("position")
    .execute();
  const notes = await trx
    .selectFrom("notes")
    .selectAll()
    .where("chapter_id", "in", found)
    .orderBy("id")
    .execute();
  const noteSnaps = await noteSnapshots(trx, notes);
  const history = await takeHistory(trx, "chapter", found);
  const moved = await putRows(
    trx,
    chapters.map((c) => ({
      kind: "chapter",
      item_id: c.id,
      chapter_id: null,
      title: c.title,
      place: chapterPlace(c.grade, c.subject_label ?? c.subject_code),
      reserved_slug: chapterSlugKey(c.grade, c.slug),
      data: {
        ...chapterItem(
          c,
          links.filter((l) => l.chapter_id === c.id),
          notes.filter((n) => n.chapter_id === c.id).flatMap((n) => noteSnaps.get(n.id) ?? []),
        ),
        ...kept(c, history.get(c.id)),
      } satisfies ChapterSnapshot,
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
  const snaps = await noteSnapshots(trx, rows);
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
  const outgoing = await trx
    .selectFrom("post_related")
    .innerJoin("posts", "posts.id", "post_related.related_id")
    .select(["post_related.post_id", "posts.slug"])
    .where("post_related.post_id", "in", found)
    .orderBy("post_related.position")
    .execute();
  const incoming = await trx
    .selectFrom("post_related")
    .innerJoin("posts", "posts.id", "post_related.post_id")
    .select(["post_related.related_id", "post_related.position", "posts.slug"])
    .where("post_related.related_id", "in", found)
    .orderBy("posts.slug")
    .execute();
  const history = await takeHistory(trx, "post", found);
  const moved = await putRows(
    trx,
    posts.map((p) => ({
      kind: "post",
      item_id: p.id,
      chapter_id: null,
      title: p.title || p.slug,
      place: "Blog",
      reserved_slug: p.slug,
      data: {
        ...postItem(
          p,
          outgoing.filter((r) => r.post_id === p.id).map((r) => r.slug),
        ),
        ...kept(p, history.get(p.id)),
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

/** The title of the post in the Trash that keeps `slug`, if any. */
export async function trashedPostSlug(db: Database, slug: string): Promise<string | null> {
  const row = await db
    .selectFrom("trash")
    .select("title")
    .where("kind", "=", "post")
    .where("reserved_slug", "=", slug)
    .executeTakeFirst();
  return row?.title ?? null;
}
