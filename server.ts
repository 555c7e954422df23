// The process: configuration, static files, logging, and graceful shutdown around the
// web application (server/app.ts). Runs as-is on Node >= 22.22 (type stripping).
import fs from "node:fs";
import type { Server } from "node:http";
import { fileURLToPath } from "node:url";
import compression from "compression";
import express from "express";
import { type Config, ConfigError, loadConfig, redactUrl } from "./app/server/config.server.ts";

type AppModule = typeof import("./server/app.ts");

function fatal(message: string): never {
  console.error(message);
  process.exit(1);
}

export async function startServer(config: Config, options: { dev?: boolean } = {}) {
  const root = express();
  root.disable("x-powered-by");
  root.use(requestLog);
  root.use(compression());

  let appModule: AppModule;
  let viteClose: (() => Promise<void>) | undefined;
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
    root.use("/assets", express.static(`${client}/assets`, { immutable: true, maxAge: "1y", index: false }));
    // The few files at the top of the client build (favicon, logo): only their names are
    // looked up on disk, so a page request costs no file-system call.
    const topFiles = new Set(fs.readdirSync(client).filter((name) => name !== "assets"));
    const serveTop = express.static(client, { maxAge: "1h", index: false });
    root.use((req, res, next) => (topFiles.has(req.path.slice(1)) ? serveTop(req, res, next) : next()));
  }
  const app = await appModule.createApp(config, { dev: options.dev });
  root.use(app.handler);

  const server: Server = await new Promise((resolve) => {
    const s = root.listen(config.port, config.host, () => resolve(s));
  });
  return {
    server,
    app,
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await app.close();
      await viteClose?.();
    },
  };
}

/** One line per request: method, path, status, time. Never the query, a cookie or a body. */
function requestLog(req: express.Request, res: express.Response, next: express.NextFunction) {
  const started = process.hrtime.bigint();
  res.on("finish", () => {
    const ms = Number(process.hrtime.bigint() - started) / 1e6;
    console.log(`${req.method} ${req.path} ${res.statusCode} ${ms.toFixed(1)}ms`);
  });
  next();
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
  console.log(`${config.siteName} is serving on http://localhost:${config.port} (${config.database.kind})`);

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal}: finishing open requests, then stopping`);
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
