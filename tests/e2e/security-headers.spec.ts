import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { saveUser } from "#app/server/accounts/users.server.ts";
import { openDatabase } from "#app/server/db.server.ts";
import { ACCOUNTS, E2E_PORT } from "./accounts.ts";
import { scriptsOutsidePolicy } from "./csp.ts";
import { expect, hydrated, test } from "./fixtures.ts";
import { startServerProcess } from "./server-process.ts";

const PAGES = ["/", "/class/10", "/blog", "/about", "/guide/12", "/login", "/no-such-page"];

test.describe("security headers", () => {
  test("every page has a strict CSP that names each of its inline scripts, and the other headers", async ({
    request,
  }) => {
    for (const path of PAGES) {
      const response = await request.get(path);
      const headers = response.headers();
      const csp = headers["content-security-policy"] ?? "";
      const script = csp.split(";").find((d) => d.trim().startsWith("script-src")) ?? "";
      expect(script, path).toMatch(/'(nonce-[A-Za-z0-9+/=]{16,}|sha256-[A-Za-z0-9+/=]{44})'/);
      expect(script, path).not.toContain("unsafe-inline");
      expect(script, path).not.toContain("unsafe-eval");
      expect(csp, path).toContain("frame-ancestors 'none'");
      expect(headers["x-content-type-options"], path).toBe("nosniff");
      expect(headers["referrer-policy"], path).toBe("strict-origin-when-cross-origin");
      expect(headers["permissions-policy"], path).toContain("camera=()");
      // HSTS only when the public origin is https (SITE_URL); the test server is http.
      expect(headers["strict-transport-security"], path).toBeUndefined();
      // Every inline script is allowed, by nonce or hash, so the page works under the policy.
      expect(scriptsOutsidePolicy(await response.text(), csp), path).toEqual([]);
    }
  });

  test("a page rendered for one response has a fresh nonce; a stored public page names its scripts by hash", async ({
    request,
  }) => {
    const nonceOf = async (path: string) =>
      /'nonce-([^']+)'/.exec((await request.get(path)).headers()["content-security-policy"] ?? "")?.[1];
    const logins = [await nonceOf("/login"), await nonceOf("/login"), await nonceOf("/no-such-page")];
    expect(logins.every(Boolean)).toBe(true);
    expect(new Set(logins).size).toBe(3);

    await request.get("/about");
    const [first, second] = [await request.get("/about"), await request.get("/about")];
    const csp = first.headers()["content-security-policy"] ?? "";
    expect(csp).toMatch(/script-src 'self'( 'sha256-[A-Za-z0-9+/=]{44}')+;/);
    expect(csp).not.toContain("nonce");
    expect(second.headers()["content-security-policy"]).toBe(csp);
    const html = await first.text();
    expect(html).not.toMatch(/<[^>]*\snonce="/);
    expect(await second.text()).toBe(html);
  });

  test("pages work and hydrate under the policy: no CSP violation in the console", async ({
    page,
    consoleErrors,
  }) => {
    // Each twice: rendered for this response (or stored already), then surely from the store.
    for (const path of ["/", "/class/10", "/blog", "/blog", "/class/10", "/"]) {
      await page.goto(path);
      await hydrated(page);
    }
    expect(consoleErrors.filter((e) => /Content Security Policy/i.test(e))).toEqual([]);
  });

  test("public pages revalidate with an ETag; the console is never stored", async ({ request }) => {
    const first = await request.get("/class/10");
    const etag = first.headers().etag;
    expect(etag).toBeTruthy();
    expect(first.headers()["cache-control"]).toContain("stale-while-revalidate");
    const again = await request.get("/class/10", { headers: { "If-None-Match": etag as string } });
    expect(again.status()).toBe(304);
    // The browser keeps the policy (and nonce) of the page it already holds.
    expect(again.headers()["content-security-policy"]).toBeUndefined();
    const login = await request.get("/login");
    expect(login.headers()["cache-control"]).toBe("private, no-store");
  });

  test("a session cookie is httpOnly and SameSite=Lax", async ({ request, baseURL }) => {
    const response = await request.post("/login", {
      form: { email: ACCOUNTS.admin.email, password: ACCOUNTS.admin.password },
      headers: { Origin: new URL(baseURL as string).origin },
      maxRedirects: 0,
    });
    expect(response.status()).toBe(302);
    const cookie = response.headers()["set-cookie"] ?? "";
    expect(cookie).toMatch(/^cw_session=[A-Za-z0-9_-]{40,};/);
    expect(cookie).toContain("HttpOnly");
    expect(cookie).toContain("SameSite=Lax");
    expect(cookie).toContain("Expires=");
  });
});

test.describe("forged requests", () => {
  test("a cross-site POST gets 403 and changes nothing", async ({ request, baseURL }) => {
    const origin = new URL(baseURL as string).origin;
    // A login from another site is refused before the password is even looked at.
    const forged = await request.post("/login", {
      form: { email: ACCOUNTS.admin.email, password: ACCOUNTS.admin.password },
      headers: { Origin: "https://evil.example" },
      maxRedirects: 0,
    });
    expect(forged.status()).toBe(403);
    expect(forged.headers()["set-cookie"]).toBeUndefined();
    // Without an Origin header, the browser's Sec-Fetch-Site tells a cross-site form.
    const fetchSite = await request.post("/login", {
      form: { email: ACCOUNTS.admin.email, password: ACCOUNTS.admin.password },
      headers: { "Sec-Fetch-Site": "cross-site" },
      maxRedirects: 0,
    });
    expect(fetchSite.status()).toBe(403);
    // The same request from our own origin works.
    const own = await request.post("/login", {
      form: { email: ACCOUNTS.admin.email, password: ACCOUNTS.admin.password },
      headers: { Origin: origin },
      maxRedirects: 0,
    });
    expect(own.status()).toBe(302);
  });
});

test.describe("behind HTTPS", () => {
  test("an https SITE_URL turns on HSTS and Secure cookies", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "cw-https-"));
    const file = path.join(dir, "site.db");
    const db = await openDatabase({ kind: "sqlite", file });
    await saveUser(db, "https@e2e.test", "Secure-meadow-3391", { role: "admin" });
    await db.destroy();
    const server = await startServerProcess(E2E_PORT + 70, {
      DATABASE_URL: file,
      SITE_URL: "https://chapterwise.example",
    });
    try {
      const page = await fetch(`${server.url}/`);
      expect(page.headers.get("strict-transport-security")).toBe("max-age=31536000; includeSubDomains");
      // As a TLS-terminating proxy in front of the instance sends it: the public Host, and the scheme.
      const login = await new Promise<http.IncomingMessage>((resolve, reject) => {
        const body = new URLSearchParams({
          email: "https@e2e.test",
          password: "Secure-meadow-3391",
        }).toString();
        const request = http.request(`${server.url}/login`, {
          method: "POST",
          headers: {
            Host: "chapterwise.example",
            "X-Forwarded-Proto": "https",
            Origin: "https://chapterwise.example",
            "Content-Type": "application/x-www-form-urlencoded",
            "Content-Length": Buffer.byteLength(body),
          },
        });
        request.on("response", resolve).on("error", reject);
        request.end(body);
      });
      expect(login.statusCode).toBe(302);
      expect(String(login.headers["set-cookie"])).toMatch(/; HttpOnly; SameSite=Lax; Secure;/);
      const canonical = await (await fetch(`${server.url}/about`)).text();
      expect(canonical).toContain('<link rel="canonical" href="https://chapterwise.example/about"/>');
    } finally {
      await server.kill();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

test("a cross-site POST to a console action gets 403 even with an admin's cookie", async ({
  adminPage: page,
}) => {
  const code = `forged-${Date.now()}`;
  const forged = await page.request.post("/admin/subjects", {
    form: { intent: "add", grade: "9", code, label: "Forged" },
    headers: { Origin: "https://evil.example" },
    maxRedirects: 0,
  });
  expect(forged.status()).toBe(403);
  await page.goto("/admin/subjects?grade=9");
  await expect(page.getByText(code)).toHaveCount(0);
});
