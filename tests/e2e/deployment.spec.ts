import { execFileSync, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { type APIRequestContext, request as playwrightRequest } from "@playwright/test";
import pg from "pg";
import { saveUser } from "#app/server/accounts/users.server.ts";
import { openDatabase } from "#app/server/db.server.ts";
import { postgresAvailable, TEST_DATABASE_URL } from "../postgres.ts";
import { E2E_PORT } from "./accounts.ts";
import { expect, test } from "./fixtures.ts";
import { type ServerProcess, startServerProcess, TEST_SECRET_KEY } from "./server-process.ts";

// The deployment of docs/deploy, for real: Debian's nginx with docs/deploy/nginx.conf (only its ports,
// certificate and cache folder swapped for the test's) in front of two instances on one PostgreSQL.

const NGINX = "/usr/sbin/nginx";
const HTTPS_PORT = E2E_PORT + 200;
const HTTP_PORT = E2E_PORT + 201;
const PORT_A = E2E_PORT + 202;
const PORT_B = E2E_PORT + 203;
const ORIGIN = `https://127.0.0.1:${HTTPS_PORT}`;
const ADMIN = { email: "deploy@e2e.test", password: "Brisk-lantern-5512" };

/** The documented site config with the test's ports, certificate and cache folder. */
function siteConfig(dir: string): string {
  const documented = fs.readFileSync(
    path.resolve(import.meta.dirname, "../../docs/deploy/nginx.conf"),
    "utf8",
  );
  const swaps: Array<[RegExp, string]> = [
    [/server 127\.0\.0\.1:3001/, `server 127.0.0.1:${PORT_A}`],
    [/server 127\.0\.0\.1:3002/, `server 127.0.0.1:${PORT_B}`],
    [/^\s*listen \[::\]:\d+( ssl http2)?;\n/gm, ""],
    [/listen 443 ssl http2;/, `listen 127.0.0.1:${HTTPS_PORT} ssl http2;`],
    [/listen 80;/, `listen 127.0.0.1:${HTTP_PORT};`],
    [/ssl_certificate\s+\S+;/, `ssl_certificate ${dir}/cert.pem;`],
    [/ssl_certificate_key\s+\S+;/, `ssl_certificate_key ${dir}/key.pem;`],
    [/proxy_cache_path \S+/, `proxy_cache_path ${dir}/cache`],
  ];
  let config = documented;
  for (const [pattern, replacement] of swaps) {
    const next = config.replace(pattern, replacement);
    // The documented file changed shape: this test must be told, not silently test something else.
    if (next === config) throw new Error(`docs/deploy/nginx.conf no longer has ${pattern}`);
    config = next;
  }
  return config;
}

function startNginx(dir: string): () => Promise<void> {
  execFileSync(
    "openssl",
    [
      "req",
      "-x509",
      "-newkey",
      "rsa:2048",
      "-nodes",
      "-days",
      "1",
      "-subj",
      "/CN=127.0.0.1",
      "-keyout",
      `${dir}/key.pem`,
      "-out",
      `${dir}/cert.pem`,
    ],
    { stdio: "ignore" },
  );
  const temp = (name: string) => `${name}_temp_path ${dir}/${name};`;
  const main = [
    // As root, nginx's workers would run as "nobody": keep them the test's own user.
    process.getuid?.() === 0 ? "user root;" : "",
    "daemon off;",
    "worker_processes 1;",
    `pid ${dir}/nginx.pid;`,
    `error_log ${dir}/error.log warn;`,
    "events { worker_connections 256; }",
    "http {",
    "access_log off;",
    ["client_body", "proxy", "fastcgi", "uwsgi", "scgi"].map(temp).join("\n"),
    siteConfig(dir),
    "}",
  ].join("\n");
  fs.writeFileSync(`${dir}/nginx.conf`, main);
  execFileSync(NGINX, ["-t", "-p", dir, "-c", `${dir}/nginx.conf`], { stdio: "pipe" });
  const child = spawn(NGINX, ["-p", dir, "-c", `${dir}/nginx.conf`], { stdio: "ignore" });
  return () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once("exit", () => resolve());
      child.kill("SIGQUIT");
    });
}

test("docs/deploy/env.example names what every instance needs, SECRET_KEY among them, and the unit reads it", () => {
  const example = fs.readFileSync(path.resolve(import.meta.dirname, "../../docs/deploy/env.example"), "utf8");
  const names = [...example.matchAll(/^#? ?([A-Z_]+)=/gm)].map((m) => m[1]);
  expect(names).toEqual(expect.arrayContaining(["DATABASE_URL", "SITE_URL", "SECRET_KEY", "METRICS_TOKEN"]));
  const unit = fs.readFileSync(
    path.resolve(import.meta.dirname, "../../docs/deploy/chapterwise@.service"),
    "utf8",
  );
  expect(unit).toContain("EnvironmentFile=/etc/chapterwise/env");
});

test.describe("docs/deploy: nginx in front of two instances on one PostgreSQL", () => {
  const schema = `cw_deploy_${randomBytes(5).toString("hex")}`;
  const url = TEST_DATABASE_URL;
  const databaseUrl = `${url}${url.includes("?") ? "&" : "?"}options=${encodeURIComponent(`-c search_path=${schema}`)}`;
  // Made when the tests run, not when the file is loaded (every worker loads it).
  let dir = "";
  let a: ServerProcess | undefined;
  let b: ServerProcess | undefined;
  let stopNginx: (() => Promise<void>) | undefined;
  let client: APIRequestContext;

  test.beforeAll(async () => {
    test.setTimeout(90_000);
    test.skip(!process.env.CI && !fs.existsSync(NGINX), "nginx is not installed (.ci/run installs it)");
    test.skip(!(await postgresAvailable()), "no PostgreSQL at TEST_DATABASE_URL");
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "cw-nginx-"));
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create schema ${schema}`);
    await admin.end();
    const db = await openDatabase({ kind: "postgres", url }, { schema });
    await saveUser(db, ADMIN.email, ADMIN.password, { role: "admin" });
    await db.destroy();
    // As /etc/chapterwise/env would hold them (docs/deploy/env.example): one SECRET_KEY for both.
    const env = {
      DATABASE_URL: databaseUrl,
      SITE_URL: ORIGIN,
      LINK_CHECK: "off",
      SECRET_KEY: TEST_SECRET_KEY,
    };
    [a, b] = await Promise.all([startServerProcess(PORT_A, env), startServerProcess(PORT_B, env)]);
    stopNginx = startNginx(dir);
    client = await playwrightRequest.newContext({ baseURL: ORIGIN, ignoreHTTPSErrors: true });
    await expect
      .poll(async () => (await client.get("/healthz").catch(() => null))?.status(), { timeout: 10_000 })
      .toBe(200);
  });

  test.afterAll(async () => {
    await client?.dispose();
    await stopNginx?.();
    await Promise.all([a?.kill(), b?.kill()]);
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
    if (!a) return;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`drop schema if exists ${schema} cascade`);
    await admin.end();
  });

  test("TLS in front, plain HTTP sent to it, the app's security headers through", async () => {
    const plain = await client.get(`http://127.0.0.1:${HTTP_PORT}/about?x=1`, { maxRedirects: 0 });
    expect(plain.status()).toBe(301);
    expect(plain.headers().location).toBe(`https://127.0.0.1/about?x=1`);
    const home = await client.get("/");
    expect(home.status()).toBe(200);
    const headers = home.headers();
    expect(headers["strict-transport-security"]).toContain("max-age=");
    expect(headers["content-security-policy"]).toContain("frame-ancestors 'none'");
    expect(headers["x-content-type-options"]).toBe("nosniff");
    expect(headers.server).toBe("nginx");
  });

  test("assets and images are cached by nginx; the console and its sign-in never are", async () => {
    const html = await (await client.get("/")).text();
    const asset = /\/assets\/[\w.-]+\.(?:js|css)/.exec(html)?.[0];
    expect(asset).toBeTruthy();
    const first = await client.get(asset as string);
    const second = await client.get(asset as string);
    expect(first.headers()["cache-control"]).toContain("immutable");
    expect(second.headers()["x-cache-status"]).toBe("HIT");

    const api = await playwrightRequest.newContext({
      baseURL: ORIGIN,
      ignoreHTTPSErrors: true,
      extraHTTPHeaders: { Origin: ORIGIN },
    });
    const login = await api.post("/login", { form: ADMIN, maxRedirects: 0 });
    expect(login.status()).toBe(302);
    // The session cookie is Secure: the app knows it is behind HTTPS (X-Forwarded-Proto).
    expect(login.headers()["set-cookie"]).toContain("Secure");
    for (const page of ["/admin", "/ADMIN/subjects"]) {
      const response = await api.get(page);
      expect(response.status()).toBe(200);
      expect(response.headers()["cache-control"]).toContain("no-store");
      expect(response.headers()["x-cache-status"]).toBeUndefined();
    }
    await api.dispose();
  });

  test("a console change made through one instance is served by the other within 5 s", async () => {
    // Signed in through nginx (the cookie is Secure), then the change is posted to instance A itself.
    const api = await playwrightRequest.newContext({
      baseURL: ORIGIN,
      ignoreHTTPSErrors: true,
      extraHTTPHeaders: { Origin: ORIGIN },
    });
    expect((await api.post("/login", { form: ADMIN, maxRedirects: 0 })).status()).toBe(302);
    const session = (await api.storageState()).cookies.find((c) => c.name === "cw_session");
    const before = await (await fetch(`${b?.url}/class/11`)).text();
    expect(before).not.toContain("Deployment Studies");
    const saved = await fetch(`${a?.url}/admin/subjects`, {
      method: "POST",
      redirect: "manual",
      headers: {
        Cookie: `cw_session=${session?.value}`,
        Origin: a?.url as string,
        "Content-Type": "application/x-www-form-urlencoded",
      },
      body: new URLSearchParams({
        intent: "add",
        grade: "11",
        code: `deploy-${Date.now()}`,
        label: "Deployment Studies",
      }),
    });
    expect(saved.status).toBe(303);
    expect((await (await fetch(`${a?.url}/class/11`)).text()).includes("Deployment Studies")).toBe(true);
    const started = Date.now();
    await expect
      .poll(async () => (await (await fetch(`${b?.url}/class/11`)).text()).includes("Deployment Studies"), {
        timeout: 5_000,
        intervals: [250],
      })
      .toBe(true);
    expect(Date.now() - started).toBeLessThan(5_000);
    await api.dispose();
  });

  // Last: it spends this address's sign-in attempts.
  test("login limits count the address nginx saw, not one the client made up", async () => {
    const answers: number[] = [];
    for (let i = 0; i < 11; i++) {
      const response = await client.post("/login", {
        form: { email: `nobody${i}@e2e.test`, password: "wrong-password-123" },
        headers: { Origin: ORIGIN, "X-Forwarded-For": `203.0.113.${i + 1}` },
        maxRedirects: 0,
      });
      answers.push(response.status());
    }
    // Ten attempts per address: the eleventh, whatever address it claims, is refused.
    expect(answers.slice(0, 10).every((s) => s === 401 || s === 400 || s === 200)).toBe(true);
    expect(answers[10]).toBe(429);
  });
});
