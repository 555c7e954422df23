import { z } from "zod";
import { gradeField, recordId, typedText, wholeNumber } from "#app/lib/form-fields.ts";

import type { LinkMeta } from "#app/lib/link-types.ts";
import { checkSyllabusFields, type SyllabusFields } from "#app/lib/sessions.ts";

/**
 * The chapter forms of the console, Add Data and the Dashboard's Edit Resource: one Zod schema each,
 * read with Conform (docs/decisions/0004). Conform names the fields: a chapter's title is
 * `chapters[0].title` in Add Data and `title` in Edit Resource, a link's fields
 * `chapters[0].notes[1].url` and `notes[1].url`. What was typed is kept as typed (nothing trimmed),
 * so a refused form comes back intact; the chapters domain judges titles and addresses.
 */

export const LINK_KINDS = ["official", "notes", "questions", "lectures"] as const;
export type LinkKind = (typeof LINK_KINDS)[number];

/** How each list is named in the console: the buttons read "Add Notes link" and so on. */
export const LINK_KIND_LABELS: Record<LinkKind, string> = {
  official: "Official",
  notes: "Notes",
  questions: "Questions",
  lectures: "Lectures",
};

/** The spec's alert when class, subject or every chapter is missing. */
export const FILL_OUT_MESSAGE = "Please fill out class, subject, and at least one chapter.";

/** Far above what a teacher adds at once; a form with more rows was not sent by our page. */
export const MAX_CHAPTERS_PER_FORM = 100;
export const MAX_LINK_ROWS_PER_LIST = 100;
/** All link rows of one form together: bounds the work a single request can ask for. */
export const MAX_LINK_ROWS_PER_FORM = 1_000;

/** Far above the domain's own limits (200 characters a title, 2,000 a URL), whose messages are clearer. */
const MAX_TYPED = 10_000;

// What the forms' fields hold, for `useConsoleForm` (Conform's field names follow these shapes).
/** A link row: its title and URL, and its Type (a slug), Language (a code) and Year as chosen, "" for none. */
export type LinkFields = { title: string; url: string; type: string; language: string; year: string };
export type ChapterFields = { title: string } & Record<LinkKind, LinkFields[]> & Partial<SyllabusTypedFields>;
/** A chapter's syllabus fields in the current session, and its book (docs/decisions/0023). */
export type SyllabusTypedFields = {
  syllabusStatus: string;
  whatChanged: string;
  book: string;
  chapterNumber: string;
};
export type AddDataFields = { intent: "save"; grade: string; subject: string; chapters: ChapterFields[] };
export type EditChapterFields = ChapterFields & {
  intent: "update";
  id: string;
  version: string;
  grade: string;
  subject: string;
};

/** A link as the domain's createChapters / updateChapter take it: its Type, Language and Year only when chosen. */
export type LinkInput = { title: string; url: string; type?: string; language?: string; year?: string };
/** What the domain's createChapters / updateChapter take for one chapter. */
export type ChapterInput = {
  title: string;
  links: Record<LinkKind, LinkInput[]>;
  syllabus?: SyllabusFields;
};

/** Where a saved chapter came from on screen: its chapter and, per list, each saved row's index. */
export type ChapterPlace = { chapter: number; links: Record<LinkKind, number[]> };

const NOT_OURS =
  "The form is not the one this page sends, so nothing was saved. Reload the page and try again.";

function tooMany(max: number, what: string): string {
  return `The form holds more than ${max.toLocaleString("en-IN")} ${what}; no more can be sent at once, so nothing was saved.`;
}

/** Far above any type, language or year; the domain says what is wrong with a shorter one. */
const MAX_META_TYPED = 200;

/** A link row; a row Conform left out (a gap in the numbers) counts as empty. */
const linkRow = z
  .object(
    {
      title: typedText(MAX_TYPED),
      url: typedText(MAX_TYPED),
      type: typedText(MAX_META_TYPED),
      language: typedText(MAX_META_TYPED),
      // Text, not a number: "20x5" reaches the domain as typed, which names what is wrong with it.
      year: typedText(MAX_META_TYPED),
    },
    { error: NOT_OURS },
  )
  .optional()
  .transform((row): LinkFields => row ?? blankLink());

export function blankLink(): LinkFields {
  return { title: "", url: "", type: "", language: "", year: "" };
}

/** A saved link as Edit Resource's row shows it. */
export function linkFieldsOf(link: { title: string; url: string } & LinkMeta): LinkFields {
  return {
    title: link.title,
    url: link.url,
    type: link.type ?? "",
    language: link.language ?? "",
    year: link.year ? String(link.year) : "",
  };
}

const linkList = (kind: LinkKind) =>
  z
    .array(linkRow, { error: NOT_OURS })
    .max(
      MAX_LINK_ROWS_PER_LIST,
      tooMany(MAX_LINK_ROWS_PER_LIST, `${LINK_KIND_LABELS[kind]} links in one chapter`),
    )
    .optional()
    .transform((rows) => rows ?? []);

/** One chapter's fields: its title, its three link lists and its syllabus fields. */
const chapterShape = {
  title: typedText(MAX_TYPED),
  official: linkList("official"),
  notes: linkList("notes"),
  questions: linkList("questions"),
  lectures: linkList("lectures"),
  // Absent from a form without the syllabus fields: the chapter's status is left as it is.
  syllabusStatus: z.string().max(MAX_TYPED, NOT_OURS).optional(),
  whatChanged: typedText(MAX_TYPED),
  book: typedText(MAX_TYPED),
  chapterNumber: typedText(MAX_TYPED),
};

const chapter = z
  .object(chapterShape, { error: NOT_OURS })
  .optional()
  .transform((c): ChapterFields => c ?? { title: "", official: [], notes: [], questions: [], lectures: [] });

/** Where each syllabus field's message goes on screen. */
const SYLLABUS_FIELD = {
  status: "syllabusStatus",
  whatChanged: "whatChanged",
  book: "book",
  chapterNumber: "chapterNumber",
} as const;

/** The syllabus fields' messages at their fields (under `path`); true when there were any. */
function syllabusIssues(typed: ChapterFields, path: Array<string | number>, ctx: z.RefinementCtx): boolean {
  if (typed.syllabusStatus === undefined) return false;
  const { errors } = checkSyllabusFields(syllabusTyped(typed));
  for (const [key, message] of Object.entries(errors))
    ctx.addIssue({
      code: "custom",
      path: [...path, SYLLABUS_FIELD[key as keyof typeof SYLLABUS_FIELD]],
      message,
    });
  return Object.keys(errors).length > 0;
}

function syllabusTyped(typed: ChapterFields) {
  return {
    status: typed.syllabusStatus ?? "",
    whatChanged: typed.whatChanged ?? "",
    book: typed.book ?? "",
    chapterNumber: typed.chapterNumber ?? "",
  };
}

function linkCount(chapters: readonly ChapterFields[]): number {
  return chapters.reduce((n, c) => n + LINK_KINDS.reduce((m, kind) => m + c[kind].length, 0), 0);
}

const CLASS_MESSAGE = "Class: choose Class 9, 10, 11 or 12.";
const NO_SUBJECT = "Subject: choose the subject these chapters belong to.";
const NO_TITLE = "Chapter Title: enter the name of at least one chapter.";

/** Add Data: class, subject and the chapters, in the order shown. */
export const addDataForm = z
  .object({
    intent: z.literal("save"),
    grade: gradeField(CLASS_MESSAGE),
    subject: typedText(200),
    chapters: z
      .array(chapter, { error: NOT_OURS })
      .max(MAX_CHAPTERS_PER_FORM, tooMany(MAX_CHAPTERS_PER_FORM, "chapters"))
      .optional()
      .transform((list) => list ?? []),
  })
  // A transform runs only on a form whose fields passed, so these checks see what the page sent.
  .transform((form, ctx) => {
    if (linkCount(form.chapters) > MAX_LINK_ROWS_PER_FORM) {
      ctx.addIssue({ code: "custom", path: ["chapters"], message: tooMany(MAX_LINK_ROWS_PER_FORM, "links") });
      return z.NEVER;
    }
    const subject = form.subject.trim();
    const titled = form.chapters.some((c) => c.title.trim() !== "");
    const wrong = form.chapters.map((c, i) => !isBlankChapter(c) && syllabusIssues(c, ["chapters", i], ctx));
    if (wrong.some(Boolean)) return z.NEVER;
    if (!subject || !titled) {
      // The spec's alert first (it becomes the toast), then each missing field at its place.
      ctx.addIssue({ code: "custom", path: [], message: FILL_OUT_MESSAGE });
      if (!subject) ctx.addIssue({ code: "custom", path: ["subject"], message: NO_SUBJECT });
      if (!titled) ctx.addIssue({ code: "custom", path: ["chapters", 0, "title"], message: NO_TITLE });
      return z.NEVER;
    }
    return { intent: form.intent, grade: form.grade, subject, ...toChapterInputs(form.chapters) };
  });

const NO_CHAPTER =
  "The form did not say which chapter it is about, so nothing was changed. Reload the page and try again.";
const LOST_VERSION =
  "The form lost track of which version of the chapter you opened. Reload the page and open it again.";

/** Edit Resource: one chapter, with the version it was opened at (optimistic concurrency). */
export const editChapterForm = z
  .object({
    intent: z.literal("update"),
    id: recordId(NO_CHAPTER),
    version: wholeNumber(LOST_VERSION, 0),
    grade: gradeField(CLASS_MESSAGE),
    subject: z.string({ error: "Subject: choose the chapter's subject." }).max(200, NOT_OURS),
    ...chapterShape,
  })
  .transform(({ intent, id, version, grade, subject, ...typed }, ctx) => {
    if (syllabusIssues(typed, [], ctx)) return z.NEVER;
    const { input, place } = toChapterInput(typed, 0);
    return { intent, id, version, change: { grade, subjectCode: subject, ...input }, place };
  });

// ---------------------------------------------------------------------------------------------
// From the form to the domain's input. Rows left completely empty are skipped (an "Add … link"
// clicked by mistake is not an error), so the domain's error keys are mapped back to the rows.
// ---------------------------------------------------------------------------------------------

/** A row with no title and no URL is skipped, whatever its Type, Language or Year say. */
function isBlankLink(link: LinkFields): boolean {
  return !link.title.trim() && !link.url.trim();
}

function isBlankChapter(chapter: ChapterFields): boolean {
  return !chapter.title.trim() && LINK_KINDS.every((kind) => chapter[kind].every(isBlankLink));
}

export function toChapterInput(
  typed: ChapterFields,
  chapter: number,
): { input: ChapterInput; place: ChapterPlace } {
  const input: ChapterInput = {
    title: typed.title,
    links: { official: [], notes: [], questions: [], lectures: [] },
    ...(typed.syllabusStatus === undefined
      ? {}
      : { syllabus: checkSyllabusFields(syllabusTyped(typed)).value }),
  };
  const place: ChapterPlace = { chapter, links: { official: [], notes: [], questions: [], lectures: [] } };
  for (const kind of LINK_KINDS) {
    typed[kind].forEach((link, row) => {
      if (isBlankLink(link)) return;
      // Only what was chosen: a link without a type, language or year reads as before they existed.
      const { title, url, type, language, year } = link;
      input.links[kind].push({
        title,
        url,
        ...(type.trim() ? { type } : {}),
        ...(language.trim() ? { language } : {}),
        ...(year.trim() ? { year } : {}),
      });
      place.links[kind].push(row);
    });
  }
  return { input, place };
}

/** The chapters worth saving (empty ones skipped), with where each came from. */
export function toChapterInputs(chapters: readonly ChapterFields[]): {
  inputs: ChapterInput[];
  places: ChapterPlace[];
} {
  const inputs: ChapterInput[] = [];
  const places: ChapterPlace[] = [];
  chapters.forEach((typed, i) => {
    if (isBlankChapter(typed)) return;
    const { input, place } = toChapterInput(typed, i);
    inputs.push(input);
    places.push(place);
  });
  return { inputs, places };
}

/**
 * A key of the chapters domain's ValidationError: `chapters.{i}.title` and
 * `chapters.{i}.{kind}.{j}.{title|url}` for createChapters, the same without `chapters.{i}.` for
 * updateChapter. Anything else (e.g. `subject`) is not about a row.
 */
const DOMAIN_KEY =
  /^(?:chapters\.(\d+)\.)?(?:title|(official|notes|questions|lectures)\.(\d+)\.(title|url|type|language|year))$/;

/** Where each field of a row is on screen, so the first wrong one is named first. */
const ROW_FIELDS = ["title", "url", "type", "language", "year"] as const;

/**
 * The domain's messages at the fields on screen, and one line for the toast: the first wrong field
 * on screen and how many more. `places` are the saved chapters' places (one for Edit Resource);
 * `list` is the form's chapter list (`chapters` in Add Data, none in Edit Resource).
 */
export function chapterErrorsOnScreen(
  errors: Record<string, string>,
  places: readonly ChapterPlace[],
  list?: string,
): { fields: Record<string, string>; summary: string } {
  const found: Array<{ name: string; rank: number[]; message: string }> = [];
  for (const [key, message] of Object.entries(errors)) {
    const match = DOMAIN_KEY.exec(key);
    const place = match ? places[Number(match[1] ?? 0)] : undefined;
    if (!match || !place) {
      found.push({ name: key, rank: [-1], message });
      continue;
    }
    const prefix = list ? `${list}[${place.chapter}].` : "";
    const kind = match[2] as LinkKind | undefined;
    if (!kind) {
      found.push({ name: `${prefix}title`, rank: [place.chapter, -1], message });
      continue;
    }
    const row = place.links[kind][Number(match[3])] ?? Number(match[3]);
    const field = match[4] as (typeof ROW_FIELDS)[number];
    found.push({
      name: `${prefix}${kind}[${row}].${field}`,
      rank: [place.chapter, LINK_KINDS.indexOf(kind), row, ROW_FIELDS.indexOf(field)],
      message,
    });
  }
  found.sort((a, b) => compareRanks(a.rank, b.rank));
  const first = found[0]?.message ?? "Some fields need your attention.";
  const more = found.length - 1;
  return {
    fields: Object.fromEntries(found.map((f) => [f.name, f.message])),
    summary: more > 0 ? `${first} (${more} more field${more === 1 ? "" : "s"} marked below.)` : first,
  };
}

function compareRanks(a: number[], b: number[]): number {
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const d = (a[i] ?? -2) - (b[i] ?? -2);
    if (d !== 0) return d;
  }
  return 0;
}
