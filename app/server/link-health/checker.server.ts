import { STATUS_CODES } from "node:http";
import type { Agent } from "undici";
import { normaliseLinkUrl } from "#app/lib/link-urls.ts";
import {
  BlockedAddressError,
  guardedLookup,
  isPublicAddress,
  literalAddress,
  type Resolver,
  systemResolver,
} from "#app/server/link-health/addresses.server.ts";
import { HostBackedOff, HostGate } from "#app/server/link-health/politeness.server.ts";

// One check of one URL (issue 14), the way careful link checkers do it: HEAD first, GET when HEAD is
// refused or fails (reading at most 64 KB of the body), redirects followed by hand (at most 10, each
// address checked before it is requested, docs/decisions/0011), a timeout per request, an honest
// User-Agent, and YouTube videos asked about through YouTube's public oEmbed endpoint, because
// youtube.com answers 200 for a deleted or private video. What a result does to the link's status
// over time (confirmation, schedules) is decided elsewhere (link-health/verdict.server.ts).

export type CheckOutcome = "ok" | "redirected" | "warning" | "broken";

export type CheckResult = {
  outcome: CheckOutcome;
  /** The last HTTP status seen, or null when no answer came. */
  code: number | null;
  /** Redirected: the address the permanent redirects lead to. Otherwise where a redirect ended, if any. */
  finalUrl: string | null;
  /** The answer in words: "404 Not Found", "timed out after 15 s", "unknown host". */
  result: string;
  /** The answer in a comparable form ("code:404", "error:timeout"): "Mark as fine" lasts while it stays. */
  answer: string;
  /** A Warning that counts towards Broken; a site asking for a login (401/403) or to slow down (429) does not. */
  confirming: boolean;
  /** No answer at all (unknown host, no connection): what the "our network is down" rule counts. */
  unreachable: boolean;
  /** The site asked us to come back after this long (429/503 Retry-After), in ms. */
  retryAfterMs: number | null;
  requests: number;
  bytesRead: number;
  durationMs: number;
};

/** Not checked this time: the host asked us to wait longer than we wait. Check it again later. */
export type CheckDeferred = { outcome: "deferred"; retryAfterMs: number };

export type CheckAnswer = CheckResult | CheckDeferred;

export type CheckerOptions = {
  siteName: string;
  siteUrl: string;
  /** LINK_CHECK_ALLOW_PRIVATE: let the checker reach loopback and private addresses (tests only). */
  allowPrivate?: boolean;
  /** Overrides the address rule (tests: treat one local server as "public"). */
  addressAllowed?: (address: string) => boolean;
  /** Per request, in ms (15 s). */
  timeoutMs?: number;
  maxRedirects?: number;
  /** Most bytes of a body read (64 KB). */
  maxBodyBytes?: number;
  resolve?: Resolver;
  /** Politeness shared by every request of this checker (a new gate with the defaults when absent). */
  gate?: HostGate;
  /** YouTube's oEmbed endpoint (tests point it at a local server). */
  oembedEndpoint?: string;
};

export const CHECK_TIMEOUT_MS = 15_000;
export const MAX_REDIRECTS = 10;
export const MAX_BODY_BYTES = 64 * 1024;
const OEMBED_ENDPOINT = "https://www.youtube.com/oembed";

export type Checker = {
  /** Checks one URL; `signal` stops it (the job is stopping): then it rejects instead of answering. */
  check(url: string, signal?: AbortSignal): Promise<CheckAnswer>;
  readonly gate: HostGate;
  close(): Promise<void>;
};

/** The User-Agent: says who is asking and where to read about it. */
export function userAgent(siteName: string, siteUrl: string): string {
  const product = siteName.replace(/[^A-Za-z0-9!#$%&'*+.^_`|~-]+/g, "-");
  return `Mozilla/5.0 (compatible; ${product}-LinkChecker/1.0; +${siteUrl}) checks the links on our pages`;
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const PERMANENT = new Set([301, 308]);
/** A page that says it is missing, in its address (the soft 404s of sites that never answer 404). */
const NOT_FOUND_ADDRESS =
  /(^|[/\-_.=?&])(404|not[-_]?found|page[-_]?not[-_]?found|error[-_]?404)([/\-_.=?&]|$)/i;
const HOME_PATH = /^\/(index\.(html?|php|aspx?))?$/i;

type Hop = { status: number; location: string | null; retryAfterMs: number | null };

/** A check that failed before any answer: its words and whether it says anything about our network. */
class Failure extends Error {
  readonly answer: string;
  readonly unreachable: boolean;
  readonly code: number | null;
  constructor(result: string, answer: string, options: { unreachable?: boolean; code?: number | null } = {}) {
    super(result);
    this.answer = answer;
    this.unreachable = options.unreachable ?? false;
    this.code = options.code ?? null;
  }
}

const reason = (code: number) => `${code} ${STATUS_CODES[code] ?? "Unknown"}`.trim();

/** Retry-After: seconds or an HTTP date, in ms; null when absent or unreadable. */
export function retryAfterMs(value: string | null, now = Date.now()): number | null {
  if (!value) return null;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  const at = Date.parse(text);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

/** The id of a YouTube video URL (watch, youtu.be, shorts, embed, live), or null. */
export function youtubeVideoId(url: URL): string | null {
  const host = url.hostname.replace(/^(www|m|music)\./, "");
  const id = /^[A-Za-z0-9_-]{11}$/;
  let candidate: string | null = null;
  if (host === "youtu.be") candidate = url.pathname.split("/")[1] ?? null;
  else if (host === "youtube.com" || host === "youtube-nocookie.com") {
    const [, first, second] = url.pathname.split("/");
    if (first === "watch") candidate = url.searchParams.get("v");
    else if (first && ["shorts", "embed", "live", "v"].includes(first)) candidate = second ?? null;
  }
  return candidate && id.test(candidate) ? candidate : null;
}

/** A redirect that gives up on the page: to the site's home page, or to an address saying "not found". */
export function isSoftNotFound(from: URL, to: URL): boolean {
  const site = (u: URL) => u.hostname.replace(/^www\./, "");
  const home = (u: URL) => HOME_PATH.test(u.pathname) && !u.search;
  if (site(from) === site(to) && home(to) && !home(from)) return true;
  return (
    NOT_FOUND_ADDRESS.test(to.pathname + to.search) && !NOT_FOUND_ADDRESS.test(from.pathname + from.search)
  );
}

/** The first error code in an error, its cause or the attempts of an AggregateError. */
function errorCode(err: unknown): string {
  let e = err as { code?: unknown; cause?: unknown; errors?: unknown[] } | undefined;
  for (let depth = 0; e && depth < 5; depth++) {
    if (typeof e.code === "string" && e.code !== "UND_ERR_SOCKET") return e.code;
    e = (e.errors?.[0] ?? e.cause) as typeof e;
  }
  return (err as { code?: string } | undefined)?.code ?? "";
}

const UNKNOWN_HOST = new Set(["ENOTFOUND", "EAI_AGAIN", "EAI_NONAME", "EAI_FAIL", "EAI_NODATA"]);
const NO_CONNECTION = new Set([
  "ECONNREFUSED",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENETDOWN",
  "EHOSTDOWN",
  "EADDRNOTAVAIL",
  "ETIMEDOUT",
  "UND_ERR_CONNECT_TIMEOUT",
]);

/** What a request's error says, as a Failure. */
function failureOf(err: unknown, timeoutMs: number): Failure {
  if (err instanceof Failure) return err;
  const code = errorCode(err);
  if (err instanceof BlockedAddressError || code === "ERR_LINK_CHECK_BLOCKED") {
    return new Failure(`refused: ${(err as Error).message}`, "error:blocked");
  }
  const timedOut =
    (err as { name?: string } | null)?.name === "TimeoutError" ||
    code === "UND_ERR_HEADERS_TIMEOUT" ||
    code === "UND_ERR_BODY_TIMEOUT";
  if (timedOut) return new Failure(`timed out after ${formatSeconds(timeoutMs)}`, "error:timeout");
  if (UNKNOWN_HOST.has(code)) return new Failure("unknown host", "error:unknown-host", { unreachable: true });
  if (NO_CONNECTION.has(code))
    return new Failure(`could not connect (${code})`, "error:no-connection", { unreachable: true });
  if (/^(ERR_TLS|ERR_SSL|ERR_OSSL|CERT_|UNABLE_TO_|DEPTH_ZERO|SELF_SIGNED|HOSTNAME_MISMATCH)/.test(code))
    return new Failure(`TLS error (${code})`, "error:tls");
  const message = err instanceof Error ? err.message.split("\n")[0] : String(err);
  return new Failure(`connection error (${code || message})`, "error:connection");
}

const formatSeconds = (ms: number) => (ms % 1000 === 0 ? `${ms / 1000} s` : `${(ms / 1000).toFixed(1)} s`);

export function createChecker(options: CheckerOptions): Checker {
  const timeoutMs = options.timeoutMs ?? CHECK_TIMEOUT_MS;
  const maxRedirects = options.maxRedirects ?? MAX_REDIRECTS;
  const maxBodyBytes = options.maxBodyBytes ?? MAX_BODY_BYTES;
  const allowed = options.addressAllowed ?? (options.allowPrivate ? () => true : isPublicAddress);
  const gate = options.gate ?? new HostGate();
  const oembed = options.oembedEndpoint ?? OEMBED_ENDPOINT;
  const headers = {
    "user-agent": userAgent(options.siteName, options.siteUrl),
    accept: "text/html,application/xhtml+xml,*/*;q=0.8",
  };
  // undici is loaded with the first check, not at start: it is some 30 MB of memory a server that
  // never checks a link (LINK_CHECK=off, no one asking) need not hold (docs/decisions/0016).
  let client: Promise<{ agent: Agent; request: typeof import("undici").request }> | undefined;
  let agent: Agent | undefined;
  const undici = () => {
    client ??= import("undici").then(({ Agent, request }) => {
      agent = new Agent({
        connect: { lookup: guardedLookup(options.resolve ?? systemResolver, allowed), timeout: timeoutMs },
        headersTimeout: timeoutMs,
        bodyTimeout: timeoutMs,
        keepAliveTimeout: 4_000,
      });
      return { agent, request };
    });
    return client;
  };

  /** Counts of one check's requests and bytes. */
  type Tally = { requests: number; bytesRead: number };

  /** Reads at most `limit` bytes of a body, then drops the rest (and the connection with it). */
  async function readSome(body: AsyncIterable<Buffer> & { destroy(): void }, limit: number): Promise<number> {
    let read = 0;
    try {
      for await (const chunk of body) {
        read += chunk.length;
        if (read >= limit) break;
      }
    } catch {
      // The status is what matters; a body cut short says nothing more.
    } finally {
      body.destroy();
    }
    return Math.min(read, limit);
  }

  /** One request, under the politeness rules, with its own time limit. */
  async function hop(url: URL, method: "HEAD" | "GET", tally: Tally, stop?: AbortSignal): Promise<Hop> {
    const literal = literalAddress(url.hostname);
    if (literal && !allowed(literal)) throw new BlockedAddressError(url.hostname, literal);
    return gate.run(
      url.host,
      async () => {
        const { agent, request } = await undici();
        const signal = AbortSignal.any([AbortSignal.timeout(timeoutMs), ...(stop ? [stop] : [])]);
        tally.requests++;
        const response = await request(url, { method, headers, dispatcher: agent, signal }).catch((err) => {
          if (failureOf(err, timeoutMs).unreachable) gate.notSent(url.host);
          throw err;
        });
        tally.bytesRead += await readSome(response.body, method === "GET" ? maxBodyBytes : 0);
        const header = (name: string) => {
          const value = response.headers[name];
          return (Array.isArray(value) ? value[0] : value) ?? null;
        };
        const status = response.statusCode;
        // 429, or 503 with Retry-After: the host is left alone as long as it asked (or backed off from).
        let wait = status === 429 || status === 503 ? retryAfterMs(header("retry-after")) : null;
        if (status === 429 || wait !== null) wait = gate.backOff(url.host, wait);
        else gate.answered(url.host);
        return { status, location: header("location"), retryAfterMs: wait };
      },
      stop,
    );
  }

  /** HEAD, and GET when HEAD is refused or fails without saying anything about the network. */
  async function ask(url: URL, tally: Tally, stop?: AbortSignal): Promise<Hop> {
    try {
      const head = await hop(url, "HEAD", tally, stop);
      if (head.status < 400 || head.status === 429) return head;
    } catch (err) {
      if (stop?.aborted || err instanceof HostBackedOff) throw err;
      const failure = failureOf(err, timeoutMs);
      if (failure.unreachable || failure.answer === "error:blocked" || failure.answer === "error:timeout")
        throw failure;
    }
    return hop(url, "GET", tally, stop);
  }

  /** The status an HTTP answer gives a link (after any redirects). */
  function verdict(
    code: number,
    from: URL,
    to: URL,
    permanent: boolean,
  ): Omit<CheckResult, keyof Tally | "durationMs" | "retryAfterMs" | "unreachable"> {
    const moved = to.href !== from.href;
    const at = moved ? ` at ${to.href}` : "";
    const base = {
      code,
      finalUrl: moved ? to.href : null,
      answer: `code:${code}${moved ? ` ${to.href}` : ""}`,
    };
    if (code >= 200 && code < 300) {
      if (moved && isSoftNotFound(from, to))
        return { ...base, outcome: "broken", result: `soft 404: redirects to ${to.href}`, confirming: false };
      if (moved && permanent)
        return {
          ...base,
          outcome: "redirected",
          result: `moved permanently to ${to.href}`,
          confirming: false,
        };
      return { ...base, finalUrl: null, outcome: "ok", result: reason(code), confirming: false };
    }
    if (code === 404 || code === 410)
      return { ...base, outcome: "broken", result: `${reason(code)}${at}`, confirming: false };
    if (code === 401 || code === 403 || code === 407)
      return {
        ...base,
        outcome: "warning",
        result: `${reason(code)}${at}: the site may need a login`,
        confirming: false,
      };
    if (code === 429)
      return {
        ...base,
        outcome: "warning",
        result: `${reason(code)}: the site asked us to slow down`,
        confirming: false,
      };
    if (code >= 300 && code < 400)
      return {
        ...base,
        outcome: "warning",
        result: `${reason(code)}${at} without a new address`,
        confirming: true,
      };
    return { ...base, outcome: "warning", result: `${reason(code)}${at}`, confirming: true };
  }

  /** Follows redirects by hand, each hop checked and gated like the first. */
  async function follow(
    start: URL,
    tally: Tally,
    stop?: AbortSignal,
  ): Promise<ReturnType<typeof verdict> & { retryAfterMs: number | null }> {
    let current = start;
    let permanent = false;
    const seen = new Set([start.href]);
    for (let redirects = 0; ; redirects++) {
      const answer = await ask(current, tally, stop);
      if (!REDIRECTS.has(answer.status) || !answer.location) {
        return { ...verdict(answer.status, start, current, permanent), retryAfterMs: answer.retryAfterMs };
      }
      let next: URL;
      try {
        next = new URL(answer.location, current);
      } catch {
        throw new Failure(
          `${reason(answer.status)} to an unreadable address`,
          `code:${answer.status} bad-location`,
          { code: answer.status },
        );
      }
      if (next.protocol !== "http:" && next.protocol !== "https:")
        throw new Failure(`redirects to a ${next.protocol} address`, `code:${answer.status} not-http`, {
          code: answer.status,
        });
      next.hash = "";
      if (seen.has(next.href))
        throw new Failure(`redirect loop at ${next.href}`, "error:redirect-loop", { code: answer.status });
      if (redirects + 1 > maxRedirects)
        throw new Failure(`more than ${maxRedirects} redirects`, "error:too-many-redirects", {
          code: answer.status,
        });
      if (PERMANENT.has(answer.status)) permanent = true;
      seen.add(next.href);
      current = next;
    }
  }

  /** A YouTube video: asks oEmbed, which answers 401/404 for a private or deleted video. */
  async function video(id: string, tally: Tally, stop?: AbortSignal) {
    const endpoint = new URL(oembed);
    endpoint.searchParams.set("url", `https://www.youtube.com/watch?v=${id}`);
    endpoint.searchParams.set("format", "json");
    const answer = await hop(endpoint, "GET", tally, stop);
    const code = answer.status;
    const base = { code, finalUrl: null, answer: `code:${code}`, retryAfterMs: answer.retryAfterMs };
    if (code >= 200 && code < 300)
      return {
        ...base,
        outcome: "ok" as const,
        result: `${reason(code)}: the video is available`,
        confirming: false,
      };
    if (code === 400 || code === 401 || code === 404)
      return {
        ...base,
        outcome: "broken" as const,
        result: `the video is private, deleted or never existed (oEmbed ${reason(code)})`,
        confirming: false,
      };
    return { ...verdict(code, endpoint, endpoint, false), ...base, result: `oEmbed ${reason(code)}` };
  }

  return {
    gate,
    async check(raw, stop) {
      const started = performance.now();
      const tally: Tally = { requests: 0, bytesRead: 0 };
      const done = (r: Omit<CheckResult, keyof Tally | "durationMs">): CheckResult => ({
        ...r,
        ...tally,
        durationMs: Math.round(performance.now() - started),
      });
      const normal = normaliseLinkUrl(raw);
      if (!normal) {
        return done({
          outcome: "broken",
          code: null,
          finalUrl: null,
          result: "not an http(s) address",
          answer: "error:not-http",
          confirming: false,
          unreachable: false,
          retryAfterMs: null,
        });
      }
      const url = new URL(normal);
      try {
        const id = youtubeVideoId(url);
        const found = id ? await video(id, tally, stop) : await follow(url, tally, stop);
        return done({ ...found, unreachable: false });
      } catch (err) {
        if (stop?.aborted) throw stop.reason ?? err;
        if (err instanceof HostBackedOff) return { outcome: "deferred", retryAfterMs: err.retryAfterMs };
        const failure = failureOf(err, timeoutMs);
        return done({
          outcome: "warning",
          code: failure.code,
          finalUrl: null,
          result: failure.message,
          answer: failure.answer,
          confirming: true,
          unreachable: failure.unreachable,
          retryAfterMs: null,
        });
      }
    },
    close: async () => {
      await client?.catch(() => undefined);
      await agent?.close();
    },
  };
}
