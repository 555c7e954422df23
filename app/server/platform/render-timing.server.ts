import { AsyncLocalStorage } from "node:async_hooks";
import { metrics } from "#app/server/platform/metrics.server.ts";

// Where a page rendered afresh spends its time, for `page_render_seconds{phase}` on /metrics
// (docs/decisions/0016): the loaders (routing, the session, every loader, their statements
// included), the statements alone, React's render, and the post-processing of the HTML (late
// scripts, the nonce and script hashes, the stored copy and its ETag). A record per request in
// AsyncLocalStorage, a few clock readings and one observation per phase when the page was
// rendered: nothing measurable on the hot path. Pages answered from the store never get here.

export type RenderPhase = "loaders" | "queries" | "render" | "post";

type Timing = {
  startedAt: number;
  /** When React began to render the document: the loaders' phase ends there. */
  renderStartedAt: number;
  renderMs: number;
  queriesMs: number;
  postMs: number;
};

// The server's own modules and the bundled app (server/app.ts) are two module graphs: one store per process.
const KEY = Symbol.for("chapterwise.renderTiming");
const holder = globalThis as { [KEY]?: AsyncLocalStorage<Timing> };
holder[KEY] ??= new AsyncLocalStorage<Timing>();
const storage = holder[KEY];

/** Runs `work` (React Router answering one request) with a timing record, observed when `finished` is called. */
export function timedRequest<T>(work: (finished: () => void) => T): T {
  const timing: Timing = {
    startedAt: performance.now(),
    renderStartedAt: 0,
    renderMs: 0,
    queriesMs: 0,
    postMs: 0,
  };
  return storage.run(timing, () => work(() => observe(timing)));
}

function observe(timing: Timing): void {
  // Only a document that was rendered counts (not data requests, redirects or HEAD).
  if (timing.renderStartedAt === 0) return;
  const { renderSeconds } = metrics();
  renderSeconds.observe({ phase: "loaders" }, (timing.renderStartedAt - timing.startedAt) / 1000);
  renderSeconds.observe({ phase: "queries" }, timing.queriesMs / 1000);
  renderSeconds.observe({ phase: "render" }, timing.renderMs / 1000);
  renderSeconds.observe({ phase: "post" }, timing.postMs / 1000);
}

/** React starts rendering the document: the loaders are done. */
export function renderStarted(): void {
  const timing = storage.getStore();
  if (timing) timing.renderStartedAt = performance.now();
}

/** Adds time spent in a phase of this request (render, post, or a statement's queries). */
export function addPhaseTime(phase: Exclude<RenderPhase, "loaders">, ms: number): void {
  const timing = storage.getStore();
  if (!timing) return;
  if (phase === "render") timing.renderMs += ms;
  else if (phase === "queries") timing.queriesMs += ms;
  else timing.postMs += ms;
}
