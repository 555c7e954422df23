import { diffLines, diffWords } from "diff";
import { formatIndiaDateTime } from "#app/lib/dates.ts";
import { htmlToLines } from "#app/lib/html-text.ts";
import { type LinkMeta, linkMetaWords, readLinkMeta, withLinkMeta } from "#app/lib/link-types.ts";
import { isSyllabusStatus, SYLLABUS_STATUS_WORDS } from "#app/lib/sessions.ts";
import { slugify } from "#app/lib/slug.ts";
import type { ItemKind, VersionData } from "#app/server/history/item-history.server.ts";

// What changed between two versions of an item: a one-line summary for the History list ("title;
// 2 links added, 1 removed") and, field by field, a diff of a version against the current one as
// text (HTML as readable text), computed by jsdiff. Versions are read defensively: a field that
// is missing or of another type (an older shape, a hand-edited backup) reads as empty.

/** Names the diff shows instead of codes and ids: subjects by "grade/code", chapters by id. */
export type Names = { subjects: Map<string, string>; chapters: Map<number, string> };

type Field = {
  key: string;
  /** In the summary: "title", "content". */
  word: string;
  /** In the diff: "Chapter Title". */
  label: string;
  text: (d: VersionData, names: Names) => string;
  /** Compared line by line (link lists); otherwise word by word. */
  lines?: boolean;
  /** True when the field holds its default, derived from another (an SEO title that is the title). */
  follows?: (d: VersionData) => boolean;
  /** Compared as shown (an older version without the field reads as its default, not as a change). */
  asShown?: boolean;
};

export const str = (value: unknown): string => (typeof value === "string" ? value : "");
export const num = (value: unknown): number | null => (typeof value === "number" ? value : null);
export const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
const words = (value: unknown): string => list(value).map(str).join(", ");
const yesNo = (value: unknown): string => (value === true ? "Yes" : "No");

type Link = { title: string; url: string } & LinkMeta;
export const LINK_LISTS = [
  ["official", "Official links"],
  ["notes", "Notes links"],
  ["questions", "Questions links"],
  ["lectures", "Lectures links"],
] as const;

export function linksOf(d: VersionData, kind: string): Link[] {
  const lists = d.links && typeof d.links === "object" ? (d.links as Record<string, unknown>) : {};
  return list(lists[kind]).map((l) => {
    const link = l && typeof l === "object" ? (l as Record<string, unknown>) : {};
    // A type, language or year that is not ours (a hand-edited backup) reads as none.
    const { meta } = readLinkMeta(link);
    return withLinkMeta({ title: str(link.title), url: str(link.url) }, meta);
  });
}

/** A link on one line of the diff: "Title — URL (Sample paper · Hindi · 2025)". */
function linkLine(l: Link): string {
  const meta = linkMetaWords(l);
  return `${l.title} — ${l.url}${meta.length > 0 ? ` (${meta.join(" · ")})` : ""}`;
}

const plain = (key: string, word: string, label = word[0]?.toUpperCase() + word.slice(1)): Field => ({
  key,
  word,
  label,
  text: (d) => str(d[key]),
});

/** A field that holds a copy of `of` unless the admin gave it its own value. */
const following = (field: Field, of: string): Field => ({
  ...field,
  follows: (d) => str(d[field.key]) === str(d[of]),
});

const html = (key: string): Field => ({
  key,
  word: "content",
  label: "Content",
  text: (d) => htmlToLines(str(d[key])),
});

const CHAPTER: Field[] = [
  { key: "grade", word: "class", label: "Class", text: (d) => `Class ${num(d.grade) ?? ""}` },
  {
    key: "subject",
    word: "subject",
    label: "Subject",
    text: (d, names) => names.subjects.get(`${num(d.grade)}/${str(d.subject)}`) ?? str(d.subject),
  },
  plain("title", "title", "Chapter Title"),
  {
    key: "slug",
    word: "address",
    label: "Address",
    text: (d) => `/class/${num(d.grade) ?? ""}/chapter/${str(d.slug)}`,
    // The address is made from the title: a new title says it.
    follows: (d) => str(d.slug) === slugify(str(d.title)),
  },
  {
    key: "position",
    word: "position",
    label: "Place in its subject",
    text: (d) => String((num(d.position) ?? 0) + 1),
  },
  ...LINK_LISTS.map(
    ([kind, label]): Field => ({
      key: `links.${kind}`,
      word: "links",
      label,
      lines: true,
      text: (d) => linksOf(d, kind).map(linkLine).join("\n"),
    }),
  ),
];

/** A version's syllabus statuses, one line per session ("2026-27: Not in syllabus — Section 3.4 removed"). */
function syllabusLines(d: VersionData): string {
  return list(d.syllabus)
    .map((e) => {
      const entry = e && typeof e === "object" ? (e as Record<string, unknown>) : {};
      const status = isSyllabusStatus(entry.status) ? SYLLABUS_STATUS_WORDS[entry.status] : "";
      const said = str(entry.whatChanged);
      return `${str(entry.session)}: ${status}${said ? ` — ${said}` : ""}`;
    })
    .join("\n");
}

/** Fields of migration 0023: versions saved before it have none of them. */
const SYLLABUS: Field[] = [
  { ...plain("book", "book", "Book"), asShown: true },
  {
    key: "chapterNumber",
    word: "chapter number",
    label: "Chapter number",
    text: (d) => String(num(d.chapterNumber) ?? ""),
    asShown: true,
  },
  {
    key: "syllabus",
    word: "syllabus status",
    label: "Syllabus status",
    lines: true,
    text: syllabusLines,
    asShown: true,
  },
];

const NOTE: Field[] = [
  {
    key: "chapterId",
    word: "chapter",
    label: "Chapter",
    text: (d, names) => {
      const id = num(d.chapterId);
      return id === null ? "" : (names.chapters.get(id) ?? `a chapter that no longer exists (${id})`);
    },
  },
  html("content"),
  plain("seoDescription", "SEO description"),
  { key: "seoKeywords", word: "keywords", label: "Keywords", text: (d) => words(d.seoKeywords) },
];

const STATUS_WORDS: Record<string, string> = {
  draft: "Draft",
  scheduled: "Scheduled",
  published: "Published",
};

const POST: Field[] = [
  plain("title", "title"),
  plain("slug", "slug"),
  plain("date", "date"),
  plain("author", "author"),
  plain("tag", "tag"),
  plain("category", "category"),
  plain("excerpt", "excerpt"),
  html("content"),
  {
    key: "status",
    word: "status",
    label: "Status",
    text: (d) => STATUS_WORDS[str(d.status)] ?? str(d.status),
  },
  {
    key: "publishAt",
    word: "publish time",
    label: "Publish at",
    text: (d) => (str(d.publishAt) ? `${formatIndiaDateTime(str(d.publishAt))} IST` : ""),
  },
  { key: "featured", word: "featured", label: "Featured", text: (d) => yesNo(d.featured) },
  plain("image", "featured image"),
  following(plain("featuredImageAlt", "image alt text"), "title"),
  following(plain("seoTitle", "SEO title"), "title"),
  following(plain("seoDescription", "SEO description"), "excerpt"),
  { key: "seoKeywords", word: "keywords", label: "Keywords", text: (d) => words(d.seoKeywords) },
  {
    key: "canonicalUrl",
    word: "canonical URL",
    label: "Canonical URL",
    text: (d) => str(d.canonicalUrl),
    follows: (d) => str(d.canonicalUrl).endsWith(`/blog/${str(d.slug)}`),
  },
  following(plain("socialTitle", "social title"), "title"),
  following(plain("socialDescription", "social description"), "excerpt"),
  following(plain("socialImage", "social image"), "image"),
  { key: "allowComments", word: "comments", label: "Allow comments", text: (d) => yesNo(d.allowComments) },
  { key: "related", word: "related posts", label: "Related posts", text: (d) => words(d.related) },
];

/** One part of a guide's record (`english` or `hindi`), read defensively. */
const part = (d: VersionData, lang: string): Record<string, unknown> => {
  const value = d[lang];
  return value && typeof value === "object" ? (value as Record<string, unknown>) : {};
};
const row = (value: unknown): Record<string, unknown> =>
  value && typeof value === "object" ? (value as Record<string, unknown>) : {};

/** A guide's tips or strategies, one a line: "Title — Description (icon)" (the Hindi ones have no icon). */
const tipLines = (value: unknown) =>
  list(value)
    .map((t) => {
      const { title, description, icon } = row(t);
      return `${str(title)} — ${str(description)}${str(icon) ? ` (${str(icon)})` : ""}`;
    })
    .join("\n");

/** The exam pattern, one line a part: "Duration: 3 hours", "Objective: 20", … */
const patternLines = (value: unknown) => {
  const p = row(value);
  const marks = (n: unknown) => (typeof n === "number" ? `: ${n}` : "");
  return [
    `Duration: ${str(p.duration)}`,
    ...(typeof p.totalMarks === "number" ? [`Total marks: ${p.totalMarks}`] : []),
    ...list(p.sections).map((s) => `${str(row(s).name)}${marks(row(s).marks)}`),
    `Passing marks: ${str(p.passingMarks)}`,
  ].join("\n");
};

const timelineLines = (value: unknown) =>
  list(value)
    .map((t) => {
      const { month, focus, activities } = row(t);
      return `${str(month)} — ${str(focus)}: ${list(activities).map(str).join("; ")}`;
    })
    .join("\n");

/** A guide's fields in one language: "exam dates" and "Exam dates", the Hindi ones "Hindi exam dates" and "Exam dates (Hindi)". */
function guideFields(lang: "english" | "hindi"): Field[] {
  const field = (
    key: string,
    word: string,
    label: string,
    text: (v: unknown) => string,
    lines = false,
  ): Field => ({
    key: `${lang}.${key}`,
    word: lang === "hindi" ? `Hindi ${word}` : word,
    label: lang === "hindi" ? `${label} (Hindi)` : label,
    text: (d) => text(part(d, lang)[key]),
    lines,
  });
  return [
    field("title", "title", "Title", str),
    field("subtitle", "subtitle", "Subtitle", str),
    field("description", "description", "Description", str),
    field("examType", "exam type", "Exam type", str),
    field("keySubjects", "key subjects", "Key subjects", words),
    field("examDates", "exam dates", "Exam dates", str),
    field("difficulty", "difficulty", "Difficulty", str),
    field("importance", "importance", "Importance", str),
    field("tips", "tips", "Tips", tipLines, true),
    field("strategies", "strategies", "Strategies", tipLines, true),
    field("examPattern", "exam pattern", "Exam pattern", patternLines, true),
    field("preparationTimeline", "timeline", "Preparation timeline", timelineLines, true),
  ];
}

const GUIDE: Field[] = [...guideFields("english"), ...guideFields("hindi")];

const FIELDS: Record<ItemKind, Field[]> = {
  chapter: [...CHAPTER, ...SYLLABUS],
  note: NOTE,
  post: POST,
  guide: GUIDE,
};

/** The field's value as stored, for telling whether it changed. */
function raw(d: VersionData, key: string): string {
  const [top = "", inner] = key.split(".");
  const value = inner ? (d[top] as Record<string, unknown> | undefined)?.[inner] : d[top];
  return JSON.stringify(value ?? null);
}

/** A field that changed and is not merely following another that changed. */
function changed(field: Field, before: VersionData, after: VersionData): boolean {
  if (field.asShown) return field.text(before, NO_NAMES) !== field.text(after, NO_NAMES);
  if (raw(before, field.key) === raw(after, field.key)) return false;
  return !(field.follows?.(before) && field.follows(after));
}

const count = (n: number, noun: string) => `${n} ${noun}${n === 1 ? "" : "s"}`;

/** "2 links added, 1 removed", "1 link changed", "links reordered"; "" when the links are the same. */
function linkChanges(before: VersionData, after: VersionData): string {
  const key = (kind: string, l: Link) => `${kind}\u0000${l.url}`;
  // What else an editor sees of a link: a new title, type, language or year "changed" it.
  const shown = (l: Link) => linkLine({ ...l, url: "" });
  let added = 0;
  let removed = 0;
  let retitled = 0;
  let reordered = false;
  for (const [kind] of LINK_LISTS) {
    const old = linksOf(before, kind);
    const now = linksOf(after, kind);
    const left = new Map<string, string[]>();
    for (const l of old) left.set(key(kind, l), [...(left.get(key(kind, l)) ?? []), shown(l)]);
    for (const l of now) {
      const titles = left.get(key(kind, l));
      if (!titles || titles.length === 0) {
        added++;
        continue;
      }
      const same = titles.indexOf(shown(l));
      if (same < 0) retitled++;
      titles.splice(Math.max(same, 0), 1);
    }
    removed += [...left.values()].reduce((n, titles) => n + titles.length, 0);
    if (JSON.stringify(old) !== JSON.stringify(now)) reordered = true;
  }
  const parts = [
    added ? ["added", added] : null,
    removed ? ["removed", removed] : null,
    retitled ? ["changed", retitled] : null,
  ].filter((p): p is [string, number] => p !== null);
  if (parts.length === 0) return reordered ? "links reordered" : "";
  // The noun once, with the first number: "2 links added, 1 removed".
  return parts.map(([what, n], i) => (i === 0 ? `${count(n, "link")} ${what}` : `${n} ${what}`)).join(", ");
}

/** At most this many parts in a summary; the rest are counted. */
const SUMMARY_PARTS = 4;

/**
 * What a version changed against the one before it, in a few words: "title; 2 links added, 1
 * removed", "content", "status". `before` is null for the item's first version ("created") or the
 * oldest one kept (nothing to compare with).
 */
export function changeSummary(
  kind: ItemKind,
  before: VersionData | null,
  after: VersionData,
  version: number,
): string {
  if (!before) return version === 1 ? "created" : "";
  const parts: string[] = [];
  for (const field of FIELDS[kind]) {
    if (field.key.startsWith("links.")) continue;
    if (changed(field, before, after) && !parts.includes(field.word)) parts.push(field.word);
  }
  if (kind === "chapter") {
    const links = linkChanges(before, after);
    if (links) parts.push(links);
  }
  if (parts.length === 0) return "no changes";
  if (parts.length <= SUMMARY_PARTS) return parts.join("; ");
  const shown = parts.slice(0, SUMMARY_PARTS - 1);
  return `${shown.join("; ")} and ${parts.length - shown.length} more`;
}

export type DiffPart = { text: string; change: "same" | "added" | "removed" };
/**
 * One field of a version that differs from the current one, as text with its changes marked;
 * `lines`: its parts are whole lines (a link list), to be shown one under another.
 */
export type FieldDiff = { label: string; lines: boolean; parts: DiffPart[] };

/** Unchanged text longer than this is shortened to its ends, so a long note's diff stays readable. */
const CONTEXT = 160;
/** jsdiff gives up after this long (a huge, wholly rewritten note): the field is shown as replaced. */
const DIFF_TIMEOUT_MS = 300;

function shorten(text: string, first: boolean, last: boolean): string {
  if (text.length <= CONTEXT * 2 + 40) return text;
  const head = first ? "" : text.slice(0, CONTEXT);
  const tail = last ? "" : text.slice(-CONTEXT);
  const skipped = text.length - head.length - tail.length;
  return `${head} […${skipped.toLocaleString("en-IN")} characters unchanged…] ${tail}`;
}

function diffText(old: string, now: string, lines: boolean): DiffPart[] {
  const changes = lines
    ? diffLines(old, now, { timeout: DIFF_TIMEOUT_MS })
    : diffWords(old, now, { timeout: DIFF_TIMEOUT_MS });
  if (!changes) {
    return [
      { text: old, change: "removed" },
      { text: now, change: "added" },
    ].filter((p): p is DiffPart => p.text !== "");
  }
  return changes.map((c, i) => {
    const change = c.added ? "added" : c.removed ? "removed" : "same";
    // Whole lines are shown one under another: their own line break goes.
    const value = lines ? c.value.replace(/\n$/, "") : c.value;
    const text = change === "same" ? shorten(value, i === 0, i === changes.length - 1) : value;
    return { text, change };
  });
}

/**
 * The fields in which a version differs from the current one: what only the version has is
 * "removed", what only the current one has is "added" (what restoring the version would undo).
 */
export function versionDiff(
  kind: ItemKind,
  version: VersionData,
  current: VersionData,
  names: Names,
): FieldDiff[] {
  return FIELDS[kind]
    .filter((field) => changed(field, version, current))
    .map((field) => {
      const old = field.text(version, names);
      const now = field.text(current, names);
      const lines = field.lines ?? false;
      return { label: field.label, lines, parts: old === now ? [] : diffText(old, now, lines) };
    })
    .filter((field) => field.parts.length > 0);
}

const NO_NAMES: Names = { subjects: new Map(), chapters: new Map() };

/**
 * True when versionDiff() finds nothing: restoring the version would change nothing. Without the
 * diff itself (cheap for a whole page of versions); codes and ids stand for names, which differ
 * exactly when they do.
 */
export function sameAsCurrent(kind: ItemKind, version: VersionData, current: VersionData): boolean {
  return FIELDS[kind].every(
    (field) =>
      !changed(field, version, current) || field.text(version, NO_NAMES) === field.text(current, NO_NAMES),
  );
}

/** The subjects and chapters a diff names (to look up their labels and titles). */
export function namesNeeded(kind: ItemKind, versions: VersionData[]) {
  const subjects = new Set<string>();
  const chapters = new Set<number>();
  for (const d of versions) {
    if (kind === "chapter") subjects.add(`${num(d.grade)}/${str(d.subject)}`);
    const chapterId = num(d.chapterId);
    if (kind === "note" && chapterId !== null) chapters.add(chapterId);
  }
  return { subjects: [...subjects], chapters: [...chapters] };
}
