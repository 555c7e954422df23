import { expect, it } from "vitest";
import { deviceName } from "#app/server/accounts/device.server.ts";
import { changePassword } from "#app/server/accounts/my-account.server.ts";
import {
  endOtherSessions,
  endSessionByKey,
  endSessionsOfUser,
  isSessionKey,
  listSessions,
  sessionUser,
  startSession,
} from "#app/server/accounts/sessions.server.ts";
import { checkCredentials, saveUser } from "#app/server/accounts/users.server.ts";
import { describeEachDatabase } from "./databases.ts";

const PASSWORD = "a long enough passphrase";
const ANDROID_CHROME =
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36";
const IPHONE_SAFARI =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";
const WINDOWS_EDGE =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.0.0";

it("devices are named in a few words from the User-Agent", () => {
  expect(deviceName(ANDROID_CHROME)).toBe("Chrome on Android");
  expect(deviceName(IPHONE_SAFARI)).toBe("Safari on iOS");
  expect(deviceName(WINDOWS_EDGE)).toBe("Edge on Windows");
  expect(deviceName("curl/8.5.0")).toBe("Unknown device");
  expect(deviceName(null)).toBe("Unknown device");
  expect(deviceName(`${"x".repeat(100_000)} Firefox/120.0`).length).toBeLessThanOrEqual(80);
});

describeEachDatabase("my account", (db) => {
  let n = 0;
  async function account() {
    const { user } = await saveUser(db(), `me-${++n}@school.in`, PASSWORD, { role: "editor" });
    return user;
  }

  it("wrong current passwords are limited: five in fifteen minutes, a right one gives its place back", async () => {
    const me = await account();
    const T0 = Date.UTC(2026, 10, 24, 6, 0, 0);
    const change = (current: string, at: number) =>
      changePassword(db(), me, current, "another long passphrase 1", undefined, at);
    const wrong = /That is not your current password/;
    for (let i = 0; i < 4; i++) await expect(change("guess", T0 + i)).rejects.toThrow(wrong);
    // A right answer is no guess: the four wrong ones stay counted, this one is given back.
    await expect(changePassword(db(), me, PASSWORD, PASSWORD, undefined, T0 + 10)).rejects.toThrow(
      /your current one/,
    );
    await expect(change("guess", T0 + 20)).rejects.toThrow(wrong);
    // The budget is spent: even the right password is refused, with when to come back, at its field.
    const refused = await change(PASSWORD, T0 + 30).catch((err: unknown) => err);
    expect(refused).toMatchObject({
      message: "Too many wrong answers. Please try again in 15 minutes.",
      field: "current",
      status: 429,
    });
    // Refused attempts use nothing up; the window ends and the right password works again.
    await expect(change(PASSWORD, T0 + 15 * 60_000 + 1)).resolves.toBe(0);
  });

  it("lists one's sessions: device, address, last seen; this device first and marked", async () => {
    const me = await account();
    const other = await account();
    const phone = await startSession(db(), me.id, { userAgent: ANDROID_CHROME, address: "198.51.100.7" });
    const laptop = await startSession(db(), me.id, { userAgent: WINDOWS_EDGE, address: "203.0.113.5" });
    await startSession(db(), other.id, { userAgent: IPHONE_SAFARI, address: "192.0.2.1" });
    const list = await listSessions(db(), me.id, laptop.id);
    expect(list).toHaveLength(2);
    expect(list[0]).toMatchObject({ device: "Edge on Windows", address: "203.0.113.5", current: true });
    expect(list[1]).toMatchObject({ device: "Chrome on Android", address: "198.51.100.7", current: false });
    expect(isSessionKey(laptop.id, list[0]?.key ?? "")).toBe(true);
    expect(isSessionKey(phone.id, list[0]?.key ?? "")).toBe(false);
    // The key names a session in a form; it is not the cookie's id.
    expect(list.map((s) => s.key)).not.toContain(phone.id);
    // No User-Agent: still listed, as an unknown device.
    await startSession(db(), me.id);
    expect((await listSessions(db(), me.id, laptop.id)).map((s) => s.device)).toContain("Unknown device");
  });

  it("last seen (and address) is written when a minute has passed, not on every request", async () => {
    const me = await account();
    const session = await startSession(db(), me.id, { userAgent: ANDROID_CHROME, address: "198.51.100.7" });
    const seen = async () =>
      db()
        .selectFrom("sessions")
        .select(["last_seen_at", "address"])
        .where("user_id", "=", me.id)
        .executeTakeFirstOrThrow();
    const setSeen = (ms: number) =>
      db()
        .updateTable("sessions")
        .set({ last_seen_at: new Date(ms).toISOString() })
        .where("user_id", "=", me.id)
        .execute();
    await setSeen(Date.now() - 30_000);
    const before = await seen();
    expect(await sessionUser(db(), session.id, "192.0.2.44")).toMatchObject({ id: me.id });
    expect(await seen()).toEqual(before);
    await setSeen(Date.now() - 120_000);
    await sessionUser(db(), session.id, "192.0.2.44");
    const after = await seen();
    expect(after.address).toBe("192.0.2.44");
    expect(Date.parse(after.last_seen_at ?? "")).toBeGreaterThan(Date.now() - 10_000);
    // Without an address (a check that is not a request), nothing is written.
    await setSeen(Date.now() - 120_000);
    const quiet = await seen();
    await sessionUser(db(), session.id);
    expect(await seen()).toEqual(quiet);
  });

  it("change password: the current one is needed, the rules apply, other sessions end and this one stays", async () => {
    const me = await account();
    const here = await startSession(db(), me.id);
    const elsewhere = await startSession(db(), me.id);
    const next = "another quite long passphrase";
    await expect(changePassword(db(), me, "wrong current", next, here.id)).rejects.toMatchObject({
      field: "current",
    });
    await expect(changePassword(db(), me, PASSWORD, "short", here.id)).rejects.toMatchObject({
      field: "password",
      message: expect.stringMatching(/at least 12/),
    });
    await expect(changePassword(db(), me, PASSWORD, "password1234", here.id)).rejects.toThrow(/common/);
    await expect(
      changePassword(db(), me, PASSWORD, `my name is ${me.email.split("@")[0]}`, here.id),
    ).rejects.toThrow(/name part/);
    await expect(changePassword(db(), me, PASSWORD, PASSWORD, here.id)).rejects.toThrow(/current one/);
    // Nothing changed by the refusals.
    expect(await sessionUser(db(), elsewhere.id)).not.toBeNull();
    expect(await checkCredentials(db(), me.email, PASSWORD)).not.toBeNull();

    expect(await changePassword(db(), me, PASSWORD, next, here.id)).toBe(1);
    expect(await sessionUser(db(), here.id)).toMatchObject({ id: me.id });
    expect(await sessionUser(db(), elsewhere.id)).toBeNull();
    expect(await checkCredentials(db(), me.email, PASSWORD)).toBeNull();
    expect(await checkCredentials(db(), me.email, next)).toMatchObject({ id: me.id });
    const stored = await db()
      .selectFrom("users")
      .select("password_hash")
      .where("id", "=", me.id)
      .executeTakeFirstOrThrow();
    expect(stored.password_hash).not.toContain(next);
  });

  it("sign out one session (only one's own), or everywhere", async () => {
    const me = await account();
    const stranger = await account();
    const a = await startSession(db(), me.id);
    const b = await startSession(db(), me.id);
    const theirs = await startSession(db(), stranger.id);
    const keyOf = async (id: string, userId: number) =>
      (await listSessions(db(), userId, id)).find((s) => s.current)?.key ?? "";
    // Someone else's session is not one's own to end.
    expect(await endSessionByKey(db(), me.id, await keyOf(theirs.id, stranger.id))).toBe(false);
    expect(await sessionUser(db(), theirs.id)).not.toBeNull();

    expect(await endSessionByKey(db(), me.id, await keyOf(b.id, me.id))).toBe(true);
    expect(await sessionUser(db(), b.id)).toBeNull();
    expect(await sessionUser(db(), a.id)).not.toBeNull();
    expect(await endSessionByKey(db(), me.id, "0".repeat(64))).toBe(false);

    await startSession(db(), me.id);
    expect(await endOtherSessions(db(), me.id, a.id)).toBe(1);
    expect(await sessionUser(db(), a.id)).not.toBeNull();
    expect(await endSessionsOfUser(db(), me.id)).toBe(1);
    expect(await sessionUser(db(), a.id)).toBeNull();
    expect(await listSessions(db(), me.id, a.id)).toEqual([]);
    expect(await sessionUser(db(), theirs.id)).not.toBeNull();
  });
});
