// A student's "Report broken link" (issue 14): its answers (their words are each page language's:
// app/content/chapter-page-copy.ts and its Hindi twin), and the small address state that brings the
// visitor back to the chapter page without JavaScript. The state's parameter (`report`) keeps the
// page out of the page store (app/server/platform/page-key.server.ts), so an answer meant for one
// visitor is never stored for the others.

import { addressSlug, SLUG_CHARACTERS } from "#app/lib/slug.ts";

/** thanks: taken; later: too many reports from this address just now; gone: the link is not on the site; failed: our trouble. */
export const REPORT_OUTCOMES = ["thanks", "later", "gone", "failed"] as const;
export type ReportOutcome = (typeof REPORT_OUTCOMES)[number];

/** The one address parameter that says a report was just sent (and makes the page unstored). */
export const REPORT_PARAM = "report";
/** The reported link's address, beside `REPORT_PARAM`: which link of the page the answer is for. */
const REPORTED_LINK_PARAM = "link";

/**
 * The address parameters of one visitor's answer to a report (`reportedAddress`): theirs alone, so
 * never carried to another page (the language switch leaves them out).
 */
const REPORT_ANSWER_PARAMS: readonly string[] = [REPORT_PARAM, REPORTED_LINK_PARAM];

/** A query without the parameters of a report's answer, the others kept in their order. */
export function withoutReportAnswer(query: URLSearchParams): URLSearchParams {
  const kept = new URLSearchParams(query);
  for (const name of REPORT_ANSWER_PARAMS) kept.delete(name);
  return kept;
}

/**
 * A chapter page's path, in English or Hindi (`/hi/class/...`): the only place a report comes from
 * and sends the visitor back to. Its slug is in any script (the slug rule, app/lib/slug.ts), written
 * as the page writes it (raw UTF-8: `सूरदास-के-पद`) or as an address bar copies it (percent-encoded:
 * `%E0%A4%B8…`); `chapterPageOf` reads it.
 */
export const CHAPTER_PAGE = new RegExp(
  `^(/hi)?/class/(9|10|11|12)/chapter/((?:${SLUG_CHARACTERS}|%[0-9A-Fa-f]{2})+)$`,
  "u",
);

/** Longer than any slug a title of at most 200 characters gives. */
const MAX_SLUG_LENGTH = 1_000;
const SLUG = new RegExp(`^${SLUG_CHARACTERS}+$`, "u");

/**
 * The chapter page a report names, its slug decoded and spelled as stored (lowercase, NFC: see
 * `addressSlug`), or null when `page` is not a chapter page's path. The slug holds at least one letter
 * or digit and only the slug rule's characters once decoded, so the path is safe to show and, through
 * `reportedAddress`, to send back.
 */
export function chapterPageOf(page: string): string | null {
  const match = CHAPTER_PAGE.exec(page);
  if (!match) return null;
  let slug: string;
  try {
    slug = addressSlug(decodeURIComponent(match[3] ?? ""));
  } catch {
    return null;
  }
  if (slug.length > MAX_SLUG_LENGTH || !SLUG.test(slug) || !/[\p{L}\p{Nd}]/u.test(slug)) return null;
  return `${match[1] ?? ""}/class/${match[2]}/chapter/${slug}`;
}

/** A link item's id on the chapter page: its list and its place in it ("lectures-2", "official-1"). */
export const LINK_ITEM = /^(official|notes|questions|lectures)-\d{1,4}$/;

/**
 * The chapter page after a report without JavaScript: the answer, for that link, at that item.
 * `page` is a path `chapterPageOf` gave; its slug is percent-encoded here (a `Location` header holds
 * ASCII only).
 */
export function reportedAddress(page: string, outcome: ReportOutcome, url: string, item: string): string {
  const params = new URLSearchParams({ [REPORT_PARAM]: outcome, [REPORTED_LINK_PARAM]: url });
  return `${encodeURI(page)}?${params}${LINK_ITEM.test(item) ? `#${item}` : ""}`;
}

/** The answer a chapter page's address carries after a report, or null. */
export function reportedIn(params: URLSearchParams): { outcome: ReportOutcome; url: string } | null {
  const outcome = params.get(REPORT_PARAM);
  const url = params.get(REPORTED_LINK_PARAM);
  if (!url || !(REPORT_OUTCOMES as readonly string[]).includes(outcome ?? "")) return null;
  return { outcome: outcome as ReportOutcome, url: url.slice(0, 2_000) };
}
