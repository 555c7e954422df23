import { afterEach, describe, expect, it, vi } from "vitest";
import { BUSY_ABOVE, BUSY_PER_SECOND, paceByLoad } from "#app/server/link-health/pace.server.ts";
import { HostGate } from "#app/server/link-health/politeness.server.ts";

// The server's link checker slows to a trickle while pages keep the event loop busy, and is back at
// full speed once they do not. The clock and the event loop's utilisation are injected.

function paced(utilizations: number[]) {
  let clock = 0;
  const asked: number[] = [];
  const waited: number[] = [];
  const pace = paceByLoad(20, {
    now: () => clock,
    utilizationSince: () => {
      asked.push(clock);
      return utilizations.shift() ?? 0;
    },
    wait: async (ms) => void waited.push(ms),
  });
  return { rate: pace.perSecond, pace, asked, waited, advance: (ms: number) => (clock += ms) };
}

describe("the link check job's pace", () => {
  it("checks at full speed while the server has room", () => {
    const { rate, advance } = paced([0.1, 0.3, BUSY_ABOVE]);
    for (let second = 0; second < 4; second++) {
      expect(rate()).toBe(20);
      advance(1_000);
    }
  });

  it("slows to a trickle after a busy second, and is back at full speed after a quiet one", () => {
    const { rate, advance } = paced([0.55, 0.99, 0.2]);
    expect(rate()).toBe(20);
    advance(1_000);
    expect(rate()).toBe(BUSY_PER_SECOND);
    advance(1_000);
    expect(rate()).toBe(BUSY_PER_SECOND);
    advance(1_000);
    expect(rate()).toBe(20);
  });

  it("records results at the same trickle while busy, and at once otherwise", async () => {
    const { pace, waited, advance } = paced([0.9, 0.1]);
    await pace.betweenRecords();
    advance(1_000);
    await pace.betweenRecords();
    await pace.betweenRecords();
    advance(1_000);
    await pace.betweenRecords();
    expect(waited).toEqual([1_000 / BUSY_PER_SECOND, 1_000 / BUSY_PER_SECOND]);
  });

  it("judges the load once a second, however often it is asked", () => {
    const { rate, asked, advance } = paced([0.9, 0.1]);
    for (let i = 0; i < 25; i++) {
      rate();
      advance(100);
    }
    expect(asked).toEqual([1_000, 2_000]);
    expect(rate()).toBe(20);
  });

  it("never asks for more than a lower full rate", () => {
    let clock = 0;
    const { perSecond } = paceByLoad(1, { now: () => clock, utilizationSince: () => 1 });
    clock += 1_000;
    expect(perSecond()).toBe(1);
  });
});

describe("a gate with a changing rate", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("spaces request starts by the rate it is given at each start", async () => {
    vi.useFakeTimers();
    let perSecond = 1_000;
    const gate = new HostGate({ spacingMs: 0, afterEndMs: 0, perSecond: () => perSecond });
    const starts: number[] = [];
    const start = (host: string) => gate.run(host, async () => void starts.push(Date.now()));
    const first = Promise.all([start("a"), start("b")]);
    await vi.advanceTimersByTimeAsync(10);
    await first;
    perSecond = 5;
    const then = Promise.all([start("c"), start("d"), start("e")]);
    await vi.advanceTimersByTimeAsync(1_000);
    await then;
    // a and b a millisecond apart, c as soon as it asks; d and e each 200 ms behind, at the rate of 5.
    expect(starts.map((at) => at - (starts[0] ?? 0))).toEqual([0, 1, 10, 210, 410]);
  });

  it("starts the next request to a host a full gap after the last one ended, however late it was sent", async () => {
    vi.useFakeTimers();
    const gate = new HostGate();
    const starts: number[] = [];
    // The first request is held up (a busy event loop, a slow connection): it reaches the host late.
    const request = (sendingTakes: number) =>
      gate.run("slow.example", async () => {
        starts.push(Date.now());
        await new Promise((resolve) => setTimeout(resolve, sendingTakes));
      });
    const both = Promise.all([request(400), request(0), request(0)]);
    await vi.advanceTimersByTimeAsync(5_000);
    await both;
    // Not 1,100 ms after the first start, but 1,000 ms after it ended (400 + 1,000); the third
    // follows the second's start by the usual 1,100.
    expect(starts.map((at) => at - (starts[0] ?? 0))).toEqual([0, 1_400, 2_500]);
  });

  it("does not hold back a host for a request that never reached it", async () => {
    vi.useFakeTimers();
    const gate = new HostGate();
    const starts: number[] = [];
    const first = gate.run("gone.example", async () => {
      starts.push(Date.now());
      gate.notSent("gone.example");
      throw new Error("getaddrinfo ENOTFOUND gone.example");
    });
    await expect(first).rejects.toThrow("ENOTFOUND");
    const second = gate.run("gone.example", async () => void starts.push(Date.now()));
    await vi.advanceTimersByTimeAsync(10);
    await second;
    expect(starts.map((at) => at - (starts[0] ?? 0))).toEqual([0, 0]);
  });
});
