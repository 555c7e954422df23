import sharp from "sharp";
import { z } from "zod";
import { readKeywords } from "#app/lib/keywords.ts";
import { MAX_RELATED_POSTS } from "#app/lib/post-form.ts";
import { slugify } from "#app/lib/slug.ts";
import { safeHttpUrl } from "#app/lib/url.ts";
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
import { MAX_PIXELS, MAX_WIDTH, restoreMedia } from "#app/server/media.server.ts";
import { MAX_NOTE_LENGTH, MAX_SEO_DESCRIPTION, restoreNote } from "#app/server/notes.server.ts";
import { isPasswordHash } from "#app/server/passwords.server.ts";
import { postProblems, restorePosts } from "#app/server/posts.server.ts";
import { restoreSubjects, SUBJECT_CODE_RULE } from "#app/server/subjects.server.ts";
import { EMAIL_RULE, normaliseEmail, restoreUser } from "#app/server/users.server.ts";

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
const backupSchema = z.object({
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
        }),
      ),
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
      status: z.enum(["draft", "published"]),
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
      z.object({
        email: text.regex(EMAIL_RULE).refine((v) => v === normaliseEmail(v), "must be written in lowercase"),
        passwordHash: text.refine(isPasswordHash, "is not a password hash in the format this site writes"),
        isAdmin: z.boolean(),
        createdAt: moment,
      }),
    )
    .optional(),
});

export type Backup = z.infer<typeof backupSchema>;

export async function exportContent(db: Database, options: { withUsers?: boolean } = {}): Promise<Backup> {
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
  const backup: Backup = {
    format: "chapterwise-backup",
    version: 1,
    exportedAt: new Date().toISOString(),
    subjects: subjects.map((s) => ({ grade: s.grade, code: s.code, label: s.label, position: s.position })),
    chapters: chapters.map((c) => ({
      grade: c.grade,
      subject: c.subject_code,
      title: c.title,
      slug: c.slug,
      position: c.position,
      createdAt: c.created_at,
      updatedAt: c.updated_at,
      links: Object.fromEntries(
        LINK_KINDS.map((kind) => [
          kind,
          links
            .filter((l) => l.chapter_id === c.id && l.kind === kind)
            .map((l) => ({ title: l.title, url: l.url })),
        ]),
      ) as Backup["chapters"][number]["links"],
      notes: notes
        .filter((n) => n.chapter_id === c.id)
        .map((n) => ({
          content: n.content,
          seoDescription: n.seo_description,
          seoKeywords: readKeywords(n.seo_keywords),
          createdAt: n.created_at,
          updatedAt: n.updated_at,
        })),
    })),
    posts: posts.map((p) => ({
      slug: p.slug,
      title: p.title,
      date: p.date,
      author: p.author,
      tag: p.tag,
      category: p.category,
      excerpt: p.excerpt,
      content: p.content,
      status: p.status === "published" ? "published" : "draft",
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
      related: related.filter((r) => r.post_id === p.id).map((r) => r.slug),
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
  if (options.withUsers) {
    const users = await db.selectFrom("users").selectAll().orderBy("email").execute();
    backup.users = users.map((u) => ({
      email: u.email,
      passwordHash: u.password_hash,
      isAdmin: Number(u.is_admin) === 1,
      createdAt: u.created_at,
    }));
  }
  return backup;
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
  backup.posts.forEach((p, i) => {
    const input = { ...p, seoKeywords: p.seoKeywords.join(", ") };
    for (const [field, message] of Object.entries(postProblems(input, site)))
      problems.push(`posts.${i} ("${p.slug}"): ${field}: ${message}`);
  });
  backup.media.forEach((m, i) => {
    if (m.width * m.height > MAX_PIXELS)
      problems.push(`media.${i} (${m.id}): the picture has too many pixels`);
  });
  return problems.length > 0 ? { problems } : { backup, problems };
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
  for (const table of ["subjects", "chapters", "posts", "media"] as const) {
    const row = await db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll().as("n"))
      .executeTakeFirst();
    total += toNumber(row?.n as number | string | undefined);
  }
  return total;
}

/** Restores a backup into a database without content, all or nothing. */
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
    for (const chapter of backup.chapters) {
      const chapterId = await restoreChapter(trx, chapter);
      for (const note of chapter.notes) await restoreNote(trx, chapterId, note);
    }
    await restorePosts(trx, backup.posts);
    for (const image of backup.media) await restoreMedia(trx, image);
    for (const user of backup.users ?? []) {
      if (!(await restoreUser(trx, user))) skippedUsers.push(user.email);
    }
    // Running servers drop their stored pages, and the search index takes in everything, before this commits.
    await contentChanged(trx);
  });
  const notes = backup.chapters.reduce((n, c) => n + c.notes.length, 0);
  return {
    summary: `Restored ${backup.subjects.length} subjects, ${backup.chapters.length} chapters, ${notes} notes, ${backup.posts.length} posts, ${backup.media.length} images${backup.users ? `, ${backup.users.length - skippedUsers.length} accounts` : ""}.`,
    skippedUsers,
  };
}
