import type { Kysely } from "kysely";
import { expect, it } from "vitest";
import { LOGIN_LIMIT, signIn } from "#app/server/accounts/login-limits.server.ts";
import { saveUser } from "#app/server/accounts/users.server.ts";
import { addSubject } from "#app/server/catalogue/subjects.server.ts";
import { dialectOf } from "#app/server/db.server.ts";
import { type JobDefinition, runJobOnce } from "#app/server/jobs/lease.server.ts";
import { metrics, metricsResponse, watchPageStore } from "#app/server/platform/metrics.server.ts";
import { PageCache } from "#app/server/platform/page-cache.server.ts";
import { addPhaseTime, renderStarted, timedRequest } from "#app/server/platform/render-timing.server.ts";
import { parsePrometheusText, sampleValue } from "../prometheus-text.ts";
import { describeEachDatabase } from "./databases.ts";

/** What a scrape from loopback gets, parsed (a format error fails the test). */
async function scrape() {
  const response = await metricsResponse({
    token: undefined,
    clientAddress: "127.0.0.1",
    authorization: null,
  });
  expect(response.status).toBe(200);
  expect(response.headers.get("Cache-Control")).toBe("no-store");
  expect(response.headers.get("Content-Type")).toMatch(/^text\/plain; version=0\.0\.4/);
  return parsePrometheusText(await response.text());
}

describeEachDatabase("metrics", (db) => {
  const at = new Date(Date.UTC(2026, 10, 23, 10, 0));
  const engineOf = () => dialectOf(db() as Kysely<unknown>);

  it("time every statement by engine and kind", async () => {
    const engine = engineOf();
    const before = await scrape();
    const count = (kind: string, from = before) =>
      sampleValue(from, "db_query_duration_seconds_count", { engine, kind }) ?? 0;
    await addSubject(db(), 9, "metrics-maths", "Metrics Maths");
    await db().selectFrom("subjects").selectAll().execute();
    await db()
      .updateTable("subjects")
      .set({ label: "Metrics" })
      .where("code", "=", "metrics-maths")
      .execute();
    await db().deleteFrom("subjects").where("code", "=", "metrics-maths").execute();
    const after = await scrape();
    for (const kind of ["select", "insert", "update", "delete"]) {
      expect(count(kind, after), kind).toBeGreaterThan(count(kind));
    }
    expect(after.types.get("db_query_duration_seconds")).toBe("histogram");
  });

  it("time a page rendered afresh by phase: loaders, their statements, render, post-processing", async () => {
    const before = await scrape();
    const count = (phase: string, from = before) =>
      sampleValue(from, "page_render_seconds_count", { phase }) ?? 0;
    const sum = (phase: string, from = before) =>
      sampleValue(from, "page_render_seconds_sum", { phase }) ?? 0;
    // A request that renders a page: its statements are counted as its queries.
    await timedRequest(async (finished) => {
      await db().selectFrom("subjects").selectAll().execute();
      renderStarted();
      addPhaseTime("render", 2);
      addPhaseTime("post", 0.5);
      finished();
    });
    // One that renders nothing (a redirect, a data request) is not a page rendered.
    await timedRequest(async (finished) => {
      await db().selectFrom("subjects").selectAll().execute();
      finished();
    });
    // Statements outside any request (jobs, the CLI) count for no page.
    await db().selectFrom("subjects").selectAll().execute();
    const after = await scrape();
    for (const phase of ["loaders", "queries", "render", "post"]) {
      expect(count(phase, after) - count(phase), phase).toBe(1);
    }
    expect(sum("queries", after)).toBeGreaterThan(sum("queries"));
    expect(sum("render", after) - sum("render")).toBeCloseTo(0.002, 6);
    expect(sum("post", after) - sum("post")).toBeCloseTo(0.0005, 6);
    expect(after.types.get("page_render_seconds")).toBe("histogram");
  });

  it("count job runs and failures by job", async () => {
    const ok: JobDefinition = { name: "metrics-ok", everyMs: 60_000, run: async () => "done" };
    const failing: JobDefinition = {
      name: "metrics-failing",
      everyMs: 60_000,
      run: async () => {
        throw new Error("away");
      },
    };
    const before = await scrape();
    await runJobOnce(db(), ok, "a", at);
    await expect(runJobOnce(db(), failing, "a", at)).rejects.toThrow("away");
    // Another instance's round in the same period does not run, so it is not counted.
    await runJobOnce(db(), ok, "b", at);
    const after = await scrape();
    const grew = (name: string, job: string) =>
      (sampleValue(after, name, { job }) ?? 0) - (sampleValue(before, name, { job }) ?? 0);
    expect(grew("job_runs_total", "metrics-ok")).toBe(1);
    expect(grew("job_failures_total", "metrics-ok")).toBe(0);
    expect(grew("job_runs_total", "metrics-failing")).toBe(1);
    expect(grew("job_failures_total", "metrics-failing")).toBe(1);
  });

  it("count failed logins and the lockouts that follow", async () => {
    await saveUser(db(), "metrics@x.in", "Right-password-123");
    const before = await scrape();
    for (let i = 0; i <= LOGIN_LIMIT.perAccount; i++) {
      await signIn(
        db(),
        { email: "metrics@x.in", password: `guess-${i}`, address: `10.9.0.${i}` },
        at.getTime(),
      );
    }
    const after = await scrape();
    const grew = (name: string) => (sampleValue(after, name) ?? 0) - (sampleValue(before, name) ?? 0);
    expect(grew("login_failures_total")).toBe(LOGIN_LIMIT.perAccount);
    expect(grew("login_lockouts_total")).toBe(1);
  });

  it("report the page store's size and, on PostgreSQL, the pool's connections", async () => {
    const store = new PageCache(db(), { keepFirstRequest: true });
    const unwatch = watchPageStore(() => store.size());
    const page = "<!doctype html><p>stored</p>";
    await store.put("/about", new Response(page, { headers: { "Content-Type": "text/html" } }), {
      nonce: "n",
      generation: store.generation,
    });
    const exposition = await scrape();
    unwatch();
    expect(sampleValue(exposition, "page_store_entries")).toBeGreaterThanOrEqual(1);
    expect(sampleValue(exposition, "page_store_bytes")).toBeGreaterThanOrEqual(page.length);
    if (engineOf() === "postgres") {
      expect(sampleValue(exposition, "db_pool_connections", { state: "total" })).toBeGreaterThanOrEqual(1);
      expect(sampleValue(exposition, "db_pool_connections", { state: "waiting" })).toBe(0);
    }
    // Nothing left watching this store: it no longer counts.
    expect(metrics().pageStores.size).toBe(0);
  });
});
