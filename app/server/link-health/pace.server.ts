import { performance } from "node:perf_hooks";

// The server's own link checker gives way to students (issue 14's budget: pages keep 90% of their
// throughput while it works). A check costs this process some 4 ms of CPU (the connection, the
// request, recording the result), little at the job's full rate on an idle server, but taken straight
// from the pages when the event loop is already full. So the job looks at how busy the event loop was
// over the last second, and while it is busy it starts requests and records results at a trickle: the
// weekly round still moves on (2 a second is 170,000 checks a day), and catches up at full speed once
// the rush is over.

/**
 * Event-loop utilisation (0–1) over the last window above which the process counts as busy. Half:
 * the checker alone at full speed keeps the loop some 8% busy (20 checks of 4 ms a second), and
 * once stored pages cost half as much, the bench's full load kept it only about 70% busy (the
 * machine's other core, running the load, was the limit): at 75% the checker went on at full speed
 * and took 14% of the pages' throughput.
 */
export const BUSY_ABOVE = 0.5;
/** Requests a second the job starts, and results it records, while the process is busy. */
export const BUSY_PER_SECOND = 2;
const WINDOW_MS = 1_000;

export type PaceOptions = {
  /** The event loop's utilisation since the previous call (injected in tests). */
  utilizationSince?: () => number;
  /** The clock, in ms (injected in tests). */
  now?: () => number;
  /** Waits `ms` (injected in tests). */
  wait?: (ms: number) => Promise<void>;
};

export type LoadPace = {
  /** A rate for HostGate's `perSecond`: `full` while the process has room, BUSY_PER_SECOND while busy. */
  perSecond: () => number;
  /** Between two results recorded: the next turn of the event loop, or 1/BUSY_PER_SECOND s while busy. */
  betweenRecords: () => Promise<void>;
};

/** The event loop's utilisation since the last time this function was called. */
function eventLoopUtilizationSince(): () => number {
  let last = performance.eventLoopUtilization();
  return () => {
    const current = performance.eventLoopUtilization();
    const { utilization } = performance.eventLoopUtilization(current, last);
    last = current;
    return utilization;
  };
}

/** The next turn of the event loop: sockets and timers run first. */
export const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The job's pace: busy when the event loop was busy more than BUSY_ABOVE of the last second (judged once a second). */
export function paceByLoad(full: number, options: PaceOptions = {}): LoadPace {
  const utilizationSince = options.utilizationSince ?? eventLoopUtilizationSince();
  const now = options.now ?? (() => performance.now());
  const wait = options.wait ?? sleep;
  let judgedAt = now();
  let busy = false;
  const isBusy = () => {
    if (now() - judgedAt >= WINDOW_MS) {
      busy = utilizationSince() > BUSY_ABOVE;
      judgedAt = now();
    }
    return busy;
  };
  return {
    perSecond: () => (isBusy() ? Math.min(full, BUSY_PER_SECOND) : full),
    betweenRecords: () => (isBusy() ? wait(1_000 / BUSY_PER_SECOND) : nextTurn()),
  };
}
