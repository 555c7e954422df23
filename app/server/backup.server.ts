import sharp from "sharp";
import { z } from "zod";
import { ACTION_NAME } from "#app/lib/activity.ts";
import { isoToIndiaDateTime } from "#app/lib/dates.ts";
import { MAX_RELATED_POSTS } from "#app/lib/post-form.ts";
import { ROLES } from "#app/lib/roles.ts";
import { slugify } from "#app/lib/slug.ts";
import { safeHttpUrl } from "#app/lib/url.ts";
import { exportActivity, LONGEST, restoreActivity } from "#app/server/activity.server.ts";
import { chapterItem, noteItem, postItem } from "#app/server/backup-items.server.ts";
import {
  LINK_KINDS,
  MAX_LINKS_PER_CHAPTER,
  MAX_TITLE_LENGTH,
  MAX_URL_LENGTH,
  restoreChapter,
} from "#app/server/chapters.server.ts";
import { contentChanged } from "#app/server/content-changes.server.ts";
import { type Database, toNumber } from "#app/server/db.server.ts";
import { DomainError } from "#app/server/errors.server.ts";
import {
  ITEM_KINDS,
  type ItemKind,
  localNoteData,
  portableNoteData,
  restoreHistory,
  type VersionRecord,
  versionRecords,
} from "#app/server/history/versions.server.ts";
import { MAX_PIXELS, MAX_WIDTH, restoreMedia } from "#app/server/media.server.ts";
import { MAX_NOTE_LENGTH, MAX_SEO_DESCRIPTION, restoreNote } from "#app/server/notes.server.ts";
import { isPasswordHash } from "#app/server/passwords.server.ts";
import { postProblems, restorePosts } from "#app/server/posts.server.ts";
import type { ChapterRow } from "#app/server/schema.server.ts";
import { restoreSubjects, SUBJECT_CODE_RULE } from "#app/server/subjects.server.ts";
import { exportTrash, importTrash } from "#app/server/trash/trash.server.ts";
import {
  EMAIL_RULE,
  exportUsers,
  NO_PASSWORD,
  normaliseEmail,
  restoreUser,
  type UserEntry,
} from "#app/server/users.server.ts";

// The full backup: one JSON document with everything a site is made of. Ids are left
// out (they are the database's business); chapters carry their links and notes, posts
// name their related posts by slug, so a restore rebuilds the same site.

const text = z.string();

/** Dates a restore accepts: from 1970 to the end of 2099 (beyond, a date is a mistake or an attack). */
const EARLIEST = Date.UTC(1970, 0, 1);
const LATEST = Date.UTC(2100, 0, 1);

/** True for milliseconds since 1970 that make a date in the range above. */
export function momentInRange(ms: number): boolean {
  return Number.isFinite(ms) && ms >= EARLIEST && ms < LATEST;
}

/** A moment as the database writes it (toISOString), in range. */
const moment = text.refine(
  (v) => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,3})?Z$/.test(v) && momentInRange(Date.parse(v)),
  "must be a date and time such as 2024-05-01T10:00:00.000Z, between 1970 and 2099",
);
const title = text.refine((v) => v.trim() !== "" && v.length <= MAX_TITLE_LENGTH, {
  message: `must be 1 to ${MAX_TITLE_LENGTH} characters`,
});
const link = z.object({
  title,
  url: text.refine((v) => v.length <= MAX_URL_LENGTH && safeHttpUrl(v) !== null, {
    message: "only http(s) links can be restored",
  }),
});
const linkList = z.array(link).max(MAX_LINKS_PER_CHAPTER);
/**
 * What an item keeps besides its backup shape: its version, last editor and History (every
 * version kept, without ids: app/server/history/). The Trash's items have them all; the site's own
 * items have them when the backup was made with history (and from the History release on).
 */
const kept = {
  version: z
    .number()
    .int()
    .min(1)
    .max(2 ** 31 - 1),
  updatedBy: text.max(320).nullable(),
  history: z.array(
    z.object({
      version: z
        .number()
        .int()
        .min(1)
        .max(2 ** 31 - 1),
      savedBy: text.max(320).nullable(),
      savedAt: moment,
      data: text.max(2_000_000).refine(isJsonObject, "must be a JSON object"),
      replacedAt: moment,
    }),
  ),
};
const keptIfAny = {
  version: kept.version.optional(),
  updatedBy: kept.updatedBy.optional(),
  history: kept.history.optional(),
};
const contentSchema = z.object({
  format: z.literal("chapterwise-backup"),
  version: z.literal(1),
  exportedAt: text,
  subjects: z.array(
    z.object({
      grade: z.number().int().min(9).max(12),
      code: text.max(40).regex(SUBJECT_CODE_RULE),
      label: text.min(1).max(80),
      position: z.number().int(),
    }),
  ),
  chapters: z.array(
    z.object({
      grade: z.number().int().min(9).max(12),
      subject: text,
      title: title.refine((v) => slugify(v) !== "", "must have at least one letter or digit"),
      slug: text.min(1).max(MAX_TITLE_LENGTH),
      position: z.number().int(),
      createdAt: moment,
      updatedAt: moment,
      links: z.object({ notes: linkList, questions: linkList, lectures: linkList }),
      notes: z.array(
        z.object({
          content: text.max(MAX_NOTE_LENGTH),
          seoDescription: text.max(MAX_SEO_DESCRIPTION),
          seoKeywords: z.array(text),
          createdAt: moment,
          updatedAt: moment,
          ...keptIfAny,
        }),
      ),
      ...keptIfAny,
    }),
  ),
  posts: z.array(
    z.object({
      slug: text.min(1),
      title: text,
      date: text,
      author: text,
      tag: text,
      category: text,
      excerpt: text,
      content: text,
      status: z.enum(["draft", "scheduled", "published"]),
      // When a Scheduled post goes out (backups from before scheduling have none).
      publishAt: moment.nullable().default(null),
      featured: z.boolean(),
      image: text,
      featuredImageAlt: text,
      seoTitle: text,
      seoDescription: text,
      seoKeywords: z.array(text),
      canonicalUrl: text,
      socialTitle: text,
      socialDescription: text,
      socialImage: text,
      allowComments: z.boolean(),
      viewCount: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
      likeCount: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
      createdAt: moment,
      updatedAt: moment,
      related: z.array(text).max(MAX_RELATED_POSTS),
      ...keptIfAny,
    }),
  ),
  media: z.array(
    z.object({
      id: z.string().regex(/^[a-f0-9]{16,64}$/),
      webp: text,
      fallback: text,
      fallbackType: z.enum(["image/jpeg", "image/png"]),
      width: z.number().int().positive().max(MAX_WIDTH),
      height: z.number().int().positive(),
      createdAt: moment,
    }),
  ),
  users: z
    .array(
      z
        .object({
          email: text
            .regex(EMAIL_RULE)
            .refine((v) => v === normaliseEmail(v), "must be written in lowercase"),
          // Empty for an account without a password (invited, or its password reset).
          passwordHash: text.refine(
            (v) => v === NO_PASSWORD || isPasswordHash(v),
            "is not a password hash in the format this site writes",
          ),
          role: z.enum(ROLES).nullable().optional(),
          // Backups from before roles (issue 16) say isAdmin instead.
          isAdmin: z.boolean().optional(),
          deactivatedAt: moment.nullable().optional(),
          lastSignInAt: moment.nullable().optional(),
          createdAt: moment,
        })
        .transform(
          ({ isAdmin, role, deactivatedAt, lastSignInAt, ...u }): UserEntry => ({
            ...u,
            role: role === undefined ? (isAdmin ? "admin" : null) : role,
            deactivatedAt: deactivatedAt ?? null,
            lastSignInAt: lastSignInAt ?? null,
          }),
        ),
    )
    .optional(),
  // The Activity log, oldest first (app/server/activity.server.ts); backups from before it have none.
  activity: z
    .array(
      z.object({
        at: moment,
        actor: text.min(1).max(LONGEST.actor),
        address: text.max(LONGEST.address).nullable(),
        action: text.max(LONGEST.action).regex(ACTION_NAME),
        item: text.max(LONGEST.item).nullable(),
        summary: text.max(LONGEST.summary).nullable(),
      }),
    )
    .optional(),
});

const trashed = { title: text.max(300), place: text.max(300), deletedBy: text.max(320), deletedAt: moment };
const chapterEntry = contentSchema.shape.chapters.element;
const noteEntry = chapterEntry.shape.notes.element.extend(kept);
/** What was in the Trash (app/server/trash/), in the backup's own shapes; backups from before it have none. */
const trashSchema = z.array(
  z.discriminatedUnion("kind", [
    z.object({
      kind: z.literal("chapter"),
      ...trashed,
      item: chapterEntry.extend({ ...kept, notes: z.array(noteEntry) }),
    }),
    z.object({
      kind: z.literal("note"),
      ...trashed,
      // Its chapter by address: a chapter of the backup, or one in its Trash.
      item: noteEntry.extend({
        chapter: z.object({
          grade: z.number().int().min(9).max(12),
          slug: text.max(MAX_TITLE_LENGTH),
          title,
        }),
      }),
    }),
    z.object({
      kind: z.literal("post"),
      ...trashed,
      item: contentSchema.shape.posts.element.extend({
        ...kept,
        relatedBy: z
          .array(z.object({ slug: text.max(200), position: z.number().int().min(0).max(1000) }))
          .max(1000),
      }),
    }),
  ]),
);
const backupSchema = contentSchema.extend({ trash: trashSchema.optional() });

function isJsonObject(value: string): boolean {
  try {
    const parsed: unknown = JSON.parse(value);
    return typeof parsed === "object" && parsed !== null;
  } catch {
    return false;
  }
}

export type Backup = z.infer<typeof backupSchema>;

export async function exportContent(
  db: Database,
  // History is in by default (a full backup); `withHistory: false` leaves the kept versions out.
  options: { withUsers?: boolean; withHistory?: boolean } = {},
): Promise<Backup> {
  const subjects = await db
    .selectFrom("subjects")
    .selectAll()
    .orderBy("grade")
    .orderBy("position")
    .orderBy("code")
    .execute();
  const subjectOrder = new Map(subjects.map((s) => [`${s.grade}/${s.code}`, s.position]));
  const chapters = await db.selectFrom("chapters").selectAll().execute();
  chapters.sort(
    (a, b) =>
      a.grade - b.grade ||
      (subjectOrder.get(`${a.grade}/${a.subject_code}`) ?? 0) -
        (subjectOrder.get(`${b.grade}/${b.subject_code}`) ?? 0) ||
      a.subject_code.localeCompare(b.subject_code) ||
      a.position - b.position ||
      a.slug.localeCompare(b.slug),
  );
  const links = await db
    .selectFrom("chapter_links")
    .selectAll()
    .orderBy("chapter_id")
    .orderBy("kind")
    .orderBy("position")
    .execute();
  const notes = await db.selectFrom("notes").selectAll().orderBy("chapter_id").orderBy("id").execute();
  const posts = await db.selectFrom("posts").selectAll().orderBy("slug").execute();
  const related = await db
    .selectFrom("post_related")
    .innerJoin("posts", "posts.id", "post_related.related_id")
    .select(["post_related.post_id", "posts.slug"])
    .orderBy("post_related.post_id")
    .orderBy("post_related.position")
    .execute();
  const media = await db.selectFrom("media").selectAll().orderBy("id").execute();
  const history = await exportedHistory(db, chapters, options.withHistory ?? true);
  // Each chapter's links and notes, each post's related slugs, found by id (not by a scan of all of
  // them per chapter, which made an export of 8,000 chapters take minutes).
  const linksOf = byId(links, (l) => l.chapter_id);
  const notesOf = byId(notes, (n) => n.chapter_id);
  const relatedOf = byId(related, (r) => r.post_id);
  const backup: Backup = {
    format: "chapterwise-backup",
    version: 1,
    exportedAt: new Date().toISOString(),
    subjects: subjects.map((s) => ({ grade: s.grade, code: s.code, label: s.label, position: s.position })),
    chapters: chapters.map((c) => ({
      ...chapterItem(
        c,
        linksOf(c.id),
        notesOf(c.id).map((n) => ({ ...noteItem(n), ...history("note", n) })),
      ),
      ...history("chapter", c),
    })),
    posts: posts.map((p) => ({
      ...postItem(
        p,
        relatedOf(p.id).map((r) => r.slug),
      ),
      ...history("post", p),
    })),
    media: media.map((m) => ({
      id: m.id,
      webp: Buffer.from(m.webp).toString("base64"),
      fallback: Buffer.from(m.fallback).toString("base64"),
      fallbackType: m.fallback_type === "image/png" ? "image/png" : "image/jpeg",
      width: m.width,
      height: m.height,
      createdAt: m.created_at,
    })),
  };
  // The Activity log goes with History: both are the site's past, left out by `withHistory: false`.
  if (options.withHistory ?? true) backup.activity = await exportActivity(db);
  backup.trash = await exportTrash(db);
  if (options.withUsers) backup.users = await exportUsers(db);
  return backup;
}

/** The rows of `rows` that belong to an id, in their order, looked up in one pass over them. */
function byId<T>(rows: readonly T[], idOf: (row: T) => number): (id: number) => T[] {
  const groups = new Map<number, T[]>();
  for (const row of rows) {
    const group = groups.get(idOf(row));
    if (group) group.push(row);
    else groups.set(idOf(row), [row]);
  }
  return (id) => groups.get(id) ?? [];
}

type Versioned = { id: number; version: number; updated_by: string | null };

/**
 * Each item's version, last editor and (unless left out) kept versions, as the backup carries
 * them: a note's versions name their chapter by class and address, not id.
 */
async function exportedHistory(db: Database, chapters: ReadonlyArray<ChapterRow>, withHistory: boolean) {
  const none = () => new Map<number, VersionRecord[]>();
  const [chapter = none(), note = none(), post = none()] = withHistory
    ? await Promise.all(ITEM_KINDS.map((kind) => versionRecords(db, kind)))
    : [];
  const records = { chapter, note, post };
  const refs = new Map(chapters.map((c) => [c.id, { grade: c.grade, slug: c.slug }]));
  const portable = (v: VersionRecord) => ({
    ...v,
    data: portableNoteData(v.data, (chapterId) => refs.get(chapterId) ?? null),
  });
  return (kind: ItemKind, item: Versioned) => {
    const history = records[kind].get(item.id) ?? [];
    return {
      version: item.version,
      updatedBy: item.updated_by,
      ...(withHistory ? { history: kind === "note" ? history.map(portable) : history } : {}),
    };
  };
}

/** Problems of a backup document, each naming where it is; empty when the document is sound. */
export function checkBackup(input: unknown): { backup?: Backup; problems: string[] } {
  const parsed = backupSchema.safeParse(input);
  if (!parsed.success) {
    return {
      problems: parsed.error.issues
        .slice(0, 20)
        .map((i) => `${i.path.join(".") || "(document)"}: ${i.message}`),
    };
  }
  const backup = parsed.data;
  const problems: string[] = [];
  const subjects = new Set(backup.subjects.map((s) => `${s.grade}/${s.code}`));
  const slugs = new Set<string>();
  backup.chapters.forEach((c, i) => {
    if (!subjects.has(`${c.grade}/${c.subject}`))
      problems.push(`chapters.${i}: subject "${c.subject}" of class ${c.grade} is not in the backup`);
    if (c.slug !== slugify(c.slug)) problems.push(`chapters.${i}: "${c.slug}" is not a valid address`);
    if (slugs.has(`${c.grade}/${c.slug}`))
      problems.push(`chapters.${i}: class ${c.grade} has two chapters at "${c.slug}"`);
    slugs.add(`${c.grade}/${c.slug}`);
    const links = LINK_KINDS.reduce((n, kind) => n + c.links[kind].length, 0);
    if (links > MAX_LINKS_PER_CHAPTER)
      problems.push(`chapters.${i}: ${links} links; a chapter holds at most ${MAX_LINKS_PER_CHAPTER}`);
  });
  // Posts meet the console's rules (slug shape, real date, http(s) canonical and images, lengths).
  const site = { siteUrl: "https://restore.invalid", siteName: "" };
  const postChecks = (p: Backup["posts"][number], where: string) => {
    const input = { ...p, seoKeywords: p.seoKeywords.join(", "), publishAt: isoToIndiaDateTime(p.publishAt) };
    for (const [field, message] of Object.entries(postProblems(input, site)))
      problems.push(`${where} ("${p.slug}"): ${field}: ${message}`);
  };
  for (const [i, p] of backup.posts.entries()) postChecks(p, `posts.${i}`);
  // The Trash keeps its addresses: none may be one a chapter or post of the backup has, nor twice.
  const postSlugs = new Set(backup.posts.map((p) => p.slug));
  (backup.trash ?? []).forEach((e, i) => {
    const where = `trash.${i}`;
    if (e.kind === "chapter") {
      const key = `${e.item.grade}/${e.item.slug}`;
      if (e.item.slug !== slugify(e.item.slug))
        problems.push(`${where}: "${e.item.slug}" is not a valid address`);
      if (slugs.has(key))
        problems.push(`${where}: class ${e.item.grade} has another chapter at "${e.item.slug}"`);
      slugs.add(key);
    } else if (e.kind === "post") {
      postChecks(e.item, where);
      if (postSlugs.has(e.item.slug)) problems.push(`${where}: another post has the slug "${e.item.slug}"`);
      postSlugs.add(e.item.slug);
    }
  });
  backup.media.forEach((m, i) => {
    if (m.width * m.height > MAX_PIXELS)
      problems.push(`media.${i} (${m.id}): the picture has too many pixels`);
  });
  // An item's kept versions are numbered once each, all before its own version.
  for (const [i, c] of backup.chapters.entries()) {
    problems.push(...historyProblems(c, `chapters.${i}`));
    for (const [j, n] of c.notes.entries()) problems.push(...historyProblems(n, `chapters.${i}.notes.${j}`));
  }
  for (const [i, p] of backup.posts.entries()) problems.push(...historyProblems(p, `posts.${i}`));
  return problems.length > 0 ? { problems } : { backup, problems };
}

function historyProblems(
  item: { version?: number; history?: ReadonlyArray<{ version: number }> },
  where: string,
) {
  const numbers = (item.history ?? []).map((v) => v.version);
  const problems: string[] = [];
  if (new Set(numbers).size !== numbers.length) problems.push(`${where}.history: a version is there twice`);
  if (item.version !== undefined && numbers.some((n) => n >= (item.version ?? 0)))
    problems.push(`${where}.history: a kept version is not older than the item's version ${item.version}`);
  return problems;
}

/** Each image is what it claims, by content: a WebP and a JPEG or PNG of its width and height. */
async function mediaProblems(media: Backup["media"]): Promise<string[]> {
  const problems: string[] = [];
  for (const [i, m] of media.entries()) {
    const files = [
      { name: "webp", bytes: m.webp, format: "webp" },
      { name: "fallback", bytes: m.fallback, format: m.fallbackType === "image/png" ? "png" : "jpeg" },
    ];
    for (const file of files) {
      const meta = await sharp(Buffer.from(file.bytes, "base64"), { limitInputPixels: MAX_PIXELS })
        .metadata()
        .catch(() => null);
      if (meta?.format !== file.format || meta.width !== m.width || meta.height !== m.height)
        problems.push(
          `media.${i} (${m.id}): ${file.name} is not a ${file.format} picture of ${m.width}×${m.height}`,
        );
    }
  }
  return problems;
}

async function contentCount(db: Database): Promise<number> {
  let total = 0;
  for (const table of ["subjects", "chapters", "posts", "media", "trash"] as const) {
    const row = await db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll().as("n"))
      .executeTakeFirst();
    total += toNumber(row?.n as number | string | undefined);
  }
  return total;
}

/** Restores a backup into a database without content, all or nothing. */
/**
 * What `npm run content -- verify` says of a backup without restoring it: every rule the import
 * applies (shapes, references, images that decode), and what it holds.
 */
export async function verifyBackup(input: unknown): Promise<{ problems: string[]; counts?: string }> {
  const checked = checkBackup(input);
  const backup = checked.backup;
  const problems = backup ? await mediaProblems(backup.media) : checked.problems;
  if (!backup || problems.length > 0) return { problems };
  const notes = backup.chapters.reduce((n, c) => n + c.notes.length, 0);
  const links = backup.chapters.reduce(
    (n, c) => n + LINK_KINDS.reduce((m, k) => m + c.links[k].length, 0),
    0,
  );
  const counts = [
    `${backup.subjects.length} subjects`,
    `${backup.chapters.length} chapters`,
    `${links} links`,
    `${notes} notes`,
    `${backup.posts.length} posts`,
    `${backup.media.length} images`,
    `${backup.trash?.length ?? 0} items in the Trash`,
    `${backup.users?.length ?? 0} accounts`,
    `${backup.activity?.length ?? 0} activity lines`,
  ].join(", ");
  return { problems: [], counts };
}

export async function importContent(
  db: Database,
  input: unknown,
): Promise<{ summary: string; skippedUsers: string[] }> {
  const checked = checkBackup(input);
  const backup = checked.backup;
  const problems = backup ? await mediaProblems(backup.media) : checked.problems;
  if (!backup || problems.length > 0)
    throw new DomainError(`The backup cannot be restored:\n  ${problems.join("\n  ")}`);
  if ((await contentCount(db)) > 0) {
    throw new DomainError("The database already has content. Restore a backup only into an empty database.");
  }
  const skippedUsers: string[] = [];
  // Each entity module writes its own tables (the same modules the console uses), keeping what
  // the backup recorded: addresses, places, times and counts.
  await db.transaction().execute(async (trx) => {
    await restoreSubjects(trx, backup.subjects);
    const chapterIds = new Map<string, number>();
    const restoredNotes: Array<[number, Backup["chapters"][number]["notes"][number]]> = [];
    for (const chapter of backup.chapters) {
      const chapterId = await restoreChapter(trx, chapter);
      chapterIds.set(`${chapter.grade}/${chapter.slug}`, chapterId);
      await restoreHistory(trx, "chapter", chapterId, chapter);
      for (const note of chapter.notes) restoredNotes.push([await restoreNote(trx, chapterId, note), note]);
    }
    // A note's versions name their chapter by address: every chapter has its new id by now.
    const chapterIdOf = (ref: { grade: number; slug: string }) =>
      chapterIds.get(`${ref.grade}/${ref.slug}`) ?? null;
    for (const [noteId, note] of restoredNotes) {
      const history = note.history?.map((v) => ({ ...v, data: localNoteData(v.data, chapterIdOf) }));
      await restoreHistory(trx, "note", noteId, { ...note, history });
    }
    const postIds = await restorePosts(trx, backup.posts);
    for (const [i, post] of backup.posts.entries()) {
      const postId = postIds[i];
      if (postId !== undefined) await restoreHistory(trx, "post", postId, post);
    }
    await importTrash(trx, backup.trash ?? []);
    for (const image of backup.media) await restoreMedia(trx, image);
    for (const user of backup.users ?? []) {
      if (!(await restoreUser(trx, user))) skippedUsers.push(user.email);
    }
    await restoreActivity(trx, backup.activity ?? []);
    // Running servers drop their stored pages, and the search index takes in everything, before this commits.
    await contentChanged(trx);
  });
  const notes = backup.chapters.reduce((n, c) => n + c.notes.length, 0);
  return {
    summary: `Restored ${backup.subjects.length} subjects, ${backup.chapters.length} chapters, ${notes} notes, ${backup.posts.length} posts, ${backup.media.length} images${backup.trash?.length ? `, ${backup.trash.length} items in the Trash` : ""}${backup.users ? `, ${backup.users.length - skippedUsers.length} accounts` : ""}.`,
    skippedUsers,
  };
}
