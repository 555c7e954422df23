import { type ChildProcess, spawn } from "node:child_process";
import { type APIRequestContext, request as playwrightRequest } from "@playwright/test";

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
      if (options.npmScript && child.pid) process.kill(-child.pid, "SIGKILL");
      else child.kill("SIGKILL");
      throw new Error(`server did not start: ${stderr}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    child,
    kill: (signal = "SIGTERM") =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once("exit", () => resolve());
        if (options.npmScript && child.pid) process.kill(-child.pid, signal);
        else child.kill(signal);
      }),
  };
}

/** An API client signed in as the given account on that server. */
export async function signedIn(url: string, email: string, password: string): Promise<APIRequestContext> {
  const api = await playwrightRequest.newContext({ baseURL: url, extraHTTPHeaders: { Origin: url } });
  const response = await api.post("/login", { form: { email, password }, maxRedirects: 0 });
  if (response.status() !== 302) throw new Error(`login failed with ${response.status()}`);
  return api;
}
