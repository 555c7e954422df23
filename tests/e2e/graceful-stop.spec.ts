import http from "node:http";
import { E2E_PORT } from "./accounts.ts";
import { expect, test } from "./fixtures.ts";
import { ownServer } from "./own-server.ts";

/** One GET on a keep-alive agent: "ok" with the response's Connection header, or the error code. */
function get(port: number, agent: http.Agent, path = "/about") {
  return new Promise<{ outcome: string; status?: number; connection?: string }>((resolve) => {
    const req = http.get({ host: "127.0.0.1", port, path, agent }, (res) => {
      res.resume();
      res.on("end", () =>
        resolve({ outcome: "ok", status: res.statusCode, connection: res.headers.connection }),
      );
      res.on("error", (err: NodeJS.ErrnoException) => resolve({ outcome: err.code ?? err.message }));
    });
    req.on("error", (err: NodeJS.ErrnoException) => resolve({ outcome: err.code ?? err.message }));
  });
}

function exited(child: import("node:child_process").ChildProcess): Promise<number | null> {
  if (child.exitCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => child.once("exit", (code) => resolve(code)));
}

test.describe("stopping the server", () => {
  test("SIGTERM under 50 busy keep-alive connections: every request answered, none reset, exit 0", async () => {
    test.setTimeout(60_000);
    const port = E2E_PORT + 80;
    const own = await ownServer(port);
    const agent = new http.Agent({ keepAlive: true, maxSockets: 50 });
    const failures: string[] = [];
    let answered = 0;
    let closing = 0;
    // Fifty clients, each sending its next request as soon as the last is answered, until the
    // server no longer accepts connections (refused is the expected end; a reset never is).
    const client = async () => {
      for (;;) {
        const result = await get(port, agent);
        if (result.outcome === "ECONNREFUSED") return;
        if (result.outcome !== "ok" || result.status !== 200)
          failures.push(`${result.outcome} ${result.status ?? ""}`);
        else {
          answered++;
          if (result.connection === "close") closing++;
        }
      }
    };
    const clients = Array.from({ length: 50 }, client);
    await expect.poll(() => answered, { timeout: 20_000 }).toBeGreaterThan(300);
    const exitCode = exited(own.server.child);
    own.server.child.kill("SIGTERM");
    await Promise.all(clients);
    agent.destroy();
    expect(failures).toEqual([]);
    expect(closing).toBeGreaterThan(0);
    expect(await exitCode).toBe(0);
    await own.stop();
  });

  test("while stopping, /healthz says 503 on an open connection so a load balancer stops sending", async () => {
    const port = E2E_PORT + 81;
    const own = await ownServer(port);
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    expect((await get(port, agent, "/healthz")).status).toBe(200);
    const exitCode = exited(own.server.child);
    own.server.child.kill("SIGTERM");
    // Once new connections are refused, the idle one still has a short grace for its next request.
    await expect
      .poll(async () => (await get(port, new http.Agent({ keepAlive: false }), "/healthz")).outcome)
      .toBe("ECONNREFUSED");
    const during = await get(port, agent, "/healthz");
    expect(during).toMatchObject({ outcome: "ok", status: 503, connection: "close" });
    expect(await exitCode).toBe(0);
    agent.destroy();
    await own.stop();
  });

  test("a production server never shows a stack trace, even started with NODE_ENV=development", async () => {
    const port = E2E_PORT + 82;
    const own = await ownServer(port, { NODE_ENV: "development" });
    // A Host header that is no host at all cannot become a URL: Express's own error page in development.
    const answer = await new Promise<{ status?: number; body: string }>((resolve, reject) => {
      const req = http.get({ host: "127.0.0.1", port, path: "/", headers: { Host: "[bad" } }, (res) => {
        let body = "";
        res.on("data", (chunk) => {
          body += chunk;
        });
        res.on("end", () => resolve({ status: res.statusCode, body }));
      });
      req.on("error", reject);
    });
    expect(answer.status).toBeLessThan(500);
    expect(answer.body).not.toMatch(/\bat \S+ \(|node_modules|\.js:\d+/);
    await own.stop();
  });
});
