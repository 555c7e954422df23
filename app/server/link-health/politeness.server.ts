// How the link checker treats other people's servers (issue 14): at most 2 requests at once to a
// host, at least 1.1 s between the starts of two requests to it and 1 s from the end of one to the
// start of the next, a host that answered 429 (or 503 with Retry-After) left alone until it said to
// come back, and a limit on requests at once overall. Every request of a check (HEAD, the GET after
// it, each redirect) passes through one gate.

export type Politeness = {
  /** Requests at once to one host (2). */
  perHost: number;
  /** Least time between the starts of two requests to one host, in ms (1100). */
  spacingMs: number;
  /**
   * Least time between the end of a request to one host and the start of the next, in ms (1000).
   * A request reaches the host before it ends, so however late it was sent (a busy event loop, a
   * slow connection), the host sees the next one at least this long after it.
   */
  afterEndMs: number;
  /** Requests at once overall (8). */
  global: number;
  /**
   * Requests started per second overall (unlimited; the server's job sets one so pages stay fast),
   * or a function asked before each start for the rate now (the job's paceByLoad).
   */
  perSecond: number | (() => number);
  /** A host that asks us to come back later than this (ms) is not waited for: its checks are deferred. */
  maxWaitMs: number;
};

export const POLITENESS: Politeness = {
  perHost: 2,
  // 1 s as the host sees it, plus room for our own delays (a busy event loop, a connection being set
  // up) that can hold back the earlier request and so shorten the gap the host sees.
  spacingMs: 1_100,
  afterEndMs: 1_000,
  global: 8,
  perSecond: Number.POSITIVE_INFINITY,
  maxWaitMs: 30_000,
};

/** The host asked us to stay away longer than we wait: check its links again after `retryAfterMs`. */
export class HostBackedOff extends Error {
  readonly retryAfterMs: number;
  constructor(host: string, retryAfterMs: number) {
    super(`${host} asked us to wait ${Math.ceil(retryAfterMs / 1000)} s`);
    this.retryAfterMs = retryAfterMs;
  }
}

/**
 * The gate's time: what it reads as now, and how it asks to be woken later (returning how to call
 * that off). The real clock, or a test's, which moves only when the test says.
 */
export type GateClock = { now(): number; later(ms: number, wake: () => void): () => void };

/** Date and setTimeout, looked up at each call (a test's fake timers replace them). */
export const REAL_CLOCK: GateClock = {
  now: () => Date.now(),
  later: (ms, wake) => {
    const timer = setTimeout(wake, ms);
    return () => clearTimeout(timer);
  },
};

type HostState = {
  active: number;
  nextStart: number;
  notBefore: number;
  strikes: number;
  /** When a request to it last turned out never to have reached it (notSent). */
  unsentAt: number;
};
type Waiter = { host: string; grant: () => void; refuse: (err: unknown) => void };

/** Grants requests their turn under the politeness rules; one per checker (or per run). */
export class HostGate {
  readonly rules: Politeness;
  private readonly hosts = new Map<string, HostState>();
  private readonly waiters: Waiter[] = [];
  private active = 0;
  /** When the next request may start, overall (perSecond). */
  private nextGlobal = 0;
  /** Calls off the wake-up asked for when a waiter's turn is later. */
  private cancelWake: (() => void) | undefined;
  private readonly clock: GateClock;
  /** The most requests ever at once to one host (the bench reports it). */
  peakPerHost = 0;

  constructor(rules: Partial<Politeness> = {}, clock: GateClock = REAL_CLOCK) {
    this.rules = { ...POLITENESS, ...rules };
    this.clock = clock;
  }

  private state(host: string): HostState {
    let state = this.hosts.get(host);
    if (!state) {
      state = { active: 0, nextStart: 0, notBefore: 0, strikes: 0, unsentAt: Number.NEGATIVE_INFINITY };
      this.hosts.set(host, state);
    }
    return state;
  }

  /** Runs `work` (one request to `host`) when the rules allow it. */
  async run<T>(host: string, work: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    await this.turn(host, signal);
    const state = this.state(host);
    const started = this.clock.now();
    try {
      return await work();
    } finally {
      state.active--;
      this.active--;
      if (state.unsentAt < started)
        state.nextStart = Math.max(state.nextStart, this.clock.now() + this.rules.afterEndMs);
      this.pump();
    }
  }

  /**
   * The host said "too many requests": leave it alone for `retryAfterMs` (or, when it did not say,
   * a minute that doubles with each 429 in a row, up to an hour). Returns the wait chosen.
   */
  backOff(host: string, retryAfterMs: number | null): number {
    const state = this.state(host);
    state.strikes++;
    const wait = retryAfterMs ?? Math.min(60_000 * 2 ** (state.strikes - 1), 3_600_000);
    state.notBefore = Math.max(state.notBefore, this.clock.now() + wait);
    return wait;
  }

  /** A request that never reached the host (unknown host, no connection) does not count towards its spacing. */
  notSent(host: string): void {
    const state = this.hosts.get(host);
    if (state) {
      state.nextStart = Math.min(state.nextStart, this.clock.now());
      state.unsentAt = this.clock.now();
    }
    this.pump();
  }

  /** The host answered normally: forget its strikes. */
  answered(host: string): void {
    const state = this.hosts.get(host);
    if (state) state.strikes = 0;
  }

  private turn(host: string, signal?: AbortSignal): Promise<void> {
    signal?.throwIfAborted();
    return new Promise((resolve, reject) => {
      const waiter: Waiter = {
        host,
        grant: () => {
          signal?.removeEventListener("abort", onAbort);
          resolve();
        },
        refuse: (err) => {
          signal?.removeEventListener("abort", onAbort);
          reject(err);
        },
      };
      const onAbort = () => {
        const at = this.waiters.indexOf(waiter);
        if (at >= 0) this.waiters.splice(at, 1);
        reject(signal?.reason);
      };
      signal?.addEventListener("abort", onAbort, { once: true });
      this.waiters.push(waiter);
      this.pump();
    });
  }

  /** Grants every waiter whose host and the overall limit allow it, in arrival order. */
  private pump(): void {
    const now = this.clock.now();
    let earliest = Number.POSITIVE_INFINITY;
    for (let i = 0; i < this.waiters.length && this.active < this.rules.global; ) {
      if (this.nextGlobal > now) {
        earliest = Math.min(earliest, this.nextGlobal);
        break;
      }
      const waiter = this.waiters[i] as Waiter;
      const state = this.state(waiter.host);
      if (state.notBefore - now > this.rules.maxWaitMs) {
        this.waiters.splice(i, 1);
        waiter.refuse(new HostBackedOff(waiter.host, state.notBefore - now));
        continue;
      }
      const readyAt = Math.max(state.nextStart, state.notBefore);
      if (state.active >= this.rules.perHost || readyAt > now) {
        if (state.active < this.rules.perHost) earliest = Math.min(earliest, readyAt);
        i++;
        continue;
      }
      this.waiters.splice(i, 1);
      state.active++;
      this.active++;
      this.peakPerHost = Math.max(this.peakPerHost, state.active);
      state.nextStart = now + this.rules.spacingMs;
      const { perSecond } = this.rules;
      const rate = typeof perSecond === "function" ? perSecond() : perSecond;
      if (Number.isFinite(rate)) this.nextGlobal = now + 1000 / rate;
      waiter.grant();
    }
    this.cancelWake?.();
    this.cancelWake = undefined;
    if (earliest < Number.POSITIVE_INFINITY) {
      this.cancelWake = this.clock.later(Math.max(1, earliest - now), () => this.pump());
    }
  }
}
