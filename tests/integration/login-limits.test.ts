import { expect, it } from "vitest";
import {
  clearAccountFailures,
  LOGIN_LIMIT,
  loginRetryMinutes,
  recordLoginFailure,
} from "../../app/server/login-limits.server.ts";
import { describeEachDatabase } from "./databases.ts";

describeEachDatabase("login limits", (db) => {
  const t0 = Date.parse("2026-11-22T10:00:00Z");

  it("blocks an account after 5 failures in 15 minutes, from any address", async () => {
    for (let i = 0; i < LOGIN_LIMIT.perAccount; i++)
      await recordLoginFailure(db(), "Victim@x.in", `10.0.0.${i}`, t0 + i * 1000);
    expect(await loginRetryMinutes(db(), "victim@x.in", "10.9.9.9", t0 + 10_000)).toBe(15);
    expect(await loginRetryMinutes(db(), "victim@x.in", "10.9.9.9", t0 + 14 * 60_000)).toBe(1);
    // The window slides: 15 minutes after the first failure the account may try again.
    expect(await loginRetryMinutes(db(), "victim@x.in", "10.9.9.9", t0 + 15 * 60_000 + 1000)).toBe(0);
    expect(await loginRetryMinutes(db(), "other@x.in", "10.9.9.9", t0 + 10_000)).toBe(0);
  });

  it("blocks an address after 10 failures, whatever the accounts", async () => {
    for (let i = 0; i < LOGIN_LIMIT.perAddress; i++)
      await recordLoginFailure(db(), `user${i}@x.in`, "192.0.2.7", t0);
    expect(await loginRetryMinutes(db(), "fresh@x.in", "192.0.2.7", t0 + 1000)).toBeGreaterThan(0);
    expect(await loginRetryMinutes(db(), "fresh@x.in", "192.0.2.8", t0 + 1000)).toBe(0);
  });

  it("a successful login clears its account's failures", async () => {
    for (let i = 0; i < LOGIN_LIMIT.perAccount; i++)
      await recordLoginFailure(db(), "forgetful@x.in", `10.1.0.${i}`, t0);
    expect(await loginRetryMinutes(db(), "forgetful@x.in", "10.1.1.1", t0 + 1000)).toBeGreaterThan(0);
    await clearAccountFailures(db(), "forgetful@x.in");
    expect(await loginRetryMinutes(db(), "forgetful@x.in", "10.1.1.1", t0 + 1000)).toBe(0);
  });
});
