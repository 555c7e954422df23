// Sessions and syllabus statuses (DESIGN.md 8.1, docs/decisions/0023-syllabus-sessions.md): an
// academic year runs 1 April to 31 March in India and is written "2026-27". It is stored as its first
// year (2026), which sorts and compares as a number on both engines.

/** The first year a session may be (the site's own history starts well after). */
export const FIRST_SESSION_YEAR = 2000;
/** The last: far enough ahead for any plan, near enough that a typo is refused. */
export const LAST_SESSION_YEAR = 2099;

/** "2026-27" for 2026. */
export function sessionName(year: number): string {
  return `${year}-${String((year + 1) % 100).padStart(2, "0")}`;
}

/** 2026 for "2026-27"; null for anything else (a wrong second year, a year out of range, junk). */
export function parseSession(value: unknown): number | null {
  if (typeof value !== "string") return null;
  const match = /^(\d{4})-(\d{2})$/.exec(value.trim());
  if (!match) return null;
  const year = Number(match[1]);
  if (year < FIRST_SESSION_YEAR || year > LAST_SESSION_YEAR) return null;
  return sessionName(year) === value.trim() ? year : null;
}

/**
 * The session of a moment, by the calendar in India (Asia/Kolkata, UTC+5:30 all year): a moment on
 * or after 1 April belongs to the session starting that year, before it to the one before.
 */
export function sessionOf(at: Date): number {
  const india = new Date(at.getTime() + 330 * 60_000);
  const year = india.getUTCFullYear();
  return india.getUTCMonth() >= 3 ? year : year - 1;
}

/** The sessions an admin may choose as current: a few years back and one ahead of `today`'s. */
export function sessionChoices(today: number, current: number): number[] {
  const from = Math.max(FIRST_SESSION_YEAR, Math.min(today, current) - 4);
  const to = Math.min(LAST_SESSION_YEAR, Math.max(today, current) + 1);
  const years: number[] = [];
  for (let year = to; year >= from; year--) years.push(year);
  return years;
}

// ---------------------------------------------------------------------------------------------
// A chapter's syllabus status in a session
// ---------------------------------------------------------------------------------------------

export const SYLLABUS_STATUSES = ["in", "new", "out"] as const;
export type SyllabusStatus = (typeof SYLLABUS_STATUSES)[number];

/** Each status as the console names it ("Syllabus status"). */
export const SYLLABUS_STATUS_WORDS: Record<SyllabusStatus, string> = {
  in: "In syllabus",
  new: "New this session",
  out: "Not in syllabus",
};

/** "What changed": at most this many characters. */
export const MAX_WHAT_CHANGED = 300;
/** "Book": at most this many characters. */
export const MAX_BOOK = 200;
/** "Chapter number": a positive whole number up to this. */
export const MAX_CHAPTER_NUMBER = 999;

export function isSyllabusStatus(value: unknown): value is SyllabusStatus {
  return typeof value === "string" && (SYLLABUS_STATUSES as readonly string[]).includes(value);
}

/** A status as a form or a CSV gives it: its code or its words ("Not in syllabus"); blank is In syllabus. */
export function readSyllabusStatus(value: string): SyllabusStatus | null {
  const typed = value.trim().toLowerCase();
  if (typed === "") return "in";
  for (const status of SYLLABUS_STATUSES)
    if (typed === status || typed === SYLLABUS_STATUS_WORDS[status].toLowerCase()) return status;
  return null;
}

/** The public badge of a status in a session; none for In syllabus. */
export function syllabusBadge(status: SyllabusStatus, year: number): string | null {
  if (status === "out") return `Not in ${sessionName(year)} syllabus`;
  if (status === "new") return `New in ${sessionName(year)}`;
  return null;
}

/** The class page's heading over the chapters not in the syllabus. */
export function notInSyllabusHeading(year: number): string {
  return `Not in the ${sessionName(year)} syllabus`;
}

/** A chapter's syllabus fields as typed (the forms, a CSV row). */
export type SyllabusTyped = { status: string; whatChanged: string; book: string; chapterNumber: string };

/** The same, checked: what is saved. */
export type SyllabusFields = {
  status: SyllabusStatus;
  whatChanged: string;
  book: string;
  chapterNumber: number | null;
};

export const DEFAULT_SYLLABUS: SyllabusFields = {
  status: "in",
  whatChanged: "",
  book: "",
  chapterNumber: null,
};

/** Keeps only text a teacher can have typed: no control characters (but line breaks become spaces). */
function cleanText(value: string): string {
  return value
    .replace(/[\r\n\t]+/g, " ")
    .replace(/\p{Cc}/gu, "")
    .trim();
}

/**
 * Checks the syllabus fields; errors are keyed by field (`status`, `whatChanged`, `book`,
 * `chapterNumber`) with the console's words.
 */
export function checkSyllabusFields(typed: SyllabusTyped): {
  value: SyllabusFields;
  errors: Partial<Record<keyof SyllabusFields, string>>;
} {
  const errors: Partial<Record<keyof SyllabusFields, string>> = {};
  const status = readSyllabusStatus(typed.status);
  if (status === null)
    errors.status = "Syllabus status: choose In syllabus, New this session or Not in syllabus.";
  const whatChanged = cleanText(typed.whatChanged);
  if (whatChanged.length > MAX_WHAT_CHANGED)
    errors.whatChanged = `What changed: at most ${MAX_WHAT_CHANGED} characters (this has ${whatChanged.length.toLocaleString("en-IN")}).`;
  const book = cleanText(typed.book);
  if (book.length > MAX_BOOK) errors.book = `Book: at most ${MAX_BOOK} characters.`;
  const numberText = typed.chapterNumber.trim();
  let chapterNumber: number | null = null;
  if (numberText !== "") {
    const n = /^\d{1,6}$/.test(numberText) ? Number(numberText) : Number.NaN;
    if (!Number.isInteger(n) || n < 1 || n > MAX_CHAPTER_NUMBER)
      errors.chapterNumber = `Chapter number: a whole number from 1 to ${MAX_CHAPTER_NUMBER}, or leave it empty.`;
    else chapterNumber = n;
  }
  return { value: { status: status ?? "in", whatChanged, book, chapterNumber }, errors };
}
