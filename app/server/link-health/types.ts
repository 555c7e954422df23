/**
 * The one link-health interface (issue 14). The console's Link health page, the chapter page (which
 * hides confirmed-Broken links and offers "Report broken link"), the background job and
 * `npm run links` all call the functions of `link-health.server.ts` (inventory, statuses, reports)
 * and `checker.server.ts` (one check of one URL); types only here, so components may import them.
 */

/** The contract's status words, in this order on the page. */
export const LINK_STATUSES = ["broken", "warning", "redirected", "ok", "unchecked"] as const;
export type LinkStatus = (typeof LINK_STATUSES)[number];
export const LINK_STATUS_WORDS: Record<LinkStatus, string> = {
  ok: "OK",
  redirected: "Redirected",
  warning: "Warning",
  broken: "Broken",
  unchecked: "Not checked",
};

/** Where a URL is used: a chapter's link row, or an `href` inside a note or a post body. */
export type LinkUse =
  | {
      kind: "chapter-link";
      chapterId: number;
      grade: number;
      subjectCode: string;
      chapterTitle: string;
      linkTitle: string;
    }
  | { kind: "note"; noteId: number; chapterId: number; grade: number; chapterTitle: string }
  | { kind: "post"; postId: number; postTitle: string; slug: string };

export type LinkRow = {
  id: number;
  /** The normalised URL (scheme and host lower-cased, default port and fragment dropped). */
  url: string;
  host: string;
  status: LinkStatus;
  /** Redirected: where it ends up. */
  finalUrl: string | null;
  /** ISO time of the last check, or null. */
  checkedAt: string | null;
  /** The last answer in words, e.g. "404 Not Found", "timed out after 15 s". */
  lastResult: string | null;
  /** An admin said "Mark as fine": sticks until the URL's answer changes. */
  markedFine: boolean;
  uses: LinkUse[];
  /** How many places use it (uses may be capped for the list). */
  useCount: number;
};

export type LinkListQuery = {
  status?: LinkStatus;
  grade?: number;
  subject?: string;
  host?: string;
  /** Narrows by URL / host / link title. */
  q?: string;
  page?: number;
};

export type LinkCounts = Record<LinkStatus, number>;

export type ReportReason = "broken" | "wrong-content" | "other";
export const REPORT_REASON_WORDS: Record<ReportReason, string> = {
  broken: "Broken",
  "wrong-content": "Wrong content",
  other: "Other",
};

export type LinkReport = {
  id: number;
  linkId: number;
  url: string;
  reason: ReportReason;
  /** Where the student was (a chapter page path). */
  page: string;
  createdAt: string;
  status: "open" | "resolved" | "dismissed";
};

/** What changed in the last 7 days: shown on the page and printed by `npm run links -- check`. */
export type LinkDigest = {
  since: string;
  newlyBroken: Array<{ url: string; at: string }>;
  fixed: Array<{ url: string; at: string }>;
  redirected: Array<{ url: string; finalUrl: string; at: string }>;
};

/** "Check all links now": how far the queued run has got. */
export type CheckProgress = { queued: number; done: number; running: boolean };
