import type { NextFunction, Request, Response } from "express";
import { pageKey } from "#app/server/platform/page-key.server.ts";

/**
 * Public pages rendered at once; the others wait their turn (docs/decisions/0016). Rendering is
 * CPU work on one thread: fifty pages rendered at once finish no sooner than fifty one after the
 * other, but hold fifty pages' worth of loader data, React trees, HTML copies and compression
 * buffers in memory together, long enough for V8 to promote all of it to the old generation.
 * A few at once keep the database's waits overlapped (PostgreSQL) and memory flat. Only the pages
 * the store keeps (page-key.server.ts) wait here, when it did not have them: never a page from the
 * store, the console (an export may stream for a while), /healthz, /metrics, media or a sitemap.
 */
export const RENDERS_AT_ONCE = 6;

export function renderGate(limit = RENDERS_AT_ONCE) {
  let running = 0;
  const waiting: (() => void)[] = [];
  const release = () => {
    running--;
    const next = waiting.shift();
    if (next) next();
  };
  return (req: Request, res: Response, next: NextFunction) => {
    if ((req.method !== "GET" && req.method !== "HEAD") || pageKey(req.originalUrl) === null) return next();
    let left = false;
    const start = () => {
      if (left) return release();
      res.once("close", release);
      next();
    };
    running++;
    if (running <= limit) return start();
    // Its turn comes when one of the pages being rendered is sent (or its client goes away).
    res.once("close", () => {
      left = true;
    });
    waiting.push(start);
  };
}
