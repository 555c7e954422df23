import type { Lang } from "#app/lib/language.ts";

/** A post date as the original product stored it: YYYY-MM-DD text or a Firestore {seconds} timestamp. */
export type PostDate = string | { seconds: number } | null | undefined;

/** Milliseconds for sorting: seconds become milliseconds, strings are parsed, anything else is 0. */
export function postDateMillis(date: PostDate): number {
  if (date == null) return 0;
  if (typeof date === "object") {
    return typeof date.seconds === "number" && Number.isFinite(date.seconds) ? date.seconds * 1000 : 0;
  }
  const ms = Date.parse(date);
  return Number.isNaN(ms) ? 0 : ms;
}

/** Newest first by the spec's date rule; equal dates keep their order. */
export function sortNewestFirst<T>(items: readonly T[], dateOf: (item: T) => PostDate): T[] {
  return items
    .map((item, index) => ({ item, index, ms: postDateMillis(dateOf(item)) }))
    .sort((a, b) => b.ms - a.ms || a.index - b.index)
    .map((x) => x.item);
}

const zoneFormats = new Map<string, Intl.DateTimeFormat>();

/** A moment as YYYY-MM-DD in India, where the site's students and admins are. */
export function formatInTimeZone(moment: Date, timeZone = "Asia/Kolkata"): string {
  // Building a DateTimeFormat is far dearer than using one: keep one per zone.
  let format = zoneFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-CA", { timeZone });
    zoneFormats.set(timeZone, format);
  }
  return format.format(moment);
}

/** Today as YYYY-MM-DD in India. */
export function todayIso(now: Date = new Date()): string {
  return formatInTimeZone(now);
}

/** True for a real calendar date written YYYY-MM-DD. */
export function isIsoDate(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const d = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(text);
}

/** The months as each language writes them: Hindi dates keep Western digits (DESIGN.md 8.2). */
const MONTHS: Record<Lang, readonly string[]> = {
  en: [
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
  ],
  hi: ["जनवरी", "फ़रवरी", "मार्च", "अप्रैल", "मई", "जून", "जुलाई", "अगस्त", "सितंबर", "अक्टूबर", "नवंबर", "दिसंबर"],
};

/**
 * "2026-11-02" → "2 November 2026" (as en-IN writes it), or "2 नवंबर 2026" on a Hindi page;
 * anything unparseable is shown as given. Written out by hand: Intl would load locale data in the
 * browser while the page hydrates, which costs a phone more than the whole rest of a date's work.
 */
export function formatDate(text: string, lang: Lang = "en"): string {
  if (!isIsoDate(text)) return text;
  const [year, month, day] = text.split("-").map(Number);
  return `${day} ${MONTHS[lang][(month ?? 1) - 1]} ${year}`;
}

/** India's offset from UTC: +5:30 all year (no daylight saving). */
const INDIA_OFFSET_MS = 330 * 60_000;

/** The first moment of a day in India (YYYY-MM-DD) as an ISO instant; null for anything else. */
export function indiaDayStart(day: string): string | null {
  if (!isIsoDate(day)) return null;
  return new Date(Date.parse(`${day}T00:00:00Z`) - INDIA_OFFSET_MS).toISOString();
}

/** The first moment after a day in India (YYYY-MM-DD): the end of a "to" date, exclusive. */
export function indiaDayEnd(day: string): string | null {
  const start = indiaDayStart(day);
  return start === null ? null : new Date(Date.parse(start) + 24 * 3600_000).toISOString();
}

/**
 * A moment as India reads it: "23 Nov 2026, 8:16 pm". Written out by hand (as formatDate is), so
 * the server and every browser print the very same text.
 */
export function formatIndiaDateTime(iso: string): string {
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) return iso;
  const t = new Date(ms + INDIA_OFFSET_MS);
  const hours = t.getUTCHours();
  const minutes = String(t.getUTCMinutes()).padStart(2, "0");
  const month = (MONTHS.en[t.getUTCMonth()] ?? "").slice(0, 3);
  return `${t.getUTCDate()} ${month} ${t.getUTCFullYear()}, ${hours % 12 || 12}:${minutes} ${hours < 12 ? "am" : "pm"}`;
}

const LOCAL_DATE_TIME = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;

/**
 * A date-and-time field's value ("2026-12-05T10:30", seconds optional), read as India time, as an
 * ISO instant; null for anything that is not a real moment of that form.
 */
export function indiaDateTimeToIso(text: string): string | null {
  const match = LOCAL_DATE_TIME.exec(text.trim());
  const start = match ? indiaDayStart(match[1] ?? "") : null;
  if (!match || start === null) return null;
  const [hours, minutes, seconds] = [match[2], match[3], match[4] ?? "0"].map(Number) as [
    number,
    number,
    number,
  ];
  if (hours > 23 || minutes > 59 || seconds > 59) return null;
  return new Date(Date.parse(start) + ((hours * 60 + minutes) * 60 + seconds) * 1000).toISOString();
}

/** An ISO instant as a date-and-time field shows it in India time ("2026-12-05T10:30"); "" if none. */
export function isoToIndiaDateTime(iso: string | null): string {
  const ms = iso ? Date.parse(iso) : Number.NaN;
  if (Number.isNaN(ms)) return "";
  return new Date(ms + INDIA_OFFSET_MS).toISOString().slice(0, 16);
}
