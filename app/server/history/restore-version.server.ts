import { parseGrade } from "#app/lib/grades.ts";
import { readGuide, readHindi } from "#app/lib/guide-record.ts";
import { postFormValues } from "#app/lib/post-form.ts";
import { updateChapter } from "#app/server/catalogue/chapters.server.ts";
import { updateNote } from "#app/server/catalogue/notes.server.ts";
import type { Database } from "#app/server/db.server.ts";
import { DomainError, NotFoundError } from "#app/server/errors.server.ts";
import { saveGuide } from "#app/server/guides/guides.server.ts";
import { LINK_LISTS, linksOf, list, num, str } from "#app/server/history/changes.server.ts";
import { type ItemKind, TABLE_OF, type VersionData } from "#app/server/history/item-history.server.ts";
import { getVersion } from "#app/server/history/versions.server.ts";
import { type SiteIdentity, updatePost } from "#app/server/publishing/posts.server.ts";

/** What a restore made current: the item's title. */
export type Restored = { title: string };

/**
 * Makes a kept version of an item its current one, as a new save through the item's own update
 * (the same checks as the console's edit form, and History keeps the version it replaces).
 * `shownVersion` is the current version the History page showed: a save by someone else since
 * refuses the restore (ConflictError), as a restored chapter whose address another chapter of its
 * class now has does (the usual clash message). A chapter gets its links back too.
 */
export async function restoreVersion(
  db: Database,
  site: SiteIdentity,
  kind: ItemKind,
  id: number,
  version: number,
  shownVersion: number,
): Promise<Restored> {
  const current = await db
    .selectFrom(TABLE_OF[kind] as "notes")
    .select("version")
    .where("id", "=", id)
    .executeTakeFirst();
  if (!current) throw new NotFoundError(kind);
  if (version >= current.version) {
    throw new DomainError(
      `Version ${version} is the current version of this ${kind}: there is nothing to restore.`,
    );
  }
  const kept = await getVersion(db, kind, id, version);
  if (!kept) {
    throw new DomainError(
      `Version ${version} of this ${kind} is no longer kept (History keeps a year, and at least the last 100 versions).`,
      { status: 404 },
    );
  }
  const data = kept.data;
  if (kind === "chapter") return restoreChapterVersion(db, id, shownVersion, data);
  if (kind === "note") return restoreNoteVersion(db, id, shownVersion, data);
  if (kind === "guide") return restoreGuideVersion(db, id, shownVersion, data);
  return restorePostVersion(db, site, id, shownVersion, data);
}

async function restoreChapterVersion(
  db: Database,
  id: number,
  shownVersion: number,
  d: VersionData,
): Promise<Restored> {
  const grade = parseGrade(d.grade);
  if (grade === null)
    throw new DomainError("This version cannot be restored: its class is not 9, 10, 11 or 12.");
  const links = Object.fromEntries(LINK_LISTS.map(([kind]) => [kind, linksOf(d, kind)]));
  const saved = await updateChapter(db, id, shownVersion, {
    grade,
    subjectCode: str(d.subject),
    title: str(d.title),
    // Its place in the subject, when it is still in the same one.
    position: num(d.position) ?? undefined,
    links: links as Parameters<typeof updateChapter>[3]["links"],
    // Its book, chapter number and statuses in every session, as that version had them.
    restored: { book: str(d.book), chapterNumber: num(d.chapterNumber), syllabus: d.syllabus },
  });
  return { title: saved.title };
}

async function restoreNoteVersion(
  db: Database,
  id: number,
  shownVersion: number,
  d: VersionData,
): Promise<Restored> {
  const chapterId = num(d.chapterId);
  const chapter =
    chapterId === null
      ? undefined
      : await db.selectFrom("chapters").select("title").where("id", "=", chapterId).executeTakeFirst();
  if (chapterId === null || !chapter) {
    throw new DomainError(
      "This version's chapter no longer exists (it may be in the Trash): restore the chapter first, or edit the note instead.",
      { status: 409 },
    );
  }
  await updateNote(db, id, shownVersion, {
    chapterId,
    content: str(d.content),
    seoDescription: str(d.seoDescription),
    seoKeywords: list(d.seoKeywords).map(str).join(", "),
  });
  return { title: chapter.title };
}

/** A guide's version, saved again through the guide's own save (its rules checked again). */
async function restoreGuideVersion(
  db: Database,
  id: number,
  shownVersion: number,
  d: VersionData,
): Promise<Restored> {
  const grade = parseGrade(id);
  if (grade === null) throw new NotFoundError("guide");
  const english = readGuide(d.english);
  const { after } = await saveGuide(db, grade, shownVersion, { english, hindi: readHindi(d.hindi) });
  return { title: after.english.title };
}

/** A post's fields that are text, as a version keeps them. */
const POST_TEXT = [
  "title",
  "slug",
  "date",
  "author",
  "tag",
  "category",
  "excerpt",
  "content",
  "status",
  "image",
  "featuredImageAlt",
  "seoTitle",
  "seoDescription",
  "canonicalUrl",
  "socialTitle",
  "socialDescription",
  "socialImage",
] as const;

async function restorePostVersion(
  db: Database,
  site: SiteIdentity,
  id: number,
  shownVersion: number,
  d: VersionData,
): Promise<Restored> {
  const post = {
    ...(Object.fromEntries(POST_TEXT.map((key) => [key, str(d[key])])) as Record<
      (typeof POST_TEXT)[number],
      string
    >),
    publishAt: str(d.publishAt) || null,
    featured: d.featured === true,
    allowComments: d.allowComments === true,
    seoKeywords: list(d.seoKeywords).map(str),
    related: list(d.related).map(str),
  };
  // The form's values of that version (fields that held their defaults stay blank, so they take
  // them again), saved as the edit form would save them.
  const saved = await updatePost(db, id, shownVersion, postFormValues(post, site.siteUrl), site);
  return { title: saved.title };
}
