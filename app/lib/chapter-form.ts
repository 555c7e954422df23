/**
 * The chapter forms of the console (Add Data and the dashboard's Edit Resource), as plain data.
 *
 * Field names: a chapter's title is `{prefix}title`, a link's fields `{prefix}{kind}.{j}.title` and
 * `{prefix}{kind}.{j}.url`; Add Data uses the prefix `chapters.{i}.`, Edit uses none. These are the
 * same keys the domain's ValidationError uses, so every message lands next to its field.
 *
 * A draft keeps exactly what the admin typed (nothing trimmed), so a refused form comes back intact.
 */

export const LINK_KINDS = ["notes", "questions", "lectures"] as const;
export type LinkKind = (typeof LINK_KINDS)[number];

/** How each list is named in the console: the buttons read "Add Notes link" and so on. */
export const LINK_KIND_LABELS: Record<LinkKind, string> = {
  notes: "Notes",
  questions: "Questions",
  lectures: "Lectures",
};

export type LinkDraft = { title: string; url: string };
export type ChapterDraft = { title: string; links: Record<LinkKind, LinkDraft[]> };
export type AddDataDraft = { grade: string; subject: string; chapters: ChapterDraft[] };
export type EditDraft = {
  id: string;
  version: string;
  grade: string;
  subject: string;
  chapter: ChapterDraft;
};

/** What the domain's createChapters / updateChapter take for one chapter. */
export type ChapterInput = { title: string; links: Record<LinkKind, LinkDraft[]> };

/** The spec's alert when class, subject or every chapter is missing. */
export const FILL_OUT_MESSAGE = "Please fill out class, subject, and at least one chapter.";

/** Far above what a teacher adds at once; a form with more rows was not sent by our page. */
export const MAX_CHAPTERS_PER_FORM = 100;
export const MAX_LINK_ROWS_PER_LIST = 100;
/** All link rows of one form together: bounds the work a single request can ask for. */
export const MAX_LINK_ROWS_PER_FORM = 1_000;

/** The form holds more rows than our pages ever send. */
export class FormShapeError extends Error {}

export function emptyChapterDraft(): ChapterDraft {
  return { title: "", links: { notes: [], questions: [], lectures: [] } };
}

export function chapterPrefix(index: number): string {
  return `chapters.${index}.`;
}

export function linkFieldName(prefix: string, kind: LinkKind, row: number, field: "title" | "url"): string {
  return `${prefix}${kind}.${row}.${field}`;
}

function text(value: FormDataEntryValue | null): string {
  return typeof value === "string" ? value : "";
}

/**
 * A chapter field: `[chapters.{i}.]title` or `[chapters.{i}.]{kind}.{j}.{title|url}`, with numbers
 * written as our pages write them (no leading zeros), so one row has exactly one name per field.
 */
const CHAPTER_FIELD =
  /^(?:chapters\.(0|[1-9]\d{0,3})\.)?(?:(title)|(notes|questions|lectures)\.(0|[1-9]\d{0,3})\.(title|url))$/;

type ChapterFields = { title?: string; rows: Record<LinkKind, Map<number, Partial<LinkDraft>>> };

function tooMany(what: string, max: number): FormShapeError {
  return new FormShapeError(
    `The form holds more than ${max.toLocaleString("en-IN")} ${what}; no more can be sent at once.`,
  );
}

/**
 * The chapter and link fields of a form in one pass over its entries, so reading is linear in the
 * form's size (FormData.get is itself a scan, so it is never called per row). The first value of a
 * name counts, as with FormData.get; the caps are checked as rows appear, before any more work.
 */
function readChapterFields(form: FormData, prefixed: boolean): Map<number, ChapterFields> {
  const chapters = new Map<number, ChapterFields>();
  let linkRows = 0;
  for (const [key, value] of form) {
    const match = CHAPTER_FIELD.exec(key);
    if (!match || (match[1] !== undefined) !== prefixed) continue;
    const index = Number(match[1] ?? 0);
    let chapter = chapters.get(index);
    if (!chapter) {
      if (chapters.size >= MAX_CHAPTERS_PER_FORM) throw tooMany("chapters", MAX_CHAPTERS_PER_FORM);
      chapter = { rows: { notes: new Map(), questions: new Map(), lectures: new Map() } };
      chapters.set(index, chapter);
    }
    if (match[2]) {
      chapter.title ??= text(value);
      continue;
    }
    const kind = match[3] as LinkKind;
    const rows = chapter.rows[kind];
    const row = Number(match[4]);
    let link = rows.get(row);
    if (!link) {
      if (rows.size >= MAX_LINK_ROWS_PER_LIST)
        throw tooMany(`${LINK_KIND_LABELS[kind]} links in one chapter`, MAX_LINK_ROWS_PER_LIST);
      if (++linkRows > MAX_LINK_ROWS_PER_FORM) throw tooMany("links", MAX_LINK_ROWS_PER_FORM);
      link = {};
      rows.set(row, link);
    }
    link[match[5] as "title" | "url"] ??= text(value);
  }
  return chapters;
}

/** Map entries in ascending key order: gaps in row numbers (rows removed in the browser) close up. */
function inOrder<T>(map: Map<number, T>): T[] {
  return [...map.entries()].sort(([a], [b]) => a - b).map(([, value]) => value);
}

function toDraft(fields: ChapterFields | undefined): ChapterDraft {
  const draft = emptyChapterDraft();
  if (!fields) return draft;
  draft.title = fields.title ?? "";
  for (const kind of LINK_KINDS) {
    draft.links[kind] = inOrder(fields.rows[kind]).map((l) => ({ title: l.title ?? "", url: l.url ?? "" }));
  }
  return draft;
}

/** The Add Data form: class, subject and its chapters in the order shown. */
export function readAddDataDraft(form: FormData): AddDataDraft {
  return {
    grade: text(form.get("grade")).trim(),
    subject: text(form.get("subject")).trim(),
    chapters: inOrder(readChapterFields(form, true)).map(toDraft),
  };
}

/** The dashboard's Edit Resource form. */
export function readEditDraft(form: FormData): EditDraft {
  return {
    id: text(form.get("id")).trim(),
    version: text(form.get("version")).trim(),
    grade: text(form.get("grade")).trim(),
    subject: text(form.get("subject")).trim(),
    chapter: toDraft(readChapterFields(form, false).get(0)),
  };
}

/** A positive whole number from a hidden field (ids, versions); anything else is null. */
export function parseWholeNumber(value: string, { min = 1 }: { min?: number } = {}): number | null {
  if (!/^\d{1,12}$/.test(value)) return null;
  const n = Number(value);
  return Number.isSafeInteger(n) && n >= min ? n : null;
}

// ---------------------------------------------------------------------------------------------
// Row buttons. Without JavaScript they are submit buttons whose `intent` the server applies to
// the draft before showing the form again; with JavaScript the page applies the same change.
// ---------------------------------------------------------------------------------------------

export type RowIntent =
  | { type: "add-chapter" }
  | { type: "remove-chapter"; chapter: number }
  | { type: "add-link"; chapter: number; kind: LinkKind }
  | { type: "remove-link"; chapter: number; kind: LinkKind; row: number }
  | { type: "move-link"; chapter: number; kind: LinkKind; row: number; direction: "up" | "down" };

/** The `intent` value of a row button, e.g. "add-notes-link:0" or "move-lectures-link:1:2:up". */
export function rowIntentValue(op: RowIntent): string {
  switch (op.type) {
    case "add-chapter":
      return "add-chapter";
    case "remove-chapter":
      return `remove-chapter:${op.chapter}`;
    case "add-link":
      return `add-${op.kind}-link:${op.chapter}`;
    case "remove-link":
      return `remove-${op.kind}-link:${op.chapter}:${op.row}`;
    case "move-link":
      return `move-${op.kind}-link:${op.chapter}:${op.row}:${op.direction}`;
  }
}

const KIND = "(notes|questions|lectures)";
const N = "(\\d{1,4})";
const INTENTS: Array<[RegExp, (m: RegExpExecArray) => RowIntent]> = [
  [/^add-chapter$/, () => ({ type: "add-chapter" })],
  [new RegExp(`^remove-chapter:${N}$`), (m) => ({ type: "remove-chapter", chapter: Number(m[1]) })],
  [
    new RegExp(`^add-${KIND}-link:${N}$`),
    (m) => ({ type: "add-link", kind: m[1] as LinkKind, chapter: Number(m[2]) }),
  ],
  [
    new RegExp(`^remove-${KIND}-link:${N}:${N}$`),
    (m) => ({ type: "remove-link", kind: m[1] as LinkKind, chapter: Number(m[2]), row: Number(m[3]) }),
  ],
  [
    new RegExp(`^move-${KIND}-link:${N}:${N}:(up|down)$`),
    (m) => ({
      type: "move-link",
      kind: m[1] as LinkKind,
      chapter: Number(m[2]),
      row: Number(m[3]),
      direction: m[4] as "up" | "down",
    }),
  ],
];

export function parseRowIntent(value: string): RowIntent | null {
  for (const [pattern, make] of INTENTS) {
    const match = pattern.exec(value);
    if (match) return make(match);
  }
  return null;
}

type ChapterShape<L> = { links: Record<LinkKind, L[]> };

/**
 * Applies a row button to a list of chapters, returning a new list. Used by the server (on drafts)
 * and by the page (on its keyed rows). A request for a row that is not there changes nothing; the
 * form always keeps at least one chapter.
 */
export function applyRowIntent<L, C extends ChapterShape<L>>(
  chapters: readonly C[],
  op: RowIntent,
  make: { chapter: () => C; link: () => L },
): C[] {
  if (op.type === "add-chapter") {
    return chapters.length >= MAX_CHAPTERS_PER_FORM ? [...chapters] : [...chapters, make.chapter()];
  }
  const target = chapters[op.chapter];
  if (!target) return [...chapters];
  if (op.type === "remove-chapter") {
    const rest = chapters.filter((_, i) => i !== op.chapter);
    return rest.length > 0 ? rest : [make.chapter()];
  }
  const rows = [...target.links[op.kind]];
  if (op.type === "add-link") {
    const total = chapters.reduce((n, c) => n + LINK_KINDS.reduce((m, k) => m + c.links[k].length, 0), 0);
    if (rows.length >= MAX_LINK_ROWS_PER_LIST || total >= MAX_LINK_ROWS_PER_FORM) return [...chapters];
    rows.push(make.link());
  } else if (op.type === "remove-link") {
    if (op.row >= rows.length) return [...chapters];
    rows.splice(op.row, 1);
  } else {
    const to = op.direction === "up" ? op.row - 1 : op.row + 1;
    if (op.row >= rows.length || to < 0 || to >= rows.length) return [...chapters];
    [rows[op.row], rows[to]] = [rows[to] as L, rows[op.row] as L];
  }
  const changed = { ...target, links: { ...target.links, [op.kind]: rows } };
  return chapters.map((c, i) => (i === op.chapter ? changed : c));
}

// ---------------------------------------------------------------------------------------------
// From draft to domain input. Rows left completely empty are skipped (an "Add … link" clicked by
// mistake is not an error), so the domain's error keys are mapped back to the rows on screen.
// ---------------------------------------------------------------------------------------------

/** Where a domain input came from in the draft: its chapter and, per list, each kept row's number. */
export type DraftPlace = { chapter: number; links: Record<LinkKind, number[]> };

export function isBlankLink(link: LinkDraft): boolean {
  return !link.title.trim() && !link.url.trim();
}

export function isBlankChapter(chapter: ChapterDraft): boolean {
  return !chapter.title.trim() && LINK_KINDS.every((kind) => chapter.links[kind].every(isBlankLink));
}

/** True when at least one chapter has a title: the spec's "at least one chapter". */
export function hasChapterTitle(chapters: readonly ChapterDraft[]): boolean {
  return chapters.some((c) => c.title.trim() !== "");
}

export function toChapterInput(draft: ChapterDraft, chapter = 0): { input: ChapterInput; place: DraftPlace } {
  const input: ChapterInput = { title: draft.title, links: { notes: [], questions: [], lectures: [] } };
  const place: DraftPlace = { chapter, links: { notes: [], questions: [], lectures: [] } };
  for (const kind of LINK_KINDS) {
    draft.links[kind].forEach((link, row) => {
      if (isBlankLink(link)) return;
      input.links[kind].push({ title: link.title, url: link.url });
      place.links[kind].push(row);
    });
  }
  return { input, place };
}

/** The chapters worth saving (empty ones skipped), with where each came from. */
export function toChapterInputs(drafts: readonly ChapterDraft[]): {
  inputs: ChapterInput[];
  places: DraftPlace[];
} {
  const inputs: ChapterInput[] = [];
  const places: DraftPlace[] = [];
  drafts.forEach((draft, i) => {
    if (isBlankChapter(draft)) return;
    const { input, place } = toChapterInput(draft, i);
    inputs.push(input);
    places.push(place);
  });
  return { inputs, places };
}

const LINK_KEY = /^(notes|questions|lectures)\.(\d+)\.(title|url)$/;

function placeKey(rest: string, place: DraftPlace, prefix: string): string {
  const link = LINK_KEY.exec(rest);
  if (!link) return `${prefix}${rest}`;
  const kind = link[1] as LinkKind;
  const row = place.links[kind][Number(link[2])] ?? Number(link[2]);
  return `${prefix}${linkFieldName("", kind, row, link[3] as "title" | "url")}`;
}

/** Add Data: the domain's `chapters.{i}.…` keys (numbered over the saved inputs) as draft keys. */
export function draftErrors(errors: Record<string, string>, places: readonly DraftPlace[]) {
  const mapped: Record<string, string> = {};
  for (const [key, message] of Object.entries(errors)) {
    const match = /^chapters\.(\d+)\.(.+)$/.exec(key);
    const place = match ? places[Number(match[1])] : undefined;
    if (match && place) mapped[placeKey(match[2] ?? "", place, chapterPrefix(place.chapter))] = message;
    else mapped[key] = message;
  }
  return mapped;
}

/** Edit: the domain's `title` / `{kind}.{j}.url` keys as draft keys. */
export function draftErrorsForChapter(errors: Record<string, string>, place: DraftPlace) {
  const mapped: Record<string, string> = {};
  for (const [key, message] of Object.entries(errors)) mapped[placeKey(key, place, "")] = message;
  return mapped;
}

// ---------------------------------------------------------------------------------------------
// Reading a draft back from an action result (`values` is untyped JSON).
// ---------------------------------------------------------------------------------------------

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function asLink(value: unknown): LinkDraft | null {
  if (!isRecord(value) || typeof value.title !== "string" || typeof value.url !== "string") return null;
  return { title: value.title, url: value.url };
}

export function asChapterDraft(value: unknown): ChapterDraft | null {
  if (!isRecord(value) || typeof value.title !== "string" || !isRecord(value.links)) return null;
  const draft = emptyChapterDraft();
  draft.title = value.title;
  for (const kind of LINK_KINDS) {
    const rows = value.links[kind];
    if (!Array.isArray(rows)) return null;
    for (const row of rows) {
      const link = asLink(row);
      if (!link) return null;
      draft.links[kind].push(link);
    }
  }
  return draft;
}

export function asAddDataDraft(value: unknown): AddDataDraft | null {
  if (!isRecord(value) || typeof value.grade !== "string" || typeof value.subject !== "string") return null;
  if (!Array.isArray(value.chapters)) return null;
  const chapters: ChapterDraft[] = [];
  for (const c of value.chapters) {
    const chapter = asChapterDraft(c);
    if (!chapter) return null;
    chapters.push(chapter);
  }
  return { grade: value.grade, subject: value.subject, chapters };
}

export function asEditDraft(value: unknown): EditDraft | null {
  if (!isRecord(value)) return null;
  const { id, version, grade, subject } = value;
  if ([id, version, grade, subject].some((v) => typeof v !== "string")) return null;
  const chapter = asChapterDraft(value.chapter);
  return chapter
    ? {
        id: id as string,
        version: version as string,
        grade: grade as string,
        subject: subject as string,
        chapter,
      }
    : null;
}

// ---------------------------------------------------------------------------------------------
// One line for the toast when several fields are wrong: the first one on screen, and how many more.
// ---------------------------------------------------------------------------------------------

const FIELD_ORDER = /^(?:chapters\.(\d+)\.)?(?:(title)|(notes|questions|lectures)\.(\d+)\.(title|url))$/;

/** Where a field sits on screen: class and subject first, then chapter by chapter, top to bottom. */
function screenRank(key: string): number[] {
  const match = FIELD_ORDER.exec(key);
  if (!match) return [-1];
  const chapter = Number(match[1] ?? 0);
  if (match[2]) return [chapter, -1];
  return [chapter, LINK_KINDS.indexOf(match[3] as LinkKind), Number(match[4]), match[5] === "url" ? 1 : 0];
}

function compareRanks(a: number[], b: number[]): number {
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const d = (a[i] ?? -2) - (b[i] ?? -2);
    if (d !== 0) return d;
  }
  return 0;
}

export function summarizeErrors(errors: Record<string, string>): string {
  const keys = Object.keys(errors).sort((a, b) => compareRanks(screenRank(a), screenRank(b)));
  const first = keys[0] ? errors[keys[0]] : undefined;
  if (!first) return "Some fields need your attention.";
  const more = keys.length - 1;
  return more === 0 ? first : `${first} (${more} more field${more === 1 ? "" : "s"} marked below.)`;
}
