import { expect, it } from "vitest";
import { endSession, sessionUser, startSession } from "#app/server/accounts/sessions.server.ts";
import {
  checkCredentials,
  findUserByEmail,
  listUsers,
  removeUser,
  saveUser,
  setRole,
} from "#app/server/accounts/users.server.ts";
import { describeEachDatabase } from "./databases.ts";

describeEachDatabase("accounts and sessions", (db) => {
  it("creates an account with a hashed password and checks it", async () => {
    const { user, created } = await saveUser(db(), " Teacher@School.IN ", "correct horse battery", {
      role: "admin",
    });
    expect(created).toBe(true);
    expect(user).toMatchObject({ email: "teacher@school.in", role: "admin", status: "active" });
    const row = await db()
      .selectFrom("users")
      .select("password_hash")
      .where("id", "=", user.id)
      .executeTakeFirstOrThrow();
    expect(row.password_hash).not.toContain("correct horse battery");
    expect(row.password_hash.startsWith("scrypt$")).toBe(true);
    expect(await checkCredentials(db(), "teacher@school.in", "correct horse battery")).toMatchObject({
      id: user.id,
    });
    expect(await checkCredentials(db(), "teacher@school.in", "wrong horse battery")).toBeNull();
    expect(await checkCredentials(db(), "nobody@school.in", "correct horse battery")).toBeNull();
  });

  it("refuses a bad e-mail or a short password", async () => {
    await expect(saveUser(db(), "not-an-email", "long enough words")).rejects.toThrow(/not an e-mail/);
    await expect(saveUser(db(), "a@b.in", "eleven char")).rejects.toThrow(/at least 12/);
  });

  it("sessions: only the hash is stored, expiry and logout end them, a new password ends all", async () => {
    const { user } = await saveUser(db(), "s@school.in", "first long secret");
    const session = await startSession(db(), user.id);
    const stored = await db()
      .selectFrom("sessions")
      .select("id_hash")
      .where("user_id", "=", user.id)
      .execute();
    expect(stored.map((s) => s.id_hash)).not.toContain(session.id);
    expect(await sessionUser(db(), session.id)).toMatchObject({ email: "s@school.in", role: null });
    expect(await sessionUser(db(), "forged")).toBeNull();

    await endSession(db(), session.id);
    expect(await sessionUser(db(), session.id)).toBeNull();

    const a = await startSession(db(), user.id);
    const b = await startSession(db(), user.id);
    await saveUser(db(), "s@school.in", "second long secret");
    expect(await sessionUser(db(), a.id)).toBeNull();
    expect(await sessionUser(db(), b.id)).toBeNull();

    const expired = await startSession(db(), user.id);
    await db().updateTable("sessions").set({ expires_at: "2000-01-01T00:00:00.000Z" }).execute();
    expect(await sessionUser(db(), expired.id)).toBeNull();
  });

  it("role on and off, list and remove", async () => {
    const { user } = await saveUser(db(), "flag@school.in", "first long secret");
    await saveUser(db(), "other@school.in", "second long secret", { role: "admin" });
    await setRole(db(), user.id, "admin");
    expect((await listUsers(db())).find((u) => u.email === "flag@school.in")?.role).toBe("admin");
    await setRole(db(), user.id, null);
    expect((await findUserByEmail(db(), "flag@school.in"))?.role).toBeNull();
    expect(await removeUser(db(), "flag@school.in")).toBe(true);
    expect(await removeUser(db(), "flag@school.in")).toBe(false);
  });
});
