import { parsePrometheusText, sampleValue } from "../prometheus-text.ts";
import { E2E_PORT } from "./accounts.ts";
import { expect, test } from "./fixtures.ts";
import { type OwnServer, ownServer } from "./own-server.ts";

// What the people who run the site see: JSON log lines with a request id per request, and /metrics
// for private addresses or holders of METRICS_TOKEN (DESIGN.md §5).

const TOKEN = "ops-test-token-0123456789abcdef";
const CHAPTER = "/class/10/chapter/real-numbers";

let plain: OwnServer;
let guarded: OwnServer;
let stdout = "";
let stderr = "";

test.beforeAll(async () => {
  test.setTimeout(90_000);
  [plain, guarded] = await Promise.all([
    ownServer(E2E_PORT + 190, { LOG_FORMAT: "json" }, { onStdout: (text) => (stdout += text) }),
    ownServer(E2E_PORT + 191, { METRICS_TOKEN: TOKEN }),
  ]);
  plain.server.child.stderr?.on("data", (chunk) => {
    stderr += String(chunk);
  });
});

test.afterAll(async () => {
  await Promise.all([plain?.stop(), guarded?.stop()]);
});

/** The log's lines so far, each parsed as JSON (a line that is not JSON fails the test). */
function logLines(text: string): Array<Record<string, unknown>> {
  return text
    .split("\n")
    .filter(Boolean)
    .map((line) => {
      try {
        return JSON.parse(line) as Record<string, unknown>;
      } catch {
        throw new Error(`not a JSON log line: ${line}`);
      }
    });
}

test("a request's id comes back as X-Request-Id and is on its one log line, which holds no query or cookie", async () => {
  const response = await fetch(`${plain.server.url}${CHAPTER}?utm_source=query-secret`, {
    headers: { "X-Request-Id": "ops-req-1", Cookie: "cw_session=cookie-secret-value" },
  });
  expect(response.status).toBe(200);
  expect(response.headers.get("x-request-id")).toBe("ops-req-1");
  // Read whole, as a browser does: the next test counts this request in /metrics.
  await response.text();
  await expect.poll(() => logLines(stdout).filter((l) => l.requestId === "ops-req-1").length).toBe(1);
  const line = logLines(stdout).find((l) => l.requestId === "ops-req-1");
  expect(line).toMatchObject({
    level: "info",
    msg: "request",
    method: "GET",
    route: "/class/:grade/chapter/:slug",
    path: CHAPTER,
    status: 200,
  });
  expect(typeof line?.ms).toBe("number");
  expect(Date.parse(String(line?.time))).not.toBeNaN();

  // An id that is not sane is replaced by one of ours.
  const odd = await fetch(`${plain.server.url}/about`, { headers: { "X-Request-Id": "two words" } });
  expect(odd.headers.get("x-request-id")).toMatch(/^[A-Za-z0-9_-]{16}$/);
  // A wrong password is logged as a failed login, never with what was typed.
  const login = await fetch(`${plain.server.url}/login`, {
    method: "POST",
    headers: { Origin: plain.server.url, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ email: "admin@e2e.test", password: "password-secret-typed" }),
  });
  expect(login.status).toBe(401);
  await expect.poll(() => logLines(stdout).some((l) => l.msg === "login failed")).toBe(true);

  const everything = stdout + stderr;
  for (const secret of ["query-secret", "cookie-secret-value", "password-secret-typed", "utm_source"]) {
    expect(everything).not.toContain(secret);
  }
  logLines(stderr);
});

test("/metrics from this machine: Prometheus text, labelled by route pattern, never stored", async () => {
  // Read whole, as a browser does: a response is counted when it has been sent (pages are streamed).
  await (await fetch(`${plain.server.url}${CHAPTER}`)).text();
  await (await fetch(`${plain.server.url}/no/such/page-12345`)).text();
  const response = await fetch(`${plain.server.url}/metrics`);
  expect(response.status).toBe(200);
  expect(response.headers.get("cache-control")).toBe("no-store");
  expect(response.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
  const metrics = parsePrometheusText(await response.text());
  for (const [name, type] of [
    ["http_requests_total", "counter"],
    ["http_request_duration_seconds", "histogram"],
    ["page_store_hits_total", "counter"],
    ["page_store_misses_total", "counter"],
    ["page_store_entries", "gauge"],
    ["page_store_bytes", "gauge"],
    ["db_query_duration_seconds", "histogram"],
    ["job_runs_total", "counter"],
    ["job_failures_total", "counter"],
    ["link_checks_total", "counter"],
    ["login_failures_total", "counter"],
    ["login_lockouts_total", "counter"],
    ["process_cpu_seconds_total", "counter"],
    ["process_resident_memory_bytes", "gauge"],
    ["nodejs_eventloop_lag_seconds", "gauge"],
  ]) {
    expect(metrics.types.get(name as string), name).toBe(type);
  }
  const chapterPages = { route: "/class/:grade/chapter/:slug", status: "2xx" };
  expect(sampleValue(metrics, "http_requests_total", chapterPages)).toBeGreaterThanOrEqual(2);
  expect(
    sampleValue(metrics, "http_requests_total", { route: "not-found", status: "4xx" }),
  ).toBeGreaterThanOrEqual(1);
  expect(
    sampleValue(metrics, "db_query_duration_seconds_count", { engine: "sqlite", kind: "select" }),
  ).toBeGreaterThan(0);
  expect(sampleValue(metrics, "login_failures_total")).toBeGreaterThanOrEqual(1);
  // Route patterns only: no address with a slug or an id in it.
  const routes = new Set(metrics.samples.map((s) => s.labels.route).filter((r) => r !== undefined));
  for (const route of routes) expect(route).toMatch(/^(static|not-found|\/[a-z0-9:/.*_-]*)$/);
  expect([...routes].some((r) => r.includes("real-numbers") || r.includes("12345"))).toBe(false);

  // Asked again: counted afresh, not an answer kept from before.
  const again = parsePrometheusText(await (await fetch(`${plain.server.url}/metrics`)).text());
  const scrapes = (m: typeof metrics) =>
    sampleValue(m, "http_requests_total", { route: "/metrics", status: "2xx" }) ?? 0;
  expect(scrapes(again)).toBeGreaterThan(scrapes(metrics));
});

test("/metrics refuses a public address, and with METRICS_TOKEN everyone without it", async () => {
  // Through this machine as a trusted proxy, the client is the address it forwards.
  const publicClient = await fetch(`${plain.server.url}/metrics`, {
    headers: { "X-Forwarded-For": "203.0.113.9" },
  });
  expect(publicClient.status).toBe(403);
  expect(publicClient.headers.get("cache-control")).toBe("no-store");
  expect(await publicClient.text()).not.toContain("http_requests_total");
  const privateClient = await fetch(`${plain.server.url}/metrics`, {
    headers: { "X-Forwarded-For": "10.0.0.7" },
  });
  expect(privateClient.status).toBe(200);

  const url = `${guarded.server.url}/metrics`;
  for (const headers of [
    {} as Record<string, string>,
    { Authorization: "Bearer wrong-token-0123456789" },
    { Authorization: `Basic ${TOKEN}` },
  ]) {
    const refused = await fetch(url, { headers });
    expect(refused.status, JSON.stringify(headers)).toBe(401);
    expect(refused.headers.get("www-authenticate")).toMatch(/^Bearer/);
    expect(await refused.text()).not.toContain("http_requests_total");
  }
  const scraped = await fetch(url, {
    headers: { Authorization: `Bearer ${TOKEN}`, "X-Forwarded-For": "203.0.113.9" },
  });
  expect(scraped.status).toBe(200);
  expect(parsePrometheusText(await scraped.text()).types.get("http_requests_total")).toBe("counter");
});

test("a small site has one sitemap and no numbered ones", async () => {
  const sitemap = await fetch(`${plain.server.url}/sitemap.xml`);
  expect(await sitemap.text()).toContain("<urlset");
  expect((await fetch(`${plain.server.url}/sitemap-1.xml`)).status).toBe(404);
  const robots = await (await fetch(`${plain.server.url}/robots.txt`)).text();
  expect(robots).toMatch(/^Sitemap: http:\/\/[^/]+\/sitemap\.xml$/m);
});
