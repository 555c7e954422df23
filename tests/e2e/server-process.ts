import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { type APIRequestContext, request as playwrightRequest } from "@playwright/test";

/**
 * The SECRET_KEY of the servers a test process starts (PostgreSQL needs one, and instances sharing a
 * database share it): made afresh for each run, unless the environment gives one.
 */
export const TEST_SECRET_KEY = process.env.SECRET_KEY || randomBytes(32).toString("hex");

export type ServerProcess = {
  url: string;
  child: ChildProcess;
  kill: (signal?: NodeJS.Signals) => Promise<void>;
};

/**
 * Starts the production server as its own process (as `npm start` does) and waits for /healthz.
 * Its log's information lines (stdout) go to `onStdout` when given, else nowhere. With `npmScript`
 * it runs that script of package.json instead (`dev`), as a newcomer would.
 */
export async function startServerProcess(
  port: number,
  env: Record<string, string>,
  options: { onStdout?: (text: string) => void; npmScript?: string; startMs?: number } = {},
): Promise<ServerProcess> {
  const [command, args] = options.npmScript
    ? ["npm", ["run", "--silent", options.npmScript]]
    : [process.execPath, ["server.ts"]];
  const child = spawn(command, args, {
    env: {
      ...process.env,
      NODE_ENV: options.npmScript ? "development" : "production",
      HOST: "127.0.0.1",
      PORT: String(port),
      SECRET_KEY: TEST_SECRET_KEY,
      ...env,
    },
    stdio: ["ignore", options.onStdout ? "pipe" : "ignore", "pipe"],
    // npm starts the server as a child of its own: the whole group is stopped together.
    detached: Boolean(options.npmScript),
  });
  const { onStdout } = options;
  if (onStdout) child.stdout?.on("data", (chunk) => onStdout(String(chunk)));
  let stderr = "";
  child.stderr?.on("data", (chunk) => {
    stderr += String(chunk);
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + (options.startMs ?? 30_000);
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited: ${stderr}`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      // Not left running behind the failed test (npm's server is in a group of its own).
      if (options.npmScript && child.pid) signalGroup(child.pid, "SIGKILL");
      else child.kill("SIGKILL");
      throw new Error(`server did not start: ${stderr}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    child,
    kill: async (signal = "SIGTERM") => {
      const { pid } = child;
      if (options.npmScript && pid) {
        // npm may exit before the server it started: done when no process of the group is left.
        signalGroup(pid, signal);
        for (let waited = 0; groupAlive(pid); waited += 100) {
          if (waited >= 10_000) signalGroup(pid, "SIGKILL");
          await new Promise((r) => setTimeout(r, 100));
        }
        return;
      }
      await new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.kill(signal);
      });
    },
  };
}

/** Signals every process of the group `pid` leads; nothing if none is left. */
function signalGroup(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pid, signal);
  } catch {
    // The group is gone.
  }
}

function groupAlive(pid: number): boolean {
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** An API client signed in as the given account on that server. */
export async function signedIn(url: string, email: string, password: string): Promise<APIRequestContext> {
  const api = await playwrightRequest.newContext({ baseURL: url, extraHTTPHeaders: { Origin: url } });
  const response = await api.post("/login", { form: { email, password }, maxRedirects: 0 });
  if (response.status() !== 302) throw new Error(`login failed with ${response.status()}`);
  return api;
}
