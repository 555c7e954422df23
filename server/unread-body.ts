import type { NextFunction, Request, Response } from "express";

/**
 * A request answered before its body was read to the end (a 405 from a route without an action, a
 * refusal before the form is parsed) has the rest of its body read and dropped once the answer is
 * sent. React Router's request stream otherwise holds the body half-read, the answer promises
 * keep-alive, and the client's next request on that connection gets a reset instead of an answer.
 * A body refused for its size (./body-limit.ts) is dropped the same way, as Node itself would; the
 * server's request timeout ends a client that never stops sending.
 */
export function drainUnreadBody(req: Request, res: Response, next: NextFunction) {
  if (req.method === "GET" || req.method === "HEAD") return next();
  res.once("finish", () => {
    if (req.complete || req.destroyed) return;
    req.removeAllListeners("data");
    req.resume();
  });
  next();
}
