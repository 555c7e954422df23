import { expect, it } from "vitest";
import { LOGIN_LIMIT, type LoginOutcome, signIn } from "#app/server/accounts/login-limits.server.ts";
import { saveUser } from "#app/server/accounts/users.server.ts";
import { describeEachDatabase } from "./databases.ts";

const PASSWORD = "Right-password-123";

function statuses(outcomes: LoginOutcome[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const o of outcomes) counts[o.status] = (counts[o.status] ?? 0) + 1;
  return counts;
}

describeEachDatabase("login limits", (db) => {
  const t0 = Date.parse("2026-11-22T10:00:00Z");
  const attempt = (email: string, password: string, address: string, at: number, deviceToken?: string) =>
    signIn(db(), { email, password, address, deviceToken }, at);

  it("a burst of 40 concurrent guesses gets only 5 password checks, and the right password after it is refused", async () => {
    await saveUser(db(), "burst@x.in", PASSWORD);
    const burst = await Promise.all(
      Array.from({ length: 40 }, (_, i) => attempt("burst@x.in", `guess-${i}`, `10.40.0.${i}`, t0)),
    );
    expect(statuses(burst)).toEqual({ failed: LOGIN_LIMIT.perAccount, limited: 40 - LOGIN_LIMIT.perAccount });
    expect(await attempt("burst@x.in", PASSWORD, "10.40.1.1", t0 + 1000)).toEqual({
      status: "limited",
      retryMinutes: 15,
    });
  });

  it("right passwords hidden in a concurrent burst: still only 5 attempts are checked", async () => {
    await saveUser(db(), "hidden@x.in", PASSWORD);
    const burst = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        attempt("hidden@x.in", i % 8 === 7 ? PASSWORD : `guess-${i}`, `10.41.0.${i}`, t0),
      ),
    );
    const counts = statuses(burst);
    // "failed" and "signed-in" had their password checked; "limited" did not.
    expect((counts.failed ?? 0) + (counts["signed-in"] ?? 0)).toBe(LOGIN_LIMIT.perAccount);
    expect(counts.limited).toBe(40 - LOGIN_LIMIT.perAccount);
  });

  it("a burst of 40 concurrent guesses from one address at 40 accounts gets only 10 checks", async () => {
    const burst = await Promise.all(
      Array.from({ length: 40 }, (_, i) => attempt(`spray${i}@x.in`, "guess", "192.0.2.40", t0)),
    );
    expect(statuses(burst)).toEqual({ failed: LOGIN_LIMIT.perAddress, limited: 40 - LOGIN_LIMIT.perAddress });
  });

  it("blocks guesses from unknown places after 5 failures in 15 minutes; the window then starts over", async () => {
    for (let i = 0; i < LOGIN_LIMIT.perAccount; i++)
      expect(await attempt("Victim@x.in", "wrong", `10.0.0.${i}`, t0 + i * 1000)).toMatchObject({
        status: "failed",
      });
    expect(await attempt("victim@x.in", "wrong", "10.9.9.9", t0 + 10_000)).toEqual({
      status: "limited",
      retryMinutes: 15,
    });
    expect(await attempt("victim@x.in", "wrong", "10.9.9.9", t0 + 14 * 60_000)).toEqual({
      status: "limited",
      retryMinutes: 1,
    });
    expect(await attempt("victim@x.in", "wrong", "10.9.9.9", t0 + 15 * 60_000 + 1000)).toMatchObject({
      status: "failed",
    });
    expect(await attempt("other@x.in", "wrong", "10.9.9.9", t0 + 10_000)).toMatchObject({ status: "failed" });
  });

  it("guessers cannot lock the owner out: a known device and a known address still sign in", async () => {
    await saveUser(db(), "owner@x.in", PASSWORD);
    const first = await attempt("owner@x.in", PASSWORD, "198.51.100.1", t0);
    if (first.status !== "signed-in") throw new Error(`owner could not sign in: ${first.status}`);
    // Five wrong passwords from five addresses, then a flood.
    for (let i = 0; i < 5; i++) await attempt("owner@x.in", "wrong", `203.0.113.${i}`, t0 + 1000);
    await Promise.all(
      Array.from({ length: 20 }, (_, i) => attempt("owner@x.in", "x", `203.0.114.${i}`, t0 + 2000)),
    );
    // A stranger with the right password is kept out for now: that is the price of the limit ...
    expect(await attempt("owner@x.in", PASSWORD, "203.0.115.1", t0 + 3000)).toMatchObject({
      status: "limited",
    });
    // ... but the owner's browser gets in from anywhere, and so does any browser at the owner's address.
    const device = await attempt("owner@x.in", PASSWORD, "100.64.0.9", t0 + 4000, first.deviceToken);
    expect(device.status).toBe("signed-in");
    expect(await attempt("owner@x.in", PASSWORD, "198.51.100.1", t0 + 5000)).toMatchObject({
      status: "signed-in",
    });
  });

  it("a known device has its own limit, and a stale or forged device cookie counts as unknown", async () => {
    await saveUser(db(), "typo@x.in", PASSWORD);
    const first = await attempt("typo@x.in", PASSWORD, "198.51.101.1", t0);
    if (first.status !== "signed-in") throw new Error(`could not sign in: ${first.status}`);
    for (let i = 0; i < LOGIN_LIMIT.perKnownSource; i++)
      expect(await attempt("typo@x.in", "wrong", "100.64.1.1", t0 + 1000, first.deviceToken)).toMatchObject({
        status: "failed",
      });
    expect(await attempt("typo@x.in", PASSWORD, "100.64.1.1", t0 + 2000, first.deviceToken)).toMatchObject({
      status: "limited",
    });
    // The unknown places' budget is untouched by the device's failures.
    for (let i = 0; i < LOGIN_LIMIT.perAccount; i++)
      expect(await attempt("typo@x.in", "wrong", `100.64.2.${i}`, t0 + 3000, "forged-token")).toMatchObject({
        status: "failed",
      });
    expect(await attempt("typo@x.in", PASSWORD, "100.64.3.1", t0 + 4000, "forged-token")).toMatchObject({
      status: "limited",
    });
  });

  it("an address over its limit gets 429 even with a right password, and spends no account's budget", async () => {
    await saveUser(db(), "bystander@x.in", PASSWORD);
    for (let i = 0; i < LOGIN_LIMIT.perAddress; i++) await attempt(`user${i}@x.in`, "wrong", "192.0.2.7", t0);
    for (let i = 0; i < 10; i++)
      expect(await attempt("bystander@x.in", "wrong", "192.0.2.7", t0 + 1000)).toMatchObject({
        status: "limited",
      });
    expect(await attempt("bystander@x.in", PASSWORD, "192.0.2.7", t0 + 1000)).toMatchObject({
      status: "limited",
    });
    expect(await attempt("bystander@x.in", PASSWORD, "192.0.2.8", t0 + 1000)).toMatchObject({
      status: "signed-in",
    });
  });

  it("a successful login is not counted as a failure", async () => {
    await saveUser(db(), "forgetful@x.in", PASSWORD);
    for (let i = 0; i < LOGIN_LIMIT.perAccount - 1; i++)
      await attempt("forgetful@x.in", "wrong", `10.1.0.${i}`, t0);
    expect(await attempt("forgetful@x.in", PASSWORD, "10.1.1.1", t0)).toMatchObject({ status: "signed-in" });
    // One more place is left for unknown places: the success gave its place back.
    expect(await attempt("forgetful@x.in", "wrong", "10.1.2.1", t0)).toMatchObject({ status: "failed" });
    expect(await attempt("forgetful@x.in", "wrong", "10.1.2.2", t0)).toMatchObject({ status: "limited" });
  });
});
