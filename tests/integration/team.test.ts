import { createHash, randomBytes, scryptSync } from "node:crypto";
import { expect, it } from "vitest";
import { MIN_PASSWORD_LENGTH } from "#app/lib/password-rules.ts";
import {
  inviteUser,
  passwordLinkState,
  passwordLinkUrl,
  resetPassword,
  setPasswordFromLink,
} from "#app/server/accounts/password-links.server.ts";
import { checkNewPassword, commonPasswordCount } from "#app/server/accounts/password-policy.server.ts";
import { needsRehash } from "#app/server/accounts/passwords.server.ts";
import { sessionUser, startSession } from "#app/server/accounts/sessions.server.ts";
import {
  checkCredentials,
  deactivateUser,
  findUserByEmail,
  listUsersPage,
  reactivateUser,
  removeUser,
  saveUser,
  setRole,
} from "#app/server/accounts/users.server.ts";
import { exportContent, importContent } from "#app/server/backup/backup-reader.server.ts";
import { actingAs, person } from "#app/server/console/actor.server.ts";
import type { Database } from "#app/server/db.server.ts";
import { describeEachDatabase, freshDatabase } from "./databases.ts";

const HOUR = 3600_000;
const T0 = new Date("2026-11-20T10:00:00.000Z");
const at = (hours: number) => new Date(T0.getTime() + hours * HOUR);

async function passwordHashOf(db: Database, email: string): Promise<string> {
  const row = await db
    .selectFrom("users")
    .select("password_hash")
    .where("email", "=", email)
    .executeTakeFirst();
  return row?.password_hash ?? "missing";
}

describeEachDatabase("team: invitations and one-time links", (db) => {
  it("an invitation makes a pending account and a link stored only as its hash", async () => {
    const { user, token, expiresAt } = await inviteUser(db(), " New.Editor@School.IN ", "editor", T0);
    expect(user).toMatchObject({ email: "new.editor@school.in", role: "editor", status: "invited" });
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(expiresAt).toBe(at(72).toISOString());
    const stored = await db()
      .selectFrom("password_links")
      .selectAll()
      .where("user_id", "=", user.id)
      .execute();
    expect(stored).toHaveLength(1);
    expect(stored[0]?.token_hash).toBe(createHash("sha256").update(token).digest("hex"));
    expect(JSON.stringify(stored)).not.toContain(token);
    // Nothing signs in to a pending account.
    expect(await checkCredentials(db(), "new.editor@school.in", "")).toBeNull();
    expect(passwordLinkUrl("https://cw.example", token)).toBe(`https://cw.example/set-password/${token}`);
    // Inviting the same e-mail again is refused: its Reset password makes a new link.
    await expect(inviteUser(db(), "new.editor@school.in", "admin", T0)).rejects.toThrow(
      /already has an account/,
    );
  });

  it("a link works for 72 hours, once; then it says why not", async () => {
    const a = await inviteUser(db(), "expiring@school.in", "editor", T0);
    expect(await passwordLinkState(db(), a.token, at(71.99))).toEqual({
      status: "valid",
      email: "expiring@school.in",
    });
    expect(await passwordLinkState(db(), a.token, at(72))).toEqual({ status: "expired" });
    await expect(setPasswordFromLink(db(), a.token, "a fine long secret", at(72))).rejects.toMatchObject({
      status: 410,
      message: expect.stringMatching(/expired/),
    });

    const b = await inviteUser(db(), "once@school.in", "admin", T0);
    const user = await setPasswordFromLink(db(), b.token, "a fine long secret", at(1));
    expect(user).toMatchObject({ email: "once@school.in", role: "admin" });
    expect(await checkCredentials(db(), "once@school.in", "a fine long secret")).toMatchObject({
      id: user.id,
    });
    expect(await passwordLinkState(db(), b.token, at(2))).toEqual({ status: "used" });
    await expect(setPasswordFromLink(db(), b.token, "another long secret", at(2))).rejects.toThrow(
      /already used/,
    );
    expect(await checkCredentials(db(), "once@school.in", "another long secret")).toBeNull();
    // Tokens we never made are refused unread.
    expect(await passwordLinkState(db(), "x".repeat(43), at(1))).toEqual({ status: "unknown" });
    expect(await passwordLinkState(db(), "../../etc", at(1))).toEqual({ status: "unknown" });
  });

  it("two submissions of one link at once: it is used once", async () => {
    const { token } = await inviteUser(db(), "race@school.in", "editor", T0);
    const results = await Promise.allSettled([
      setPasswordFromLink(db(), token, "first long secret", at(1)),
      setPasswordFromLink(db(), token, "second long secret", at(1)),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const signedIn = await Promise.all([
      checkCredentials(db(), "race@school.in", "first long secret"),
      checkCredentials(db(), "race@school.in", "second long secret"),
    ]);
    expect(signedIn.filter(Boolean)).toHaveLength(1);
  });

  it("Reset password: the old password and sessions end, the new link replaces any earlier one", async () => {
    const { user } = await saveUser(db(), "forgetful@school.in", "an old long secret", { role: "editor" });
    const session = await startSession(db(), user.id);
    const first = await resetPassword(db(), user.id, T0);
    const second = await resetPassword(db(), user.id, T0);
    expect(await sessionUser(db(), session.id)).toBeNull();
    expect(await checkCredentials(db(), "forgetful@school.in", "an old long secret")).toBeNull();
    expect(await passwordLinkState(db(), first.token, at(1))).toEqual({ status: "unknown" });
    // A known account stays Active while it waits for its new password.
    expect((await findUserByEmail(db(), "forgetful@school.in"))?.status).toBe("active");
    // The password rules apply at the link too, at the field "password".
    await expect(setPasswordFromLink(db(), second.token, "short", at(1))).rejects.toMatchObject({
      field: "password",
    });
    await expect(setPasswordFromLink(db(), second.token, "Forgetful-at-home", at(1))).rejects.toThrow(
      /name part/,
    );
    await setPasswordFromLink(db(), second.token, "a new long secret", at(1));
    expect(await checkCredentials(db(), "forgetful@school.in", "a new long secret")).toMatchObject({
      id: user.id,
    });
  });
});

describeEachDatabase("team: roles, deactivation, sign-in", (db) => {
  it("sessions carry the role; a role change counts at the next request", async () => {
    const { user } = await saveUser(db(), "writer@school.in", "a pen's long secret", { role: "editor" });
    const session = await startSession(db(), user.id);
    expect(await sessionUser(db(), session.id)).toMatchObject({ role: "editor" });
    await setRole(db(), user.id, null);
    expect(await sessionUser(db(), session.id)).toMatchObject({ role: null });
    await setRole(db(), user.id, "admin");
    expect(await sessionUser(db(), session.id)).toMatchObject({ role: "admin" });
    // Starting a session is a sign-in: the Users page shows when.
    expect((await findUserByEmail(db(), "writer@school.in"))?.lastSignInAt).toBeTruthy();
  });

  it("deactivation ends the sessions at once and refuses sign-in until reactivated", async () => {
    const { user } = await saveUser(db(), "leaver@school.in", "a long enough secret", { role: "editor" });
    const open = await startSession(db(), user.id);
    expect(await sessionUser(db(), open.id)).not.toBeNull();
    expect((await deactivateUser(db(), user.id)).status).toBe("deactivated");
    expect(await sessionUser(db(), open.id)).toBeNull();
    expect(
      await db().selectFrom("sessions").select("id_hash").where("user_id", "=", user.id).execute(),
    ).toEqual([]);
    expect(await checkCredentials(db(), "leaver@school.in", "a long enough secret")).toBeNull();
    // A session that raced with the deactivation is refused too.
    const late = await startSession(db(), user.id);
    expect(await sessionUser(db(), late.id)).toBeNull();
    await reactivateUser(db(), user.id);
    expect(await checkCredentials(db(), "leaver@school.in", "a long enough secret")).toMatchObject({
      id: user.id,
    });
  });

  it("a hash with older parameters still signs in, and is rewritten with today's", async () => {
    const { user } = await saveUser(db(), "veteran@school.in", "placeholder long secret");
    const salt = randomBytes(16);
    const key = scryptSync("the old long secret".normalize("NFKC"), salt, 64, {
      N: 32768,
      r: 8,
      p: 1,
      maxmem: 64 << 20,
    });
    const old = `scrypt$32768$8$1$${salt.toString("base64url")}$${key.toString("base64url")}`;
    await db().updateTable("users").set({ password_hash: old }).where("id", "=", user.id).execute();
    expect(needsRehash(old)).toBe(true);
    expect(await checkCredentials(db(), "veteran@school.in", "a wrong long secret")).toBeNull();
    expect(await passwordHashOf(db(), "veteran@school.in")).toBe(old);
    expect(await checkCredentials(db(), "veteran@school.in", "the old long secret")).toMatchObject({
      id: user.id,
    });
    const rewritten = await passwordHashOf(db(), "veteran@school.in");
    expect(rewritten).not.toBe(old);
    expect(needsRehash(rewritten)).toBe(false);
    expect(await checkCredentials(db(), "veteran@school.in", "the old long secret")).toMatchObject({
      id: user.id,
    });
  });

  it("the Users list: 50 a page, narrowed by any part of an e-mail", async () => {
    for (let i = 0; i < 3; i++) await inviteUser(db(), `listed${i}@list.example`, "editor", T0);
    const found = await listUsersPage(db(), { q: "LIST.example", page: 1 });
    expect(found.rows.map((u) => u.email)).toEqual([
      "listed0@list.example",
      "listed1@list.example",
      "listed2@list.example",
    ]);
    expect((await listUsersPage(db(), { q: "%", page: 1 })).total).toBe(0);
  });
});

describeEachDatabase("team: the last active admin", (db) => {
  it("cannot be demoted, deactivated or removed; with a second admin it can", async () => {
    const { user: only } = await saveUser(db(), "only@school.in", "a sole long secret", { role: "admin" });
    // An invited admin (no password yet) and a deactivated one do not count.
    await inviteUser(db(), "pending@school.in", "admin", T0);
    const { user: gone } = await saveUser(db(), "gone@school.in", "a departed long secret", {
      role: "admin",
    });
    await deactivateUser(db(), gone.id);
    await expect(setRole(db(), only.id, "editor")).rejects.toThrow(/last active admin/);
    await expect(deactivateUser(db(), only.id)).rejects.toThrow(/last active admin/);
    await expect(removeUser(db(), "only@school.in")).rejects.toThrow(/last active admin/);
    await expect(saveUser(db(), "only@school.in", "a newer long secret", { role: null })).rejects.toThrow(
      /last active admin/,
    );
    expect((await findUserByEmail(db(), "only@school.in"))?.role).toBe("admin");

    const { user: second } = await saveUser(db(), "second@school.in", "another long secret", {
      role: "admin",
    });
    // Two admins demoting each other at once: one of them stays an admin.
    const both = await Promise.allSettled([
      setRole(db(), only.id, "editor"),
      setRole(db(), second.id, "editor"),
    ]);
    expect(both.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const admins = await db().selectFrom("users").select("email").where("role", "=", "admin").execute();
    expect(
      admins.map((a) => a.email).filter((e) => e === "only@school.in" || e === "second@school.in"),
    ).toHaveLength(1);
  });

  it("a person at the console cannot change, reset or deactivate their own account", async () => {
    const { user: me } = await saveUser(db(), "me@school.in", "my own long secret", { role: "admin" });
    await saveUser(db(), "other-admin@school.in", "their long secret", { role: "admin" });
    await actingAs(person(me, "203.0.113.9"), async () => {
      await expect(setRole(db(), me.id, "editor")).rejects.toThrow(/your own account/);
      await expect(deactivateUser(db(), me.id)).rejects.toThrow(/your own account/);
      await expect(resetPassword(db(), me.id, T0)).rejects.toThrow(/your own account/);
    });
    expect((await findUserByEmail(db(), "me@school.in"))?.status).toBe("active");
  });
});

describeEachDatabase("team: password rules", (db) => {
  const email = "ravi.kumar@school.in";

  it("at least 12 characters, at most 128, counted as a person counts them", () => {
    expect(MIN_PASSWORD_LENGTH).toBe(12);
    expect(() => checkNewPassword("a".repeat(5) + "b".repeat(6), email)).toThrow(/at least 12/);
    expect(() => checkNewPassword("correct hors", email)).not.toThrow();
    expect(() => checkNewPassword("x".repeat(128), email)).not.toThrow();
    expect(() => checkNewPassword("x".repeat(129), email)).toThrow(/at most 128/);
    // Devanagari letters and their signs count one each: 10 here, too short; 21 below.
    expect(() => checkNewPassword("पासवर्ड१२३", email)).toThrow(/at least 12/);
    expect(() => checkNewPassword("मेरा पासवर्ड सुरक्षित", email)).not.toThrow();
  });

  it("refuses the most common passwords, whatever their case, and the e-mail's name part", () => {
    expect(commonPasswordCount()).toBeGreaterThanOrEqual(10_000);
    expect(() => checkNewPassword("qwerty123456", email)).toThrow(/most common/);
    expect(() => checkNewPassword("QWERTY123456", email)).toThrow(/most common/);
    expect(() => checkNewPassword("1qaz2wsx3edc", email)).toThrow(/most common/);
    expect(() => checkNewPassword("hello RAVI.KUMAR friend", email)).toThrow(/name part/);
    expect(() => checkNewPassword("ravi went home early", email)).not.toThrow();
    // A name part under three characters does not count.
    expect(() => checkNewPassword("about the ab thing", "ab@school.in")).not.toThrow();
  });

  it("keeps spaces and any script exactly, and cuts nothing off", async () => {
    const spaced = "  मेरा   पासवर्ड  with spaces  ";
    const { user } = await saveUser(db(), email, spaced);
    expect(await checkCredentials(db(), email, spaced)).toMatchObject({ id: user.id });
    expect(await checkCredentials(db(), email, spaced.trim())).toBeNull();
    const long = `${"correct horse battery staple ".repeat(4)}end`;
    expect(long.length).toBeGreaterThan(100);
    await saveUser(db(), email, long);
    expect(await checkCredentials(db(), email, long)).toMatchObject({ id: user.id });
    expect(await checkCredentials(db(), email, `${long.slice(0, -1)}x`)).toBeNull();
    expect(await checkCredentials(db(), email, long.slice(0, 72))).toBeNull();
  });
});

describeEachDatabase("team: backups", (db) => {
  it("carry role and status; backups from before roles (isAdmin) still restore", async () => {
    await saveUser(db(), "boss@school.in", "a chief long secret", { role: "admin" });
    const { user: ed } = await saveUser(db(), "ed@school.in", "the editor long secret", { role: "editor" });
    await deactivateUser(db(), ed.id);
    await inviteUser(db(), "invited@school.in", "editor", T0);
    const backup = await exportContent(db(), { withUsers: true });
    const byEmail = new Map(backup.users?.map((u) => [u.email, u]));
    expect(byEmail.get("boss@school.in")).toMatchObject({ role: "admin", deactivatedAt: null });
    expect(byEmail.get("ed@school.in")).toMatchObject({ role: "editor", deactivatedAt: expect.any(String) });
    expect(byEmail.get("invited@school.in")).toMatchObject({ role: "editor", passwordHash: "" });
    // No one-time link is ever in a backup.
    expect(JSON.stringify(backup)).not.toMatch(/token|password_links/);

    const old = JSON.parse(JSON.stringify(backup));
    old.users = old.users.map((u: Record<string, unknown>) => ({
      email: u.email,
      passwordHash: u.passwordHash,
      isAdmin: u.role === "admin",
      createdAt: u.createdAt,
    }));
    const target = await freshDatabase("sqlite");
    try {
      await importContent(target.db, old);
      expect(await findUserByEmail(target.db, "boss@school.in")).toMatchObject({
        role: "admin",
        status: "active",
      });
      expect(await findUserByEmail(target.db, "ed@school.in")).toMatchObject({
        role: null,
        status: "active",
      });
      expect(await checkCredentials(target.db, "boss@school.in", "a chief long secret")).not.toBeNull();
    } finally {
      await target.drop();
    }
  });
});
