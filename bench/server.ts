// The production server as an operator runs it: `npm start` (cli/start.sh, which execs `node server.ts`),
// in its own process (so the load generator never shares its event loop), on loopback only.
import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";

export type RunningServer = {
  name: string;
  pid: number;
  origin: string;
  logFile: string;
  stop(): Promise<void>;
};

const running = new Set<RunningServer>();
const children = new Set<ChildProcess>();
// Last resort: whatever way the bench ends, no server it started outlives it.
process.on("exit", () => {
  for (const child of children)
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
});

/** Registers a child process to be killed if the bench exits while it still runs. */
export function ownChild(child: ChildProcess): ChildProcess {
  children.add(child);
  child.once("exit", () => children.delete(child));
  return child;
}

/** Starts the server and waits until /healthz answers; throws (with the log's tail) if it does not. */
export async function startProductionServer(options: {
  name: string;
  root: string;
  port: number;
  databaseFile: string;
  buildDir: string;
  logDir: string;
  /** More environment, over the defaults below (bench/links.ts turns the link checker on). */
  env?: Record<string, string>;
}): Promise<RunningServer> {
  await assertPortFree(options.port);
  const logFile = path.join(options.logDir, `${options.name}.log`);
  const log = fs.openSync(logFile, "w");
  const child = ownChild(
    // Through the start script (cli/start.sh: its allocator and heap settings), with this Node.
    spawn("sh", ["cli/start.sh"], {
      cwd: options.root,
      env: {
        ...process.env,
        NODE: process.execPath,
        NODE_ENV: "production",
        PORT: String(options.port),
        HOST: "127.0.0.1",
        DATABASE_URL: options.databaseFile,
        BUILD_DIR: options.buildDir,
        // Canonical URLs point where the browser and Lighthouse actually load the pages.
        SITE_URL: `http://127.0.0.1:${options.port}`,
        // The seeded catalogues link to real sites: their checks would be other work during the
        // measurements. Only bench/links.ts measures the checker, and says so.
        LINK_CHECK: "off",
        ...options.env,
      },
      // One log line per request: to a file, as a production process manager would keep it.
      stdio: ["ignore", log, log],
    }),
  );
  fs.closeSync(log);
  child.on("error", (err) => fs.appendFileSync(logFile, `bench: could not run the server: ${err.message}\n`));
  const origin = `http://127.0.0.1:${options.port}`;
  const server: RunningServer = {
    name: options.name,
    pid: child.pid ?? -1,
    origin,
    logFile,
    stop: () => stopChild(child).finally(() => running.delete(server)),
  };
  running.add(server);
  try {
    await waitUntilHealthy(child, origin);
  } catch (err) {
    await server.stop();
    const tail = fs.readFileSync(logFile, "utf8").split("\n").slice(-15).join("\n");
    throw new Error(`the ${options.name} server did not start: ${(err as Error).message}\n${tail}`);
  }
  return server;
}

async function waitUntilHealthy(child: ChildProcess, origin: string): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`it exited with code ${child.exitCode}`);
    try {
      const response = await fetch(`${origin}/healthz`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error("/healthz did not answer within 30 s");
}

/**
 * A port someone else holds would let the health check (and every measurement) reach their
 * server instead of ours: refuse to start.
 */
export function assertPortFree(port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", (err: NodeJS.ErrnoException) =>
      reject(
        new Error(
          err.code === "EADDRINUSE"
            ? `port ${port} is already in use (is another bench or server running?)`
            : `port ${port}: ${err.message}`,
        ),
      ),
    );
    probe.listen(port, "127.0.0.1", () => probe.close(() => resolve()));
  });
}

/** SIGTERM (graceful), then SIGKILL if it lingers. */
export function stopChild(child: ChildProcess, graceMs = 5000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill("SIGKILL"), graceMs);
    child.once("exit", () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill("SIGTERM");
  });
}

/** Every server still running (for the clean-up on failure or Ctrl-C). */
export async function stopAllServers(): Promise<void> {
  await Promise.all([...running].map((s) => s.stop()));
}
