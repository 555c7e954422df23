import { performance } from "node:perf_hooks";

// The server's own link checker gives way to students (issue 14's budget: pages keep 90% of their
// throughput while it works). A check costs this process some 4 ms of CPU (the connection, the
// request, recording the result), little at the job's full rate on an idle server, but taken straight
// from the pages when the event loop is already full. So the job looks at how busy the event loop was
// over the last second, and while it is busy checks at a trickle: the weekly round still moves on
// (2 a second is 170,000 checks a day), and catches up at full speed once the rush is over.

/** Event-loop utilisation (0–1) over the last window above which the process counts as busy. */
export const BUSY_ABOVE = 0.75;
/** Requests a second the job starts while the process is busy. */
export const BUSY_PER_SECOND = 2;
const WINDOW_MS = 1_000;

export type PaceOptions = {
  /** The event loop's utilisation since the previous call (injected in tests). */
  utilizationSince?: () => number;
  /** The clock, in ms (injected in tests). */
  now?: () => number;
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

/**
 * A rate for HostGate's `perSecond` that is `full` while the process has room, and BUSY_PER_SECOND
 * while its event loop was busy more than BUSY_ABOVE of the last second (judged once a second).
 */
export function paceByLoad(full: number, options: PaceOptions = {}): () => number {
  const utilizationSince = options.utilizationSince ?? eventLoopUtilizationSince();
  const now = options.now ?? (() => performance.now());
  let judgedAt = now();
  let busy = false;
  return () => {
    if (now() - judgedAt >= WINDOW_MS) {
      busy = utilizationSince() > BUSY_ABOVE;
      judgedAt = now();
    }
    return busy ? Math.min(full, BUSY_PER_SECOND) : full;
  };
}
