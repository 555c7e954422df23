import { sql } from "kysely";
import { batches } from "#app/lib/batches.ts";
import { indiaDateTimeToIso, isIsoDate, sortNewestFirst, todayIso } from "#app/lib/dates.ts";
import { parseKeywords, readKeywords } from "#app/lib/keywords.ts";
import { MAX_RELATED_POSTS, type PostFormInput, postFormValues } from "#app/lib/post-form.ts";
import type { PostListQuery } from "#app/lib/post-list-query.ts";
import { addressSlug, slugify } from "#app/lib/slug.ts";
import { safeHttpUrl } from "#app/lib/url.ts";
import { currentActor } from "#app/server/console/actor.server.ts";
import { type ListPage, listSearch, readPage } from "#app/server/console/list-page.server.ts";
import { replaceVersion, saveVersion } from "#app/server/console/versioned-save.server.ts";
import { contentChanged } from "#app/server/content-changes.server.ts";
import { type Database, inTransaction, isUniqueViolation, now, toNumber } from "#app/server/db.server.ts";
import { DomainError, NotFoundError, ValidationError } from "#app/server/errors.server.ts";
import { relatedSlugs } from "#app/server/history/item-history.server.ts";
import { sanitizeRichText } from "#app/server/platform/sanitize.server.ts";
import type { PostRow } from "#app/server/schema.server.ts";
import { type Trashed, trashedPostSlug, trashedPostSlugs, trashPosts } from "#app/server/trash/put.server.ts";

/** Only Published posts are public; a Scheduled one becomes Published by itself at `publishAt`. */
export type PostStatus = "draft" | "scheduled" | "published";

function readStatus(value: string): PostStatus {
  return value === "published" || value === "scheduled" ? value : "draft";
}

export type Post = {
  id: number;
  slug: string;
  title: string;
  date: string;
  author: string;
  tag: string;
  category: string;
  excerpt: string;
  content: string;
  status: PostStatus;
  /** When a Scheduled post goes public (ISO UTC); null for Draft and Published posts. */
  publishAt: string | null;
  featured: boolean;
  image: string;
  featuredImageAlt: string;
  seoTitle: string;
  seoDescription: string;
  seoKeywords: string[];
  canonicalUrl: string;
  socialTitle: string;
  socialDescription: string;
  socialImage: string;
  allowComments: boolean;
  viewCount: number;
  likeCount: number;
  createdAt: string;
  updatedAt: string;
  version: number;
  /** Slugs of related posts, in the order the admin chose. */
  related: string[];
};

/** What the admin's form sends (one definition, shared with the form parser): blanks take the spec's defaults. */
export type PostInput = PostFormInput;

export type SiteIdentity = { siteUrl: string; siteName: string };

/** The console's names of the fields, so a message says which one is wrong. */
const FIELD_LABELS: Record<string, string> = {
  title: "Title",
  slug: "Slug",
  author: "Author",
  tag: "Tag",
  category: "Category",
  excerpt: "Excerpt",
  content: "Content",
  featuredImageAlt: "Featured image alt text",
  seoTitle: "SEO title",
  seoDescription: "SEO description",
  seoKeywords: "Keywords",
  socialTitle: "Social title",
  socialDescription: "Social description",
  socialImage: "Social image",
};

const LIMITS = {
  title: 200,
  slug: 120,
  author: 100,
  tag: 60,
  category: 60,
  excerpt: 500,
  seo: 300,
  url: 2000,
  content: 500_000,
};

function toPost(row: PostRow, related: string[]): Post {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    date: row.date,
    author: row.author,
    tag: row.tag,
    category: row.category,
    excerpt: row.excerpt,
    content: row.content,
    status: readStatus(row.status),
    publishAt: row.status === "scheduled" ? row.publish_at : null,
    featured: Number(row.featured) === 1,
    image: row.image,
    featuredImageAlt: row.featured_image_alt,
    seoTitle: row.seo_title,
    seoDescription: row.seo_description,
    seoKeywords: readKeywords(row.seo_keywords),
    canonicalUrl: row.canonical_url,
    socialTitle: row.social_title,
    socialDescription: row.social_description,
    socialImage: row.social_image,
    allowComments: Number(row.allow_comments) === 1,
    viewCount: row.view_count,
    likeCount: row.like_count,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    version: row.version,
    related,
  };
}

/** An image reference is our own uploaded media or an http(s) address; anything else is refused. */
function imageRef(value: string): string | null {
  const text = value.trim();
  if (!text) return "";
  if (/^\/media\/[a-f0-9]{16,64}\.(webp|jpg|png)$/.test(text)) return text;
  return safeHttpUrl(text);
}

/** Validates the form and applies the defaults of spec section 9. */
function prepare(input: PostInput, site: SiteIdentity) {
  const errors: Record<string, string> = {};
  const title = input.title.trim();
  const slug = input.slug.trim();
  if (!title) errors.title = "Title: enter the post's title.";
  if (!slug) errors.slug = "Please provide a unique slug for the blog post.";
  else if (slug !== slugify(slug) || slug.length > LIMITS.slug)
    errors.slug = `Slug: use lowercase letters, digits and single hyphens only, e.g. "${slugify(slug) || "my-first-post"}".`;
  const typedStatus = input.status.trim() || "draft";
  if (readStatus(typedStatus) !== typedStatus)
    errors.status = "Status: choose Draft, Scheduled or Published.";
  const schedule = scheduleOf(typedStatus, input.publishAt);
  if ("error" in schedule) errors.publishAt = schedule.error;
  const publishAt = "publishAt" in schedule ? schedule.publishAt : null;
  // A time already past goes out now (the console says so); a blank date is the day it goes out.
  const status: PostStatus = publishAt && publishAt <= now() ? "published" : readStatus(typedStatus);
  const date =
    input.date.trim() || todayIso(publishAt && status === "scheduled" ? new Date(publishAt) : undefined);
  if (!isIsoDate(date)) errors.date = "Date: use a real date written YYYY-MM-DD.";
  for (const [field, value] of Object.entries(input)) {
    const limit =
      LIMITS[field as keyof typeof LIMITS] ??
      (field.startsWith("seo") || field.startsWith("social") ? LIMITS.seo : 0);
    if (limit && typeof value === "string" && value.trim().length > limit)
      errors[field] ??=
        `${FIELD_LABELS[field] ?? field}: at most ${limit.toLocaleString("en-IN")} characters.`;
  }
  const image = imageRef(input.image);
  if (image === null)
    errors.image = "Featured image: upload an image or give an address starting with https://";
  const socialImage = input.socialImage.trim() ? imageRef(input.socialImage) : image;
  if (socialImage === null) errors.socialImage = "Social image: give an address starting with https://";
  const canonicalInput = input.canonicalUrl.trim();
  const canonical = canonicalInput ? safeHttpUrl(canonicalInput) : `${site.siteUrl}/blog/${slug}`;
  if (canonical === null) errors.canonicalUrl = "Canonical URL: give an address starting with https://";
  if (new Set(input.related).size > MAX_RELATED_POSTS)
    errors.related = `Related posts: choose at most ${MAX_RELATED_POSTS}.`;
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);

  const excerpt = input.excerpt.trim();
  return {
    title,
    slug,
    date,
    author: input.author.trim() || `${site.siteName} Team`,
    tag: input.tag.trim() || "General",
    category: input.category.trim() || "General",
    excerpt,
    content: sanitizeRichText(input.content),
    status,
    publish_at: status === "scheduled" ? publishAt : null,
    featured: input.featured ? 1 : 0,
    image: image ?? "",
    featured_image_alt: input.featuredImageAlt.trim() || title,
    seo_title: input.seoTitle.trim() || title,
    seo_description: input.seoDescription.trim() || excerpt,
    seo_keywords: JSON.stringify(parseKeywords(input.seoKeywords)),
    canonical_url: canonical ?? "",
    social_title: input.socialTitle.trim() || title,
    social_description: input.socialDescription.trim() || excerpt,
    social_image: socialImage ?? "",
    allow_comments: input.allowComments ? 1 : 0,
  };
}

/** A Scheduled post's "Publish at" (India time) as the moment it goes out; other statuses have none. */
function scheduleOf(
  status: string,
  typed: string,
): { publishAt: string } | { error: string } | { none: true } {
  if (status !== "scheduled") return { none: true };
  const text = typed.trim();
  if (!text) return { error: "Publish at: choose the date and time the post goes public (India time)." };
  const publishAt = text.length <= 19 ? indiaDateTimeToIso(text) : null;
  return publishAt
    ? { publishAt }
    : { error: "Publish at: use a real date and time, e.g. 2026-12-05 10:30." };
}

/** The problems of a post as the console would judge them, without saving (e.g. for imports). */
export function postProblems(input: PostInput, site: SiteIdentity): Record<string, string> {
  try {
    prepare(input, site);
    return {};
  } catch (err) {
    if (err instanceof ValidationError) return err.fields;
    throw err;
  }
}

/** Each post's related posts by slug, in their order (read as backups, the Trash and History read them). */
export function relatedOf(db: Database, postIds: readonly number[]): Promise<Map<number, string[]>> {
  return relatedSlugs(db, postIds);
}

/** Sets a post's related posts by slug, in order; unknown slugs and the post itself are left out. */
export async function setRelatedPosts(db: Database, postId: number, slugs: string[]): Promise<void> {
  await db.deleteFrom("post_related").where("post_id", "=", postId).execute();
  const wanted = [...new Set(slugs.map((s) => s.trim()).filter(Boolean))];
  if (wanted.length === 0) return;
  const rows = await db.selectFrom("posts").select(["id", "slug"]).where("slug", "in", wanted).execute();
  const ids = wanted
    .map((slug) => rows.find((r) => r.slug === slug)?.id)
    .filter((id): id is number => id !== undefined && id !== postId);
  if (ids.length > 0) {
    await db
      .insertInto("post_related")
      .values(ids.map((related_id, position) => ({ post_id: postId, related_id, position })))
      .execute();
  }
}

function slugTaken(slug: string): ValidationError {
  return new ValidationError({
    slug: `Slug "${slug}" is already used by another post. Choose a different slug.`,
  });
}

function slugInTrash(slug: string, title: string): ValidationError {
  return new ValidationError({
    slug: `Slug "${slug}" belongs to "${title}" in the Trash: restore it or delete it forever first.`,
  });
}

/** A post in the Trash keeps its slug, so that restoring it never finds it taken. */
async function refuseSlugInTrash(db: Database, slug: string): Promise<void> {
  const title = await trashedPostSlug(db, slug);
  if (title !== null) throw slugInTrash(slug, title);
}

/** A new post's row, from what `prepare` made of its input. */
function newPostRow(values: ReturnType<typeof prepare>, at: string) {
  return {
    ...values,
    view_count: 0,
    like_count: 0,
    created_at: at,
    updated_at: at,
    updated_by: currentActor().label,
  };
}

export async function addPost(db: Database, input: PostInput, site: SiteIdentity): Promise<Post> {
  const values = prepare(input, site);
  await refuseSlugInTrash(db, values.slug);
  try {
    return await inTransaction(db, async (trx) => {
      const row = await trx
        .insertInto("posts")
        .values(newPostRow(values, now()))
        .returningAll()
        .executeTakeFirstOrThrow();
      await setRelatedPosts(trx, row.id, input.related);
      await contentChanged(trx);
      return toPost(row, (await relatedOf(trx, [row.id])).get(row.id) ?? []);
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw slugTaken(values.slug);
    throw err;
  }
}

/** New posts written a statement for this many. */
const ADD_BATCH = 200;

/**
 * New posts, many at once (a Firestore import): each checked in turn as addPost checks it (its
 * fields, the Trash's slugs, a slug taken by a post already there or by one of these before it),
 * with the Trash and the posts asked about all of them in a statement each, and then written a
 * statement for many: not addPost's half a dozen round trips each (60,000 for 10,000 posts on
 * PostgreSQL). Their related posts are the caller's (setRelatedPosts, once every post exists), and
 * so is contentChanged: this runs inside its transaction. Answers their ids, in order, or the first
 * that is refused and why (addPost's error); then nothing was written.
 */
export async function addPosts(
  trx: Database,
  inputs: readonly PostInput[],
  site: SiteIdentity,
): Promise<{ ids: number[] } | { refused: number; error: ValidationError }> {
  const slugs = [...new Set(inputs.map((input) => input.slug.trim()))];
  const inTrash = await trashedPostSlugs(trx, slugs);
  const taken = new Set<string>();
  for (const part of batches(slugs, 500)) {
    const rows = await trx.selectFrom("posts").select("slug").where("slug", "in", part).execute();
    for (const r of rows) taken.add(r.slug);
  }
  const at = now();
  const rows: ReturnType<typeof newPostRow>[] = [];
  for (const [i, input] of inputs.entries()) {
    let values: ReturnType<typeof prepare>;
    try {
      values = prepare(input, site);
    } catch (err) {
      if (err instanceof ValidationError) return { refused: i, error: err };
      throw err;
    }
    const trashed = inTrash.get(values.slug);
    if (trashed !== undefined) return { refused: i, error: slugInTrash(values.slug, trashed) };
    if (taken.has(values.slug)) return { refused: i, error: slugTaken(values.slug) };
    taken.add(values.slug);
    rows.push(newPostRow(values, at));
  }
  const ids = new Map<string, number>();
  for (const part of batches(rows, ADD_BATCH)) {
    if (part.length === 0) continue;
    // Taken meanwhile by another writer (the lookup above is not a lock): the same refusal as addPost's.
    const written = await trx
      .insertInto("posts")
      .values(part)
      .returning(["id", "slug"])
      .execute()
      .catch((err) => {
        if (isUniqueViolation(err))
          throw new DomainError("A post's slug was taken while these were added: try again.");
        throw err;
      });
    for (const r of written) ids.set(r.slug, r.id);
  }
  return { ids: rows.map((r) => ids.get(r.slug) ?? 0) };
}

export async function updatePost(
  db: Database,
  id: number,
  expectedVersion: number,
  input: PostInput,
  site: SiteIdentity,
): Promise<Post> {
  return (await savePost(db, id, expectedVersion, input, site)).after;
}

/** `updatePost`, answering the post before the save too, as the save itself read it. */
export async function savePost(
  db: Database,
  id: number,
  expectedVersion: number,
  input: PostInput,
  site: SiteIdentity,
): Promise<{ before: Post; after: Post }> {
  const values = prepare(input, site);
  await refuseSlugInTrash(db, values.slug);
  try {
    return await inTransaction(db, async (trx) => {
      const saved = await replaceVersion(trx, "posts", id, expectedVersion, values);
      await setRelatedPosts(trx, id, input.related);
      await contentChanged(trx);
      // Its related posts before are in the version History keeps (their slugs, in order).
      const { related } = saved.replaced as { related: string[] };
      const after = toPost(saved.after, (await relatedOf(trx, [id])).get(id) ?? []);
      return { before: toPost(saved.before, related), after };
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw slugTaken(values.slug);
    throw err;
  }
}

/** Deletes a post: it moves to the Trash, with its history. Returns its place there. */
export async function deletePost(db: Database, id: number): Promise<Trashed> {
  return inTransaction(db, async (trx) => {
    const [moved] = await trashPosts(trx, [id]);
    if (!moved) throw new NotFoundError("post");
    await contentChanged(trx);
    return moved;
  });
}

async function withRelated(db: Database, rows: PostRow[]): Promise<Post[]> {
  const related = await relatedOf(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => toPost(r, related.get(r.id) ?? []));
}

/** Every post, drafts included, newest first (the console's table). */
export async function listPosts(db: Database): Promise<Post[]> {
  const rows = await db
    .selectFrom("posts")
    .selectAll()
    .orderBy("date", "desc")
    .orderBy("id", "desc")
    .execute();
  return withRelated(db, rows);
}

/** What a list of published posts shows of each: the blog's cards and the RSS feed's items. */
export type PublishedPostCard = Pick<
  Post,
  "id" | "slug" | "title" | "excerpt" | "date" | "author" | "tag" | "category"
>;

/**
 * Published posts only, newest first by the spec's date rule, without their bodies: the blog
 * list and the feed show a page of them, and ten thousand bodies would be read for nothing.
 * Sorted here, not in SQL, because the rule reads dates SQL cannot (imported seconds, odd text).
 */
export async function listPublishedPosts(db: Database): Promise<PublishedPostCard[]> {
  const rows = await db
    .selectFrom("posts")
    .select(["id", "slug", "title", "excerpt", "date", "author", "tag", "category"])
    .where("status", "=", "published")
    .execute();
  return sortNewestFirst(rows, (p) => p.date);
}

export async function getPost(db: Database, id: number): Promise<Post | null> {
  const row = await db.selectFrom("posts").selectAll().where("id", "=", id).executeTakeFirst();
  return row ? ((await withRelated(db, [row]))[0] ?? null) : null;
}

/** A post by its slug, only when published: a draft is as missing as a deleted post. */
export async function getPublishedPost(db: Database, slug: string): Promise<Post | null> {
  const row = await db
    .selectFrom("posts")
    .selectAll()
    .where("slug", "=", addressSlug(slug))
    .where("status", "=", "published")
    .executeTakeFirst();
  return row ? ((await withRelated(db, [row]))[0] ?? null) : null;
}

/** Title and excerpt of published posts by slug, for "related posts" cards. */
export async function publishedPostCards(db: Database, slugs: string[]) {
  if (slugs.length === 0) return [];
  const rows = await db
    .selectFrom("posts")
    .select(["slug", "title", "excerpt", "date"])
    .where("slug", "in", slugs)
    .where("status", "=", "published")
    .execute();
  return slugs.map((s) => rows.find((r) => r.slug === s)).filter((r) => r !== undefined);
}

/** A row of the console's post table: only what the table shows, never the post's HTML. */
export type PostListRow = {
  id: number;
  title: string;
  slug: string;
  date: string;
  author: string;
  tag: string;
  status: PostStatus;
  publishAt: string | null;
};

// Titles sort as people read them, ignoring case (indexed as lower(title) by migration 0008).
const SORT_COLUMNS = { date: sql<string>`date`, title: sql<string>`lower(title)` } as const;

function filteredPosts(db: Database, query: PostListQuery) {
  let select = db.selectFrom("posts");
  const { status, tag } = query.filters;
  if (status) select = select.where("status", "=", status as PostStatus);
  if (tag) select = select.where("tag", "=", tag);
  if (query.q) select = select.where(listSearch(db, "post", "posts.id", "posts.title", query.q));
  return select;
}

/**
 * One page of the console's post list, filtered by status, tag and title and sorted by a column
 * (ties by id, in the same direction, so pages never overlap).
 */
export async function listPostPage(db: Database, query: PostListQuery): Promise<ListPage<PostListRow>> {
  const base = filteredPosts(db, query);
  return readPage(
    query.page,
    async () => toNumber((await base.select((eb) => eb.fn.countAll().as("n")).executeTakeFirst())?.n),
    async ({ limit, offset }) => {
      const rows = await base
        .select(["id", "title", "slug", "date", "author", "tag", "status", "publish_at"])
        .orderBy(SORT_COLUMNS[query.sort], query.dir)
        .orderBy("id", query.dir)
        .limit(limit)
        .offset(offset)
        .execute();
      return rows.map((r) => ({
        id: r.id,
        title: r.title,
        slug: r.slug,
        date: r.date,
        author: r.author,
        tag: r.tag,
        status: readStatus(r.status),
        publishAt: r.status === "scheduled" ? r.publish_at : null,
      }));
    },
  );
}

/** The tags in use, each with how many posts carry it, A to Z (the list's "Tag" filter). */
export async function postTags(db: Database): Promise<Array<{ tag: string; count: number }>> {
  const rows = await db
    .selectFrom("posts")
    .select((eb) => ["tag", eb.fn.countAll().as("n")])
    .groupBy("tag")
    .orderBy("tag")
    .execute();
  return rows.map((r) => ({ tag: r.tag, count: toNumber(r.n) }));
}

/** Titles of the given posts that still exist, in id order (e.g. to name them in a confirmation). */
export async function postTitles(db: Database, ids: number[]): Promise<Array<{ id: number; title: string }>> {
  if (ids.length === 0) return [];
  return db.selectFrom("posts").select(["id", "title"]).where("id", "in", ids).orderBy("id").execute();
}

/** "3 posts", "1 post". */
export function postCount(count: number): string {
  return `${count} ${count === 1 ? "post" : "posts"}`;
}

/** The selected posts as stored, every one of them, or a refusal: a bulk action changes all or none. */
async function selectedPosts(trx: Database, ids: number[]): Promise<PostRow[]> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) throw new DomainError("Select at least one post first.");
  const rows = await trx.selectFrom("posts").selectAll().where("id", "in", unique).execute();
  const missing = unique.length - rows.length;
  if (missing > 0) {
    throw new DomainError(
      `${postCount(missing)} of the selection no longer ${missing === 1 ? "exists" : "exist"} (deleted by someone else?). Nothing was changed: reload the list and select again.`,
      { status: 409 },
    );
  }
  return rows;
}

/**
 * Sets the status of the selected posts, in one transaction. Publishing checks each post against
 * the rules a published post must meet (the same as a save of it as Published): when any fails,
 * none changes and the message names it. A changed post gets a new version, so an edit form
 * opened before cannot silently undo the change.
 */
export async function setPostsStatus(
  db: Database,
  ids: number[],
  status: PostStatus,
  site: SiteIdentity,
): Promise<number> {
  return inTransaction(db, async (trx) => {
    const rows = await selectedPosts(trx, ids);
    if (status === "published") {
      for (const row of rows) {
        const values = { ...postFormValues(toPost(row, []), site.siteUrl), status: "published" };
        const problem = Object.values(postProblems(values, site))[0];
        if (problem) {
          throw new DomainError(
            `“${row.title || row.slug}” cannot be published: ${problem} Nothing was changed: fix it or leave it out.`,
          );
        }
      }
    }
    const changing = rows.filter((r) => r.status !== status);
    // Each changed post is saved as a new version (History keeps the one before).
    for (const row of changing) {
      // Publishing or unpublishing ends a schedule.
      await saveVersion(trx, "posts", row.id, row.version, { status, publish_at: null });
    }
    if (changing.length > 0) await contentChanged(trx);
    return rows.length;
  });
}

/** Deletes the selected posts (to the Trash, with their related-post links), all or none, in one transaction. */
export async function deletePosts(
  db: Database,
  ids: number[],
): Promise<{ deleted: number; trashed: Trashed[] }> {
  return inTransaction(db, async (trx) => {
    const rows = await selectedPosts(trx, ids);
    const trashed = await trashPosts(
      trx,
      rows.map((r) => r.id),
    );
    await contentChanged(trx);
    return { deleted: trashed.length, trashed };
  });
}

/**
 * A backup's posts, as they were (addresses, dates, counts, times, version and last editor when the
 * backup has them), their HTML through the one sanitizer; their related posts are `restoreRelated`'s.
 * Restore only (app/server/backup/restore-backup.server.ts, which has checked them; and the Trash, with
 * the id to keep when free). Returns their ids, in order.
 */
export async function restorePosts(
  trx: Database,
  posts: ReadonlyArray<
    Omit<RestoredPost, "related"> & { id?: number; version?: number; updatedBy?: string | null }
  >,
): Promise<number[]> {
  const rows = posts.map((p) => ({
    ...(p.id === undefined ? {} : { id: p.id }),
    slug: p.slug,
    title: p.title,
    date: p.date,
    author: p.author,
    tag: p.tag,
    category: p.category,
    excerpt: p.excerpt,
    content: sanitizeRichText(p.content),
    status: p.status,
    publish_at: p.status === "scheduled" ? p.publishAt : null,
    featured: p.featured ? 1 : 0,
    image: p.image,
    featured_image_alt: p.featuredImageAlt,
    seo_title: p.seoTitle,
    seo_description: p.seoDescription,
    seo_keywords: JSON.stringify(p.seoKeywords),
    canonical_url: p.canonicalUrl,
    social_title: p.socialTitle,
    social_description: p.socialDescription,
    social_image: p.socialImage,
    allow_comments: p.allowComments ? 1 : 0,
    view_count: p.viewCount,
    like_count: p.likeCount,
    created_at: p.createdAt,
    updated_at: p.updatedAt,
    ...(p.version === undefined ? {} : { version: p.version, updated_by: p.updatedBy ?? null }),
  }));
  // A few multi-row statements (a restore's 10,000 posts were 10,000 round trips), rows of the same
  // columns together (an id or a version given or not); ids are matched back by slug (unique), as
  // the order of RETURNING is not promised. The ids a batch takes from the sequence follow its rows.
  const ids = new Map<string, number>();
  const shape = (row: (typeof rows)[number]) => `${"id" in row}${"version" in row}`;
  for (let from = 0; from < rows.length; ) {
    let to = from + 1;
    while (
      to < rows.length &&
      to - from < ADD_BATCH &&
      shape(rows[to] as (typeof rows)[number]) === shape(rows[from] as (typeof rows)[number])
    )
      to++;
    const written = await trx
      .insertInto("posts")
      .values(rows.slice(from, to))
      .returning(["id", "slug"])
      .execute();
    for (const r of written) ids.set(r.slug, r.id);
    from = to;
  }
  return rows.map((r) => ids.get(r.slug) as number);
}

/**
 * Restored posts' related posts, named by slug in the backup: after every post is in, so a post may
 * name one that came after it. Slugs that name no post (or the post itself) are left out.
 */
export async function restoreRelated(
  trx: Database,
  posts: ReadonlyArray<{ id: number; related: readonly string[] }>,
  idOf: (slug: string) => number | undefined,
): Promise<void> {
  const rows = posts.flatMap((p) =>
    p.related
      .map(idOf)
      .filter((id): id is number => id !== undefined && id !== p.id)
      .map((related_id, position) => ({ post_id: p.id, related_id, position })),
  );
  for (const part of batches(rows, 1000)) await trx.insertInto("post_related").values(part).execute();
}

/**
 * A post back from the Trash takes its place again among the related posts of the posts that
 * listed it (by slug, at the place it had), unless such a post is gone or has all it may have.
 */
export async function restoreRelatedFrom(
  trx: Database,
  postId: number,
  from: ReadonlyArray<{ slug: string; position: number }>,
): Promise<void> {
  for (const { slug, position } of from) {
    const owner = await trx.selectFrom("posts").select("id").where("slug", "=", slug).executeTakeFirst();
    if (!owner || owner.id === postId) continue;
    const count = await trx
      .selectFrom("post_related")
      .select((eb) => eb.fn.countAll().as("n"))
      .where("post_id", "=", owner.id)
      .executeTakeFirst();
    if (toNumber(count?.n) >= MAX_RELATED_POSTS) continue;
    await trx
      .updateTable("post_related")
      .set((eb) => ({ position: eb("position", "+", 1) }))
      .where("post_id", "=", owner.id)
      .where("position", ">=", position)
      .execute();
    await trx
      .insertInto("post_related")
      .values({ post_id: owner.id, related_id: postId, position })
      .execute();
  }
}

/** A post as a backup recorded it: every field of a post but its id and version. */
export type RestoredPost = Omit<Post, "id" | "version">;
