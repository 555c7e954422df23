import type { Grade } from "#app/lib/grades.ts";
import type { SyllabusFields } from "#app/lib/sessions.ts";

// The chapters CSV's format and the preview's shape, safe for the browser (docs/decisions/0009).

/**
 * The spreadsheet's columns, in order (docs/decisions/0009-chapters-csv.md): the first six of every
 * file, then a link's Type, Language and Year (decision 0025), which files from before them lack.
 */
export const CSV_COLUMNS = [
  "Class",
  "Subject",
  "Chapter",
  "Kind",
  "Link title",
  "URL",
  "Type",
  "Language",
  "Year",
] as const;
/** The columns every file has; an older file has only these. */
export const CSV_FIRST_COLUMNS = CSV_COLUMNS.slice(0, 6);
/**
 * The chapter's syllabus in the current session and its book (docs/decisions/0023), after the link
 * columns: the export writes them; an import reads them when its header has them (older files have not).
 */
export const CSV_SYLLABUS_COLUMNS = ["Syllabus status", "What changed", "Book", "Chapter number"] as const;
export const CSV_KINDS = ["official", "notes", "questions", "lectures"] as const;
export type CsvKind = (typeof CSV_KINDS)[number];
/** Caps of one import: bigger files are refused whole, unread. */
export const MAX_CSV_BYTES = 5 * 1024 * 1024;
export const MAX_CSV_ROWS = 20_000;

/** A problem with one line of the file (the line where its record starts; line 1 is the header). */
export type CsvProblem = { line: number; message: string };
/** A link row; its Type, Language and Year as written (undefined when the file has no such columns). */
export type CsvLink = {
  line: number;
  kind: CsvKind;
  title: string;
  url: string;
  type?: string;
  language?: string;
  year?: string;
};
/** The rows of one chapter: grouped by (class, subject, chapter title). */
export type CsvChapter = {
  line: number;
  grade: Grade;
  subjectCode: string;
  title: string;
  links: CsvLink[];
  /** From a file with the syllabus columns: its first row's, checked. */
  syllabus?: SyllabusFields;
};
export type ReadCsv = { chapters: CsvChapter[]; problems: CsvProblem[]; rows: number };

export function plural(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}

type Place = { line: number; grade: Grade; subject: string; title: string; slug: string };
/** What an import would do (or did): shown to the admin before anything is written. */
export type CsvPreview = {
  added: Array<Place & { links: number }>;
  changed: Array<Place & { version: number; what: string }>;
  unchanged: number;
  problems: CsvProblem[];
  rows: number;
  /** A hash of the plan, so that the confirm applies exactly what was shown. */
  digest: string;
};

/** The preview screen's state: the plan, and the file packed for the confirm form. */
export type CsvImportState = { preview: CsvPreview; packed: string; fileName: string };
