import { batches } from "#app/lib/batches.ts";
import { readKeywords } from "#app/lib/keywords.ts";

import { type LinkMeta, linkMetaOfRow } from "#app/lib/link-types.ts";
import { type SyllabusEntry, syllabusEntriesOf } from "#app/server/catalogue/syllabus-rows.server.ts";

import { type Database, toNumber } from "#app/server/db.server.ts";
import type {
  ChapterRow,
  GuideRow,
  LinkKind,
  NoteRow,
  PostRow,
  VersionTable,
} from "#app/server/schema.server.ts";

// An item with its History, taken out of the database and put back. A chapter (with its links and
// notes), a note, a post or a guide leaves in the shape a full backup writes it: no ids, links by kind,
// keywords as lists, related posts by slug; with its version, last editor and kept versions, whose
// note versions name their chapter by class and address (its id means nothing in another database,
// or once the chapter is deleted). The backup (app/server/backup/), the Trash (app/server/trash/)
// and History (what an item holds before a save) read items here, and restores put their History
// back here. It reads the tables itself, so the catalogue and blog modules can use it (through the
// Trash) without importing each other.

export type ItemKind = VersionTable["item_kind"];

/** The table each kind of item lives in. */
export const TABLE_OF = { chapter: "chapters", note: "notes", post: "posts", guide: "guides" } as const;

/** Everything an item held at one version (JSON in `versions.data`). */
export type VersionData = Record<string, unknown>;

export function readData(text: string): VersionData {
  try {
    const data: unknown = JSON.parse(text);
    return data && typeof data === "object" && !Array.isArray(data) ? (data as VersionData) : {};
  } catch {
    return {};
  }
}

// ---------------------------------------------------------------------------------------------
// The shapes
// ---------------------------------------------------------------------------------------------

export type NoteItem = {
  content: string;
  seoDescription: string;
  seoKeywords: string[];
  createdAt: string;
  updatedAt: string;
};

/** A link as backups and History keep it: its type, language and year only when it has them. */
type LinkItem = { title: string; url: string } & LinkMeta;
type LinkRow = {
  kind: LinkKind;
  title: string;
  url: string;
  type: string | null;
  language: string | null;
  year: number | null;
};

export function noteItem(n: NoteRow): NoteItem {
  return {
    content: n.content,
    seoDescription: n.seo_description,
    seoKeywords: readKeywords(n.seo_keywords),
    createdAt: n.created_at,
    updatedAt: n.updated_at,
  };
}

/**
 * A chapter with its links (in their order) and its notes; its book, chapter number and syllabus
 * statuses in every session (migration 0023; an older version or backup has none: In syllabus).
 */
export function chapterItem<Note>(
  c: ChapterRow,
  links: readonly LinkRow[],
  notes: Note[],
  syllabus: readonly SyllabusEntry[] = [],
) {
  const byKind: Record<LinkKind, LinkItem[]> = { official: [], notes: [], questions: [], lectures: [] };
  for (const l of links) byKind[l.kind]?.push({ title: l.title, url: l.url, ...linkMetaOfRow(l) });
  return {
    grade: c.grade,
    subject: c.subject_code,
    title: c.title,
    slug: c.slug,
    position: c.position,
    createdAt: c.created_at,
    updatedAt: c.updated_at,
    book: c.book ?? "",
    chapterNumber: c.chapter_number === null ? null : toNumber(c.chapter_number),
    syllabus: [...syllabus],
    links: byKind,
    notes,
  };
}

export function postItem(p: PostRow, related: string[]) {
  return {
    slug: p.slug,
    title: p.title,
    date: p.date,
    author: p.author,
    tag: p.tag,
    category: p.category,
    excerpt: p.excerpt,
    content: p.content,
    status: p.status === "published" || p.status === "scheduled" ? p.status : ("draft" as const),
    publishAt: p.status === "scheduled" ? p.publish_at : null,
    featured: Number(p.featured) === 1,
    image: p.image,
    featuredImageAlt: p.featured_image_alt,
    seoTitle: p.seo_title,
    seoDescription: p.seo_description,
    seoKeywords: readKeywords(p.seo_keywords),
    canonicalUrl: p.canonical_url,
    socialTitle: p.social_title,
    socialDescription: p.social_description,
    socialImage: p.social_image,
    allowComments: Number(p.allow_comments) === 1,
    viewCount: toNumber(p.view_count),
    likeCount: toNumber(p.like_count),
    createdAt: p.created_at,
    updatedAt: p.updated_at,
    related,
  };
}

/** A version as a backup and the Trash carry it: no ids, everything it held as JSON text. */
export type VersionRecord = {
  version: number;
  savedBy: string | null;
  savedAt: string;
  data: string;
  replacedAt: string;
};

/** A chapter as a backup and a note's carried versions name it: its class and address. */
export type ChapterRef = { grade: number; slug: string };

/** One key per chapter address (for maps of chapters by address). */
export function chapterKey(ref: ChapterRef): string {
  return `${ref.grade}:${ref.slug}`;
}

// ---------------------------------------------------------------------------------------------
// Taking items out
// ---------------------------------------------------------------------------------------------

/** How items leave. */
export type TakeOut<H extends boolean> = {
  /** With their kept versions (a backup without History leaves them out). */
  history: H;
  /** With their ids (the Trash brings an item back under its old id when free). */
  ids?: boolean;
  /** Their versions leave the versions table with them (the Trash). */
  take?: boolean;
};

/** What an item carries besides its shape: its version, last editor and (unless left out) History. */
export type Kept<H extends boolean = boolean> = {
  id?: number;
  version: number;
  updatedBy: string | null;
} & (H extends true ? { history: VersionRecord[] } : { history?: VersionRecord[] });

type Versioned = { id: number; version: number; updated_by: string | null };

/** Chapters with their links, their notes and the History of both, each beside its row, in the order given. */
export async function chaptersOut<R extends ChapterRow, H extends boolean>(
  db: Database,
  chapters: readonly R[],
  how: TakeOut<H>,
) {
  const ids = chapters.map((c) => c.id);
  const links = await linksOf(db, ids);
  const syllabus = await syllabusEntriesOf(db, ids);
  const notes: NoteRow[] = [];
  for (const part of batches(ids, 500)) {
    notes.push(
      ...(await db
        .selectFrom("notes")
        .selectAll()
        .where("chapter_id", "in", part)
        .orderBy("chapter_id")
        .orderBy("id")
        .execute()),
    );
  }
  const notesOfThem = await notesOut(db, notes, how);
  const notesOf = Map.groupBy(notes, (n) => n.chapter_id);
  const kept = await keptOf(db, "chapter", chapters, how);
  return chapters.map((row) => ({
    row,
    item: {
      ...chapterItem(
        row,
        links.get(row.id) ?? [],
        (notesOf.get(row.id) ?? []).flatMap((n) => notesOfThem.get(n.id) ?? []),
        syllabus.get(row.id),
      ),
      ...kept(row),
    },
  }));
}

/** Notes with their History, by id. */
export async function notesOut<H extends boolean>(
  db: Database,
  notes: readonly NoteRow[],
  how: TakeOut<H>,
): Promise<Map<number, NoteItem & Kept<H>>> {
  const kept = await keptOf(db, "note", notes, how);
  return new Map(notes.map((n) => [n.id, { ...noteItem(n), ...kept(n) }]));
}

/** Posts with their related posts and History, each beside its row, in the order given. */
export async function postsOut<R extends PostRow, H extends boolean>(
  db: Database,
  posts: readonly R[],
  how: TakeOut<H>,
) {
  const related = await relatedSlugs(
    db,
    posts.map((p) => p.id),
  );
  const kept = await keptOf(db, "post", posts, how);
  return posts.map((row) => ({ row, item: { ...postItem(row, related.get(row.id) ?? []), ...kept(row) } }));
}

/** A guide as History and backups keep it: its class, the English record and the Hindi texts. */
export function guideItem(g: GuideRow) {
  return { grade: g.id, english: readData(g.english), hindi: readData(g.hindi) };
}

/** Guides with their History, in the order given (a guide's id is its class). */
export async function guidesOut<H extends boolean>(
  db: Database,
  guides: readonly GuideRow[],
  how: TakeOut<H>,
) {
  const kept = await keptOf(db, "guide", guides, how);
  return guides.map((row) => ({
    ...guideItem(row),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    ...kept(row),
  }));
}

/** What an item holds now, as History keeps it: read before a save changes it. */
type ItemRow = { chapter: ChapterRow; note: NoteRow; post: PostRow; guide: GuideRow };
export async function itemData<K extends ItemKind>(
  db: Database,
  kind: K,
  row: ItemRow[K],
): Promise<VersionData> {
  if (kind === "chapter") {
    const links = (await linksOf(db, [row.id])).get(row.id) ?? [];
    const syllabus = (await syllabusEntriesOf(db, [row.id])).get(row.id);
    const { notes: _none, ...chapter } = chapterItem(row as ChapterRow, links, [], syllabus);
    return chapter;
  }
  if (kind === "note") return { ...noteItem(row as NoteRow), chapterId: (row as NoteRow).chapter_id };
  if (kind === "guide") return guideItem(row as GuideRow);
  return postItem(row as PostRow, (await relatedSlugs(db, [row.id])).get(row.id) ?? []);
}

/** Chapters' links by chapter, each chapter's by kind and place. */
async function linksOf(db: Database, chapterIds: readonly number[]): Promise<Map<number, LinkRow[]>> {
  const rows = [];
  for (const part of batches(chapterIds, 500)) {
    rows.push(
      ...(await db
        .selectFrom("chapter_links")
        .select(["chapter_id", "kind", "title", "url", "type", "language", "year"])
        .where("chapter_id", "in", part)
        .orderBy("chapter_id")
        .orderBy("kind")
        .orderBy("position")
        .execute()),
    );
  }
  return Map.groupBy(rows, (l) => l.chapter_id);
}

/** Posts' related posts by slug, in their order. */
export async function relatedSlugs(db: Database, postIds: readonly number[]): Promise<Map<number, string[]>> {
  const byPost = new Map<number, string[]>();
  for (const part of batches(postIds, 500)) {
    const rows = await db
      .selectFrom("post_related")
      .innerJoin("posts", "posts.id", "post_related.related_id")
      .select(["post_related.post_id", "posts.slug"])
      .where("post_related.post_id", "in", part)
      .orderBy("post_related.position")
      .execute();
    for (const r of rows) byPost.set(r.post_id, [...(byPost.get(r.post_id) ?? []), r.slug]);
  }
  return byPost;
}

/** The version, last editor and (unless left out) kept versions of items of `kind`, as they leave. */
async function keptOf<H extends boolean>(
  db: Database,
  kind: ItemKind,
  items: readonly Versioned[],
  how: TakeOut<H>,
): Promise<(item: Versioned) => Kept<H>> {
  const ids = items.map((i) => i.id);
  const records =
    how.history || how.take
      ? await versionRecords(db, kind, ids, how.take)
      : new Map<number, VersionRecord[]>();
  // A note's versions name their chapter by id: by its address instead, read before it may go.
  if (kind === "note" && how.history) await portableNoteHistory(db, records);
  return (item) =>
    ({
      ...(how.ids ? { id: item.id } : {}),
      version: toNumber(item.version),
      updatedBy: item.updated_by,
      ...(how.history ? { history: records.get(item.id) ?? [] } : {}),
    }) as Kept<H>;
}

/**
 * Every kept version of these items of `kind`, oldest first, by item id; `take` deletes them too
 * (they leave with their items).
 */
async function versionRecords(
  db: Database,
  kind: ItemKind,
  ids: readonly number[],
  take = false,
): Promise<Map<number, VersionRecord[]>> {
  const byItem = new Map<number, VersionRecord[]>();
  for (const part of batches(ids, 500)) {
    const rows = await db
      .selectFrom("versions")
      .select(["item_id", "version", "saved_by", "saved_at", "data", "replaced_at"])
      .where("item_kind", "=", kind)
      .where("item_id", "in", part)
      .orderBy("item_id")
      .orderBy("version")
      .orderBy("id")
      .execute();
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
    if (take)
      await db.deleteFrom("versions").where("item_kind", "=", kind).where("item_id", "in", part).execute();
  }
  return byItem;
}

/** Notes' versions, by note, naming their chapter by class and address (null: that chapter is gone). */
async function portableNoteHistory(db: Database, byItem: Map<number, VersionRecord[]>): Promise<void> {
  const chapterIds = new Set<number>();
  for (const list of byItem.values())
    for (const v of list) {
      const id = readData(v.data).chapterId;
      if (typeof id === "number") chapterIds.add(id);
    }
  const refs = new Map<number, ChapterRef>();
  for (const part of batches([...chapterIds], 500)) {
    const rows = await db
      .selectFrom("chapters")
      .select(["id", "grade", "slug"])
      .where("id", "in", part)
      .execute();
    for (const r of rows) refs.set(r.id, { grade: r.grade, slug: r.slug });
  }
  for (const [id, list] of byItem) {
    byItem.set(
      id,
      list.map((v) => {
        const { chapterId, ...rest } = readData(v.data);
        const chapter = typeof chapterId === "number" ? (refs.get(chapterId) ?? null) : null;
        return { ...v, data: JSON.stringify({ ...rest, chapter }) };
      }),
    );
  }
}

// ---------------------------------------------------------------------------------------------
// Putting History back
// ---------------------------------------------------------------------------------------------

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
 * versions; a note's name their chapter by the id it has here now.
 */
export async function restoreHistory(
  db: Database,
  kind: ItemKind,
  itemId: number,
  kept: KeptHistory,
): Promise<void> {
  const version = keptVersion(kept);
  const history = kept.history ?? [];
  // A new row is at version 1, by nobody known, with no history: nothing to write for it.
  if (version === 1 && !kept.updatedBy && history.length === 0) return;
  await db
    .updateTable(TABLE_OF[kind] as "notes")
    .set({ version, updated_by: kept.updatedBy ?? null })
    .where("id", "=", itemId)
    .execute();
  const ids = new Map<string, number>();
  if (kind === "note") {
    for (const ref of chaptersNamed(history)) {
      const found = await chapterAt(db, ref);
      if (found) ids.set(chapterKey(ref), found.id);
    }
  }
  await restoreVersions(db, kind, [
    {
      itemId,
      history:
        kind === "note" ? localNoteHistory(history, (ref) => ids.get(chapterKey(ref)) ?? null) : history,
    },
  ]);
}

/** Kept versions of restored items, under their (new) ids, many items to a statement, as given. */
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

/** The chapter at an address of a class now, if any. */
export function chapterAt(db: Database, { grade, slug }: ChapterRef) {
  return db
    .selectFrom("chapters")
    .select(["id", "title"])
    .where("grade", "=", grade)
    .where("slug", "=", slug)
    .executeTakeFirst();
}

/** The chapters (by class and address) a carried note's versions name, each once. */
export function chaptersNamed(history: readonly VersionRecord[]): ChapterRef[] {
  const refs = new Map<string, ChapterRef>();
  for (const v of history) {
    const ref = chapterRef(readData(v.data).chapter);
    if (ref) refs.set(chapterKey(ref), ref);
  }
  return [...refs.values()];
}

/** A carried note's versions naming their chapter by id again: the one `chapterIdOf` gives (null: not here). */
export function localNoteHistory(
  history: readonly VersionRecord[],
  chapterIdOf: (ref: ChapterRef) => number | null,
): VersionRecord[] {
  return history.map((v) => {
    const { chapter, ...rest } = readData(v.data);
    const ref = chapterRef(chapter);
    return { ...v, data: JSON.stringify({ ...rest, chapterId: ref ? chapterIdOf(ref) : null }) };
  });
}

function chapterRef(value: unknown): ChapterRef | null {
  const ref = value as Partial<ChapterRef> | null | undefined;
  return typeof ref?.grade === "number" && typeof ref.slug === "string"
    ? { grade: ref.grade, slug: ref.slug }
    : null;
}
