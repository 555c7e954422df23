// A student's "Report broken link" (issue 14): its answers (their words are each page language's:
// app/content/chapter-page-copy.ts and its Hindi twin), and the small address state that brings the
// visitor back to the chapter page without JavaScript. The state's parameter (`report`) keeps the
// page out of the page store (app/server/platform/page-key.server.ts), so an answer meant for one
// visitor is never stored for the others.

/** thanks: taken; later: too many reports from this address just now; gone: the link is not on the site; failed: our trouble. */
export const REPORT_OUTCOMES = ["thanks", "later", "gone", "failed"] as const;
export type ReportOutcome = (typeof REPORT_OUTCOMES)[number];

/** The one address parameter that says a report was just sent (and makes the page unstored). */
export const REPORT_PARAM = "report";

/**
 * A chapter page's path, in English or Hindi (`/hi/class/...`): the only place a report comes from
 * and sends the visitor back to.
 */
export const CHAPTER_PAGE = /^(\/hi)?\/class\/(9|10|11|12)\/chapter\/[a-z0-9]+(-[a-z0-9]+)*$/;

/** A link item's id on the chapter page: its list and its place in it ("lectures-2", "official-1"). */
export const LINK_ITEM = /^(official|notes|questions|lectures)-\d{1,4}$/;

/** The chapter page after a report without JavaScript: the answer, for that link, at that item. */
export function reportedAddress(page: string, outcome: ReportOutcome, url: string, item: string): string {
  const params = new URLSearchParams({ [REPORT_PARAM]: outcome, link: url });
  return `${page}?${params}${LINK_ITEM.test(item) ? `#${item}` : ""}`;
}

/** The answer a chapter page's address carries after a report, or null. */
export function reportedIn(params: URLSearchParams): { outcome: ReportOutcome; url: string } | null {
  const outcome = params.get(REPORT_PARAM);
  const url = params.get("link");
  if (!url || !(REPORT_OUTCOMES as readonly string[]).includes(outcome ?? "")) return null;
  return { outcome: outcome as ReportOutcome, url: url.slice(0, 2_000) };
}
