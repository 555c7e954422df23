import type { NextFunction, Request, Response } from "express";
import { isPrivatePath } from "../app/server/http-cache.server.ts";
import { answerFromStore, type PageCache } from "../app/server/page-cache.server.ts";

/**
 * Answers GET and HEAD for a public page that is already rendered and stored, before React
 * Router (and the session lookup) is involved: the common visit costs a map lookup and one
 * write. Anything else, or any trouble here, falls through to React Router, which renders
 * the page and stores it (app/root.tsx).
 */
export function storedPages(pageCache: PageCache) {
  return async (req: Request, res: Response, next: NextFunction) => {
    if ((req.method !== "GET" && req.method !== "HEAD") || isPrivatePath(req.path)) return next();
    let answer: Awaited<ReturnType<typeof answerFromStore>> | undefined;
    try {
      await pageCache.sync();
      const page = pageCache.get(req.originalUrl);
      if (page) {
        answer = await answerFromStore(page, {
          method: req.method,
          ifNoneMatch: req.get("If-None-Match"),
          acceptEncoding: req.get("Accept-Encoding"),
        });
      }
    } catch {
      // The database may be unreachable for the version check: React Router answers (or fails) as usual.
    }
    if (!answer) return next();
    res.writeHead(answer.status, answer.headers);
    res.end(answer.body);
  };
}
