import type { NextFunction, Request, Response } from "express";
import { log, requestIdFrom, withRequestId } from "#app/server/platform/log.server.ts";
import { requestAnswered } from "#app/server/platform/metrics.server.ts";
import type { RouteOf } from "./route-patterns.ts";

/** A path longer than this is cut in the log (hostile addresses can be kilobytes long). */
const MAX_LOGGED_PATH = 300;

/**
 * Every request gets an id (the sender's sane X-Request-Id, or a new one), sent back as
 * X-Request-Id and carried by every log line written while it is answered; when it is answered,
 * one log line (method, route pattern, path, status, time, id) and its metrics. Never the query
 * string, a cookie or a body. The route comes from the app (server/route-patterns.ts): a request
 * the app never saw was answered as a static file.
 */
export function requestLog(req: Request, res: Response, next: NextFunction) {
  const started = process.hrtime.bigint();
  const requestId = requestIdFrom(req.get("X-Request-Id"));
  // Read now: the page store rewrites the address of the request it asks React Router for.
  const path = (req.originalUrl.split("?")[0] ?? "").slice(0, MAX_LOGGED_PATH);
  res.setHeader("X-Request-Id", requestId);
  res.on("finish", () => {
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    const route = res.locals.route as RouteOf | undefined;
    const pattern = route?.pattern ?? "static";
    requestAnswered(pattern, res.statusCode, seconds);
    log.info("request", {
      method: req.method,
      route: pattern,
      path: route?.hidesPath ? pattern : path,
      status: res.statusCode,
      ms: Math.round(seconds * 10_000) / 10,
      requestId,
    });
  });
  withRequestId(requestId, next);
}
