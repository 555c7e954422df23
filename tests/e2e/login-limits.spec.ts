import { ACCOUNTS, E2E_PORT } from "./accounts.ts";
import { expect, test } from "./fixtures.ts";
import { type OwnServer, ownServer } from "./own-server.ts";

// Login limits through HTTP, on a server of their own so that no other test's logins count.
// Each request pretends to come from its own address (the server trusts X-Forwarded-For from loopback).
test.describe("login limits over HTTP", () => {
  let own: OwnServer;
  test.beforeAll(async () => {
    own = await ownServer(E2E_PORT + 90);
  });
  test.afterAll(async () => {
    await own?.stop();
  });

  // Plain fetch: no cookie jar, so a request carries a device cookie only when the test gives it one.
  const post = (address: string, email: string, password: string, cookie?: string) =>
    fetch(`${own.server.url}/login`, {
      method: "POST",
      body: new URLSearchParams({ email, password }),
      headers: { Origin: own.server.url, "X-Forwarded-For": address, ...(cookie ? { Cookie: cookie } : {}) },
      redirect: "manual",
    });

  test("40 concurrent guesses with the right password among them: 5 are checked, none signs in", async () => {
    const { email, password } = ACCOUNTS.second;
    // Right passwords among the later requests, each request from an address of its own.
    const responses = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        post(`198.18.0.${i + 1}`, email, i >= 10 && i % 5 === 0 ? password : `guess-${i}`),
      ),
    );
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s === 401).length + statuses.filter((s) => s === 302).length).toBe(5);
    expect(statuses.filter((s) => s === 429).length).toBe(35);
    const limited = responses.find((r) => r.status === 429);
    expect(limited?.headers.get("retry-after")).toBe("900");
    expect(await limited?.text()).toContain("Too many failed logins. Please try again in 15 minutes.");
    // Right after the burst, the right password from yet another address is refused too.
    expect((await post("198.18.1.1", email, password)).status).toBe(429);
  });

  test("5 wrong passwords from 5 addresses do not lock the owner out of a browser that signed in before", async () => {
    const { email, password } = ACCOUNTS.admin;
    const first = await post("198.19.0.1", email, password);
    expect(first.status).toBe(302);
    const device = first.headers.getSetCookie().find((c) => c.startsWith("cw_device="));
    expect(device).toMatch(/HttpOnly/);
    const cookie = device?.split(";")[0] ?? "";
    for (let i = 0; i < 5; i++)
      expect((await post(`198.19.1.${i}`, email, "wrong-password")).status).toBe(401);
    const stranger = await post("198.19.2.1", email, password);
    expect(stranger.status).toBe(429);
    // The owner's browser, now on another network, still gets in.
    expect((await post("198.19.3.1", email, password, cookie)).status).toBe(302);
  });
});
