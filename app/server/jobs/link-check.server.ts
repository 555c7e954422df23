import { randomUUID } from "node:crypto";
import type { Database } from "#app/server/db.server.ts";
import {
  type CheckAnswer,
  type Checker,
  type CheckResult,
  createChecker,
} from "#app/server/link-health/checker.server.ts";
import { nextTurn, paceByLoad } from "#app/server/link-health/pace.server.ts";
import { HostGate } from "#app/server/link-health/politeness.server.ts";
import {
  answeredSince,
  type ClaimedLink,
  claimLinks,
  onChecksRequested,
  recordCheck,
  releaseAll,
  releaseLinks,
} from "#app/server/link-health/queue.server.ts";
import { LINK_STATUSES, type LinkStatus } from "#app/server/link-health/types.ts";
import { log } from "#app/server/platform/log.server.ts";
import { jobRan, metrics } from "#app/server/platform/metrics.server.ts";

// The link checker's job (issue 14), run by every server instance unless LINK_CHECK=off, and by
// `npm run links -- check`. A run claims due links in batches (queue.server.ts), checks each batch
// under the politeness rules, and records the results, except when our own network is plainly down:
// when most hosts of a batch could not even be reached (DNS or connect failures), nothing is marked
// and the batch is tried again later. Machines without internet (tests, demos) never condemn a link.

/** Links claimed and checked together: the unit the network-down rule judges. */
export const BATCH_SIZE = 100;
/**
 * Requests the server's own job starts per second, overall: 1.7 million a day, far more than a weekly
 * round needs, and fewer while the server is busy with pages (paceByLoad); `npm run links` is not
 * limited so.
 */
export const JOB_REQUESTS_PER_SECOND = 20;
/** Batches checked side by side. */
export const LANES = 2;
/** When our network seems down, the batch is tried again after this long. */
export const NETWORK_RETRY_MS = 15 * 60_000;
/** A batch of fewer hosts than this says little on its own: it also asks whether any site answered lately. */
const FEW_HOSTS = 3;
const ANSWERED_LATELY_MS = 60 * 60_000;

export type RunProgress = { checked: number; byStatus: Record<LinkStatus, number> };

export type RunSummary = RunProgress & {
  /** Links a host asked us to leave for later (429 / Retry-After). */
  deferred: number;
  /** Batches put back because our network seemed down (the run stops at the first). */
  networkDown: number;
};

export type RunOptions = {
  checker: Checker;
  /** The clock: injected in tests, never slept on. */
  now?: () => Date;
  /** Also check what the schedule says is due (false with LINK_CHECK=off: only what people asked for). */
  scheduled?: boolean;
  batchSize?: number;
  /** Batches checked side by side (2). */
  lanes?: number;
  leaseMs?: number;
  signal?: AbortSignal;
  /** The claim token (one per run unless given). */
  token?: string;
  onProgress?: (progress: RunProgress) => void;
  /** Waited between two results recorded (the next turn of the event loop; the job's pace). */
  betweenRecords?: () => Promise<void>;
};

/** Whether a batch's results say our own network is down rather than the sites. */
async function networkDown(db: Database, results: Array<{ host: string; result: CheckResult }>, now: Date) {
  const hosts = new Map<string, boolean>();
  for (const { host, result } of results) hosts.set(host, (hosts.get(host) ?? true) && result.unreachable);
  const unreachable = [...hosts.values()].filter(Boolean).length;
  if (hosts.size === 0 || unreachable * 2 <= hosts.size) return false;
  if (hosts.size >= FEW_HOSTS) return true;
  return !(await answeredSince(db, new Date(now.getTime() - ANSWERED_LATELY_MS)));
}

/**
 * Checks due links until none is left (or `signal` stops it, or our network is down); returns what
 * it did. Two lanes claim and check batches side by side, so one batch's slowest link (a redirect
 * waiting for its host's next turn) does not keep every other host idle; the gate keeps it polite.
 */
export async function runLinkChecks(db: Database, options: RunOptions): Promise<RunSummary> {
  const now = options.now ?? (() => new Date());
  const token = options.token ?? randomUUID();
  const summary: RunSummary = {
    checked: 0,
    byStatus: Object.fromEntries(LINK_STATUSES.map((s) => [s, 0])) as Record<LinkStatus, number>,
    deferred: 0,
    networkDown: 0,
  };
  const { signal } = options;
  let offline = false;

  /** One batch: claim, check, record. False when there is nothing left to do. */
  async function batch(): Promise<boolean> {
    const links = await claimLinks(db, {
      token,
      now: now(),
      limit: options.batchSize ?? BATCH_SIZE,
      scheduled: options.scheduled ?? true,
      leaseMs: options.leaseMs,
    });
    if (links.length === 0) return false;
    let answers: CheckAnswer[];
    try {
      answers = await Promise.all(links.map((link) => options.checker.check(link.url, signal)));
    } catch (err) {
      // Stopping: the claims go back as they were, for whoever checks next.
      await releaseLinks(
        db,
        links.map((l) => l.id),
        token,
      );
      if (signal?.aborted) return false;
      throw err;
    }
    const at = now();
    const results: Array<{ link: ClaimedLink; host: string; result: CheckResult }> = [];
    for (const [i, link] of links.entries()) {
      const answer = answers[i];
      if (!answer) continue;
      if (answer.outcome !== "deferred") results.push({ link, host: link.host, result: answer });
      else {
        // The host asked us to wait: the link stays asked for, due when the host said.
        summary.deferred++;
        await releaseLinks(db, [link.id], token, new Date(at.getTime() + answer.retryAfterMs));
      }
    }
    if (offline || (await networkDown(db, results, at))) {
      // Nothing is marked, and the run ends: the job tries again after NETWORK_RETRY_MS.
      if (!offline) summary.networkDown++;
      offline = true;
      await releaseLinks(
        db,
        results.map((r) => r.link.id),
        token,
        new Date(at.getTime() + NETWORK_RETRY_MS),
      );
      return false;
    }
    for (const { link, result } of results) {
      const status = await recordCheck(db, link, token, result, at);
      // Sockets and timers run between two writes: a batch's records never hold up other requests'
      // sending. Stopping: what is left of the batch is recorded at once (a stop must not wait).
      await (signal?.aborted ? nextTurn : (options.betweenRecords ?? nextTurn))();
      if (!status) continue;
      summary.checked++;
      summary.byStatus[status]++;
      metrics().linkChecks.inc({ status });
    }
    options.onProgress?.({ checked: summary.checked, byStatus: { ...summary.byStatus } });
    return true;
  }

  const lane = async () => {
    while (!signal?.aborted && !offline && (await batch())) {}
  };
  await Promise.all(Array.from({ length: options.lanes ?? LANES }, lane));
  return summary;
}

/** The job's name in logs and metrics. */
const JOB_NAME = "link check";

export type LinkCheckJobOptions = {
  siteName: string;
  siteUrl: string;
  allowPrivate: boolean;
  /** LINK_CHECK: on runs the schedule; off checks only what people ask for (Recheck, Check all, reports). */
  scheduled: boolean;
  /** How often other instances' requests and the schedule are looked for, in ms. */
  pollMs?: number;
  log?: (line: string) => void;
};

export type LinkCheckJob = { stop(): Promise<void> };

/** Starts the background checker; stop() ends it (the server's graceful stop), giving back its claims. */
export function startLinkCheckJob(db: Database, options: LinkCheckJobOptions): LinkCheckJob {
  // Requests and records at a trickle while pages keep the event loop busy.
  const pace = paceByLoad(JOB_REQUESTS_PER_SECOND);
  const checker = createChecker({
    siteName: options.siteName,
    siteUrl: options.siteUrl,
    allowPrivate: options.allowPrivate,
    gate: new HostGate({ perSecond: pace.perSecond }),
  });
  const token = randomUUID();
  const stopping = new AbortController();
  const say = options.log ?? ((line: string) => log.info(line, { job: JOB_NAME }));
  let wake: (() => void) | undefined;
  const stopListening = onChecksRequested(() => wake?.());

  /** Waits for the next round: the poll interval, or until a person asks for a check here. */
  const idle = (ms = options.pollMs ?? 10_000) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        wake = undefined;
        stopping.signal.removeEventListener("abort", done);
        resolve();
      }
      wake = done;
      stopping.signal.addEventListener("abort", done);
    });

  // A lasting condition (our network down, the database away) is said once, not every round.
  let said = "";
  const sayOnce = (line: string) => {
    if (line !== said) say(line);
    said = line;
  };

  const loop = (async () => {
    await idle();
    while (!stopping.signal.aborted) {
      let offline = false;
      try {
        const summary = await runLinkChecks(db, {
          checker,
          token,
          scheduled: options.scheduled,
          signal: stopping.signal,
          betweenRecords: pace.betweenRecords,
        });
        if (summary.checked > 0) {
          const counts = LINK_STATUSES.filter((s) => summary.byStatus[s] > 0)
            .map((s) => `${summary.byStatus[s]} ${s}`)
            .join(", ");
          say(`link check: ${summary.checked} checked (${counts})`);
        }
        offline = summary.networkDown > 0;
        if (offline)
          sayOnce(
            "link check: most sites cannot be reached, our network seems down: nothing marked, trying again later",
          );
        else said = "";
        jobRan(JOB_NAME, false);
      } catch (err) {
        jobRan(JOB_NAME, true);
        // The database is down or busy: try again at the next round.
        sayOnce(`link check: paused (${err instanceof Error ? err.message.split("\n")[0] : String(err)})`);
      }
      // Offline: wait as long as the links were put back for (a person's request still wakes it).
      if (!stopping.signal.aborted) await idle(offline ? NETWORK_RETRY_MS : undefined);
    }
  })();

  return {
    async stop() {
      stopping.abort();
      stopListening();
      await loop;
      await releaseAll(db, token).catch(() => {});
      await checker.close();
    },
  };
}
