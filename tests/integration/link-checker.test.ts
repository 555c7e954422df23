import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createChapters, emptyLinks } from "#app/server/catalogue/chapters.server.ts";
import { addSubject } from "#app/server/catalogue/subjects.server.ts";
import { type Database, openDatabase } from "#app/server/db.server.ts";
import { runLinkChecks } from "#app/server/jobs/link-check.server.ts";
import { isPublicAddress } from "#app/server/link-health/addresses.server.ts";
import {
  type CheckAnswer,
  type CheckerOptions,
  type CheckResult,
  createChecker,
  isSoftNotFound,
  youtubeVideoId,
} from "#app/server/link-health/checker.server.ts";
import { recheck } from "#app/server/link-health/link-health.server.ts";
import { type GateClock, HostGate, type Politeness } from "#app/server/link-health/politeness.server.ts";
import { describeEachDatabase, TEST_DATABASE_URL } from "./databases.ts";
import { handClock } from "./hand-clock.ts";
import { bigBody, type Handler, redirect, type Site, slow, startSite, status } from "./link-sites.ts";

// The checker against small local sites (LINK_CHECK_ALLOW_PRIVATE=true, as the tests run it), and
// its address rule with private addresses refused, as everywhere else.

const identity = { siteName: "ChapterWise", siteUrl: "https://chapterwise.example" };

/** A resolver that never asks real DNS: named hosts map to addresses, anything else is unknown. */
const resolver =
  (names: Record<string, string> = {}) =>
  async (host: string) => {
    const address = names[host];
    if (!address) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: "ENOTFOUND" });
    return [{ address, family: address.includes(":") ? 6 : 4 }];
  };

const checkers: Array<{ close(): Promise<void> }> = [];
function checker(options: Partial<CheckerOptions> = {}) {
  const made = createChecker({
    ...identity,
    allowPrivate: true,
    gate: new HostGate({ spacingMs: 0, afterEndMs: 0 }),
    resolve: resolver(),
    ...options,
  });
  checkers.push(made);
  return made;
}

/**
 * A gate that notes its clock's time as it lets each request go, and says when the nth has gone
 * (a request reaches the site later, over the network: the gate's moment is the one the rules govern).
 */
function watchedGate(rules: Partial<Politeness>, clock: GateClock) {
  const starts: number[] = [];
  const waiting: Array<{ n: number; go: () => void }> = [];
  class WatchedGate extends HostGate {
    readonly starts = starts;
    override run<T>(host: string, work: () => Promise<T>, signal?: AbortSignal): Promise<T> {
      return super.run(
        host,
        () => {
          starts.push(clock.now());
          for (const w of waiting.filter((w) => starts.length >= w.n)) {
            waiting.splice(waiting.indexOf(w), 1);
            w.go();
          }
          return work();
        },
        signal,
      );
    }
    /** Resolves once `n` requests have been let go. */
    started(n: number): Promise<void> {
      return starts.length >= n ? Promise.resolve() : new Promise((go) => waiting.push({ n, go }));
    }
  }
  return new WatchedGate(rules, clock);
}

function result(answer: CheckAnswer): CheckResult {
  if (answer.outcome === "deferred") throw new Error("the check was deferred");
  return answer;
}

let web: Site;
let userAgent = "";
let releaseSlow: () => void = () => {};
const slowDone = new Promise<void>((resolve) => {
  releaseSlow = resolve;
});

const chain = (from: number, to: number, code: number): Record<string, Handler> =>
  Object.fromEntries(
    Array.from({ length: to - from }, (_, i) => [`/hop${from + i}`, redirect(code, `/hop${from + i + 1}`)]),
  );

beforeAll(async () => {
  web = await startSite({
    "/ok": (req, res) => {
      userAgent = req.headers["user-agent"] ?? "";
      res.writeHead(200).end("hello");
    },
    "/missing": status(404),
    "/gone": status(410),
    "/moved": redirect(301, "/moved-again"),
    "/moved-again": redirect(308, "/landing"),
    "/landing": status(200),
    "/temporary": redirect(302, "/landing"),
    "/loop-a": redirect(301, "/loop-b"),
    "/loop-b": redirect(301, "/loop-a"),
    ...chain(0, 11, 302),
    "/hop11": status(200),
    "/to-home": redirect(301, "/"),
    "/": status(200),
    "/chapter-notes": redirect(302, "/errors/page-not-found?from=x"),
    "/errors/page-not-found": status(200),
    "/head-refused": (req, res) => void res.writeHead(req.method === "HEAD" ? 405 : 200).end(),
    "/slow": slow(slowDone),
    "/busy": status(429, { "retry-after": "120" }),
    "/after-busy": status(200),
    "/big": bigBody(() => web, 10 * 1024 * 1024),
    "/login": status(401),
    "/server-error": status(500),
    "/oembed": (req, res) => {
      const video = new URL(req.url ?? "/", "http://x").searchParams.get("url") ?? "";
      if (video.includes("deleted1234")) res.writeHead(404).end("Not Found");
      else if (video.includes("private1234")) res.writeHead(401).end("Unauthorized");
      else res.writeHead(200, { "content-type": "application/json" }).end('{"title":"A lecture"}');
    },
    "/to-private": redirect(302, "http://internal.test:1/secret"),
    "/to-metadata": redirect(302, "http://169.254.169.254/latest/meta-data/"),
  });
});
afterAll(async () => {
  releaseSlow();
  for (const c of checkers) await c.close();
  await web.close();
});

describe("one check", () => {
  it("finds a page that answers 200, saying who asks", async () => {
    const answer = result(await checker().check(web.url("/ok")));
    expect(answer).toMatchObject({ outcome: "ok", code: 200, result: "200 OK", finalUrl: null, requests: 1 });
    expect(userAgent).toContain("ChapterWise");
    expect(userAgent).toContain("https://chapterwise.example");
  });

  it("calls 404 and 410 Broken (after trying GET too)", async () => {
    const c = checker();
    expect(result(await c.check(web.url("/missing")))).toMatchObject({ outcome: "broken", code: 404 });
    expect(result(await c.check(web.url("/gone")))).toMatchObject({
      outcome: "broken",
      code: 410,
      result: "410 Gone",
    });
    expect(web.requests.filter((r) => r.endsWith("/gone"))).toEqual(["HEAD /gone", "GET /gone"]);
  });

  it("follows a 301/308 chain to its end: Redirected, with the final address", async () => {
    expect(result(await checker().check(web.url("/moved")))).toMatchObject({
      outcome: "redirected",
      code: 200,
      finalUrl: web.url("/landing"),
    });
    // Only temporary redirects: the link itself is fine.
    expect(result(await checker().check(web.url("/temporary")))).toMatchObject({
      outcome: "ok",
      finalUrl: null,
    });
  });

  it("stops at a redirect loop and after 10 redirects", async () => {
    expect(result(await checker().check(web.url("/loop-a")))).toMatchObject({
      outcome: "warning",
      confirming: true,
      result: `redirect loop at ${web.url("/loop-a")}`,
    });
    const tooMany = result(await checker().check(web.url("/hop0")));
    expect(tooMany).toMatchObject({ outcome: "warning", result: "more than 10 redirects" });
    expect(web.requests).not.toContain("HEAD /hop11");
    expect(result(await checker().check(web.url("/hop1")))).toMatchObject({ outcome: "ok" });
  });

  it("calls a redirect to the home page or to a not-found page a soft 404", async () => {
    expect(result(await checker().check(web.url("/to-home")))).toMatchObject({
      outcome: "broken",
      result: `soft 404: redirects to ${web.url("/")}`,
    });
    expect(result(await checker().check(web.url("/chapter-notes")))).toMatchObject({ outcome: "broken" });
    expect(isSoftNotFound(new URL("https://a.example/x"), new URL("https://www.a.example/"))).toBe(true);
    expect(isSoftNotFound(new URL("http://a.example/"), new URL("https://a.example/"))).toBe(false);
    expect(isSoftNotFound(new URL("https://a.example/x"), new URL("https://a.example/x/"))).toBe(false);
  });

  it("asks with GET when HEAD is refused", async () => {
    expect(result(await checker().check(web.url("/head-refused")))).toMatchObject({
      outcome: "ok",
      requests: 2,
    });
    expect(web.requests.filter((r) => r.endsWith("/head-refused"))).toEqual([
      "HEAD /head-refused",
      "GET /head-refused",
    ]);
  });

  it("gives up on a slow server after its time limit: a Warning", async () => {
    expect(result(await checker({ timeoutMs: 200 }).check(web.url("/slow")))).toMatchObject({
      outcome: "warning",
      confirming: true,
      unreachable: false,
      result: "timed out after 0.2 s",
      answer: "error:timeout",
    });
  });

  it("honours 429 with Retry-After: a Warning, and the host left alone until then", async () => {
    const c = checker();
    expect(result(await c.check(web.url("/busy")))).toMatchObject({
      outcome: "warning",
      code: 429,
      confirming: false,
      retryAfterMs: 120_000,
    });
    const later = await c.check(web.url("/after-busy"));
    expect(later.outcome).toBe("deferred");
    expect(later.retryAfterMs).toBeGreaterThan(110_000);
    expect(web.requests).not.toContain("HEAD /after-busy");
  });

  it("reads at most 64 KB of a 10 MB body", async () => {
    const answer = result(await checker().check(web.url("/big")));
    expect(answer).toMatchObject({ outcome: "ok", code: 200 });
    expect(answer.bytesRead).toBeLessThanOrEqual(64 * 1024);
    const sent = web.written.get("/big");
    expect(sent?.finished).toBe(false);
    expect(sent?.bytes).toBeLessThan(10 * 1024 * 1024);
  });

  it("asks oEmbed about YouTube videos: a deleted or private one is Broken", async () => {
    const c = checker({ oembedEndpoint: web.url("/oembed") });
    expect(result(await c.check("https://www.youtube.com/watch?v=deleted1234&t=10"))).toMatchObject({
      outcome: "broken",
      code: 404,
    });
    expect(result(await c.check("https://youtu.be/private1234"))).toMatchObject({
      outcome: "broken",
      code: 401,
    });
    expect(result(await c.check("https://m.youtube.com/shorts/abcdefghijk"))).toMatchObject({
      outcome: "ok",
      code: 200,
    });
    expect(youtubeVideoId(new URL("https://www.youtube.com/playlist?list=PL123"))).toBeNull();
    expect(youtubeVideoId(new URL("https://www.youtube.com/embed/abcdefghijk"))).toBe("abcdefghijk");
  });

  it("keeps 401 and 5xx as Warnings; only a 5xx counts towards Broken", async () => {
    expect(result(await checker().check(web.url("/login")))).toMatchObject({
      outcome: "warning",
      confirming: false,
    });
    expect(result(await checker().check(web.url("/server-error")))).toMatchObject({
      outcome: "warning",
      confirming: true,
    });
  });
});

describe("politeness", () => {
  it("never sends more than 2 requests at once to one host", async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    // The first two requests are answered only once both are at the server.
    let bothArrived: () => void = () => {};
    const arrived = new Promise<void>((resolve) => {
      bothArrived = resolve;
    });
    let waiting = 0;
    const held = slow(gate);
    const busy = await startSite({
      "/wait": (req, res) => {
        if (++waiting === 2) bothArrived();
        return held(req, res);
      },
    });
    const c = checker({ gate: new HostGate({ spacingMs: 0, afterEndMs: 0, global: 20 }) });
    const checks = Array.from({ length: 12 }, (_, i) => c.check(busy.url(`/wait?n=${i}`)));
    await arrived;
    release();
    const answers = await Promise.all(checks);
    expect(answers.every((a) => a.outcome === "ok")).toBe(true);
    expect(busy.peakConcurrent).toBe(2);
    expect(c.gate.peakPerHost).toBe(2);
    await busy.close();
  });

  it("leaves at least the spacing between two requests to one host", async () => {
    const timed = await startSite({ "/t": status(200) });
    const clock = handClock();
    const gate = watchedGate({ spacingMs: 150, afterEndMs: 0 }, clock);
    const c = checker({ gate });
    const checks = Promise.all([1, 2, 3].map((n) => c.check(timed.url(`/t?${n}`))));
    await gate.started(1);
    clock.advance(149);
    expect(gate.starts).toEqual([0]);
    clock.advance(1);
    await gate.started(2);
    clock.advance(149);
    expect(gate.starts).toEqual([0, 150]);
    clock.advance(1);
    await gate.started(3);
    expect(gate.starts).toEqual([0, 150, 300]);
    expect((await checks).every((a) => a.outcome === "ok")).toBe(true);
    expect(timed.requests).toHaveLength(3);
    await timed.close();
  });
});

describe("the overall rate", () => {
  it("starts at most perSecond requests a second, whatever the hosts", async () => {
    const sites = await Promise.all([0, 1, 2].map(() => startSite({ "/r": status(200) })));
    const clock = handClock();
    const gate = watchedGate({ spacingMs: 0, afterEndMs: 0, perSecond: 10 }, clock);
    const c = checker({ gate });
    const checks = Promise.all(sites.map((site) => c.check(site.url("/r"))));
    for (const n of [1, 2, 3]) {
      await gate.started(n);
      clock.advance(99);
      expect(gate.starts).toHaveLength(n);
      clock.advance(1);
    }
    expect(gate.starts).toEqual([0, 100, 200]);
    expect((await checks).every((a) => a.outcome === "ok")).toBe(true);
    for (const site of sites) await site.close();
  });
});

describe("addresses the checker never requests", () => {
  const strict = () => checker({ allowPrivate: false });

  it.each([
    ["loopback", () => web.url("/ok")],
    ["10/8", () => "http://10.1.2.3/"],
    ["172.16/12", () => "http://172.20.0.5/page"],
    ["192.168/16", () => "http://192.168.1.1/"],
    ["cloud metadata", () => "http://169.254.169.254/latest/meta-data/"],
    ["IPv6 loopback", () => `http://[::1]:${web.port}/ok`],
    ["IPv4 in IPv6", () => `http://[::ffff:127.0.0.1]:${web.port}/ok`],
  ])("refuses %s", async (_name, url) => {
    const before = web.requests.length;
    expect(result(await strict().check(url()))).toMatchObject({
      outcome: "warning",
      answer: "error:blocked",
      unreachable: false,
      requests: 0,
    });
    expect(web.requests.length).toBe(before);
  });

  it("refuses a hostname that resolves to a private address, checked at connect time", async () => {
    for (const address of ["127.0.0.1", "10.0.0.8", "172.16.0.1", "192.168.0.10", "169.254.169.254", "::1"]) {
      const before = web.requests.length;
      const c = checker({ allowPrivate: false, resolve: resolver({ "sneaky.test": address }) });
      const answer = result(await c.check(`http://sneaky.test:${web.port}/ok`));
      expect(answer).toMatchObject({ outcome: "warning", answer: "error:blocked" });
      expect(web.requests.length).toBe(before);
    }
  });

  it("refuses a redirect from a public page to a private address", async () => {
    const inside = await startSite({ "/secret": status(200) }, "127.0.0.2");
    // The test site on 127.0.0.1 stands in for a public one; internal.test resolves to 127.0.0.2.
    const c = checker({
      allowPrivate: false,
      addressAllowed: (address) => address === "127.0.0.1" || isPublicAddress(address),
      resolve: resolver({ "internal.test": "127.0.0.2" }),
    });
    expect(result(await c.check(web.url("/to-private")))).toMatchObject({
      outcome: "warning",
      answer: "error:blocked",
    });
    expect(result(await c.check(web.url("/to-metadata")))).toMatchObject({ answer: "error:blocked" });
    expect(inside.requests).toEqual([]);
    await inside.close();
  });

  it("knows public addresses from the rest", () => {
    for (const address of ["8.8.8.8", "2606:4700:4700::1111", "151.101.1.69"])
      expect(isPublicAddress(address)).toBe(true);
    for (const address of [
      "127.0.0.1",
      "10.0.0.1",
      "172.31.255.255",
      "192.168.5.5",
      "169.254.169.254",
      "100.64.0.1",
      "0.0.0.0",
      "::1",
      "::",
      "fe80::1",
      "fd00:ec2::254",
      "::ffff:10.0.0.1",
      "not an address",
    ])
      expect(isPublicAddress(address)).toBe(false);
  });
});

/** A second handle on the same database, as a second server instance would have. */
async function secondInstance(db: Database): Promise<Database> {
  const pg = await sql<{ schema: string }>`select current_schema() as schema`.execute(db).catch(() => null);
  if (pg) return openDatabase({ kind: "postgres", url: TEST_DATABASE_URL }, { schema: pg.rows[0]?.schema });
  const { rows } = await sql<{
    file: string;
  }>`select file from pragma_database_list where name = 'main'`.execute(db);
  return openDatabase({ kind: "sqlite", file: rows[0]?.file ?? "" }, { lockWaitMs: 5_000 });
}

describeEachDatabase("two checkers on one database", (database) => {
  it("never check the same URL at once: each due link is checked once", async () => {
    const db = database();
    const other = await secondInstance(db);
    const inFlight = new Map<string, number>();
    let overlaps = 0;
    const shared = await startSite({
      "/page": async (req, res) => {
        const key = req.url ?? "";
        inFlight.set(key, (inFlight.get(key) ?? 0) + 1);
        if ((inFlight.get(key) ?? 0) > 1) overlaps++;
        await new Promise((r) => setTimeout(r, 5));
        inFlight.set(key, (inFlight.get(key) ?? 0) - 1);
        res.writeHead(200).end();
      },
    });
    await addSubject(db, 9, "two", "Two");
    const urls = Array.from({ length: 40 }, (_, i) => ({ title: `P${i}`, url: shared.url(`/page?n=${i}`) }));
    await createChapters(db, 9, "two", [{ title: "Two Checkers", links: { ...emptyLinks(), notes: urls } }]);
    const ids = (await db.selectFrom("links").select("id").execute()).map((r) => r.id);
    await recheck(db, ids);
    const options = { scheduled: false, batchSize: 5 };
    const [a, b] = await Promise.all([
      runLinkChecks(db, {
        ...options,
        checker: checker({ gate: new HostGate({ spacingMs: 0, afterEndMs: 0, perHost: 10 }) }),
      }),
      runLinkChecks(other, {
        ...options,
        checker: checker({ gate: new HostGate({ spacingMs: 0, afterEndMs: 0, perHost: 10 }) }),
      }),
    ]);
    expect(a.checked + b.checked).toBe(40);
    expect(overlaps).toBe(0);
    const heads = shared.requests.filter((r) => r.startsWith("HEAD"));
    expect(heads).toHaveLength(40);
    expect(new Set(heads).size).toBe(40);
    const checks = await db.selectFrom("link_checks").select("link_id").execute();
    expect(checks).toHaveLength(40);
    await other.destroy();
    await shared.close();
  });
});
