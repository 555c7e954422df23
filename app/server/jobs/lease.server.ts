import { randomUUID } from "node:crypto";
import { actingAs, SYSTEM } from "#app/server/console/actor.server.ts";
import type { Database } from "#app/server/db.server.ts";
import { log } from "#app/server/platform/log.server.ts";
import { jobRan } from "#app/server/platform/metrics.server.ts";

/**
 * Jobs that must run on one instance at a time (publishing scheduled posts, purging Trash, backups).
 * Every instance starts every job; before a run each one tries to take the job's lease, one atomic
 * upsert on `job_leases`, and only the one that gets it runs. A lease ends when its run ends, or by
 * itself after `leaseMs` if its instance died half-way, so another instance takes over.
 * (Link checks lease each link instead: app/server/link-health/queue.server.ts.)
 */

export type JobRun = (db: Database, now: Date) => Promise<string | undefined>;

/** What a job does each round; `run` says in a few words what it did ("2 posts published"), or nothing. */
export type JobDefinition = {
  name: string;
  /** How often it runs. */
  everyMs: number;
  /** How long a run may take before another instance may take over. */
  leaseMs?: number;
  run: JobRun;
};

const DEFAULT_LEASE_MS = 5 * 60_000;

/**
 * Takes the job's lease for `holder` until `now + leaseMs`, when it is free or expired and the last
 * run (by any instance) ended at least `gapMs` ago; true when taken.
 */
export async function claimJob(
  db: Database,
  name: string,
  holder: string,
  now: Date,
  leaseMs = DEFAULT_LEASE_MS,
  gapMs = 0,
): Promise<boolean> {
  const until = new Date(now.getTime() + leaseMs).toISOString();
  const row = await db
    .insertInto("job_leases")
    .values({ name, holder, lease_until: until })
    .onConflict((oc) =>
      oc
        .column("name")
        .doUpdateSet({ holder, lease_until: until })
        .where((eb) =>
          eb.and([
            eb.or([
              eb("job_leases.lease_until", "is", null),
              eb("job_leases.lease_until", "<", now.toISOString()),
              eb("job_leases.holder", "=", holder),
            ]),
            eb.or([
              eb("job_leases.last_run_at", "is", null),
              eb("job_leases.last_run_at", "<=", new Date(now.getTime() - gapMs).toISOString()),
            ]),
          ]),
        ),
    )
    .returning("name")
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Gives the lease back after a run, noting what it did, and when it ran if it succeeded (a failed
 * run is tried again at the next round, not a period later).
 */
export async function releaseJob(
  db: Database,
  name: string,
  holder: string,
  now: Date,
  result: { done: string } | { failed: string },
): Promise<void> {
  const given = { holder: null, lease_until: null };
  await db
    .updateTable("job_leases")
    .set(
      "done" in result
        ? { ...given, last_run_at: now.toISOString(), last_result: result.done.slice(0, 500) }
        : { ...given, last_result: `failed: ${result.failed}`.slice(0, 500) },
    )
    .where("name", "=", name)
    .where("holder", "=", holder)
    .execute();
}

export type RunOutcome = { ran: false } | { ran: true; result: string | undefined };

/**
 * One round of a job, as an instance does it: take the lease, run as "system", give it back. Every
 * instance has a timer per job, so a round is skipped when any instance ran the job less than 90%
 * of its period ago: a backup every 24 hours is one backup, however many instances. Tests
 * call this with their own clock and holder names (two "instances" on one database).
 */
export async function runJobOnce(
  db: Database,
  job: JobDefinition,
  holder: string,
  now: Date,
): Promise<RunOutcome> {
  const gapMs = job.everyMs * 0.9;
  if (!(await claimJob(db, job.name, holder, now, job.leaseMs, gapMs))) return { ran: false };
  let result: string | undefined;
  try {
    result = await actingAs(SYSTEM, () => job.run(db, now));
  } catch (err) {
    jobRan(job.name, true);
    await releaseJob(db, job.name, holder, now, { failed: errorLine(err) }).catch(() => {});
    throw err;
  }
  jobRan(job.name, false);
  await releaseJob(db, job.name, holder, now, { done: result ?? "nothing to do" });
  return { ran: true, result };
}

function errorLine(err: unknown): string {
  return err instanceof Error ? (err.message.split("\n")[0] ?? "") : String(err);
}

export type JobsOptions = {
  /** The clock (tests inject one). */
  now?: () => Date;
  log?: (line: string) => void;
};

export type RunningJobs = { stop(): Promise<void> };

/**
 * Starts each job on its own timer in this instance. A failing round (the database away) is logged
 * once per condition and tried again at the next round; stop() waits for rounds under way.
 */
export function startJobs(
  db: Database,
  jobs: readonly JobDefinition[],
  options: JobsOptions = {},
): RunningJobs {
  const holder = randomUUID();
  const now = options.now ?? (() => new Date());
  // One line per run that did something, and one per failing condition (a warning).
  const say = (job: string, line: string, failed: boolean) =>
    options.log ? options.log(line) : log[failed ? "warn" : "info"](line, { job });
  const running = new Set<Promise<void>>();
  const timers: NodeJS.Timeout[] = [];
  let stopped = false;
  for (const job of jobs) {
    let said = "";
    let busy = false;
    const round = async () => {
      if (stopped || busy) return;
      busy = true;
      try {
        const outcome = await runJobOnce(db, job, holder, now());
        if (outcome.ran && outcome.result) say(job.name, `${job.name}: ${outcome.result}`, false);
        said = "";
      } catch (err) {
        const line = `${job.name}: paused (${errorLine(err)})`;
        if (line !== said) say(job.name, line, true);
        said = line;
      } finally {
        busy = false;
      }
    };
    const timer = setInterval(() => {
      const work = round();
      running.add(work);
      void work.finally(() => running.delete(work));
    }, job.everyMs);
    timer.unref();
    timers.push(timer);
  }
  return {
    async stop() {
      stopped = true;
      for (const timer of timers) clearInterval(timer);
      await Promise.all(running);
    },
  };
}
