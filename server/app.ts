import { randomBytes } from "node:crypto";
import { createRequestHandler } from "@react-router/express";
import express from "express";
import { RouterContextProvider, type ServerBuild } from "react-router";
import { requestContext, servicesContext } from "#app/context.ts";
import { readSessionId, sessionUser } from "#app/server/accounts/sessions.server.ts";
import { startSecretKey } from "#app/server/accounts/two-step.server.ts";
import type { Config } from "#app/server/config.server.ts";
import { type Database, openDatabase } from "#app/server/db.server.ts";
import { startJobs } from "#app/server/jobs/lease.server.ts";
import { startLinkCheckJob } from "#app/server/jobs/link-check.server.ts";
import { siteJobs } from "#app/server/jobs/site-jobs.server.ts";
import { watchPageStore } from "#app/server/platform/metrics.server.ts";
import { PageCache } from "#app/server/platform/page-cache.server.ts";
import { pageKey } from "#app/server/platform/page-key.server.ts";
import { timedRequest } from "#app/server/platform/render-timing.server.ts";
import { stylesheetsIn } from "#app/server/platform/save-data.server.ts";
import { bodyLimit } from "./body-limit.ts";
import { databaseTroublePage, visitorIfPublic } from "./database-trouble.ts";
import { renderGate } from "./render-gate.ts";
import { requestGuards } from "./request-guards.ts";
import { noteRoute, routePatterns } from "./route-patterns.ts";
import { securityHeaders } from "./security.ts";
import { storedPages } from "./stored-pages.ts";
import { drainUnreadBody } from "./unread-body.ts";

export type App = { handler: express.Express; db: Database; close: () => Promise<void> };

/**
 * The web application: database, per-request security and React Router. Bundled with
 * the routes into build/server/index.js, so they share one module graph and context.
 */
export async function createApp(
  config: Config,
  options: {
    dev?: boolean /** The client build (its stylesheets), for Save-Data pages. */;
    clientDir?: string;
  } = {},
): Promise<App> {
  const db = await openDatabase(config.database, { timeoutMs: config.databaseTimeoutMs });
  // Two-step secrets are sealed under SECRET_KEY (docs/decisions/0019): those left in plain text too.
  await startSecretKey(db, config.database, config.secretKey, { everyOpens: true });
  const pageCache = new PageCache(db);
  const stylesheets = options.clientDir ? stylesheetsIn(options.clientDir) : undefined;
  const unwatchPageStore = watchPageStore(() => pageCache.size());
  // Its route table names each request's route (in development, as it was at start).
  const build = (await import("virtual:react-router/server-build")) as ServerBuild;
  const handler = express();
  handler.disable("x-powered-by");
  handler.set("trust proxy", "loopback, linklocal, uniquelocal");
  // The route pattern, for the request log and metrics (server/request-log.ts).
  handler.use(noteRoute(routePatterns(build.routes)));
  handler.use(securityHeaders(config));
  handler.use(drainUnreadBody);
  handler.use(requestGuards);
  handler.use(bodyLimit);
  handler.use(storedPages(pageCache));
  // Public pages the store did not have are rendered a few at a time (server/render-gate.ts).
  handler.use(renderGate());

  const reactRouter = createRequestHandler({
    // In production the build is handed over once: given as a function, React Router derives
    // its route table again for every request (about half a millisecond of CPU each). In
    // development the function picks up each edit.
    build: options.dev ? () => import("virtual:react-router/server-build") as Promise<ServerBuild> : build,
    mode: options.dev ? "development" : "production",
    async getLoadContext(req) {
      const sessionId = readSessionId(req.get("cookie") ?? null);
      const clientAddress = req.ip ?? req.socket.remoteAddress ?? "unknown";
      const context = new RouterContextProvider();
      context.set(servicesContext, { db, config, pageCache, stylesheets });
      context.set(requestContext, {
        nonce: randomBytes(16).toString("base64"),
        pageKey: pageKey(req.originalUrl),
        // Also keeps the session's "last seen" (My account) up to date, at most once a minute.
        user: await sessionUser(db, sessionId, clientAddress).catch(visitorIfPublic(req.path)),
        sessionId,
        clientAddress,
      });
      return context;
    },
  });
  // Pages rendered afresh are timed by phase for /metrics (app/server/platform/render-timing.server.ts).
  handler.use((req, res, next) =>
    timedRequest((finished) => {
      res.once("finish", finished);
      return reactRouter(req, res, next);
    }),
  );
  handler.use(databaseTroublePage);
  // The link checker (app/server/jobs): with LINK_CHECK=off it still checks what people ask for.
  const linkCheck = startLinkCheckJob(db, {
    siteName: config.siteName,
    siteUrl: config.siteUrl,
    allowPrivate: config.linkCheckAllowPrivate,
    scheduled: config.linkCheck,
  });
  // Scheduled posts, Trash and history purges…: one instance at a time, whichever takes the lease.
  const jobs = startJobs(db, siteJobs(config));
  return {
    handler,
    db,
    close: async () => {
      unwatchPageStore();
      await Promise.all([linkCheck.stop(), jobs.stop()]);
      await db.destroy();
    },
  };
}
