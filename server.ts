// The process: configuration, static files, logging, and graceful shutdown around the
// web application (server/app.ts). Runs as-is on Node >= 22.22 (type stripping).
import fs from "node:fs";
import type { IncomingMessage, Server, ServerResponse } from "node:http";
import net from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";
import express from "express";
import expressStaticGzip from "express-static-gzip";
import { type Config, ConfigError, loadConfig, redactUrl } from "#app/server/config.server.ts";
import { log, setLogFormat } from "#app/server/platform/log.server.ts";
import { collectProcessMetrics } from "#app/server/platform/metrics.server.ts";
import { compressOnTheFly } from "./server/compress-on-the-fly.ts";
import { requestLog } from "./server/request-log.ts";
import { staticSecurityHeaders } from "./server/security.ts";

type AppModule = typeof import("./server/app.ts");

/** Start-up and shutdown failures: one plain line for the person starting the server, whatever LOG_FORMAT says. */
function fatal(message: string): never {
  console.error(message);
  process.exit(1);
}

/** How long a connection that is idle when stopping begins may still send its next request. */
const DRAIN_IDLE_GRACE_MS = 1_000;

export async function startServer(config: Config, options: { dev?: boolean } = {}) {
  // Production unless asked for --dev, whatever NODE_ENV says: no page ever shows a stack trace
  // (Express's error pages and React's development builds both follow NODE_ENV).
  if (!options.dev) process.env.NODE_ENV = "production";
  setLogFormat(config.logFormat);
  collectProcessMetrics();
  const drain = drainer();
  const root = express();
  root.disable("x-powered-by");
  root.use(drain.middleware);
  root.use(requestLog);
  root.use(compressOnTheFly());
  // Static files are answered before the web app: they carry the same security headers.
  root.use(staticSecurityHeaders(config));

  let appModule: AppModule;
  // The client build, whose stylesheets Save-Data pages carry inside them (none in development).
  let clientDir: string | undefined;
  let viteClose: (() => Promise<void>) | undefined;
  // `npm run dev` starts Node with `--conditions=development`: Vite loads React Router's development
  // build for the app, and Node must load the same one for the adapter, or the two disagree on what a
  // RouterContextProvider is and every page answers 500.
  if (options.dev) {
    const vite = await import("vite");
    const devServer = await vite.createServer({ server: { middlewareMode: true } });
    viteClose = () => devServer.close();
    root.use(devServer.middlewares);
    appModule = (await devServer.ssrLoadModule("./server/app.ts")) as AppModule;
  } else {
    const buildDir = process.env.BUILD_DIR || "build";
    const entry = new URL(`./${buildDir}/server/index.js`, import.meta.url);
    if (!fs.existsSync(entry)) fatal("No production build found: run `npm run build` first.");
    appModule = (await import(entry.href)) as AppModule;
    // Hashed assets never change; everything else in the client build is revalidated soon.
    const client = fileURLToPath(new URL(`./${buildDir}/client`, import.meta.url));
    clientDir = client;
    // Sent as built: the brotli or gzip copy the client accepts (vite.config.ts, decision 0037).
    root.use(
      "/assets",
      expressStaticGzip(`${client}/assets`, {
        enableBrotli: true,
        orderPreference: ["br", "gzip"],
        index: false,
        serveStatic: { immutable: true, maxAge: "1y", index: false },
      }),
    );
    // The few files at the top of the client build (favicon, logo): only their names are
    // looked up on disk, so a page request costs no file-system call.
    const topFiles = new Set(fs.readdirSync(client).filter((name) => name !== "assets"));
    const serveTop = express.static(client, {
      maxAge: "1h",
      index: false,
      // The service worker is asked for again on every update check: a new one takes over at once.
      setHeaders: (res, file) => {
        if (file.endsWith(`${path.sep}sw.js`)) res.setHeader("Cache-Control", "no-cache");
      },
    });
    root.use((req, res, next) => (topFiles.has(req.path.slice(1)) ? serveTop(req, res, next) : next()));
  }
  const app = await appModule.createApp(config, { dev: options.dev, clientDir });
  root.use(app.handler);
  root.use(lastResort);

  const server: Server = await new Promise((resolve) => {
    const s = root.listen(config.port, config.host, () => resolve(s));
  });
  // CONNECT never reaches Express: Node would drop the connection without an answer.
  server.on("connect", (_req, socket) => {
    socket.end("HTTP/1.1 405 Method Not Allowed\r\nAllow: GET, HEAD, POST\r\nConnection: close\r\n\r\n");
  });
  return {
    server,
    app,
    async close() {
      await drain.stop(server);
      await app.close();
      await viteClose?.();
    },
  };
}

/**
 * Graceful stop: no new connections; requests in flight and any that arrive on open
 * connections are answered with `Connection: close` (and `/healthz` says 503 so a load
 * balancer stops sending); connections idle when stopping begins get a short grace to send
 * their next request, then are closed. Resolves once the last connection has ended.
 */
function drainer() {
  let draining = false;
  const inFlight = new Set<ServerResponse>();
  return {
    middleware(req: IncomingMessage, res: ServerResponse, next: () => void) {
      if (draining) {
        res.setHeader("Connection", "close");
        if (req.url === "/healthz" || req.url?.startsWith("/healthz?")) {
          res.writeHead(503, { "Content-Type": "text/plain", "Cache-Control": "no-store" });
          res.end("stopping\n");
          return;
        }
      }
      inFlight.add(res);
      res.on("close", () => inFlight.delete(res));
      next();
    },
    async stop(server: Server): Promise<void> {
      draining = true;
      for (const res of inFlight) if (!res.headersSent) res.setHeader("Connection", "close");
      const closed = new Promise<void>((resolve) => {
        // net's close, not http's: http's would drop idle keep-alive connections at once, resetting
        // a request that is already on its way.
        net.Server.prototype.close.call(server, () => resolve());
      });
      // After the grace, any connection found idle is closed (including those whose response had
      // started before the stop, which stay keep-alive).
      const started = Date.now();
      const sweep = setInterval(() => {
        if (Date.now() - started >= DRAIN_IDLE_GRACE_MS) server.closeIdleConnections();
      }, 100);
      await closed;
      clearInterval(sweep);
    },
  };
}

/**
 * Whatever error still reaches Express (a request it cannot even parse into a URL, a broken
 * stream) is answered with a plain message, never a stack trace. A refusal is logged in one line;
 * a fault of ours with its stack, in the log only.
 */
function lastResort(err: unknown, req: express.Request, res: express.Response, _next: express.NextFunction) {
  const e = err as { status?: number; statusCode?: number; message?: string } | null;
  const given = Number(e?.status ?? e?.statusCode);
  const status = given >= 400 && given < 600 ? given : 500;
  const line = `${req.method} ${req.path}: ${status} ${String(e?.message ?? err).split("\n")[0]}`;
  if (status < 500) log.warn(line);
  else log.error(line, { err });
  if (res.headersSent) {
    res.destroy();
    return;
  }
  res
    .status(status)
    .type("text/plain")
    .send(status < 500 ? "Bad request." : "Something went wrong on our side.");
}

async function main() {
  let config: Config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) fatal(err.message);
    throw err;
  }
  const dev = process.argv.includes("--dev");
  let running: Awaited<ReturnType<typeof startServer>>;
  try {
    running = await startServer(config, { dev });
  } catch (err) {
    const where = config.database.kind === "postgres" ? redactUrl(config.database.url) : config.database.file;
    fatal(`Could not start: ${err instanceof Error ? err.message : String(err)} (DATABASE_URL: ${where})`);
  }
  log.info(`${config.siteName} is serving on http://localhost:${config.port} (${config.database.kind})`);

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info(`${signal}: finishing open requests, then stopping`);
    setTimeout(() => fatal("Shutdown took longer than 10 s; stopping now."), 10_000).unref();
    running.close().then(
      () => process.exit(0),
      (err: unknown) => fatal(`Shutdown failed: ${err instanceof Error ? err.message : String(err)}`),
    );
  };
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
