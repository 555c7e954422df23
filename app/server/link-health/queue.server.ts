import type { Kysely } from "kysely";
import { linkVisibilityChanged } from "#app/server/content-changes.server.ts";
import { type Database, dialectOf, inTransaction } from "#app/server/db.server.ts";
import type { CheckResult } from "#app/server/link-health/checker.server.ts";
import { severityOf } from "#app/server/link-health/inventory.server.ts";
import type { LinkStatus } from "#app/server/link-health/types.ts";
import { isHidden, nextState } from "#app/server/link-health/verdict.server.ts";

// The queue of checks lives in the `links` table itself (docs/decisions/0011-link-health.md): a link
// is due at `due_at`, or first in line when a person asked (`requested`). A checker claims a few due
// links with a lease (a token and an expiry) in one UPDATE, so that any number of instances (and
// `npm run links`) never check one URL at once, and a crashed instance's claims simply expire.

/** How long a claim holds: far longer than a batch takes, short enough that a crash costs little. */
export const LEASE_MS = 10 * 60_000;
/** Checks kept per link. */
export const KEPT_CHECKS = 20;

export type ClaimedLink = { id: number; url: string; host: string };

type Listener = () => void;
const listeners = new Set<Listener>();

/** Lets this process's checker hear at once that a person asked for checks (other instances poll). */
export function onChecksRequested(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Queues links for a check now, ahead of the schedule (Recheck, Check all, a report); returns how many. */
export async function requestChecks(db: Database, ids: number[] | "all", now = new Date()): Promise<number> {
  if (ids !== "all" && ids.length === 0) return 0;
  let update = db.updateTable("links").set({ requested: 1, due_at: now.toISOString() });
  if (ids !== "all") update = update.where("id", "in", ids);
  const result = await update.executeTakeFirst();
  const queued = Number(result.numUpdatedRows);
  // Inside a transaction the checker could not see the request yet: the caller wakes it after the commit.
  if (queued > 0 && !db.isTransaction) wakeCheckers();
  return queued;
}

/** Tells this process's checker that checks were asked for (after the commit that asked for them). */
export function wakeCheckers(): void {
  for (const listener of listeners) listener();
}

/**
 * Claims up to `limit` due links for `token` until `now + leaseMs`: first those a person asked for,
 * then (when `scheduled`) those the schedule says are due. On PostgreSQL rows another claimer holds
 * locked are skipped; on SQLite writers take turns anyway. The lease is checked again by the UPDATE
 * itself, so a link is never claimed twice while its lease holds.
 */
export async function claimLinks(
  db: Database,
  options: { token: string; now: Date; limit: number; scheduled: boolean; leaseMs?: number },
): Promise<ClaimedLink[]> {
  const at = options.now.toISOString();
  const until = new Date(options.now.getTime() + (options.leaseMs ?? LEASE_MS)).toISOString();
  const pg = dialectOf(db as Kysely<unknown>) === "postgres";
  const claimed: ClaimedLink[] = [];
  for (const requested of options.scheduled ? [true, false] : [true]) {
    const wanted = options.limit - claimed.length;
    if (wanted <= 0) break;
    let pick = db
      .selectFrom("links")
      .select("id")
      .where("due_at", "<=", at)
      .where((eb) => eb.or([eb("lease_until", "is", null), eb("lease_until", "<", at)]))
      .orderBy("due_at")
      .orderBy("id")
      .limit(wanted);
    if (requested) pick = pick.where("requested", "=", 1);
    // Most rounds find nothing due: a read says so without taking a write lock.
    if (!(await pick.limit(1).executeTakeFirst())) continue;
    if (pg) pick = pick.forUpdate().skipLocked();
    const rows = await db
      .updateTable("links")
      .set({ lease_token: options.token, lease_until: until })
      .where("id", "in", pick)
      .where((eb) => eb.or([eb("lease_until", "is", null), eb("lease_until", "<", at)]))
      .returning(["id", "url", "host"])
      .execute();
    claimed.push(...rows);
  }
  return claimed;
}

/** Gives claims back unchecked (stopping, our network down, a host asking us to wait), due at `dueAt` or as they were. */
export async function releaseLinks(db: Database, ids: number[], token: string, dueAt?: Date): Promise<void> {
  if (ids.length === 0) return;
  await db
    .updateTable("links")
    .set({ lease_token: null, lease_until: null, ...(dueAt ? { due_at: dueAt.toISOString() } : {}) })
    .where("id", "in", ids)
    .where("lease_token", "=", token)
    .execute();
}

/** Gives back every claim of `token` (a checker stopping). */
export async function releaseAll(db: Database, token: string): Promise<void> {
  await db
    .updateTable("links")
    .set({ lease_token: null, lease_until: null })
    .where("lease_token", "=", token)
    .execute();
}

/**
 * Records one check of a claimed link: its new status (verdict.server.ts), the check in its history
 * (the last 20 kept), its next check, and the end of the claim. When students would now see the link
 * differently (it turned Broken, or back), stored pages are dropped. Returns the new status, or null
 * when the claim was lost (it expired and someone else took the link, or the link is gone).
 */
export function recordCheck(
  db: Database,
  link: ClaimedLink,
  token: string,
  result: CheckResult,
  now: Date,
): Promise<LinkStatus | null> {
  return inTransaction(db, async (trx) => {
    const row = await trx
      .selectFrom("links")
      .select(["status", "failures", "last_failure_at", "marked_fine", "fine_answer"])
      .where("id", "=", link.id)
      .where("lease_token", "=", token)
      .executeTakeFirst();
    if (!row) return null;
    const before = {
      status: row.status,
      failures: row.failures,
      lastFailureAt: row.last_failure_at,
      markedFine: Boolean(row.marked_fine),
      fineAnswer: row.fine_answer,
    };
    const next = nextState(before, result, now);
    const at = now.toISOString();
    // Students see the link differently now: the stored pages showing it go. First, as every content
    // write takes the content version's row before any link's (PostgreSQL could otherwise deadlock the two).
    if (isHidden(before) !== isHidden(next)) await linkVisibilityChanged(trx, [link.url], isHidden(next));
    const updated = await trx
      .updateTable("links")
      .set({
        status: next.status,
        severity: severityOf(next.status),
        final_url: next.finalUrl,
        checked_at: at,
        last_result: result.result,
        last_answer: result.answer,
        failures: next.failures,
        last_failure_at: next.lastFailureAt,
        marked_fine: next.markedFine ? 1 : 0,
        ...(next.markedFine ? {} : { fine_answer: null, marked_fine_by: null }),
        due_at: next.dueAt,
        requested: 0,
        lease_token: null,
        lease_until: null,
        ...(next.status !== before.status ? { status_changed_at: at, previous_status: before.status } : {}),
      })
      .where("id", "=", link.id)
      .where("lease_token", "=", token)
      .returning("id")
      .executeTakeFirst();
    // The content write that went first removed the link.
    if (!updated) return null;
    await trx
      .insertInto("link_checks")
      .values({
        link_id: link.id,
        checked_at: at,
        code: result.code,
        error: result.code === null ? result.result : null,
        final_url: result.finalUrl,
        status: next.status,
        duration_ms: result.durationMs,
      })
      .execute();
    const old = await trx
      .selectFrom("link_checks")
      .select("id")
      .where("link_id", "=", link.id)
      .orderBy("id", "desc")
      .offset(KEPT_CHECKS)
      .limit(1000)
      .execute();
    if (old.length > 0)
      await trx
        .deleteFrom("link_checks")
        .where(
          "id",
          "in",
          old.map((r) => r.id),
        )
        .execute();
    return next.status;
  });
}

/** Whether any site answered a check lately: a run whose few hosts all failed to connect then blames them, not us. */
export async function answeredSince(db: Database, since: Date): Promise<boolean> {
  const row = await db
    .selectFrom("link_checks")
    .select("id")
    .where("checked_at", ">=", since.toISOString())
    .where("code", "is not", null)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}
