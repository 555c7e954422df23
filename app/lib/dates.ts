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

const MONTHS = [
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
];

/**
 * "2026-11-02" → "2 November 2026" (as en-IN writes it); anything unparseable is shown as given.
 * Written out by hand: Intl would load locale data in the browser while the page hydrates,
 * which costs a phone more than the whole rest of a date's work.
 */
export function formatDate(text: string): string {
  if (!isIsoDate(text)) return text;
  const [year, month, day] = text.split("-").map(Number);
  return `${day} ${MONTHS[(month ?? 1) - 1]} ${year}`;
}
