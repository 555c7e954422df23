// A link's "Type", "Language" and "Year" (issue 31, docs/decisions/0025-typed-links.md): the
// vocabulary, how typed text is read (the console, CSV, the Firestore import), the small labels the
// chapter page shows, and the chapter page's filters (`?lang=`, `?type=`). Pure: the forms, the
// chapters domain, the page store's keys and the search documents all read it here.

import { type LANGUAGE_FILTERS, linkFilterQuery } from "#app/lib/link-filter-address.ts";

/** The types, in the order the console offers them; each one's slug is its label in the slug rule. */
export const LINK_TYPES = [
  { slug: "textbook", label: "Textbook" },
  { slug: "notes", label: "Notes" },
  { slug: "video", label: "Video" },
  { slug: "mcq", label: "MCQ" },
  { slug: "case-based", label: "Case-based" },
  { slug: "assertion-reason", label: "Assertion-reason" },
  { slug: "source-based", label: "Source-based" },
  { slug: "short-answer", label: "Short answer" },
  { slug: "long-answer", label: "Long answer" },
  { slug: "sample-paper", label: "Sample paper" },
  { slug: "marking-scheme", label: "Marking scheme" },
  { slug: "previous-year-paper", label: "Previous year paper" },
  { slug: "practice-questions", label: "Practice questions" },
  { slug: "syllabus", label: "Syllabus" },
] as const;
export type LinkType = (typeof LINK_TYPES)[number]["slug"];

/** `en`, `hi`, `both`: stored as these codes, shown as their words. */
export const LINK_LANGUAGES = [
  { code: "en", label: "English" },
  { code: "hi", label: "Hindi" },
  { code: "both", label: "Both" },
] as const;
export type LinkLanguage = (typeof LINK_LANGUAGES)[number]["code"];

export const MIN_LINK_YEAR = 1990;
export const MAX_LINK_YEAR = 2100;

/** What a link may carry besides its title and address; a field left out means "none". */
export type LinkMeta = { type?: LinkType; language?: LinkLanguage; year?: number };

const TYPE_LABEL = new Map<string, string>(LINK_TYPES.map((t) => [t.slug, t.label]));
const LANGUAGE_LABEL = new Map<string, string>(LINK_LANGUAGES.map((l) => [l.code, l.label]));

export function isLinkType(value: unknown): value is LinkType {
  return typeof value === "string" && TYPE_LABEL.has(value);
}

export function isLinkLanguage(value: unknown): value is LinkLanguage {
  return typeof value === "string" && LANGUAGE_LABEL.has(value);
}

export function isLinkYear(value: unknown): value is number {
  return Number.isInteger(value) && (value as number) >= MIN_LINK_YEAR && (value as number) <= MAX_LINK_YEAR;
}

export function linkTypeLabel(type: LinkType): string {
  return TYPE_LABEL.get(type) ?? type;
}

export function linkLanguageLabel(language: LinkLanguage): string {
  return LANGUAGE_LABEL.get(language) ?? language;
}

/** Far longer than any real value: hostile text is refused without being read further. */
const MAX_META_TEXT = 40;

/** What a field's text says: nothing (""), a value, or not one of ours (`bad`). */
type Read<T> = { value?: T } | { bad: true };

/** "Sample paper", "sample-paper", " SAMPLE PAPER " → `sample-paper`; "" → none. */
export function readLinkType(text: unknown): Read<LinkType> {
  const raw = typeof text === "string" ? text.trim() : text == null ? "" : null;
  if (raw === null || raw.length > MAX_META_TEXT) return { bad: true };
  if (!raw) return {};
  const slug = raw
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
  return isLinkType(slug) ? { value: slug } : { bad: true };
}

/** "Hindi", "hi", "BOTH" → the code; "" → none. */
export function readLinkLanguage(text: unknown): Read<LinkLanguage> {
  const raw = typeof text === "string" ? text.trim().toLowerCase() : text == null ? "" : null;
  if (raw === null || raw.length > MAX_META_TEXT) return { bad: true };
  if (!raw) return {};
  const found = LINK_LANGUAGES.find((l) => l.code === raw || l.label.toLowerCase() === raw);
  return found ? { value: found.code } : { bad: true };
}

/** "2025" or 2025 → 2025; "" → none; anything else (a word, 25, 2025.5, 3000) is not a year of ours. */
export function readLinkYear(text: unknown): Read<number> {
  if (typeof text === "number") return isLinkYear(text) ? { value: text } : { bad: true };
  const raw = typeof text === "string" ? text.trim() : text == null ? "" : null;
  if (raw === null || raw.length > MAX_META_TEXT) return { bad: true };
  if (!raw) return {};
  const year = /^\d{4}$/.test(raw) ? Number(raw) : Number.NaN;
  return isLinkYear(year) ? { value: year } : { bad: true };
}

export const LINK_META_MESSAGES = {
  type: `Type: choose one of the list (${LINK_TYPES.map((t) => t.label).join(", ")}), or leave it empty.`,
  language: "Language: choose English, Hindi or Both, or leave it empty.",
  year: `Year: a year from ${MIN_LINK_YEAR} to ${MAX_LINK_YEAR}, such as 2025, or leave it empty.`,
} as const;

/** The typed fields of a link as anyone may send them (text from a form or a file, or stored values). */
export type LinkMetaInput = { type?: unknown; language?: unknown; year?: unknown };

/** A link's fields read, or the message for each one that is not ours (keyed `type`, `language`, `year`). */
export function readLinkMeta(input: LinkMetaInput): {
  meta: LinkMeta;
  errors: Partial<Record<keyof LinkMeta, string>>;
} {
  const meta: LinkMeta = {};
  const errors: Partial<Record<keyof LinkMeta, string>> = {};
  const type = readLinkType(input.type);
  const language = readLinkLanguage(input.language);
  const year = readLinkYear(input.year);
  if ("bad" in type) errors.type = LINK_META_MESSAGES.type;
  else if (type.value) meta.type = type.value;
  if ("bad" in language) errors.language = LINK_META_MESSAGES.language;
  else if (language.value) meta.language = language.value;
  if ("bad" in year) errors.year = LINK_META_MESSAGES.year;
  else if (year.value) meta.year = year.value;
  return { meta, errors };
}

/** Only the fields a link has, so that a link without them looks exactly as it did before (History, backups). */
export function withLinkMeta<L extends object>(link: L, meta: LinkMeta): L & LinkMeta {
  return {
    ...link,
    ...(meta.type ? { type: meta.type } : {}),
    ...(meta.language ? { language: meta.language } : {}),
    ...(meta.year ? { year: meta.year } : {}),
  };
}

/** A stored row's nullable columns as a link's fields (unknown values, from a hand-edited database, read as none). */
export function linkMetaOfRow(row: {
  type: string | null;
  language: string | null;
  year: number | null;
}): LinkMeta {
  return withLinkMeta(
    {},
    {
      ...(isLinkType(row.type) ? { type: row.type } : {}),
      ...(isLinkLanguage(row.language) ? { language: row.language } : {}),
      ...(isLinkYear(row.year) ? { year: row.year } : {}),
    },
  );
}

/** A link's fields as table columns: none is null. */
export function linkMetaColumns(meta: LinkMeta) {
  return { type: meta.type ?? null, language: meta.language ?? null, year: meta.year ?? null };
}

/** The small labels beside a link: ["Sample paper", "Hindi", "2025"]. */
export function linkMetaWords(meta: LinkMeta): string[] {
  const words: string[] = [];
  if (meta.type) words.push(linkTypeLabel(meta.type));
  if (meta.language) words.push(linkLanguageLabel(meta.language));
  if (meta.year) words.push(String(meta.year));
  return words;
}

// ---------------------------------------------------------------------------------------------
// The chapter page's filters
// ---------------------------------------------------------------------------------------------

// `?lang=`'s values and the filters' address are in app/lib/link-filter-address.ts, which the pages'
// scripts import without this vocabulary's English labels.
export { linkFilterQuery };
export type LanguageFilter = (typeof LANGUAGE_FILTERS)[number];

export type LinkFilters = { lang?: LanguageFilter; type?: LinkType };

/**
 * The filters of a chapter page's address. Only the exact values the page's own links use count
 * (`hi`, `sample-paper`); anything else is ignored, so the page (and its key in the page store)
 * is the one without that filter and made-up values can never create a page of their own.
 */
export function readLinkFilters(params: URLSearchParams): LinkFilters {
  const lang = params.get("lang");
  const type = params.get("type");
  return {
    ...(lang === "en" || lang === "hi" ? { lang } : {}),
    ...(isLinkType(type) ? { type } : {}),
  };
}

/** A link nobody gave a language counts as English: every link of the site was, before languages (decision 0025). */
export function languageOf(link: LinkMeta): LinkLanguage {
  return link.language ?? "en";
}

/**
 * Whether a link stays under these filters: `lang` keeps links in that language or in Both (a link
 * without a language counts as English); `type` keeps links of that type only (a link without a
 * type is shown only when no type is asked for).
 */
export function linkPassesFilters(link: LinkMeta, filters: LinkFilters): boolean {
  const language = languageOf(link);
  if (filters.lang && language !== filters.lang && language !== "both") return false;
  if (filters.type && link.type !== filters.type) return false;
  return true;
}
