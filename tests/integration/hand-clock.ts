import type { GateClock } from "#app/server/link-health/politeness.server.ts";

/**
 * A clock for the link checker's gate that moves only when a test moves it: what waits for a later
 * time runs as `advance` passes that time, in order, so a test says exactly when a request may go.
 */
export function handClock(): GateClock & { advance(ms: number): void } {
  let now = 0;
  let wakes: Array<{ at: number; wake: () => void }> = [];
  return {
    now: () => now,
    later(ms, wake) {
      const entry = { at: now + ms, wake };
      wakes.push(entry);
      return () => {
        wakes = wakes.filter((w) => w !== entry);
      };
    },
    advance(ms) {
      const until = now + ms;
      for (;;) {
        const next = wakes.filter((w) => w.at <= until).sort((a, b) => a.at - b.at)[0];
        if (!next) break;
        wakes = wakes.filter((w) => w !== next);
        now = next.at;
        next.wake();
      }
      now = until;
    },
  };
}
