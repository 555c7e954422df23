import { createHash, timingSafeEqual } from "node:crypto";
import ipaddr from "ipaddr.js";
import type { LogEvent } from "kysely";
import client from "prom-client";

// The server's metrics in the Prometheus text format, at /metrics (docs/decisions/0013). Every
// label takes a few known values only (route patterns, never addresses; status classes; job
// names; link statuses), so a scrape stays small and cheap however many pages the site has.

/** What the page store holds, read at scrape time (app/server/platform/page-cache.server.ts). */
export type PageStoreSize = { entries: number; bytes: number };
/** A PostgreSQL pool's connections, read at scrape time (app/server/platform/postgres-pool.server.ts). */
export type PoolUse = { totalCount: number; idleCount: number; waitingCount: number };

type QueryKind = "select" | "insert" | "update" | "delete" | "other";
const QUERY_KINDS: Record<string, QueryKind> = {
  SelectQueryNode: "select",
  InsertQueryNode: "insert",
  UpdateQueryNode: "update",
  DeleteQueryNode: "delete",
};

function createMetrics() {
  const registry = new client.Registry();
  const pageStores = new Set<() => PageStoreSize>();
  const pools = new Set<PoolUse>();
  const storeSizes = () => [...pageStores].map((size) => size());
  const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
  const poolTotal = (field: keyof PoolUse) => sum([...pools].map((pool) => pool[field]));

  const counter = <L extends string>(name: string, help: string, labelNames: readonly L[] = []) =>
    new client.Counter<L>({ name, help, labelNames, registers: [registry] });
  const histogram = <L extends string>(
    name: string,
    help: string,
    labelNames: readonly L[],
    buckets: number[],
  ) => new client.Histogram<L>({ name, help, labelNames, buckets, registers: [registry] });
  /** A gauge read at scrape time. */
  const gauge = <L extends string>(
    name: string,
    help: string,
    labelNames: readonly L[],
    read: (g: client.Gauge<L>) => void,
  ) =>
    new client.Gauge<L>({
      name,
      help,
      labelNames,
      registers: [registry],
      collect() {
        read(this);
      },
    });

  const requestLabels = ["route", "status"] as const;
  const metrics = {
    registry,
    pageStores,
    pools,
    requests: counter(
      "http_requests_total",
      "Requests answered, by route pattern (or static / not-found) and status class.",
      requestLabels,
    ),
    requestSeconds: histogram(
      "http_request_duration_seconds",
      "Time from a request's arrival to its last byte, by route pattern and status class.",
      requestLabels,
      [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    ),
    pageStoreHits: counter(
      "page_store_hits_total",
      "Public pages answered from the page store, without rendering.",
    ),
    pageStoreMisses: counter(
      "page_store_misses_total",
      "Public pages the page store did not hold, rendered instead.",
    ),
    pageStoreEntries: gauge("page_store_entries", "Pages held in the page store.", [], (g) =>
      g.set(sum(storeSizes().map((s) => s.entries))),
    ),
    pageStoreBytes: gauge(
      "page_store_bytes",
      "Bytes of the pages held in the page store, with their compressed copies.",
      [],
      (g) => g.set(sum(storeSizes().map((s) => s.bytes))),
    ),
    poolConnections: gauge(
      "db_pool_connections",
      "PostgreSQL connections of this process: total open, idle, and requests waiting for one.",
      ["state"],
      (g) => {
        if (pools.size === 0) return;
        g.set({ state: "total" }, poolTotal("totalCount"));
        g.set({ state: "idle" }, poolTotal("idleCount"));
        g.set({ state: "waiting" }, poolTotal("waitingCount"));
      },
    ),
    querySeconds: histogram(
      "db_query_duration_seconds",
      "Database statements, by engine and kind (select, insert, update, delete, other).",
      ["engine", "kind"],
      [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    ),
    renderSeconds: histogram(
      "page_render_seconds",
      "Pages rendered afresh (not from the page store), by phase: loaders (their statements included), queries (the statements alone), render (React), post (HTML post-processing and storing).",
      ["phase"],
      [0.0001, 0.00025, 0.0005, 0.001, 0.002, 0.004, 0.008, 0.016, 0.032, 0.064, 0.128, 0.256],
    ),
    jobRuns: counter("job_runs_total", "Runs of background jobs in this process, by job.", ["job"]),
    jobFailures: counter("job_failures_total", "Runs of background jobs that failed, by job.", ["job"]),
    linkChecks: counter("link_checks_total", "Links checked, by the status the check gave them.", ["status"]),
    loginFailures: counter("login_failures_total", "Logins refused for a wrong e-mail or password."),
    loginLockouts: counter(
      "login_lockouts_total",
      "Logins refused before any password check because a login limit was reached.",
    ),
    processMetrics: false,
  };
  return metrics;
}

export type Metrics = ReturnType<typeof createMetrics>;

// One registry per process: the server's own modules and the bundled app (server/app.ts) are two
// module graphs, so the metrics live on globalThis rather than in this module.
const KEY = Symbol.for("chapterwise.metrics");

/** This process's metrics. */
export function metrics(): Metrics {
  const holder = globalThis as { [KEY]?: Metrics };
  holder[KEY] ??= createMetrics();
  return holder[KEY];
}

/** Adds prom-client's process metrics (CPU, memory, event loop, GC): for the server, not the CLI. */
export function collectProcessMetrics(): void {
  const m = metrics();
  if (m.processMetrics) return;
  m.processMetrics = true;
  client.collectDefaultMetrics({ register: m.registry });
}

/** "2xx" … "5xx". */
export function statusClass(status: number): string {
  return `${Math.floor(status / 100)}xx`;
}

/** Counts one answered request. */
export function requestAnswered(route: string, status: number, seconds: number): void {
  const m = metrics();
  const labels = { route, status: statusClass(status) };
  m.requests.inc(labels);
  m.requestSeconds.observe(labels, seconds);
}

/** A Kysely `log` that times every statement for `db_query_duration_seconds`. */
export function queryTimer(engine: "sqlite" | "postgres"): (event: LogEvent) => void {
  const { querySeconds } = metrics();
  const timers = new Map<QueryKind, ReturnType<typeof querySeconds.labels>>();
  return (event) => {
    const kind = QUERY_KINDS[event.query.query.kind] ?? "other";
    let timer = timers.get(kind);
    if (!timer) {
      timer = querySeconds.labels(engine, kind);
      timers.set(kind, timer);
    }
    timer.observe(event.queryDurationMillis / 1000);
  };
}

/** Counts one job run (and its failure). */
export function jobRan(job: string, failed: boolean): void {
  const m = metrics();
  m.jobRuns.inc({ job });
  if (failed) m.jobFailures.inc({ job });
}

/** Reports a page store's size at every scrape until the returned function is called. */
export function watchPageStore(size: () => PageStoreSize): () => void {
  const { pageStores } = metrics();
  pageStores.add(size);
  return () => pageStores.delete(size);
}

/** Reports a PostgreSQL pool's connections at every scrape until the returned function is called. */
export function watchPool(pool: PoolUse): () => void {
  const { pools } = metrics();
  pools.add(pool);
  return () => pools.delete(pool);
}

/** Loopback, and the private ranges (10/8, 172.16/12, 192.168/16, fc00::/7) of an operator's network. */
export function isPrivateClient(address: string): boolean {
  try {
    const ip = ipaddr.process(address);
    return ["loopback", "private", "uniqueLocal"].includes(ip.range());
  } catch {
    return false;
  }
}

const digest = (text: string) => createHash("sha256").update(text).digest();

/**
 * Who may read /metrics (docs/decisions/0013). Without METRICS_TOKEN: loopback and private addresses only
 * (the client's address as the trusted-proxy rule gives it). With it: whoever sends it as a Bearer
 * token, compared in constant time.
 */
export function metricsAccess(request: {
  token: string | undefined;
  clientAddress: string;
  authorization: string | null;
}): "allowed" | "forbidden" | "unauthorized" {
  if (request.token === undefined) {
    return isPrivateClient(request.clientAddress) ? "allowed" : "forbidden";
  }
  const given = /^Bearer\s+(\S+)\s*$/i.exec(request.authorization ?? "")?.[1] ?? "";
  // Hashes of equal length, so neither the comparison nor its length says anything about the token.
  return timingSafeEqual(digest(given), digest(request.token)) ? "allowed" : "unauthorized";
}

const NO_STORE = { "Cache-Control": "no-store", "Content-Type": "text/plain; charset=utf-8" };

/** The answer to GET /metrics: the metrics, or why not. */
export async function metricsResponse(request: Parameters<typeof metricsAccess>[0]): Promise<Response> {
  const access = metricsAccess(request);
  if (access === "forbidden") {
    return new Response(
      "Metrics are served to private addresses only; set METRICS_TOKEN to scrape from elsewhere.\n",
      {
        status: 403,
        headers: NO_STORE,
      },
    );
  }
  if (access === "unauthorized") {
    return new Response("Send the metrics token: Authorization: Bearer METRICS_TOKEN\n", {
      status: 401,
      headers: { ...NO_STORE, "WWW-Authenticate": 'Bearer realm="metrics"' },
    });
  }
  const { registry } = metrics();
  return new Response(await registry.metrics(), {
    headers: { ...NO_STORE, "Content-Type": registry.contentType },
  });
}
