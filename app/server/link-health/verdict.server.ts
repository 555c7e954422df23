import type { CheckResult } from "#app/server/link-health/checker.server.ts";
import type { LinkStatus } from "#app/server/link-health/types.ts";

// What one check does to a link's status over time (issue 14): confirm before condemning. A site
// that answers 404 or 410 (or a soft 404) is Broken at once: it said so itself. Anything that may
// pass (a timeout, a 5xx, no connection, an unknown host) is a Warning, and turns Broken only when
// it is seen on 3 checks at least a day apart. A login wall (401/403) or "slow down" (429) stays a
// Warning however long it lasts: the site is there. Pure: the clock is a parameter.

export const DAY_MS = 86_400_000;
/** Checks of the same kind of trouble that make a Warning Broken, each at least a day after the last. */
export const CONFIRMATIONS = 3;

/** When a link is checked again: healthy ones weekly, Warnings daily, Broken weekly (a fixed site turns OK by itself). */
export const RECHECK_MS: Record<LinkStatus, number> = {
  ok: 7 * DAY_MS,
  redirected: 7 * DAY_MS,
  warning: DAY_MS,
  broken: 7 * DAY_MS,
  unchecked: 0,
};

export type LinkState = {
  status: LinkStatus;
  failures: number;
  lastFailureAt: string | null;
  markedFine: boolean;
  fineAnswer: string | null;
};

export type NextState = {
  status: LinkStatus;
  finalUrl: string | null;
  failures: number;
  lastFailureAt: string | null;
  /** "Mark as fine" lasts while the URL's answer stays the one the admin saw. */
  markedFine: boolean;
  dueAt: string;
};

export function nextState(link: LinkState, result: CheckResult, now: Date): NextState {
  const at = now.toISOString();
  let status: LinkStatus;
  let failures = 0;
  let lastFailureAt: string | null = null;
  if (result.outcome !== "warning") status = result.outcome;
  else if (!result.confirming) status = "warning";
  else {
    const counts = !link.lastFailureAt || now.getTime() - Date.parse(link.lastFailureAt) >= DAY_MS;
    failures = link.failures + (counts ? 1 : 0);
    lastFailureAt = counts ? at : link.lastFailureAt;
    // A link already Broken stays so while it keeps failing.
    status = link.status === "broken" || failures >= CONFIRMATIONS ? "broken" : "warning";
  }
  const wait = Math.max(RECHECK_MS[status], result.retryAfterMs ?? 0);
  return {
    status,
    finalUrl: status === "redirected" ? result.finalUrl : null,
    failures,
    lastFailureAt,
    markedFine: link.markedFine && link.fineAnswer === result.answer,
    dueAt: new Date(now.getTime() + wait).toISOString(),
  };
}

/** Whether students see a link: everything but a Broken one nobody has marked fine. */
export function isHidden(link: { status: LinkStatus; markedFine: boolean }): boolean {
  return link.status === "broken" && !link.markedFine;
}
