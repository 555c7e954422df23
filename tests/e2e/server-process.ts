import { type ChildProcess, spawn } from "node:child_process";
import { type APIRequestContext, request as playwrightRequest } from "@playwright/test";

export type ServerProcess = {
  url: string;
  child: ChildProcess;
  kill: (signal?: NodeJS.Signals) => Promise<void>;
};

/**
 * Starts the production server as its own process (as `npm start` does) and waits for /healthz.
 * Its log's information lines (stdout) go to `onStdout` when given, else nowhere.
 */
export async function startServerProcess(
  port: number,
  env: Record<string, string>,
  options: { onStdout?: (text: string) => void } = {},
): Promise<ServerProcess> {
  const child = spawn(process.execPath, ["server.ts"], {
    env: { ...process.env, NODE_ENV: "production", HOST: "127.0.0.1", PORT: String(port), ...env },
    stdio: ["ignore", options.onStdout ? "pipe" : "ignore", "pipe"],
  });
  const { onStdout } = options;
  if (onStdout) child.stdout?.on("data", (chunk) => onStdout(String(chunk)));
  let stderr = "";
  child.stderr?.on("data", (chunk) => {
    stderr += String(chunk);
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited: ${stderr}`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`server did not start: ${stderr}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    child,
    kill: (signal = "SIGTERM") =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.kill(signal);
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
