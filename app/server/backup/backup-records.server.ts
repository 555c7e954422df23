import { z } from "zod";
import { ACTION_NAME } from "#app/lib/activity-words.ts";
import { isoToIndiaDateTime } from "#app/lib/dates.ts";
import { guideFormValues, guideProblems } from "#app/lib/guide-form.ts";
import { readGuide, readHindi } from "#app/lib/guide-record.ts";
import { LINK_LANGUAGES, LINK_TYPES, MAX_LINK_YEAR, MIN_LINK_YEAR } from "#app/lib/link-types.ts";
import { DEFAULT_MEDIUM, MEDIUMS } from "#app/lib/medium.ts";
import { MAX_RELATED_POSTS } from "#app/lib/post-form.ts";
import { ROLES } from "#app/lib/roles.ts";
import {
  MAX_BOOK,
  MAX_CHAPTER_NUMBER,
  MAX_WHAT_CHANGED,
  parseSession,
  SYLLABUS_STATUSES,
} from "#app/lib/sessions.ts";
import { slugify } from "#app/lib/slug.ts";
import { safeHttpUrl } from "#app/lib/url.ts";
import type { UserEntry } from "#app/server/accounts/account-backup.server.ts";
import { isPasswordHash } from "#app/server/accounts/passwords.server.ts";
import { EMAIL_RULE, NO_PASSWORD, normaliseEmail } from "#app/server/accounts/users.server.ts";
import {
  LINK_KINDS,
  MAX_LINKS_PER_CHAPTER,
  MAX_TITLE_LENGTH,
  MAX_URL_LENGTH,
} from "#app/server/catalogue/chapters.server.ts";
import { MAX_NOTE_LENGTH, MAX_SEO_DESCRIPTION } from "#app/server/catalogue/notes.server.ts";
import { SUBJECT_CODE_RULE } from "#app/server/catalogue/subjects.server.ts";
import { LONGEST } from "#app/server/console/activity.server.ts";
import { DomainError } from "#app/server/errors.server.ts";
import { loadSharp, MAX_PIXELS, MAX_WIDTH } from "#app/server/publishing/media.server.ts";
import { postProblems } from "#app/server/publishing/posts.server.ts";

// What a full backup holds, record by record, and the checks a record must pass before anything
// of it is restored. A backup file is JSON Lines (docs/decisions/0017-streaming-backups.md): a
// header, then one line per record (subjects, chapters with their links, notes and History, posts,
// guides, images, the Trash, accounts, Activity, in that order), then an end line with the counts, so a
// file cut short is found. The records are checked one at a time, keeping only what later records
// refer to (subject keys, addresses), so a backup of any size is checked in little memory. Ids are
// left out (they are the database's business): chapters carry their links and notes, posts name
// their related posts by slug.

export const BACKUP_FORMAT = "chapterwise-backup";
/** The format version this site writes: 2 is JSON Lines; 1 (one JSON document) is still read. */
export const BACKUP_VERSION = 2;

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
const grade = z.number().int().min(9).max(12);
const link = z.object({
  title,
  url: text.refine((v) => v.length <= MAX_URL_LENGTH && safeHttpUrl(v) !== null, {
    message: "only http(s) links can be restored",
  }),
  // Typed links (decision 0025): left out when none, and by every backup from before them.
  type: z.enum(LINK_TYPES.map((t) => t.slug)).optional(),
  language: z.enum(LINK_LANGUAGES.map((l) => l.code)).optional(),
  year: z.number().int().min(MIN_LINK_YEAR).max(MAX_LINK_YEAR).optional(),
});
const linkList = z.array(link).max(MAX_LINKS_PER_CHAPTER);
const versionNumber = z
  .number()
  .int()
  .min(1)
  .max(2 ** 31 - 1);
/**
 * What an item keeps besides its backup shape: its version, last editor and History (every
 * version kept, without ids: app/server/history/). The Trash's items have them all; the site's own
 * items have them when the backup was made with history (and from the History release on).
 */
const kept = {
  version: versionNumber,
  updatedBy: text.max(320).nullable(),
  history: z.array(
    z.object({
      version: versionNumber,
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

const subjectEntry = z.object({
  grade,
  code: text.max(40).regex(SUBJECT_CODE_RULE),
  label: text.min(1).max(80),
  position: z.number().int(),
  // Backups from before mediums (migration 0029) have none: every subject was for both.
  medium: z.enum(MEDIUMS).default(DEFAULT_MEDIUM),
});
const noteFields = z.object({
  content: text.max(MAX_NOTE_LENGTH),
  seoDescription: text.max(MAX_SEO_DESCRIPTION),
  seoKeywords: z.array(text),
  createdAt: moment,
  updatedAt: moment,
});
const chapterEntry = z.object({
  grade,
  subject: text,
  title: title.refine((v) => slugify(v) !== "", "must have at least one letter or digit"),
  slug: text.min(1).max(MAX_TITLE_LENGTH),
  position: z.number().int(),
  createdAt: moment,
  updatedAt: moment,
  // Backups from before official resources have no `official` list: none.
  links: z.object({
    official: linkList.default([]),
    notes: linkList,
    questions: linkList,
    lectures: linkList,
  }),
  notes: z.array(noteFields.extend(keptIfAny)),
  // Book, chapter number and every session's syllabus status (none in backups before migration 0023).
  book: text.max(MAX_BOOK).optional(),
  chapterNumber: z.number().int().min(1).max(MAX_CHAPTER_NUMBER).nullable().optional(),
  syllabus: z
    .array(
      z.object({
        session: text.refine((v) => parseSession(v) !== null, "must be a session such as 2026-27"),
        status: z.enum(SYLLABUS_STATUSES),
        whatChanged: text.max(MAX_WHAT_CHANGED),
      }),
    )
    .max(200)
    .optional(),
  ...keptIfAny,
  // The addresses it had before it was renamed or moved (docs/decisions/0024): each answers 301 to
  // it. Backups from before have none.
  addresses: z
    .array(z.object({ grade, slug: text.min(1).max(1_000) }))
    .max(10_000)
    .optional(),
});
const postEntry = z.object({
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
});
// A class's study guide (app/server/guides/): its English record and Hindi texts, checked by the
// console's own rules (crossCheck); a backup from before guides has none, and the guides stay.
const jsonObject = z.record(z.string(), z.unknown());
const guideEntry = z.object({
  grade,
  english: jsonObject,
  hindi: jsonObject,
  createdAt: moment,
  updatedAt: moment,
  ...keptIfAny,
});
const mediaEntry = z.object({
  id: z.string().regex(/^[a-f0-9]{16,64}$/),
  webp: text,
  fallback: text,
  fallbackType: z.enum(["image/jpeg", "image/png"]),
  width: z.number().int().positive().max(MAX_WIDTH),
  height: z.number().int().positive(),
  createdAt: moment,
});
// An account's two-step sign-in (app/server/accounts/two-step.server.ts): its app's secret, sealed under
// SECRET_KEY (base32 in backups from before sealing), and its recovery codes' hashes, so that a restored
// account asks for its code as before.
const twoStepEntry = z.object({
  secret: z
    .string()
    .regex(
      /^(?:[A-Z2-7]{16,128}|v1:[0-9a-f]{8}:[A-Za-z0-9_-]{40,400})$/,
      "is not a secret in the format this site writes",
    ),
  createdAt: moment,
  turnedOnAt: moment,
  lastStep: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).nullable(),
  recoveryCodes: z
    .array(z.object({ codeHash: z.string().regex(/^[a-f0-9]{64}$/), usedAt: moment.nullable() }))
    .max(100),
});
const userEntry = z
  .object({
    email: text.regex(EMAIL_RULE).refine((v) => v === normaliseEmail(v), "must be written in lowercase"),
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
    twoStep: twoStepEntry.optional(),
  })
  .transform(
    ({ isAdmin, role, deactivatedAt, lastSignInAt, ...u }): UserEntry => ({
      ...u,
      role: role === undefined ? (isAdmin ? "admin" : null) : role,
      deactivatedAt: deactivatedAt ?? null,
      lastSignInAt: lastSignInAt ?? null,
    }),
  );
// A line of the Activity log (app/server/console/activity.server.ts).
const activityEntry = z.object({
  at: moment,
  actor: text.min(1).max(LONGEST.actor),
  address: text.max(LONGEST.address).nullable(),
  action: text.max(LONGEST.action).regex(ACTION_NAME),
  item: text.max(LONGEST.item).nullable(),
  summary: text.max(LONGEST.summary).nullable(),
});
const trashed = { title: text.max(300), place: text.max(300), deletedBy: text.max(320), deletedAt: moment };
const noteEntry = noteFields.extend(kept);
/** What was in the Trash (app/server/trash/), in the backup's own shapes. */
const trashEntry = z.discriminatedUnion("kind", [
  z.object({
    kind: z.literal("chapter"),
    ...trashed,
    item: chapterEntry.extend({ ...kept, notes: z.array(noteEntry) }),
  }),
  z.object({
    kind: z.literal("note"),
    ...trashed,
    // Its chapter by address: a chapter of the backup, or one in its Trash.
    item: noteEntry.extend({ chapter: z.object({ grade, slug: text.max(MAX_TITLE_LENGTH), title }) }),
  }),
  z.object({
    kind: z.literal("post"),
    ...trashed,
    item: postEntry.extend({
      ...kept,
      relatedBy: z
        .array(z.object({ slug: text.max(200), position: z.number().int().min(0).max(1000) }))
        .max(1000),
    }),
  }),
]);

/** Each kind of record, in the order a backup holds them, and its list in a version 1 document. */
const ENTRIES = {
  subject: { list: "subjects", schema: subjectEntry },
  chapter: { list: "chapters", schema: chapterEntry },
  post: { list: "posts", schema: postEntry },
  guide: { list: "guides", schema: guideEntry },
  media: { list: "media", schema: mediaEntry },
  trash: { list: "trash", schema: trashEntry },
  user: { list: "users", schema: userEntry },
  activity: { list: "activity", schema: activityEntry },
} as const;
export type RecordType = keyof typeof ENTRIES;
export const RECORD_TYPES = Object.keys(ENTRIES) as RecordType[];
type ListOf<T extends RecordType> = (typeof ENTRIES)[T]["list"];
export type ListName = ListOf<RecordType>;
export const LIST_OF = Object.fromEntries(RECORD_TYPES.map((t) => [t, ENTRIES[t].list])) as {
  [T in RecordType]: ListOf<T>;
};

export type Entry<T extends RecordType> = z.infer<(typeof ENTRIES)[T]["schema"]>;
/** A record as it comes out of the database or a checked backup. */
export type BackupRecord = { [T in RecordType]: { type: T; entry: Entry<T> } }[RecordType];

export type ChapterEntry = Entry<"chapter">;
export type PostEntry = Entry<"post">;
export type MediaEntry = Entry<"media">;
export type GuideEntry = Entry<"guide">;
export type TrashEntry = Entry<"trash">;

/** The first line of a backup file. */
export type BackupHeader = {
  format: typeof BACKUP_FORMAT;
  version: number;
  exportedAt: string;
  /** Whether accounts are in it (`--with-users`, scheduled backups). */
  withUsers: boolean;
  /** Whether History and Activity are in it (unless `--without-history`). */
  withHistory: boolean;
  /** With accounts: whether every admin had to use two-step sign-in (the Users page's setting). */
  twoStepRequired?: boolean;
  /** The current session an admin chose ("2026-27"); absent: none chosen (the date's session). */
  syllabusSession?: string;
};

const headerSchema = z.object({
  format: z.literal(BACKUP_FORMAT),
  version: z.literal(BACKUP_VERSION),
  exportedAt: moment,
  withUsers: z.boolean(),
  withHistory: z.boolean(),
  twoStepRequired: z.boolean().optional(),
  syllabusSession: z
    .string()
    .refine((v) => parseSession(v) !== null)
    .optional(),
});

/** What a backup holds, by list; links and notes counted inside their chapters. */
export type BackupCounts = Record<ListName | "links" | "notes", number>;
export function noCounts(): BackupCounts {
  return {
    subjects: 0,
    chapters: 0,
    links: 0,
    notes: 0,
    posts: 0,
    guides: 0,
    media: 0,
    trash: 0,
    users: 0,
    activity: 0,
  };
}
const endSchema = z.object({
  type: z.literal("end"),
  // Backups from before guides do not count them.
  counts: z.object(
    Object.fromEntries(
      Object.keys(noCounts()).map((k) => [k, k === "guides" ? z.number().optional() : z.number()]),
    ),
  ),
});

/** A backup file that cannot be read on (bad JSON, cut short, a line too long): a problem of its own. */
export class BackupDamaged extends DomainError {}

/** How many links a chapter record holds, of every kind. */
function linkCount(c: ChapterEntry): number {
  return LINK_KINDS.reduce((n, kind) => n + c.links[kind].length, 0);
}

/** Counts a record into `counts` (its list; a chapter's links and notes too), as its end line says. */
export function countRecord(counts: BackupCounts, record: BackupRecord): void {
  counts[LIST_OF[record.type]] += 1;
  if (record.type === "chapter") {
    counts.links += linkCount(record.entry);
    counts.notes += record.entry.notes.length;
  }
}

/** How many problems a check reports before it stops looking (the first ones say enough). */
export const MAX_PROBLEMS = 20;

function isJsonObject(value: string): boolean {
  try {
    const parsed: unknown = JSON.parse(value);
    return typeof parsed === "object" && parsed !== null;
  } catch {
    return false;
  }
}

/** The line of a backup file for a record: its type, then its fields. */
export function recordLine(record: BackupRecord): string {
  return JSON.stringify({ type: record.type, ...record.entry });
}

/** The first and last lines of a backup file. */
export function headerLine(header: BackupHeader): string {
  return JSON.stringify(header);
}
export function endLine(counts: BackupCounts): string {
  return JSON.stringify({ type: "end", counts });
}

/**
 * Checks a backup's parts as they are read (header, records, end), keeping what later records are
 * checked against: every problem names where it is (`chapters.12.links.notes.0.url: ...`, the
 * record's place in its list) so an operator can find it. `take` returns the record, checked and
 * in its restorable form, or null when it has problems; nothing should be restored once `problems`
 * is not empty.
 */
export class BackupCheck {
  readonly problems: string[] = [];
  readonly counts = noCounts();
  header: BackupHeader | null = null;
  private ended = false;
  private section = 0;
  private readonly subjects = new Set<string>();
  private readonly chapterSlugs = new Set<string>();
  private readonly postSlugs = new Set<string>();
  private readonly guideGrades = new Set<number>();

  /** Enough problems found to stop reading. */
  get full(): boolean {
    return this.problems.length >= MAX_PROBLEMS;
  }

  problem(message: string): void {
    if (!this.full) this.problems.push(message);
  }

  private schemaProblems(where: string, issues: readonly z.core.$ZodIssue[]): void {
    for (const i of issues.slice(0, MAX_PROBLEMS))
      this.problem(`${[where, ...i.path].filter((p) => p !== "").join(".") || "(document)"}: ${i.message}`);
  }

  /** The first line. A version 1 document's header is made by `documentParts` and trusted. */
  takeHeader(value: unknown, trusted?: BackupHeader): boolean {
    if (trusted) {
      this.header = trusted;
      return true;
    }
    const parsed = headerSchema.safeParse(value);
    if (!parsed.success) {
      const version = (value as { version?: unknown } | null)?.version;
      if ((value as { format?: unknown } | null)?.format === BACKUP_FORMAT && typeof version === "number")
        this.problem(`(header): version ${version} is not one this site reads (1 or ${BACKUP_VERSION})`);
      else this.problem("(header): this is not a ChapterWise backup");
      return false;
    }
    this.header = parsed.data;
    return true;
  }

  /** The end line of a version 2 file: its counts must be what was read. */
  takeEnd(value: unknown): void {
    const parsed = endSchema.safeParse(value);
    if (!parsed.success) {
      this.problem("(end): the end line is not one this site writes");
      return;
    }
    this.ended = true;
    // A record refused above is counted differently: its problem says enough.
    if (this.problems.length > 0) return;
    for (const [list, n] of Object.entries(parsed.data.counts)) {
      if (n === undefined) continue;
      const read = this.counts[list as keyof BackupCounts];
      if (read !== n) this.problem(`(end): it says ${n} ${list}, but ${read} were read: the file is damaged`);
    }
  }

  /** One record ({ type, ...fields } as written by `recordLine`). */
  async take(value: unknown): Promise<BackupRecord | null> {
    const { type, ...fields } = (typeof value === "object" && value !== null ? value : {}) as {
      type?: unknown;
    };
    if (typeof type !== "string" || !(type in ENTRIES)) {
      if (type === "end") this.takeEnd(value);
      else this.problem(`(line): a record of an unknown type ${JSON.stringify(type)?.slice(0, 40)}`);
      return null;
    }
    const recordType = type as RecordType;
    const list = LIST_OF[recordType];
    const where = `${list}.${this.counts[list]}`;
    this.counts[list] += 1;
    if (this.ended) this.problem(`${where}: it comes after the end line`);
    const order = RECORD_TYPES.indexOf(recordType);
    if (order < this.section)
      this.problem(
        `${where}: out of order (a backup holds ${RECORD_TYPES.map((t) => LIST_OF[t]).join(", ")})`,
      );
    this.section = Math.max(this.section, order);
    const parsed = ENTRIES[recordType].schema.safeParse(fields);
    if (!parsed.success) {
      this.schemaProblems(where, parsed.error.issues);
      return null;
    }
    const record = { type: recordType, entry: parsed.data } as BackupRecord;
    const before = this.problems.length;
    await this.crossCheck(record, where);
    return this.problems.length === before ? record : null;
  }

  private async crossCheck(record: BackupRecord, where: string): Promise<void> {
    switch (record.type) {
      case "subject":
        this.subjects.add(`${record.entry.grade}/${record.entry.code}`);
        return;
      case "chapter": {
        const c = record.entry;
        if (!this.subjects.has(`${c.grade}/${c.subject}`))
          this.problem(`${where}: subject "${c.subject}" of class ${c.grade} is not in the backup`);
        this.claimChapterSlug(where, c.grade, c.slug, "two chapters");
        const links = linkCount(c);
        if (links > MAX_LINKS_PER_CHAPTER)
          this.problem(`${where}: ${links} links; a chapter holds at most ${MAX_LINKS_PER_CHAPTER}`);
        this.counts.links += links;
        this.counts.notes += c.notes.length;
        this.historyProblems(c, where);
        for (const [j, n] of c.notes.entries()) this.historyProblems(n, `${where}.notes.${j}`);
        return;
      }
      case "post":
        this.postChecks(record.entry, where);
        this.historyProblems(record.entry, where);
        return;
      case "guide":
        this.guideChecks(record.entry, where);
        this.historyProblems(record.entry, where);
        return;
      case "media":
        return this.mediaProblems(record.entry, where);
      case "trash": {
        // The Trash keeps its addresses: none may be one a chapter or post of the backup has, nor twice.
        const e = record.entry;
        if (e.kind === "chapter") this.claimChapterSlug(where, e.item.grade, e.item.slug, "another chapter");
        else if (e.kind === "post") this.postChecks(e.item, where);
        return;
      }
      default:
        return;
    }
  }

  private claimChapterSlug(where: string, grade: number, slug: string, clash: string): void {
    if (slug !== slugify(slug)) this.problem(`${where}: "${slug}" is not a valid address`);
    const key = `${grade}/${slug}`;
    if (this.chapterSlugs.has(key)) this.problem(`${where}: class ${grade} has ${clash} at "${slug}"`);
    this.chapterSlugs.add(key);
  }

  /** Posts meet the console's rules (slug shape, real date, http(s) canonical and images, lengths). */
  private postChecks(p: PostEntry, where: string): void {
    const site = { siteUrl: "https://restore.invalid", siteName: "" };
    const input = { ...p, seoKeywords: p.seoKeywords.join(", "), publishAt: isoToIndiaDateTime(p.publishAt) };
    for (const [field, message] of Object.entries(postProblems(input, site)))
      this.problem(`${where} ("${p.slug}"): ${field}: ${message}`);
    if (this.postSlugs.has(p.slug)) this.problem(`${where}: another post has the slug "${p.slug}"`);
    this.postSlugs.add(p.slug);
  }

  /** A guide meets the console's rules (what is required, lengths, marks that add up), once per class. */
  private guideChecks(g: GuideEntry, where: string): void {
    const values = guideFormValues(readGuide(g.english), readHindi(g.hindi));
    for (const [, message] of guideProblems(values).slice(0, 5))
      this.problem(`${where} (class ${g.grade} guide): ${message}`);
    if (this.guideGrades.has(g.grade)) this.problem(`${where}: class ${g.grade} has a second guide`);
    this.guideGrades.add(g.grade);
  }

  /** An item's kept versions are numbered once each, all before its own version. */
  private historyProblems(
    item: { version?: number; history?: ReadonlyArray<{ version: number }> },
    where: string,
  ): void {
    const numbers = (item.history ?? []).map((v) => v.version);
    if (new Set(numbers).size !== numbers.length) this.problem(`${where}.history: a version is there twice`);
    if (item.version !== undefined && numbers.some((n) => n >= (item.version ?? 0)))
      this.problem(`${where}.history: a kept version is not older than the item's version ${item.version}`);
  }

  /** Each image is what it claims, by content: a WebP and a JPEG or PNG of its width and height. */
  private async mediaProblems(m: MediaEntry, where: string): Promise<void> {
    const at = `${where} (${m.id})`;
    if (m.width * m.height > MAX_PIXELS) return this.problem(`${at}: the picture has too many pixels`);
    const files = [
      { name: "webp", bytes: m.webp, format: "webp" },
      { name: "fallback", bytes: m.fallback, format: m.fallbackType === "image/png" ? "png" : "jpeg" },
    ];
    const sharp = await loadSharp();
    for (const file of files) {
      const meta = await sharp(Buffer.from(file.bytes, "base64"), { limitInputPixels: MAX_PIXELS })
        .metadata()
        .catch(() => null);
      if (meta?.format !== file.format || meta.width !== m.width || meta.height !== m.height)
        this.problem(`${at}: ${file.name} is not a ${file.format} picture of ${m.width}×${m.height}`);
    }
  }

  /** After the last line: a version 2 file must have ended with its end line. */
  finish(): string[] {
    if (!this.header && this.problems.length === 0) this.problem("(header): the file is empty");
    if (this.header && this.header.version >= 2 && !this.ended && !this.full)
      this.problem("(end): the file ends before its end line: it was cut short");
    return this.problems;
  }
}

/** "12 subjects, 3,400 chapters, ..." for what a backup holds. */
export function describeCounts(counts: BackupCounts): string {
  return [
    `${counts.subjects} subjects`,
    `${counts.chapters} chapters`,
    `${counts.links} links`,
    `${counts.notes} notes`,
    `${counts.posts} posts`,
    `${counts.guides} guides`,
    `${counts.media} images`,
    `${counts.trash} items in the Trash`,
    `${counts.users} accounts`,
    `${counts.activity} activity lines`,
  ].join(", ");
}
