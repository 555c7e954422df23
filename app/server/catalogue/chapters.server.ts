import { type SelectQueryBuilder, sql } from "kysely";
import { batches } from "#app/lib/batches.ts";
import type { ContentFilter } from "#app/lib/chapter-contents.ts";
import type { Grade } from "#app/lib/grades.ts";
import {
  type LinkMeta,
  type LinkMetaInput,
  linkMetaColumns,
  linkMetaOfRow,
  readLinkMeta,
  withLinkMeta,
} from "#app/lib/link-types.ts";
import type { SyllabusFields } from "#app/lib/sessions.ts";
import { addressSlug, slugify } from "#app/lib/slug.ts";
import { safeHttpUrl } from "#app/lib/url.ts";
import {
  insertRows,
  insertRowsReturning,
  type RowColumn,
  rowTriggersOff,
} from "#app/server/backup/bulk-load.server.ts";
import { contentCondition } from "#app/server/catalogue/chapter-contents.server.ts";
import {
  currentSession,
  replaceStatuses,
  syllabusRows,
  writeStatus,
} from "#app/server/catalogue/syllabus-rows.server.ts";
import { currentActor } from "#app/server/console/actor.server.ts";
import {
  countRows,
  fromNearerEnd,
  type ListPage,
  listSearch,
  readPage,
  turned,
} from "#app/server/console/list-page.server.ts";
import { replaceVersion, saveVersion } from "#app/server/console/versioned-save.server.ts";
import { contentChanged } from "#app/server/content-changes.server.ts";
import { type Database, inTransaction, isUniqueViolation, now, toNumber } from "#app/server/db.server.ts";
import { ConflictError, DomainError, NotFoundError, ValidationError } from "#app/server/errors.server.ts";
import type { ChapterRow, DB, LinkKind } from "#app/server/schema.server.ts";
import { type Trashed, trashChapters, trashedChapterSlugs } from "#app/server/trash/put.server.ts";

export type { LinkKind };
/** The lists in the order the chapter page and the console show them: official resources first. */
export const LINK_KINDS: readonly LinkKind[] = ["official", "notes", "questions", "lectures"];
export const MAX_LINKS_PER_CHAPTER = 150;
export const MAX_TITLE_LENGTH = 200;
export const MAX_URL_LENGTH = 2000;

/** A stored link: its title, address and, when an editor gave them, its type, language and year. */
export type ChapterLink = { title: string; url: string } & LinkMeta;
export type ChapterLinks = Record<LinkKind, ChapterLink[]>;
/** A link as a form or a file sends it: its type, language and year as typed (the domain reads them). */
export type LinkInput = { title: string; url: string } & LinkMetaInput;

export type ChapterSummary = {
  id: number;
  grade: Grade;
  subjectCode: string;
  title: string;
  slug: string;
  position: number;
  createdAt: string;
  updatedAt: string;
  version: number;
  /** "Book" and "Chapter number" (migration 0023): "" and null when not given. */
  book: string;
  chapterNumber: number | null;
};
export type ChapterListItem = ChapterSummary & { subjectLabel: string; noteCount: number };
export type Chapter = ChapterSummary & { links: ChapterLinks };
/**
 * A list left out is an empty one (callers from before official resources name three); `syllabus`:
 * the chapter's status in the current session, and its book (left as it is when absent).
 */
export type ChapterInput = {
  title: string;
  links: Partial<Record<LinkKind, readonly LinkInput[]>>;
  syllabus?: SyllabusFields;
  /** When it was added, where that is known from elsewhere (a Firestore import): its created and updated time. */
  addedAt?: string;
};
/** A chapter's title and links as the domain stores them. */
type CheckedChapter = { title: string; links: ChapterLinks; syllabus?: SyllabusFields };

export function emptyLinks(): ChapterLinks {
  return { official: [], notes: [], questions: [], lectures: [] };
}

function summary(row: ChapterRow): ChapterSummary {
  return {
    id: row.id,
    grade: row.grade as Grade,
    subjectCode: row.subject_code,
    title: row.title,
    slug: row.slug,
    position: row.position,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    version: row.version,
    book: row.book ?? "",
    chapterNumber: row.chapter_number === null ? null : Number(row.chapter_number),
  };
}

/** The columns a chapter's syllabus fields set, when given. */
function bookColumns(syllabus: SyllabusFields | undefined) {
  return syllabus ? { book: syllabus.book || null, chapter_number: syllabus.chapterNumber } : {};
}

/** Writes a saved chapter's status in the current session, when the form gave one. */
async function writeSyllabus(trx: Database, chapterId: number, syllabus: SyllabusFields | undefined) {
  if (!syllabus) return;
  const year = await currentSession(trx);
  await writeStatus(trx, chapterId, { year, status: syllabus.status, whatChanged: syllabus.whatChanged });
}

/** Checks one chapter's title and links; errors are keyed under `prefix` (e.g. `chapters.0.`). */
function checkChapter(input: ChapterInput, prefix: string, errors: Record<string, string>): CheckedChapter {
  const title = input.title.trim();
  if (!title) errors[`${prefix}title`] = "Chapter Title: enter the chapter's name.";
  else if (title.length > MAX_TITLE_LENGTH)
    errors[`${prefix}title`] = `Chapter Title: at most ${MAX_TITLE_LENGTH} characters.`;
  else if (!slugify(title)) errors[`${prefix}title`] = "Chapter Title: use at least one letter or digit.";
  const links = emptyLinks();
  let count = 0;
  for (const kind of LINK_KINDS) {
    // A list the caller did not send (an older caller, a partial restore) is an empty one.
    (input.links[kind] ?? []).forEach((link, i) => {
      count++;
      const at = `${prefix}${kind}.${i}.`;
      const linkTitle = link.title.trim();
      const url = link.url.trim();
      if (!linkTitle) errors[`${at}title`] = "Title: give this link a title students will recognise.";
      else if (linkTitle.length > MAX_TITLE_LENGTH)
        errors[`${at}title`] = `Title: at most ${MAX_TITLE_LENGTH} characters.`;
      const safe = safeHttpUrl(url);
      if (!url) errors[`${at}url`] = "URL: paste the address of the page, starting with https://";
      else if (!safe || url.length > MAX_URL_LENGTH)
        errors[`${at}url`] = "URL: only web addresses starting with http:// or https:// can be saved.";
      const { meta, errors: wrong } = readLinkMeta(link);
      for (const [field, message] of Object.entries(wrong)) errors[`${at}${field}`] = message;
      links[kind].push(withLinkMeta({ title: linkTitle, url: safe ?? url }, meta));
    });
  }
  if (count > MAX_LINKS_PER_CHAPTER) {
    errors[`${prefix}title`] =
      `A chapter can hold at most ${MAX_LINKS_PER_CHAPTER} links; this one has ${count}.`;
  }
  return { title, links, ...(input.syllabus ? { syllabus: input.syllabus } : {}) };
}

/** A list's links in its order, as `chapter_links` rows. */
function linkRowsOf(chapterId: number, kind: LinkKind, links: readonly ChapterLink[]) {
  return links.map((link, position) => ({
    chapter_id: chapterId,
    kind,
    position,
    title: link.title,
    url: link.url,
    ...linkMetaColumns(link),
  }));
}

/** A chapter about to take an address (slug) in a class: `chapterId` when it already exists. */
type SlugClaim = { field: string; title: string; slug: string; chapterId?: number };

/**
 * Adds an error at each claim whose address another chapter of the class holds, or that an
 * earlier claim of the same form takes. The one place that says what a slug clash is.
 */
async function addSlugClashes(
  db: Database,
  grade: Grade,
  subjectLabel: string,
  claims: SlugClaim[],
  errors: Record<string, string>,
): Promise<void> {
  const slugs = claims.map((c) => c.slug);
  const owners = await slugOwners(db, grade, slugs.filter(Boolean));
  const trashed = await trashedChapterSlugs(db, grade, slugs.filter(Boolean));
  claims.forEach((claim, i) => {
    if (!claim.slug || errors[claim.field]) return;
    const owner = owners.get(claim.slug);
    const inTrash = trashed.get(claim.slug);
    if (owner && owner.id !== claim.chapterId) {
      errors[claim.field] = clashMessage(grade, claim.title, owner, subjectLabel);
    } else if (inTrash !== undefined) {
      // A chapter in the Trash keeps its address, so that restoring it never finds it taken.
      errors[claim.field] = trashClashMessage(inTrash);
    } else if (slugs.indexOf(claim.slug) !== i) {
      errors[claim.field] = "Chapter Title: this form already has a chapter with the same title.";
    }
  });
}

/**
 * Runs a write whose slugs were checked beforehand. When a save running at the same moment took
 * one of them in between, the unique index refuses the write: the admin gets the same message as
 * the check gives, not a server error.
 */
async function withSlugRace<T>(
  db: Database,
  grade: Grade,
  subjectLabel: string,
  claims: SlugClaim[],
  write: (db: Database) => Promise<T>,
): Promise<T> {
  try {
    return await write(db);
  } catch (err) {
    // Inside a caller's transaction (PostgreSQL aborts it) nothing more can be read: let the caller see it.
    if (!isUniqueViolation(err) || db.isTransaction) throw err;
    const errors: Record<string, string> = {};
    await addSlugClashes(db, grade, subjectLabel, claims, errors);
    if (Object.keys(errors).length === 0) throw err;
    throw new ValidationError(errors);
  }
}

async function slugOwners(db: Database, grade: Grade, slugs: string[]) {
  if (slugs.length === 0) return new Map<string, { id: number; title: string; label: string }>();
  const rows = await db
    .selectFrom("chapters")
    .innerJoin("subjects", (j) =>
      j.onRef("subjects.grade", "=", "chapters.grade").onRef("subjects.code", "=", "chapters.subject_code"),
    )
    .select(["chapters.id", "chapters.slug", "chapters.title", "subjects.label"])
    .where("chapters.grade", "=", grade)
    .where("chapters.slug", "in", slugs)
    .execute();
  return new Map(rows.map((r) => [r.slug, { id: r.id, title: r.title, label: r.label }]));
}

/** Two chapters of one class may not share an address; say which chapter holds it and how to differ. */
function clashMessage(
  grade: Grade,
  title: string,
  owner: { title: string; label: string },
  subjectLabel: string,
): string {
  return `Chapter Title: Class ${grade} already has "${owner.title}" (${owner.label}) at the same address. Make this title different, e.g. "${title} (${subjectLabel})".`;
}

function trashClashMessage(title: string): string {
  return `Chapter Title: "${title}" is in the Trash at the same address: restore it or delete it forever first.`;
}

/** The subject's label; a missing subject is the admin's error, not a crash. */
async function requireSubject(db: Database, grade: Grade, code: string): Promise<string> {
  const subject = await db
    .selectFrom("subjects")
    .select("label")
    .where("grade", "=", grade)
    .where("code", "=", code)
    .executeTakeFirst();
  if (!subject)
    throw new DomainError(`Subject: Class ${grade} has no subject "${code}". Pick one from the list.`, {
      field: "subject",
    });
  return subject.label;
}

/** Where a subject's next chapter goes: after its last. */
export async function nextPosition(db: Database, grade: Grade, subjectCode: string): Promise<number> {
  const row = await db
    .selectFrom("chapters")
    .select((eb) => eb.fn.max("position").as("max"))
    .where("grade", "=", grade)
    .where("subject_code", "=", subjectCode)
    .executeTakeFirst();
  return row?.max == null ? 0 : Number(row.max) + 1;
}

/** A chapter's links as rows of `chapter_links`, in their order. */
function linkRows(chapterId: number, links: ChapterLinks) {
  return LINK_KINDS.flatMap((kind) => linkRowsOf(chapterId, kind, links[kind]));
}

/** How many links a chapter's lists hold (one row of chapter_links each). */
function linkCount(links: Partial<Record<LinkKind, ReadonlyArray<ChapterLink>>>): number {
  return LINK_KINDS.reduce((sum, kind) => sum + (links[kind]?.length ?? 0), 0);
}

const CHAPTER_COLUMNS: readonly RowColumn[] = [
  ["grade", "integer"],
  ["subject_code", "text"],
  ["title", "text"],
  ["slug", "text"],
  ["position", "integer"],
  ["created_at", "text"],
  ["updated_at", "text"],
  ["updated_by", "text"],
  ["book", "text"],
  ["chapter_number", "integer"],
  ["resources", "integer"],
];

const LINK_COLUMNS: readonly RowColumn[] = [
  ["chapter_id", "integer"],
  ["kind", "text"],
  ["position", "integer"],
  ["title", "text"],
  ["url", "text"],
  ["type", "text"],
  ["language", "text"],
  ["year", "integer"],
];

/** Many chapters' links (a Firestore import's, a restore's): 1,000 a statement, as columns (insertRows). */
async function insertLinkRows(db: Database, rows: ReadonlyArray<ReturnType<typeof linkRowsOf>[number]>) {
  for (const part of batches(rows, 1000))
    await insertRows(
      db,
      "chapter_links",
      LINK_COLUMNS,
      part.map((r) => [r.chapter_id, r.kind, r.position, r.title, r.url, r.type, r.language, r.year]),
    );
}

async function writeLinks(db: Database, chapterId: number, links: ChapterLinks): Promise<void> {
  const rows = linkRows(chapterId, links);
  if (rows.length > 0) await db.insertInto("chapter_links").values(rows).execute();
}

/**
 * Adds chapters to one subject of a class, all or none. Returns the new chapters in order.
 * `firstPosition`: where the first goes, when the caller keeps count (an import writing a
 * subject's runs one after the other without waiting for each); by default after the subject's last.
 */
export async function createChapters(
  db: Database,
  grade: Grade,
  subjectCode: string,
  inputs: ChapterInput[],
  { firstPosition }: { firstPosition?: number } = {},
): Promise<ChapterSummary[]> {
  if (inputs.length === 0) throw new DomainError("Please fill out class, subject, and at least one chapter.");
  const subjectLabel = await requireSubject(db, grade, subjectCode);
  const errors: Record<string, string> = {};
  const checked = inputs.map((input, i) => checkChapter(input, `chapters.${i}.`, errors));
  const slugs = checked.map((c) => slugify(c.title));
  const claims = checked.map((c, i) => ({
    field: `chapters.${i}.title`,
    title: c.title,
    slug: slugs[i] ?? "",
  }));
  await addSlugClashes(db, grade, subjectLabel, claims, errors);
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);

  return withSlugRace(db, grade, subjectLabel, claims, (db) =>
    inTransaction(db, async (trx) => {
      const first = firstPosition ?? (await nextPosition(trx, grade, subjectCode));
      const at = now();
      const by = currentActor().label;
      // Kept by the triggers as the links go in, unless a bulk load has them off (migration 0040).
      const countsGiven = rowTriggersOff("chapter_links");
      // A few statements for hundreds of chapters (a Firestore import's run of a subject); each
      // row comes back by its address, unique in the class (the order of RETURNING is not promised).
      const bySlug = new Map<string, ChapterRow>();
      for (const part of batches([...checked.entries()], 500)) {
        // On PostgreSQL as columns (insertRowsReturning): a Firestore import's 500 chapters are one
        // short statement, not 5,000 parameters.
        const rows = await insertRowsReturning<ChapterRow>(
          trx,
          "chapters",
          CHAPTER_COLUMNS,
          part.map(([i, input]) => {
            const { book = null, chapter_number = null } = bookColumns(input.syllabus);
            const dated = inputs[i]?.addedAt ?? at;
            return [
              grade,
              subjectCode,
              input.title,
              slugs[i] ?? "",
              first + i,
              dated,
              dated,
              by,
              book,
              chapter_number,
              countsGiven ? linkCount(input.links) : 0,
            ];
          }),
        );
        for (const row of rows) bySlug.set(row.slug, row);
      }
      const created = slugs.map((slug) => bySlug.get(slug) as ChapterRow);
      const links = checked.flatMap((input, i) => linkRows((created[i] as ChapterRow).id, input.links));
      await insertLinkRows(trx, links);
      for (const [i, input] of checked.entries())
        await writeSyllabus(trx, (created[i] as ChapterRow).id, input.syllabus);
      await contentChanged(trx);
      return created.map(summary);
    }),
  );
}

async function linksOf(db: Database, chapterId: number): Promise<ChapterLinks> {
  const rows = await db
    .selectFrom("chapter_links")
    .select(["kind", "title", "url", "type", "language", "year"])
    .where("chapter_id", "=", chapterId)
    .orderBy("kind")
    .orderBy("position")
    .execute();
  const links = emptyLinks();
  for (const row of rows) links[row.kind]?.push({ title: row.title, url: row.url, ...linkMetaOfRow(row) });
  return links;
}

/** The chapter page's lookup: one indexed read by (grade, slug). */
export async function getChapterBySlug(db: Database, grade: Grade, slug: string): Promise<Chapter | null> {
  const row = await db
    .selectFrom("chapters")
    .selectAll()
    .where("grade", "=", grade)
    .where("slug", "=", addressSlug(slug))
    .executeTakeFirst();
  return row ? { ...summary(row), links: await linksOf(db, row.id) } : null;
}

export async function getChapter(db: Database, id: number): Promise<Chapter | null> {
  const row = await db.selectFrom("chapters").selectAll().where("id", "=", id).executeTakeFirst();
  return row ? { ...summary(row), links: await linksOf(db, row.id) } : null;
}

/**
 * Chapters with their subject's label and note count, in public order (class, then the subject's
 * order, then the chapter's position): of one class, one subject, or the chosen ids.
 */
async function chapterItems(
  db: Database,
  filter: { grade?: Grade; subjectCode?: string; ids?: readonly number[] },
): Promise<ChapterListItem[]> {
  let query = db
    .selectFrom("chapters")
    .innerJoin("subjects", (j) =>
      j.onRef("subjects.grade", "=", "chapters.grade").onRef("subjects.code", "=", "chapters.subject_code"),
    )
    .selectAll("chapters")
    .select("subjects.label as subject_label")
    .select((eb) =>
      eb
        .selectFrom("notes")
        .select((n) => n.fn.countAll().as("n"))
        .whereRef("notes.chapter_id", "=", "chapters.id")
        .as("note_count"),
    );
  if (filter.grade) query = query.where("chapters.grade", "=", filter.grade);
  if (filter.subjectCode) query = query.where("chapters.subject_code", "=", filter.subjectCode);
  if (filter.ids) query = query.where("chapters.id", "in", [...filter.ids]);
  const rows = await query
    .orderBy("chapters.grade")
    .orderBy("subjects.position")
    .orderBy("chapters.position")
    .orderBy("chapters.id")
    .execute();
  return rows.map((r) => ({
    ...summary(r),
    subjectLabel: r.subject_label,
    noteCount: Number(r.note_count ?? 0),
  }));
}

/** Chapters in public order: class, then the subject's order, then the chapter's position. */
export function listChapters(
  db: Database,
  filter: { grade?: Grade; subjectCode?: string } = {},
): Promise<ChapterListItem[]> {
  return chapterItems(db, filter);
}

/**
 * An edit of a chapter. `position`: a place to keep within the same subject, and `restored`: its
 * book, chapter number and every session's status as a version carried them (restoring a version
 * from History).
 */
export type ChapterChange = { grade: Grade; subjectCode: string; position?: number } & ChapterInput & {
    restored?: { book: string; chapterNumber: number | null; syllabus: unknown };
  };

/** Saves an edited chapter unless someone else saved it since `expectedVersion` was read. */
export async function updateChapter(
  db: Database,
  id: number,
  expectedVersion: number,
  change: ChapterChange,
): Promise<ChapterSummary> {
  const { links: _links, ...saved } = (await saveChapter(db, id, expectedVersion, change)).after;
  return saved;
}

/**
 * `updateChapter`, answering the chapter before and after the save (with its links), each read
 * once by the save itself, so that what changed can be said without reading it again.
 */
export async function saveChapter(
  db: Database,
  id: number,
  expectedVersion: number,
  change: ChapterChange,
): Promise<{ before: Chapter; after: Chapter }> {
  const current = await db.selectFrom("chapters").selectAll().where("id", "=", id).executeTakeFirst();
  if (!current) throw new NotFoundError("chapter");
  if (current.version !== expectedVersion) throw new ConflictError("chapter");
  const subjectLabel = await requireSubject(db, change.grade, change.subjectCode);
  const errors: Record<string, string> = {};
  const checked = checkChapter(change, "", errors);
  const slug = slugify(checked.title);
  const claims = [{ field: "title", title: checked.title, slug, chapterId: id }];
  await addSlugClashes(db, change.grade, subjectLabel, claims, errors);
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);

  return withSlugRace(db, change.grade, subjectLabel, claims, (db) =>
    inTransaction(db, async (trx) => {
      const moved = current.grade !== change.grade || current.subject_code !== change.subjectCode;
      const position = moved
        ? await nextPosition(trx, change.grade, change.subjectCode)
        : (change.position ?? current.position);
      const values = {
        grade: change.grade,
        subject_code: change.subjectCode,
        title: checked.title,
        slug,
        position,
        ...bookColumns(checked.syllabus),
        ...(change.restored
          ? { book: change.restored.book || null, chapter_number: change.restored.chapterNumber }
          : {}),
      };
      const saved = await replaceVersion(trx, "chapters", id, expectedVersion, values, current);
      await trx.deleteFrom("chapter_links").where("chapter_id", "=", id).execute();
      await writeLinks(trx, id, checked.links);
      await writeSyllabus(trx, id, checked.syllabus);
      if (change.restored) await replaceStatuses(trx, id, change.restored.syllabus);
      await contentChanged(trx);
      // The links it replaced are in the version History keeps (the backup's shape: the same lists).
      const { links } = saved.replaced as { links: ChapterLinks };
      return {
        before: { ...summary(saved.before), links },
        after: { ...summary(saved.after), links: checked.links },
      };
    }),
  );
}

/**
 * Deletes a chapter with its links and notes (a chapter's notes never outlive it): they move to
 * the Trash together, with their history. Returns its place there.
 */
export async function deleteChapter(db: Database, id: number): Promise<Trashed> {
  return inTransaction(db, async (trx) => {
    const [moved] = await trashChapters(trx, [id]);
    if (!moved) throw new NotFoundError("chapter");
    await contentChanged(trx);
    return moved;
  });
}

/** Moves a chapter one place up or down within its subject; that order is the public order. */
export async function moveChapter(db: Database, id: number, direction: "up" | "down"): Promise<void> {
  await inTransaction(db, async (trx) => {
    const chapter = await trx
      .selectFrom("chapters")
      .select(["grade", "subject_code"])
      .where("id", "=", id)
      .executeTakeFirst();
    if (!chapter) throw new NotFoundError("chapter");
    const siblings = await trx
      .selectFrom("chapters")
      .select(["id", "position", "version"])
      .where("grade", "=", chapter.grade)
      .where("subject_code", "=", chapter.subject_code)
      .orderBy("position")
      .orderBy("id")
      .execute();
    const order = siblings.map((s) => s.id);
    const from = order.indexOf(id);
    const to = direction === "up" ? from - 1 : from + 1;
    if (to < 0 || to >= order.length) return;
    [order[from], order[to]] = [order[to] as number, order[from] as number];
    // Each chapter whose place changes is saved as a new version (History keeps the old place).
    const before = new Map(siblings.map((s) => [s.id, s]));
    for (const [position, chapterId] of order.entries()) {
      const sibling = before.get(chapterId);
      if (!sibling || sibling.position === position) continue;
      await saveVersion(trx, "chapters", chapterId, sibling.version, { position });
    }
    await contentChanged(trx);
  });
}

// ---------------------------------------------------------------------------------------------
// The Dashboard's list: one page of chapters at a time, and work on several chapters at once.
// ---------------------------------------------------------------------------------------------

/** Syllabus order is class, the subject's order, then the chapter's position: what students see. */
export const CHAPTER_SORTS = ["syllabus", "title", "class", "subject", "updated"] as const;
export type ChapterSort = (typeof CHAPTER_SORTS)[number];

export type ChapterPageQuery = {
  page: number;
  sort: ChapterSort;
  dir: "asc" | "desc";
  /** Narrows to chapters whose title contains it, ignoring case. */
  q?: string;
  grade?: Grade;
  subjectCode?: string;
  /** The "Content" filter: chapters with nothing yet, or with notes or links (chapter-contents.server.ts). */
  content?: ContentFilter;
};

/** A Dashboard row: only what the table shows, and whether Move up/Move down can go further. */
export type ChapterPageRow = {
  id: number;
  grade: Grade;
  subjectCode: string;
  subjectLabel: string;
  title: string;
  updatedAt: string;
  firstInSubject: boolean;
  lastInSubject: boolean;
};

type OrderKey =
  | "chapters.grade"
  | "subjects.position"
  | "subjects.code"
  | "subjects.label"
  | "chapters.position"
  | "chapters.id"
  | "chapters.title"
  | "chapters.updated_at";

/** Each sort ends in a unique key, so that pages never overlap or skip a row. */
function orderOf(sort: ChapterSort, dir: "asc" | "desc"): Array<[OrderKey, "asc" | "desc"]> {
  const syllabus: OrderKey[] = ["subjects.position", "subjects.code", "chapters.position", "chapters.id"];
  switch (sort) {
    case "syllabus":
      return (["chapters.grade", ...syllabus] as OrderKey[]).map((key) => [key, dir]);
    case "class":
      return [["chapters.grade", dir], ...syllabus.map((key): [OrderKey, "asc"] => [key, "asc"])];
    case "subject":
      return [
        ["subjects.label", dir],
        ["chapters.grade", "asc"],
        ...syllabus.map((key): [OrderKey, "asc"] => [key, "asc"]),
      ];
    case "title":
      return [
        ["chapters.title", dir],
        ["chapters.id", dir],
      ];
    case "updated":
      return [
        ["chapters.updated_at", dir],
        ["chapters.id", dir],
      ];
  }
}

/**
 * One page of the Dashboard: a count and a window of at most 50 rows, read through indexes
 * (migrations 0001 and 0007), never the whole table.
 */
export async function listChapterPage(
  db: Database,
  query: ChapterPageQuery,
): Promise<ListPage<ChapterPageRow>> {
  const filtered = () => {
    let q = db.selectFrom("chapters");
    if (query.grade) q = q.where("chapters.grade", "=", query.grade);
    if (query.subjectCode) q = q.where("chapters.subject_code", "=", query.subjectCode);
    if (query.q) q = q.where(listSearch(db, "chapter", "chapters.id", "chapters.title", query.q));
    const { content } = query;
    if (content) q = q.where((eb) => contentCondition(eb, content));
    return q;
  };
  if (query.sort === "title" || query.sort === "updated")
    return readPage(
      query.page,
      () => countRows(filtered()),
      async (page) => {
        // First the window's ids, in order; then the columns of those rows only. (With a bound LIMIT,
        // SQLite would otherwise work out every row's neighbours before sorting: seconds at scale.)
        const ids = await fromNearerEnd(page, async ({ limit, offset, reversed }) => {
          let window = withSubject(filtered()).select("chapters.id");
          for (const [key, dir] of orderOf(query.sort, query.dir))
            window = window.orderBy(key, turned(dir, reversed));
          return (await window.limit(limit).offset(offset).execute()).map((r) => r.id);
        });
        return chapterPageRows(db, ids);
      },
    );
  // The other sorts list chapters subject by subject: a page far down is found from each subject's
  // count (one grouped read), then read from the one or two subjects it falls in, down the listing
  // index. Sorting every chapter to skip all but 50 took 250-470 ms on PostgreSQL at 100,000.
  let runs: SubjectRun[] = [];
  return readPage(
    query.page,
    async () => {
      // The search and the Content filter test what only the rows hold (their titles, their counts).
      runs = await subjectRuns(db, filtered, query.sort, query.dir, Boolean(query.q || query.content));
      return runs.reduce((sum, run) => sum + run.n, 0);
    },
    async ({ limit, offset }) => {
      const within = query.sort === "syllabus" ? query.dir : "asc";
      const ids: number[] = [];
      let skip = offset;
      for (const run of runs) {
        if (ids.length >= limit) break;
        if (skip >= run.n) {
          skip -= run.n;
          continue;
        }
        const found = await filtered()
          .where("chapters.grade", "=", run.grade)
          .where("chapters.subject_code", "=", run.code)
          .select("chapters.id")
          .orderBy("chapters.position", within)
          .orderBy("chapters.id", within)
          .limit(Math.min(limit - ids.length, run.n - skip))
          .offset(skip)
          .execute();
        ids.push(...found.map((r) => r.id));
        skip = 0;
      }
      return chapterPageRows(db, ids);
    },
  );
}

/** Chapters with their subject's row: its name, and its place in the syllabus. */
function withSubject<O>(query: SelectQueryBuilder<DB, "chapters", O>) {
  return query.innerJoin("subjects", (j) =>
    j.onRef("subjects.grade", "=", "chapters.grade").onRef("subjects.code", "=", "chapters.subject_code"),
  );
}

type SubjectRun = { grade: number; code: string; n: number };

/**
 * How many of the filtered chapters each subject has, the subjects in the order of `sort`: counted
 * from the chapters alone, then named and placed by their subjects. A filter on what only the rows
 * hold (`testsRows`) groups by expressions of the subject's columns: SQLite otherwise walks the
 * subject index for the grouping and fetches each of 100,000 rows from the table by its id, where
 * reading the table once and grouping after costs a fraction (a search, 228 -> 27 ms; "Has
 * resources", 211 -> 78 ms). Without one, the count is read from that index alone.
 */
async function subjectRuns(
  db: Database,
  filtered: () => SelectQueryBuilder<DB, "chapters", object>,
  sort: ChapterSort,
  dir: "asc" | "desc",
  testsRows: boolean,
): Promise<SubjectRun[]> {
  const grade = testsRows ? sql<number>`chapters.grade + 0` : sql<number>`chapters.grade`;
  const code = testsRows ? sql<string>`chapters.subject_code || ''` : sql<string>`chapters.subject_code`;
  const counts = filtered()
    .select([grade.as("grade"), code.as("code"), (eb) => eb.fn.countAll<number | bigint>().as("n")])
    .groupBy([grade, code]);
  let q = db
    .selectFrom(counts.as("k"))
    .innerJoin("subjects", (j) =>
      j.onRef("subjects.grade", "=", "k.grade").onRef("subjects.code", "=", "k.code"),
    )
    .select(["subjects.grade as grade", "subjects.code as code", "k.n as n"]);
  for (const [key, keyDir] of orderOf(sort, dir)) {
    if (key === "chapters.grade") q = q.orderBy("subjects.grade", keyDir);
    else if (key.startsWith("subjects."))
      q = q.orderBy(key as Extract<OrderKey, `subjects.${string}`>, keyDir);
  }
  const rows = await q.execute();
  return rows.map((r) => ({ grade: r.grade, code: r.code, n: toNumber(r.n) }));
}

/** The Dashboard rows of `ids`, in that order: only what the table shows, and Move up/down's ends. */
async function chapterPageRows(db: Database, ids: number[]): Promise<ChapterPageRow[]> {
  if (ids.length === 0) return [];
  const found = await withSubject(db.selectFrom("chapters"))
    .select([
      "chapters.id",
      "chapters.grade",
      "chapters.subject_code",
      "subjects.label as subject_label",
      "chapters.title",
      "chapters.updated_at",
    ])
    .select((eb) => {
      // The first (and the last) chapter of this one's subject, in the order moveChapter uses:
      // itself when none is before (after) it. Read down the listing index, one row each:
      // asked as "exists one before", PostgreSQL planned a scan of the table, which after a
      // Firestore import (chapters written subject by subject) read 97,000 rows a chapter to
      // find one: 1.5 s a Dashboard page at 100,000 chapters.
      const end = (dir: "asc" | "desc") =>
        eb
          .selectFrom("chapters as other")
          .select("other.id")
          .whereRef("other.grade", "=", "chapters.grade")
          .whereRef("other.subject_code", "=", "chapters.subject_code")
          .orderBy("other.position", dir)
          .orderBy("other.id", dir)
          .limit(1);
      return [end("asc").as("first_id"), end("desc").as("last_id")];
    })
    .where("chapters.id", "in", ids)
    .execute();
  const byId = new Map(found.map((r) => [r.id, r]));
  return ids.flatMap((id) => {
    const r = byId.get(id);
    return r
      ? [
          {
            id: r.id,
            grade: r.grade as Grade,
            subjectCode: r.subject_code,
            subjectLabel: r.subject_label,
            title: r.title,
            updatedAt: r.updated_at,
            firstInSubject: Number(r.first_id) === r.id,
            lastInSubject: Number(r.last_id) === r.id,
          },
        ]
      : [];
  });
}

/** Chosen chapters (at most a page of them) as a confirmation names them, in syllabus order. */
export async function getChapterSelection(db: Database, ids: readonly number[]): Promise<ChapterListItem[]> {
  if (ids.length === 0) return [];
  return chapterItems(db, { ids });
}

const SOME_GONE =
  "of the selected chapters no longer exist (someone else may have deleted them), so nothing was changed. Reload the page and choose again.";

function someGone(missing: number): DomainError {
  return new DomainError(`${missing} ${SOME_GONE}`, { status: 404 });
}

/**
 * Moves chapters to one subject (of any class), all or none: each goes to the end of that subject
 * in its current syllabus order. A chapter that changes class must keep an address of its own
 * there; one clash refuses the whole move and names the chapter.
 */
export async function moveChapters(
  db: Database,
  ids: readonly number[],
  grade: Grade,
  subjectCode: string,
): Promise<{ moved: number; subjectLabel: string }> {
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) throw new DomainError("Select the chapters to move first.");
  try {
    return await inTransaction(db, async (trx) => {
      const subjectLabel = await requireSubject(trx, grade, subjectCode);
      const chosen = await getChapterSelection(trx, wanted);
      if (chosen.length !== wanted.length) throw someGone(wanted.length - chosen.length);
      const incoming = chosen.filter((c) => c.grade !== grade || c.subjectCode !== subjectCode);
      const crossing = incoming.filter((c) => c.grade !== grade);
      const owners = await slugOwners(
        trx,
        grade,
        crossing.map((c) => c.slug),
      );
      const trashed = await trashedChapterSlugs(
        trx,
        grade,
        crossing.map((c) => c.slug),
      );
      const taken = new Map<string, ChapterListItem>();
      for (const c of crossing) {
        const owner = owners.get(c.slug);
        const twin = taken.get(c.slug);
        const where = `"${c.title}" (Class ${c.grade}, ${c.subjectLabel})`;
        const inTrash = trashed.get(c.slug);
        if (inTrash !== undefined) {
          throw new DomainError(
            `Nothing was moved: "${inTrash}" of Class ${grade} is in the Trash at the address of ${where}. Restore it and rename one of them, or delete it forever, first.`,
            { status: 409 },
          );
        }
        if (owner) {
          throw new DomainError(
            `Nothing was moved: Class ${grade} already has "${owner.title}" (${owner.label}) at the address of ${where}. Rename one of them first.`,
            { status: 409 },
          );
        }
        if (twin) {
          throw new DomainError(
            `Nothing was moved: ${where} and "${twin.title}" (Class ${twin.grade}, ${twin.subjectLabel}) would share one address in Class ${grade}. Rename one of them first.`,
            { status: 409 },
          );
        }
        taken.set(c.slug, c);
      }
      let position = await nextPosition(trx, grade, subjectCode);
      for (const c of incoming) {
        await saveVersion(trx, "chapters", c.id, c.version, {
          grade,
          subject_code: subjectCode,
          position: position++,
        });
      }
      if (incoming.length > 0) await contentChanged(trx);
      return { moved: chosen.length, subjectLabel };
    });
  } catch (err) {
    // A save at the same moment took one of the addresses after the check: refused whole, as above.
    if (!isUniqueViolation(err) || db.isTransaction) throw err;
    throw new DomainError(
      `Nothing was moved: another chapter of Class ${grade} took the address of one of these chapters just now. Reload the page and try again.`,
      { status: 409 },
    );
  }
}

/** Deletes chapters with their links and notes, all or none: each moves to the Trash. */
export async function deleteChapters(
  db: Database,
  ids: readonly number[],
): Promise<{ deleted: number; trashed: Trashed[] }> {
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) throw new DomainError("Select the chapters to delete first.");
  return inTransaction(db, async (trx) => {
    const trashed = await trashChapters(trx, wanted);
    // Throwing rolls the whole delete back.
    if (trashed.length !== wanted.length) throw someGone(wanted.length - trashed.length);
    await contentChanged(trx);
    return { deleted: trashed.length, trashed };
  });
}

/** A chapter as a backup recorded it (and the Trash: with the id to keep, when free). */
export type RestoredChapter = {
  id?: number;
  grade: number;
  subject: string;
  title: string;
  slug: string;
  position: number;
  createdAt: string;
  updatedAt: string;
  /** A backup or Trash item from before official resources has no `official` list: none. */
  links: Partial<Record<LinkKind, ReadonlyArray<ChapterLink>>>;
  /** Absent in backups and Trash snapshots from before migration 0023. */
  book?: string;
  chapterNumber?: number | null;
  syllabus?: unknown;
};

function restoredRow(c: RestoredChapter) {
  return {
    ...(c.id === undefined ? {} : { id: c.id }),
    grade: c.grade,
    subject_code: c.subject,
    title: c.title,
    slug: c.slug,
    position: c.position,
    created_at: c.createdAt,
    updated_at: c.updatedAt,
    book: c.book || null,
    chapter_number: c.chapterNumber ?? null,
  };
}

/** A restored chapter's links, in their order; only http(s) addresses are ever stored. */
function restoredLinks(chapterId: number, c: RestoredChapter) {
  return LINK_KINDS.flatMap((kind) =>
    linkRowsOf(
      chapterId,
      kind,
      (c.links[kind] ?? []).map((l) => ({ ...l, url: safeHttpUrl(l.url) ?? "" })),
    ),
  );
}

/**
 * A backup's chapter with its links, as it was (address, place, times), inside the restore's
 * transaction (the Trash, which has checked it); returns its new id.
 */
export async function restoreChapter(trx: Database, c: RestoredChapter): Promise<number> {
  const row = await trx
    .insertInto("chapters")
    .values(restoredRow(c))
    .returning("id")
    .executeTakeFirstOrThrow();
  const linkRows = restoredLinks(row.id, c);
  if (linkRows.length > 0) await trx.insertInto("chapter_links").values(linkRows).execute();
  await replaceStatuses(trx, row.id, c.syllabus);
  return row.id;
}

/**
 * Many of a backup's chapters at once (a full restore, app/server/backup/restore-backup.server.ts), each
 * with the id the restore gave it and its version and last editor: a few statements for hundreds of
 * chapters, which is what makes a restore of 100,000 chapters take seconds rather than minutes.
 */
export async function restoreChapters(
  trx: Database,
  chapters: ReadonlyArray<
    RestoredChapter & { id: number; version: number; updatedBy: string | null; notes: readonly unknown[] }
  >,
): Promise<void> {
  // A restore writes with the row triggers off: each chapter's kept count comes with it (migration 0040).
  for (const part of batches(chapters, 500)) {
    await trx
      .insertInto("chapters")
      .values(
        part.map((c) => ({
          ...restoredRow(c),
          version: c.version,
          updated_by: c.updatedBy,
          resources: linkCount(c.links) + c.notes.length,
        })),
      )
      .execute();
  }
  await insertLinkRows(
    trx,
    chapters.flatMap((c) => restoredLinks(c.id, c)),
  );
  for (const part of batches(
    chapters.flatMap((c) => syllabusRows(c.id, c.syllabus)),
    1000,
  ))
    await trx.insertInto("chapter_syllabus").values(part).execute();
}
