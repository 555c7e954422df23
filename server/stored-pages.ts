import type { NextFunction, Request, Response } from "express";
import { metrics } from "#app/server/platform/metrics.server.ts";
import { answerFromStore, type PageCache } from "#app/server/platform/page-cache.server.ts";
import { pageKey, saveDataKey } from "#app/server/platform/page-key.server.ts";
import { wantsSaveData } from "#app/server/platform/save-data.server.ts";

/**
 * Answers GET and HEAD for a public page that is already rendered and stored, before React
 * Router (and the session lookup) is involved: the common visit costs a map lookup and one
 * write. Every spelling of a page (case, percent-encoding, a trailing slash, query parameters
 * it does not read, React Router's `_routes`) is looked up under its one canonical key, and
 * when it is not stored yet React Router is asked for exactly that canonical request, which
 * app/root.tsx then stores. The console, login and logout have no key: never looked up, never
 * stored. Anything else, or any trouble here, falls through to React Router unchanged.
 */
export function storedPages(pageCache: PageCache) {
  return async (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const key = pageKey(req.originalUrl);
    if (key === null) return next();
    let answer: Awaited<ReturnType<typeof answerFromStore>> | undefined;
    try {
      await pageCache.sync();
      // A visitor saving data gets the page's Save-Data form, stored apart (save-data.server.ts).
      const page = pageCache.get(wantsSaveData(req.get("Save-Data")) ? saveDataKey(key) : key);
      if (page) {
        answer = await answerFromStore(page, {
          method: req.method,
          ifNoneMatch: req.get("If-None-Match"),
          acceptEncoding: req.get("Accept-Encoding"),
        });
        // What the page's loader would have done on this visit (e.g. count a search); not for HEAD.
        if (req.method === "GET") page.onVisit?.();
      }
    } catch {
      // Never a reason to fail the request: React Router renders it.
    }
    const { pageStoreHits, pageStoreMisses } = metrics();
    if (answer) pageStoreHits.inc();
    else pageStoreMisses.inc();
    if (!answer) {
      // A data request without `_routes` carries every route's data; the client takes what it asked for.
      req.url = key;
      req.originalUrl = key;
      return next();
    }
    res.writeHead(answer.status, answer.headers);
    res.end(answer.body);
  };
}
