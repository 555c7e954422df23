import { parse } from "csv-parse/sync";
import {
  CSV_COLUMNS,
  CSV_FIRST_COLUMNS,
  CSV_KINDS,
  CSV_SYLLABUS_COLUMNS,
  type CsvChapter,
  type CsvKind,
  type CsvProblem,
  MAX_CSV_BYTES,
  MAX_CSV_ROWS,
  type ReadCsv,
} from "#app/lib/chapters-csv-format.ts";
import { type Grade, parseGrade } from "#app/lib/grades.ts";
import { checkSyllabusFields } from "#app/lib/sessions.ts";

// Server-side only (csv-parse stays out of the browser): the page uses ./chapters-csv-format.ts.
export * from "#app/lib/chapters-csv-format.ts";

/** The whole file is refused (not UTF-8, too big, no header): nothing to preview. */
export class CsvFileError extends Error {}

/**
 * A cell a spreadsheet would run as a formula begins with one of OWASP's characters (`=`, `+`, `-`,
 * `@`, tab, carriage return). The export puts a `'` before such a cell, and before a cell that
 * already begins with `'`, so that the import's undo is exact: a real `'=x` goes out as `''=x`.
 */
const NEEDS_QUOTE_MARK = /^[=+\-@\t\r']/;

/** A cell as exported: safe to open in a spreadsheet (see NEEDS_QUOTE_MARK). */
export function neutraliseCell(value: string): string {
  return NEEDS_QUOTE_MARK.test(value) ? `'${value}` : value;
}

/**
 * A cell as imported: the export's `'` taken off again. Only a `'` the export could have added (one
 * followed by a formula character or another `'`) is removed; `'hello` stays as it is.
 */
export function restoreCell(value: string): string {
  return value.startsWith("'") && NEEDS_QUOTE_MARK.test(value.slice(1)) ? value.slice(1) : value;
}

/** "Notes", "QUESTIONS", " lectures " → the kind; anything else null. */
export function parseKind(value: string): CsvKind | null {
  const kind = value.trim().toLowerCase();
  return (CSV_KINDS as readonly string[]).includes(kind) ? (kind as CsvKind) : null;
}

/** Accepts "9" and "Class 9". */
function parseClass(value: string): Grade | null {
  return parseGrade(value.trim().replace(/^class\s+/i, ""));
}

/**
 * The line each record starts on. csv-parse's own line count is off after a quoted CRLF, so lines
 * are counted here, from the byte offset where each record ends (`info.bytes`, BOM included).
 */
function lineCounter(text: string) {
  const bytes = new TextEncoder().encode(text);
  let at = 0;
  let line = 1;
  return (endOfPrevious: number): number => {
    // Count the line breaks up to the previous record's end, then skip empty lines before this one.
    for (; at < bytes.length; at++) {
      const byte = bytes[at];
      const isBreak = byte === 0x0a || (byte === 0x0d && bytes[at + 1] !== 0x0a);
      if (at >= endOfPrevious && !(byte === 0x0a || byte === 0x0d)) break;
      if (isBreak) line++;
    }
    return line;
  };
}

/** Bytes of an uploaded file as text; Excel's "CSV UTF-8" (with or without BOM) is the format. */
export function decodeCsv(bytes: Uint8Array): string {
  if (bytes.byteLength > MAX_CSV_BYTES) {
    throw new CsvFileError(
      `The file is larger than ${MAX_CSV_BYTES / 1024 / 1024} MB. Split it into smaller files and import each.`,
    );
  }
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw new CsvFileError('The file is not UTF-8 text. In Excel, save it as "CSV UTF-8 (Comma delimited)".');
  }
}

/**
 * Reads the file with csv-parse (quotes, commas and newlines inside fields, CRLF, BOM) and groups
 * its rows into chapters. Rows that cannot be read are named by line; the rest is left to the
 * chapters domain, which holds the rules (titles, URLs, clashes).
 */
export function readChaptersCsv(
  text: string,
  knownSubject: (grade: Grade, code: string) => string | null,
): ReadCsv {
  let records: Array<{ record: string[]; info: { bytes: number } }>;
  try {
    // With `info`, each record comes with where it was read (the typings only know plain records).
    records = parse(text, {
      bom: true,
      info: true,
      relax_column_count: true,
      skip_empty_lines: true,
    }) as unknown as typeof records;
  } catch (err) {
    const line = (err as { lines?: number }).lines;
    throw new CsvFileError(
      `The file is not valid CSV${line ? ` (near line ${line})` : ""}: check that every quote is closed.`,
    );
  }
  const [header, ...body] = records;
  const names = header?.record.map((h) => h.trim().toLowerCase()) ?? [];
  // Files from before typed links have the first six columns, from before the syllabus the first
  // nine; the export writes all of them. Either way, all of a group of columns or none of it.
  const withSyllabus = names.length > CSV_COLUMNS.length;
  const columns: readonly string[] =
    names.length === CSV_FIRST_COLUMNS.length
      ? CSV_FIRST_COLUMNS
      : withSyllabus
        ? [...CSV_COLUMNS, ...CSV_SYLLABUS_COLUMNS]
        : CSV_COLUMNS;
  if (names.length !== columns.length || columns.some((column, i) => names[i] !== column.toLowerCase())) {
    throw new CsvFileError(
      `The first line must name the columns: ${[...CSV_COLUMNS, ...CSV_SYLLABUS_COLUMNS].join(", ")} (files without the last four, or the last seven, still import).`,
    );
  }
  if (body.length > MAX_CSV_ROWS) {
    throw new CsvFileError(
      `The file has ${body.length} rows; at most ${MAX_CSV_ROWS} can be imported at once. Split it into smaller files.`,
    );
  }
  const problems: CsvProblem[] = [];
  const groups = new Map<string, CsvChapter>();
  const seenLinks = new Map<string, number>();
  const lineAt = lineCounter(text);
  let end = header?.info.bytes ?? 0;
  for (const { record, info } of body) {
    const line = lineAt(end);
    end = info.bytes;
    const bad = (message: string) => problems.push({ line, message });
    if (record.length !== columns.length) {
      bad(`Expected ${columns.length} columns (${columns.join(", ")}), found ${record.length}.`);
      continue;
    }
    const cells = record.map(restoreCell);
    const [classText, subjectText, chapterText, kindText, linkTitle, urlText] = cells as [
      string,
      string,
      string,
      string,
      string,
      string,
    ];
    const [type = "", language = "", year = ""] = cells.slice(CSV_FIRST_COLUMNS.length);
    const grade = parseClass(classText);
    if (!grade) {
      bad(`Class: "${classText.trim()}" is not a class; use 9, 10, 11 or 12.`);
      continue;
    }
    const subjectCode = knownSubject(grade, subjectText.trim());
    if (!subjectCode) {
      bad(`Subject: Class ${grade} has no subject "${subjectText.trim()}".`);
      continue;
    }
    const title = chapterText.trim();
    const key = JSON.stringify([grade, subjectCode, title]);
    let chapter = groups.get(key);
    if (!chapter) {
      chapter = { line, grade, subjectCode, title, links: [] };
      groups.set(key, chapter);
      // A chapter's syllabus fields are read from its first row (the export repeats them on each).
      if (withSyllabus) {
        const [status = "", whatChanged = "", book = "", chapterNumber = ""] = cells.slice(
          CSV_COLUMNS.length,
        );
        const checked = checkSyllabusFields({ status, whatChanged, book, chapterNumber });
        for (const message of Object.values(checked.errors)) bad(message);
        chapter.syllabus = checked.value;
      }
    }
    const hasLink = [kindText, linkTitle, urlText, type, language, year].some((cell) => cell?.trim());
    if (!hasLink) continue;
    const kind = parseKind(kindText);
    if (!kind) {
      bad(`Kind: "${kindText.trim()}" is not one of ${CSV_KINDS.join(", ")}.`);
      continue;
    }
    const url = urlText.trim();
    const linkKey = JSON.stringify([key, kind, url]);
    const first = seenLinks.get(linkKey);
    if (url && first !== undefined) {
      bad(`Duplicate: the same ${kind} link as line ${first}.`);
      continue;
    }
    seenLinks.set(linkKey, line);
    // A file from before typed links says nothing of them: its links keep what they have.
    const typed = columns.length > CSV_FIRST_COLUMNS.length ? { type, language, year } : {};
    chapter.links.push({ line, kind, title: linkTitle, url: urlText, ...typed });
  }
  return { chapters: [...groups.values()], problems, rows: body.length };
}

type Link = { title: string; url: string; type?: unknown; language?: unknown; year?: unknown };

/** What an editor sees of a link besides its address: a change of any of it is a "changed" link. */
const shownOf = (l: Link | undefined) =>
  JSON.stringify([l?.title, l?.type ?? "", l?.language ?? "", l?.year ?? ""]);

/**
 * What replacing `before` by `after` does to one list of links, in words ("2 links added, 1 changed").
 * A link is the same link when its URL is; an edited URL in the same place, title, type, language or
 * year is "changed".
 */
export function describeLinkChanges(
  before: Link[],
  after: Link[],
): { added: number; changed: number; removed: number } {
  const oldUrls = new Map(before.map((l, i) => [l.url, i]));
  const newUrls = new Set(after.map((l) => l.url));
  let added = 0;
  let changed = 0;
  const unmatchedNew: number[] = [];
  after.forEach((link, i) => {
    const at = oldUrls.get(link.url);
    if (at === undefined) unmatchedNew.push(i);
    else if (shownOf(before[at]) !== shownOf(link)) changed++;
  });
  const unmatchedOld = before.filter((l) => !newUrls.has(l.url)).length;
  // New addresses first take the places of the old ones that went (an edited URL), the rest are new.
  const paired = Math.min(unmatchedNew.length, unmatchedOld);
  changed += paired;
  added += unmatchedNew.length - paired;
  return { added, changed, removed: unmatchedOld - paired };
}
