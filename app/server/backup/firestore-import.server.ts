import { randomBytes } from "node:crypto";
import { formatInTimeZone } from "#app/lib/dates.ts";
import type { Grade } from "#app/lib/grades.ts";
import { parseGrade } from "#app/lib/grades.ts";
import { slugify } from "#app/lib/slug.ts";
import { safeHttpUrl } from "#app/lib/url.ts";
import { hashPassword } from "#app/server/accounts/passwords.server.ts";
import { EMAIL_RULE } from "#app/server/accounts/users.server.ts";
import { momentInRange } from "#app/server/backup/backup-reader.server.ts";
import {
  type ChapterLink,
  type ChapterLinks,
  createChapters,
  emptyLinks,
  LINK_KINDS,
  MAX_LINKS_PER_CHAPTER,
  MAX_TITLE_LENGTH,
  MAX_URL_LENGTH,
} from "#app/server/catalogue/chapters.server.ts";
import { addNote, MAX_NOTE_LENGTH, MAX_SEO_DESCRIPTION } from "#app/server/catalogue/notes.server.ts";
import { addSubject } from "#app/server/catalogue/subjects.server.ts";
import { type Database, inTransaction, now } from "#app/server/db.server.ts";
import { DomainError } from "#app/server/errors.server.ts";
import {
  addPost,
  type PostInput,
  postProblems,
  type SiteIdentity,
  setRelatedPosts,
} from "#app/server/publishing/posts.server.ts";

// Moving in from the original product: its Firestore collections exported as one JSON object
// { resources: [...], subjects: { "9": {code: label} }, blogs: [...], notes: [...], users: [...] },
// each document with its `id`. Every document is checked first; any bad one stops the import
// with its name and reason, and nothing is written. Documents already imported are skipped.

type Doc = Record<string, unknown> & { id: string };
type Report = {
  imported: Record<"subjects" | "chapters" | "notes" | "posts" | "users", number>;
  remarks: string[];
};

const str = (v: unknown): string => (typeof v === "string" ? v.trim() : "");

function docs(input: Record<string, unknown>, collection: string, problems: string[]): Doc[] {
  const value = input[collection];
  if (value === undefined) return [];
  if (!Array.isArray(value)) {
    problems.push(`${collection}: must be a list of documents`);
    return [];
  }
  const seen = new Set<string>();
  return value.flatMap((doc, i) => {
    const id = doc && typeof doc === "object" ? str((doc as Record<string, unknown>).id) : "";
    if (!id) {
      problems.push(`${collection}[${i}]: the document has no id`);
      return [];
    }
    if (seen.has(id)) {
      problems.push(`${collection}/${id}: the id appears twice`);
      return [];
    }
    seen.add(id);
    return [doc as Doc];
  });
}

/** Milliseconds of a Firestore moment (a number of ms or a {seconds} timestamp) in range, else null. */
function firestoreMillis(value: unknown): number | null {
  const seconds = value && typeof value === "object" ? (value as { seconds?: unknown }).seconds : undefined;
  const ms = typeof value === "number" ? value : typeof seconds === "number" ? seconds * 1000 : Number.NaN;
  return momentInRange(ms) ? ms : null;
}

/** A post date as the original stored it: YYYY-MM-DD text or a {seconds} timestamp → YYYY-MM-DD. */
function postDate(value: unknown): string | null {
  if (value == null || value === "") return formatInTimeZone(new Date());
  const ms =
    typeof value === "string" ? Date.parse(value) : typeof value === "object" ? firestoreMillis(value) : null;
  return ms !== null && momentInRange(ms) ? formatInTimeZone(new Date(ms)) : null;
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

/** Content as HTML, or (older posts) a list of paragraphs. */
function postContent(value: unknown): string | null {
  if (typeof value === "string") return value;
  if (Array.isArray(value) && value.every((p) => typeof p === "string")) {
    return value.map((p) => `<p>${escapeHtml(p)}</p>`).join("");
  }
  if (value == null) return "";
  return null;
}

function keywordText(value: unknown): string {
  if (Array.isArray(value)) return value.filter((k) => typeof k === "string").join(", ");
  return str(value);
}

function linkList(doc: Doc, kind: string, where: string, problems: string[]): ChapterLink[] {
  const value = doc[kind];
  if (value == null) return [];
  if (!Array.isArray(value)) {
    problems.push(`${where}: ${kind} must be a list of {title, url}`);
    return [];
  }
  return value.flatMap((item, j) => {
    const title = str((item as Record<string, unknown>)?.title);
    const raw = str((item as Record<string, unknown>)?.url);
    const url = raw.length <= MAX_URL_LENGTH ? safeHttpUrl(raw) : null;
    if (!title) problems.push(`${where}: ${kind}[${j}] has no title`);
    else if (title.length > MAX_TITLE_LENGTH)
      problems.push(`${where}: ${kind}[${j}]: the title is over ${MAX_TITLE_LENGTH} characters`);
    if (!url)
      problems.push(`${where}: ${kind}[${j}] is not an http(s) link of at most ${MAX_URL_LENGTH} characters`);
    return title && url ? [{ title, url }] : [];
  });
}

/** One document's write: a rule of the console it breaks is reported with the document's name. */
async function writing<T>(where: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof DomainError) throw new DomainError(`Nothing was imported. ${where}: ${err.message}`);
    throw err;
  }
}

async function alreadyImported(db: Database, collection: string, id: string): Promise<number | undefined> {
  const row = await db
    .selectFrom("import_sources")
    .select("target_id")
    .where("collection", "=", collection)
    .where("source_id", "=", id)
    .executeTakeFirst();
  return row?.target_id;
}

async function remember(db: Database, collection: string, id: string, target: number): Promise<void> {
  await db.insertInto("import_sources").values({ collection, source_id: id, target_id: target }).execute();
}

export async function importFirestore(db: Database, input: unknown, site: SiteIdentity): Promise<Report> {
  if (!input || typeof input !== "object" || Array.isArray(input)) {
    throw new DomainError(
      "The file must hold one JSON object keyed by collection (resources, subjects, blogs, notes, users).",
    );
  }
  const file = input as Record<string, unknown>;
  const problems: string[] = [];

  // Subjects: one map of code → label per class; codes follow our rule (e.g. Social_Science → social-science).
  const subjects = new Map<string, { grade: Grade; code: string; label: string }>();
  const subjectDocs = file.subjects ?? {};
  if (typeof subjectDocs !== "object" || Array.isArray(subjectDocs))
    problems.push("subjects: must be an object keyed by class");
  else {
    for (const [key, map] of Object.entries(subjectDocs as Record<string, unknown>)) {
      const grade = parseGrade(key);
      if (!grade) {
        problems.push(`subjects/${key}: not a class from 9 to 12`);
        continue;
      }
      if (!map || typeof map !== "object" || Array.isArray(map)) {
        problems.push(`subjects/${key}: must map subject codes to labels`);
        continue;
      }
      for (const [rawCode, rawLabel] of Object.entries(map as Record<string, unknown>)) {
        const code = slugify(rawCode);
        const label = str(rawLabel);
        if (!code || code.length > 40) problems.push(`subjects/${key}: the code "${rawCode}" cannot be used`);
        else if (!label || label.length > 80)
          problems.push(`subjects/${key}: "${rawCode}" needs a label of 1 to 80 characters`);
        else subjects.set(`${grade}/${code}`, { grade, code, label });
      }
    }
  }
  const existingSubjects = await db.selectFrom("subjects").select(["grade", "code", "label"]).execute();
  const subjectLabel = (grade: Grade, code: string) =>
    subjects.get(`${grade}/${code}`)?.label ??
    existingSubjects.find((s) => s.grade === grade && s.code === code)?.label;

  // Resources: one chapter each.
  const chapters = docs(file, "resources", problems).flatMap((doc) => {
    const where = `resources/${doc.id}`;
    const grade = parseGrade(doc.grade);
    const code = slugify(str(doc.subject));
    const title = str(doc.chapterTitle) || str(doc.title);
    const before = problems.length;
    if (!grade) problems.push(`${where}: grade must be 9, 10, 11 or 12`);
    else if (!code || !subjectLabel(grade, code))
      problems.push(`${where}: subject "${str(doc.subject)}" is not a subject of class ${doc.grade}`);
    if (!title) problems.push(`${where}: has no chapterTitle or title`);
    else if (title.length > 200 || !slugify(title)) problems.push(`${where}: the title cannot be used`);
    const links = emptyLinks();
    for (const kind of LINK_KINDS) links[kind] = linkList(doc, kind, where, problems);
    const count = LINK_KINDS.reduce((n, kind) => n + links[kind].length, 0);
    if (count > MAX_LINKS_PER_CHAPTER)
      problems.push(`${where}: ${count} links; a chapter holds at most ${MAX_LINKS_PER_CHAPTER}`);
    // When it was added (ms or {seconds}); none means "unknown", anything else must be a real date.
    const timestamp = doc.timestamp == null ? 0 : firestoreMillis(doc.timestamp);
    if (timestamp === null) problems.push(`${where}: timestamp is not a date between 1970 and 2099`);
    return problems.length === before && grade && timestamp !== null
      ? [{ id: doc.id, grade, code, title, links, timestamp }]
      : [];
  });
  const resourceIds = new Set(docs(file, "resources", []).map((d) => d.id));

  const notes = docs(file, "notes", problems).flatMap((doc) => {
    const where = `notes/${doc.id}`;
    const chapterId = str(doc.chapterId);
    const content = typeof doc.content === "string" ? doc.content : null;
    if (!chapterId) problems.push(`${where}: has no chapterId`);
    if (content === null || !content.replace(/<[^>]*>/g, "").trim())
      problems.push(`${where}: has no content`);
    else if (content.length > MAX_NOTE_LENGTH)
      problems.push(`${where}: the content is over ${MAX_NOTE_LENGTH.toLocaleString("en-IN")} characters`);
    const seoDescription = str(doc.seoDescription);
    if (seoDescription.length > MAX_SEO_DESCRIPTION)
      problems.push(`${where}: the seoDescription is over ${MAX_SEO_DESCRIPTION} characters`);
    return chapterId && content
      ? [
          {
            id: doc.id,
            chapterId,
            content,
            seoDescription,
            keywords: keywordText(doc.seoKeywords),
          },
        ]
      : [];
  });

  const posts = docs(file, "blogs", problems).flatMap((doc) => {
    const where = `blogs/${doc.id}`;
    const slug = slugify(str(doc.slug) || doc.id);
    const date = postDate(doc.date);
    const content = postContent(doc.content);
    const status = str(doc.status) || "draft";
    if (date === null)
      problems.push(
        `${where}: the date is neither YYYY-MM-DD nor a {seconds} timestamp, between 1970 and 2099`,
      );
    if (content === null) problems.push(`${where}: content must be HTML text or a list of paragraphs`);
    const input: PostInput = {
      title: str(doc.title),
      slug,
      date: date ?? "",
      author: str(doc.author),
      tag: str(doc.tag),
      category: str(doc.category),
      excerpt: str(doc.excerpt),
      content: content ?? "",
      status,
      // The original product had no scheduled posts.
      publishAt: "",
      featured: doc.featured === true,
      image: str(doc.image),
      featuredImageAlt: str(doc.featuredImageAlt),
      seoTitle: str(doc.seoTitle),
      seoDescription: str(doc.seoDescription),
      seoKeywords: keywordText(doc.seoKeywords),
      canonicalUrl: str(doc.canonicalUrl),
      socialTitle: str(doc.socialTitle),
      socialDescription: str(doc.socialDescription),
      socialImage: str(doc.socialImage),
      allowComments: doc.allowComments !== false,
      related: Array.isArray(doc.related) ? doc.related.map((r) => slugify(String(r))) : [],
    };
    if (date !== null && content !== null) {
      for (const [field, message] of Object.entries(postProblems(input, site)))
        problems.push(`${where}: ${field}: ${message}`);
    }
    return [{ id: doc.id, input }];
  });

  const users = docs(file, "users", problems).map((doc) => {
    const email = str(doc.email).toLowerCase();
    if (email && (!EMAIL_RULE.test(email) || email.length > 320))
      problems.push(`users/${doc.id}: "${email}" is not an e-mail address`);
    return { id: doc.id, email, isAdmin: doc.isAdmin === true };
  });

  // Notes must point at a chapter in this file or imported before.
  for (const note of notes) {
    if (
      !resourceIds.has(note.chapterId) &&
      (await alreadyImported(db, "resources", note.chapterId)) === undefined
    ) {
      problems.push(
        `notes/${note.id}: chapterId "${note.chapterId}" is not a resource of this file or of an earlier import`,
      );
    }
  }
  if (problems.length > 0) {
    throw new DomainError(
      `Nothing was imported. Fix these documents and try again:\n  ${problems.join("\n  ")}`,
    );
  }

  const report: Report = {
    imported: { subjects: 0, chapters: 0, notes: 0, posts: 0, users: 0 },
    remarks: [],
  };
  await inTransaction(db, async (trx) => {
    for (const s of subjects.values()) {
      const exists = existingSubjects.some((e) => e.grade === s.grade && e.code === s.code);
      if (!exists) {
        await writing(`subjects/${s.grade}`, () => addSubject(trx, s.grade, s.code, s.label));
        report.imported.subjects++;
      }
    }
    // Oldest first, so chapters keep the order in which they were added.
    chapters.sort((a, b) => a.timestamp - b.timestamp);
    const taken = new Set(
      (await trx.selectFrom("chapters").select(["grade", "slug"]).execute()).map(
        (c) => `${c.grade}/${c.slug}`,
      ),
    );
    for (const c of chapters) {
      if ((await alreadyImported(trx, "resources", c.id)) !== undefined) continue;
      let title = c.title;
      if (taken.has(`${c.grade}/${slugify(title)}`)) {
        title = `${c.title} (${subjectLabel(c.grade, c.code)})`;
        report.remarks.push(
          `resources/${c.id}: "${c.title}" shares its address with another class ${c.grade} chapter; imported as "${title}"`,
        );
      }
      taken.add(`${c.grade}/${slugify(title)}`);
      const [created] = await writing(`resources/${c.id}`, () =>
        createChapters(trx, c.grade, c.code, [{ title, links: c.links as ChapterLinks }]),
      );
      if (!created) continue;
      if (c.timestamp > 0) {
        const at = new Date(c.timestamp).toISOString();
        await trx
          .updateTable("chapters")
          .set({ created_at: at, updated_at: at })
          .where("id", "=", created.id)
          .execute();
      }
      await remember(trx, "resources", c.id, created.id);
      report.imported.chapters++;
    }
    for (const n of notes) {
      if ((await alreadyImported(trx, "notes", n.id)) !== undefined) continue;
      const chapterId = (await alreadyImported(trx, "resources", n.chapterId)) as number;
      const note = await writing(`notes/${n.id}`, () =>
        addNote(trx, {
          chapterId,
          content: n.content,
          seoDescription: n.seoDescription,
          seoKeywords: n.keywords,
        }),
      );
      await remember(trx, "notes", n.id, note.id);
      report.imported.notes++;
    }
    for (const p of posts) {
      if ((await alreadyImported(trx, "blogs", p.id)) !== undefined) continue;
      const clash = await trx
        .selectFrom("posts")
        .select("id")
        .where("slug", "=", p.input.slug)
        .executeTakeFirst();
      if (clash) {
        report.remarks.push(`blogs/${p.id}: a post at "${p.input.slug}" already exists; left as it is`);
        continue;
      }
      const post = await writing(`blogs/${p.id}`, () => addPost(trx, { ...p.input, related: [] }, site));
      await remember(trx, "blogs", p.id, post.id);
      report.imported.posts++;
    }
    // Related posts last, once every post exists.
    for (const p of posts) {
      const id = await alreadyImported(trx, "blogs", p.id);
      if (id !== undefined && p.input.related.length > 0) {
        await writing(`blogs/${p.id}`, () => setRelatedPosts(trx, id, p.input.related));
      }
    }
    for (const u of users) {
      if (!u.email) {
        report.remarks.push(
          `users/${u.id}: no e-mail in the document; create the account with: npm run user -- add EMAIL --password PASSWORD${u.isAdmin ? " --admin" : ""}`,
        );
        continue;
      }
      const exists = await trx
        .selectFrom("users")
        .select("id")
        .where("email", "=", u.email)
        .executeTakeFirst();
      if (exists || (await alreadyImported(trx, "users", u.id)) !== undefined) continue;
      // Passwords never leave Firebase Auth: the account gets an unguessable one until its owner sets theirs.
      const row = await trx
        .insertInto("users")
        .values({
          email: u.email,
          password_hash: await hashPassword(randomBytes(24).toString("base64url")),
          role: u.isAdmin ? "admin" : null,
          created_at: now(),
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      await remember(trx, "users", u.id, row.id);
      report.imported.users++;
      report.remarks.push(
        `users/${u.id}: account ${u.email} created; set its password with: npm run user -- add ${u.email} --password PASSWORD`,
      );
    }
  });
  return report;
}
