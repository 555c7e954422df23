import { spawnSync } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import type { Kysely } from "kysely";
import { expect, it } from "vitest";
import { LOGIN_LIMIT, signIn, signInCode } from "#app/server/accounts/login-limits.server.ts";
import { type SecretKey, secretKeyFrom, setSecretKey } from "#app/server/accounts/secret-box.server.ts";
import {
  codeStep,
  confirmTwoStep,
  currentCode,
  endSignInStep,
  mustSetUpTwoStep,
  RECOVERY_CODE_COUNT,
  resetTwoStep,
  rotateSecretKey,
  SIGN_IN_STEP_MINUTES,
  sealPlainSecrets,
  secretsSealedElsewhere,
  setTwoStepRequired,
  signInStep,
  spendCode,
  startSecretKey,
  startSignInStep,
  startTwoStep,
  turnOffTwoStep,
  twoStepRequired,
  twoStepState,
  usesTwoStep,
} from "#app/server/accounts/two-step.server.ts";
import { checkCredentials, findUser, findUserByEmail, saveUser } from "#app/server/accounts/users.server.ts";
import { openBackupFile, writeBackupFile } from "#app/server/backup/backup-files.server.ts";
import { exportContent, importContent } from "#app/server/backup/backup-reader.server.ts";
import { restoreBackup } from "#app/server/backup/restore-backup.server.ts";
import { ConfigError } from "#app/server/config.server.ts";
import { type Database, dialectOf, openDatabase } from "#app/server/db.server.ts";
import { describeEachDatabase, freshDatabase } from "./databases.ts";

const PASSWORD = "a long enough passphrase";
/** A fixed clock: the middle of a 30-second step, so ±1 step is exactly ±30 s. */
const T0 = Date.UTC(2026, 10, 23, 10, 0, 15);
const STEP = 30_000;

/** A key as SECRET_KEY gives one: the tests' own, made afresh for each run. */
const newKey = () => secretKeyFrom(randomBytes(32));
const KEY = newKey();
setSecretKey(KEY);
/** Runs `work` with another SECRET_KEY, then puts the tests' own back. */
async function underKey<T>(key: SecretKey, work: () => Promise<T>): Promise<T> {
  setSecretKey(key);
  try {
    return await work();
  } finally {
    setSecretKey(KEY);
  }
}

describeEachDatabase("two-step sign-in", (db) => {
  let n = 0;
  /** A fresh account with two-step sign-in on (its secret and recovery codes), at T0. */
  async function accountWithTwoStep(role: "admin" | "editor" = "editor") {
    const { user } = await saveUser(db(), `two-step-${++n}@school.in`, PASSWORD, { role });
    await startTwoStep(db(), user.id);
    const state = await twoStepState(db(), user, "ChapterWise");
    if (state.status !== "setting-up") throw new Error("not setting up");
    const recoveryCodes = await confirmTwoStep(db(), user.id, currentCode(state.secret, T0 - STEP), T0);
    return { user, secret: state.secret, recoveryCodes };
  }

  it("a set-up shows the secret as an otpauth address and turns on only with a right code", async () => {
    const { user } = await saveUser(db(), "setup@school.in", PASSWORD, { role: "editor" });
    expect(await twoStepState(db(), user, "ChapterWise")).toEqual({ status: "off" });
    await startTwoStep(db(), user.id);
    const state = await twoStepState(db(), user, "ChapterWise");
    if (state.status !== "setting-up") throw new Error("not setting up");
    expect(state.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(state.uri).toContain(`secret=${state.secret}`);
    expect(state.uri).toMatch(/^otpauth:\/\/totp\/ChapterWise:setup%40school\.in\?/);
    expect(await usesTwoStep(db(), user.id)).toBe(false);

    await expect(confirmTwoStep(db(), user.id, "000000", T0)).rejects.toThrow(/not right/);
    await expect(confirmTwoStep(db(), user.id, currentCode(state.secret, T0 + 3 * STEP), T0)).rejects.toThrow(
      /not right/,
    );
    expect(await usesTwoStep(db(), user.id)).toBe(false);
    const codes = await confirmTwoStep(db(), user.id, currentCode(state.secret, T0), T0);
    expect(codes).toHaveLength(RECOVERY_CODE_COUNT);
    expect(new Set(codes).size).toBe(RECOVERY_CODE_COUNT);
    for (const code of codes) expect(code).toMatch(/^[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}$/);
    expect(await usesTwoStep(db(), user.id)).toBe(true);
    expect(await twoStepState(db(), user, "ChapterWise")).toMatchObject({
      status: "on",
      recoveryCodesLeft: 10,
    });
    await expect(startTwoStep(db(), user.id)).rejects.toThrow(/already on/);
  });

  it("TOTP: a code of the step before or after now works, two steps away does not", async () => {
    const { secret } = await accountWithTwoStep();
    expect(codeStep(secret, currentCode(secret, T0), T0)).toBe(Math.floor(T0 / STEP));
    expect(codeStep(secret, currentCode(secret, T0 - STEP), T0)).toBe(Math.floor(T0 / STEP) - 1);
    expect(codeStep(secret, currentCode(secret, T0 + STEP), T0)).toBe(Math.floor(T0 / STEP) + 1);
    expect(codeStep(secret, currentCode(secret, T0 - 2 * STEP), T0)).toBeNull();
    expect(codeStep(secret, currentCode(secret, T0 + 2 * STEP), T0)).toBeNull();
    expect(codeStep(secret, "12345", T0)).toBeNull();
    expect(codeStep(secret, "abcdef", T0)).toBeNull();
  });

  it("a code is used once: the same code again, or one of an earlier step, is refused", async () => {
    const { user, secret } = await accountWithTwoStep();
    // The set-up used the step before T0: a code of that step is refused from now on.
    expect(await spendCode(db(), user.id, currentCode(secret, T0 - STEP), T0)).toBeNull();
    const now = currentCode(secret, T0);
    expect(await spendCode(db(), user.id, now, T0)).toBe("app");
    expect(await spendCode(db(), user.id, now, T0)).toBeNull();
    // Typed with a space, the same code is still the same code.
    expect(await spendCode(db(), user.id, `${now.slice(0, 3)} ${now.slice(3)}`, T0 + 10_000)).toBeNull();
    // The next step's code works, then the one of the step it passed is refused.
    expect(await spendCode(db(), user.id, currentCode(secret, T0 + STEP), T0 + STEP)).toBe("app");
    expect(await spendCode(db(), user.id, currentCode(secret, T0), T0 + STEP)).toBeNull();
    expect(await spendCode(db(), user.id, "999999", T0 + 2 * STEP)).toBeNull();
  });

  it("two requests with one code at once: only one is accepted", async () => {
    const { user, secret } = await accountWithTwoStep();
    const code = currentCode(secret, T0);
    const answers = await Promise.all([1, 2, 3].map(() => spendCode(db(), user.id, code, T0)));
    expect(answers.filter((a) => a === "app")).toHaveLength(1);
  });

  it("recovery codes: hashed at rest, each works once, typed in any case and with or without hyphens", async () => {
    const { user, recoveryCodes } = await accountWithTwoStep();
    const rows = await db()
      .selectFrom("recovery_codes")
      .select(["code_hash", "used_at"])
      .where("user_id", "=", user.id)
      .execute();
    expect(rows).toHaveLength(RECOVERY_CODE_COUNT);
    const stored = JSON.stringify(rows);
    for (const code of recoveryCodes) {
      expect(stored).not.toContain(code);
      expect(stored).not.toContain(code.replaceAll("-", ""));
    }
    const [first = "", second = ""] = recoveryCodes;
    expect(rows.map((r) => r.code_hash)).toContain(
      createHash("sha256").update(first.replaceAll("-", "")).digest("hex"),
    );
    expect(await spendCode(db(), user.id, first, T0)).toBe("recovery");
    expect(await spendCode(db(), user.id, first, T0)).toBeNull();
    expect(await spendCode(db(), user.id, ` ${second.replaceAll("-", "").toUpperCase()} `, T0)).toBe(
      "recovery",
    );
    expect(await spendCode(db(), user.id, "abcd-efgh-jkmn", T0)).toBeNull();
    expect(await twoStepState(db(), user, "ChapterWise")).toMatchObject({ recoveryCodesLeft: 8 });
    // Another account's code is no code of this one.
    const other = await accountWithTwoStep();
    expect(await spendCode(db(), user.id, other.recoveryCodes[0] ?? "", T0)).toBeNull();
  });

  it("turning off needs the password and a code; a wrong password does not use the code up", async () => {
    const { user, secret, recoveryCodes } = await accountWithTwoStep();
    const code = currentCode(secret, T0);
    await expect(turnOffTwoStep(db(), user.id, "not the password", code, T0)).rejects.toThrow(/password/);
    await expect(turnOffTwoStep(db(), user.id, PASSWORD, "000000", T0)).rejects.toThrow(/not right/);
    await expect(turnOffTwoStep(db(), user.id, PASSWORD, "", T0)).rejects.toThrow(/not right/);
    expect(await usesTwoStep(db(), user.id)).toBe(true);
    await turnOffTwoStep(db(), user.id, PASSWORD, code, T0);
    expect(await usesTwoStep(db(), user.id)).toBe(false);
    expect(await twoStepState(db(), user, "ChapterWise")).toEqual({ status: "off" });
    const left = await db()
      .selectFrom("recovery_codes")
      .select("id")
      .where("user_id", "=", user.id)
      .execute();
    expect(left).toEqual([]);
    expect(await spendCode(db(), user.id, recoveryCodes[0] ?? "", T0)).toBeNull();

    // With a recovery code instead of the app's.
    const again = await accountWithTwoStep();
    await turnOffTwoStep(db(), again.user.id, PASSWORD, again.recoveryCodes[3] ?? "", T0);
    expect(await usesTwoStep(db(), again.user.id)).toBe(false);
  });

  it("wrong passwords and codes for turning off count against one budget of the account's", async () => {
    const { user, secret } = await accountWithTwoStep();
    const code = currentCode(secret, T0);
    for (let i = 0; i < 3; i++)
      await expect(turnOffTwoStep(db(), user.id, "not the password", code, T0)).rejects.toThrow(/password/);
    for (let i = 0; i < 2; i++)
      await expect(turnOffTwoStep(db(), user.id, PASSWORD, "000000", T0)).rejects.toThrow(/not right/);
    const refused = await turnOffTwoStep(db(), user.id, PASSWORD, code, T0 + 1).catch((err: unknown) => err);
    expect(refused).toMatchObject({ field: "password", status: 429 });
    expect(String(refused)).toMatch(/Too many wrong answers\. Please try again in 15 minutes\./);
    expect(await usesTwoStep(db(), user.id)).toBe(true);
    const later = T0 + 15 * 60_000 + STEP;
    await turnOffTwoStep(db(), user.id, PASSWORD, currentCode(secret, later), later);
    expect(await usesTwoStep(db(), user.id)).toBe(false);
  });

  it("an admin's reset ends the account's two-step sign-in and its waiting sign-ins", async () => {
    const { user } = await accountWithTwoStep();
    const token = await startSignInStep(db(), user.id, T0);
    expect(await resetTwoStep(db(), user.id)).toBe(true);
    expect(await usesTwoStep(db(), user.id)).toBe(false);
    expect(await signInStep(db(), token, T0)).toBeNull();
    expect(await resetTwoStep(db(), user.id)).toBe(false);
  });

  it("the sign-in waiting for its code: not a session, hashed, expires after minutes, ends once used", async () => {
    const { user } = await accountWithTwoStep();
    const token = await startSignInStep(db(), user.id, T0);
    const rows = await db().selectFrom("sign_in_steps").selectAll().where("user_id", "=", user.id).execute();
    expect(JSON.stringify(rows)).not.toContain(token);
    expect(
      await db().selectFrom("sessions").select("id_hash").where("user_id", "=", user.id).execute(),
    ).toEqual([]);
    expect(await signInStep(db(), token, T0 + 60_000)).toEqual({ userId: user.id, email: user.email });
    expect(await signInStep(db(), token, T0 + SIGN_IN_STEP_MINUTES * 60_000)).toBeNull();
    expect(await signInStep(db(), "forged", T0)).toBeNull();
    expect(await signInStep(db(), undefined, T0)).toBeNull();
    const second = await startSignInStep(db(), user.id, T0);
    await endSignInStep(db(), second);
    expect(await signInStep(db(), second, T0)).toBeNull();
  });

  it("login limits: the password alone signs nobody in; wrong codes count like wrong passwords", async () => {
    const { user, secret } = await accountWithTwoStep();
    const address = "198.51.100.23";
    const password = await signIn(
      db(),
      { email: user.email, password: PASSWORD, address, secondStep: (u) => usesTwoStep(db(), u.id) },
      T0,
    );
    expect(password).toMatchObject({ status: "second-step", user: { id: user.id } });
    const code = (typed: string, at: number) =>
      signInCode(
        db(),
        { email: user.email, address },
        async () => ((await spendCode(db(), user.id, typed, at)) ? findUser(db(), user.id) : null),
        at,
      );
    for (let i = 0; i < LOGIN_LIMIT.perAccount; i++)
      expect(await code("000000", T0)).toMatchObject({ status: "failed" });
    // Even the right code is refused now: the account's budget from new places is spent.
    expect(await code(currentCode(secret, T0), T0)).toMatchObject({ status: "limited" });
    // And so is its password (the same budget).
    const refused = await signIn(db(), { email: user.email, password: PASSWORD, address: "203.0.113.9" }, T0);
    expect(refused).toMatchObject({ status: "limited" });
    // After the window the right code signs in, and this browser is remembered from then on.
    const later = T0 + LOGIN_LIMIT.windowMinutes * 60_000 + STEP;
    const signedIn = await code(currentCode(secret, later), later);
    expect(signedIn).toMatchObject({ status: "signed-in", user: { id: user.id } });
  });

  it("a backup with accounts keeps two-step sign-in: restored, an account asks for its code as before", async () => {
    const { user, secret, recoveryCodes } = await accountWithTwoStep("admin");
    expect(await spendCode(db(), user.id, recoveryCodes[0] as string, T0)).toBe("recovery");
    const { user: half } = await saveUser(db(), `half-${++n}@school.in`, PASSWORD, { role: "editor" });
    await startTwoStep(db(), half.id); // a set-up nobody finished is not kept
    await setTwoStepRequired(db(), true);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "cw-two-step-backup-"));
    const target = await freshDatabase(dialectOf(db() as unknown as Kysely<unknown>));
    try {
      const file = path.join(dir, "backup.jsonl.gz");
      await writeBackupFile(db(), file, { withUsers: true });
      // The file holds the secret sealed under SECRET_KEY (never as the app shows it) and only
      // hashes of the recovery codes.
      const text = zlib.gunzipSync(fs.readFileSync(file)).toString();
      expect(text).not.toContain(secret);
      expect(text).toMatch(/"secret":"v1:[0-9a-f]{8}:[\w-]+"/);
      expect(text).not.toContain(recoveryCodes[1] as string);
      await restoreBackup(target.db, await openBackupFile(file));

      const restored = await findUserByEmail(target.db, user.email);
      if (!restored) throw new Error("not restored");
      expect(await twoStepState(target.db, restored, "ChapterWise")).toMatchObject({
        status: "on",
        recoveryCodesLeft: RECOVERY_CODE_COUNT - 1,
      });
      // Its app's next code works; the code already used and the used recovery code do not.
      expect(await spendCode(target.db, restored.id, currentCode(secret, T0 - STEP), T0)).toBeNull();
      expect(await spendCode(target.db, restored.id, recoveryCodes[0] as string, T0)).toBeNull();
      expect(await spendCode(target.db, restored.id, recoveryCodes[1] as string, T0)).toBe("recovery");
      expect(await spendCode(target.db, restored.id, currentCode(secret, T0 + STEP), T0 + STEP)).toBe("app");
      const halfRestored = await findUserByEmail(target.db, half.email);
      expect(halfRestored && (await twoStepState(target.db, halfRestored, "ChapterWise"))).toEqual({
        status: "off",
      });
      // Admins had to use it: they still must.
      expect(await twoStepRequired(target.db)).toBe(true);
    } finally {
      await setTwoStepRequired(db(), false);
      await target.drop();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  /** The stored (sealed) secret of an account. */
  const storedSecret = async (database: Database, userId: number) =>
    (
      await database
        .selectFrom("two_step")
        .select("secret")
        .where("user_id", "=", userId)
        .executeTakeFirstOrThrow()
    ).secret;
  /** A fresh account of `database` with two-step sign-in on, under the key in use. */
  async function twoStepIn(database: Database, email: string) {
    const { user } = await saveUser(database, email, PASSWORD, { role: "editor" });
    await startTwoStep(database, user.id);
    const state = await twoStepState(database, user, "ChapterWise");
    if (state.status !== "setting-up") throw new Error("not setting up");
    await confirmTwoStep(database, user.id, currentCode(state.secret, T0), T0);
    return { user, secret: state.secret };
  }
  const kind = () => dialectOf(db() as unknown as Kysely<unknown>);

  it("secrets at rest: sealed under SECRET_KEY, opened only by that key, refused when altered", async () => {
    const { user: setup } = await saveUser(db(), `sealed-setup-${++n}@school.in`, PASSWORD, {
      role: "editor",
    });
    await startTwoStep(db(), setup.id);
    const shown = await twoStepState(db(), setup, "ChapterWise");
    if (shown.status !== "setting-up") throw new Error("not setting up");
    // Even a set-up waiting for its first code is sealed.
    expect(await storedSecret(db(), setup.id)).not.toContain(shown.secret);

    const { user, secret } = await accountWithTwoStep();
    const stored = await storedSecret(db(), user.id);
    expect(stored).toMatch(new RegExp(`^v1:${KEY.id}:[\\w-]{60,}$`));
    expect(stored).not.toContain(secret);
    // Under another key the code is refused (never mistaken for another secret), and start-up names it.
    await underKey(newKey(), async () => {
      expect(await spendCode(db(), user.id, currentCode(secret, T0 + STEP), T0 + STEP)).toBeNull();
      expect(await secretsSealedElsewhere(db())).toContain(user.email);
      expect(await twoStepState(db(), setup, "ChapterWise")).toEqual({ status: "off" });
    });
    expect(await secretsSealedElsewhere(db())).toEqual([]);
    expect(await spendCode(db(), user.id, currentCode(secret, T0 + STEP), T0 + STEP)).toBe("app");
    // One character changed in the sealed value: GCM's tag refuses it.
    const last = stored.at(-2) === "A" ? "B" : "A";
    const altered = `${stored.slice(0, -2)}${last}${stored.at(-1)}`;
    await db().updateTable("two_step").set({ secret: altered }).where("user_id", "=", user.id).execute();
    expect(await spendCode(db(), user.id, currentCode(secret, T0 + 2 * STEP), T0 + 2 * STEP)).toBeNull();
    expect(await secretsSealedElsewhere(db())).toEqual([user.email]);
    await resetTwoStep(db(), user.id);
  });

  it("secrets stored in plain text before sealing keep working and are sealed at start, once", async () => {
    const { user, secret } = await accountWithTwoStep();
    // As today's main wrote it.
    await db().updateTable("two_step").set({ secret }).where("user_id", "=", user.id).execute();
    expect(await spendCode(db(), user.id, currentCode(secret, T0 + STEP), T0 + STEP)).toBe("app");
    expect(await sealPlainSecrets(db())).toBe(1);
    const stored = await storedSecret(db(), user.id);
    expect(stored).toMatch(/^v1:/);
    expect(stored).not.toContain(secret);
    expect(await sealPlainSecrets(db())).toBe(0);
    expect(await spendCode(db(), user.id, currentCode(secret, T0 + 2 * STEP), T0 + 2 * STEP)).toBe("app");
  });

  it("start-up: the key of SECRET_KEY; without it PostgreSQL stops, and so does a key that opens no secret", async () => {
    const target = await freshDatabase(kind());
    const [a, b] = [randomBytes(32), randomBytes(48)];
    const postgres = { kind: "postgres", url: "postgres://unused" } as const;
    try {
      await startSecretKey(target.db, postgres, a, { everyOpens: true });
      const { user, secret } = await twoStepIn(target.db, "at-start@school.in");
      const wrong = startSecretKey(target.db, postgres, b, { everyOpens: true });
      await expect(wrong).rejects.toThrow(ConfigError);
      await expect(wrong).rejects.toThrow(
        /^SECRET_KEY: is not the key the two-step secrets of at-start@school\.in were sealed with: .*rotate-secret-key/,
      );
      // A command starts all the same (it may be the rotation, or `two-step EMAIL off`).
      await startSecretKey(target.db, postgres, b);
      await expect(startSecretKey(target.db, postgres, undefined)).rejects.toThrow(
        /^SECRET_KEY: must be set on PostgreSQL/,
      );
      await startSecretKey(target.db, postgres, a, { everyOpens: true });
      expect(await spendCode(target.db, user.id, currentCode(secret, T0 + STEP), T0 + STEP)).toBe("app");
    } finally {
      setSecretKey(KEY);
      await target.drop();
    }
  });

  it("rotating SECRET_KEY seals every secret under the new key, all or nothing", async () => {
    const target = await freshDatabase(kind());
    const [oldKey, nextKey, strayKey] = [newKey(), newKey(), newKey()];
    try {
      const accounts = await underKey(oldKey, async () => [
        await twoStepIn(target.db, "rotate-1@school.in"),
        await twoStepIn(target.db, "rotate-2@school.in"),
      ]);
      const stray = await underKey(strayKey, () => twoStepIn(target.db, "stray@school.in"));
      const before = await target.db
        .selectFrom("two_step")
        .select(["user_id", "secret"])
        .orderBy("user_id")
        .execute();
      // One sealed under neither key: refused, naming it, and nothing changed.
      await expect(rotateSecretKey(target.db, oldKey, nextKey)).rejects.toThrow(
        /^Nothing changed: neither key opens the two-step secret of stray@school\.in\./,
      );
      expect(
        await target.db.selectFrom("two_step").select(["user_id", "secret"]).orderBy("user_id").execute(),
      ).toEqual(before);
      await resetTwoStep(target.db, stray.user.id);
      await expect(rotateSecretKey(target.db, nextKey, nextKey)).rejects.toThrow(/the same key/);
      expect(await rotateSecretKey(target.db, oldKey, nextKey)).toBe(2);
      // Run again (say, after a failure half-way through the instances' restarts): nothing left to do.
      expect(await rotateSecretKey(target.db, oldKey, nextKey)).toBe(0);
      await underKey(nextKey, async () => {
        expect(await secretsSealedElsewhere(target.db)).toEqual([]);
        for (const { user, secret } of accounts)
          expect(await spendCode(target.db, user.id, currentCode(secret, T0 + STEP), T0 + STEP)).toBe("app");
      });
      await underKey(oldKey, async () => {
        expect(await secretsSealedElsewhere(target.db)).toEqual(["rotate-1@school.in", "rotate-2@school.in"]);
      });
    } finally {
      await target.drop();
    }
  });

  it("a backup restored under another SECRET_KEY names the accounts that must set up two-step sign-in again", async () => {
    const { user, secret } = await accountWithTwoStep("admin");
    const backup = await exportContent(db(), { withUsers: true });
    const entry = backup.users?.find((u) => u.email === user.email);
    expect(entry?.twoStep?.secret).toMatch(/^v1:/);
    // A backup from before sealing holds the secret itself: it restores under any key.
    const { user: older, secret: olderSecret } = await accountWithTwoStep();
    const olderEntry = (await exportContent(db(), { withUsers: true })).users?.find(
      (u) => u.email === older.email,
    );
    if (!olderEntry?.twoStep) throw new Error("no two-step in the backup");
    olderEntry.twoStep.secret = olderSecret;
    backup.users?.push(olderEntry);
    const target = await freshDatabase(kind());
    try {
      const result = await underKey(newKey(), () => importContent(target.db, backup));
      const withTwoStep = (backup.users ?? []).filter((u) => u.twoStep && u.email !== older.email);
      expect(result.twoStepLost.sort()).toEqual(withTwoStep.map((u) => u.email).sort());
      expect(result.twoStepLost).toContain(user.email);
      expect(result.summary).toMatch(
        /\d+ of them must set up two-step sign-in again \(their secrets were sealed under another SECRET_KEY\)/,
      );
      // Nothing else about them changed: password, role, status, dates as the backup has them.
      const restored = await exportContent(target.db, { withUsers: true });
      const strip = (users: typeof backup.users) =>
        (users ?? []).map(({ twoStep: _, ...u }) => u).sort((x, y) => x.email.localeCompare(y.email));
      expect(strip(restored.users)).toEqual(strip(backup.users));
      const back = await findUserByEmail(target.db, user.email);
      if (!back) throw new Error("not restored");
      expect(await twoStepState(target.db, back, "ChapterWise")).toEqual({ status: "off" });
      expect(await usesTwoStep(target.db, back.id)).toBe(false);
      expect(await checkCredentials(target.db, user.email, PASSWORD)).toMatchObject({ role: "admin" });
      expect(await spendCode(target.db, back.id, currentCode(secret, T0 + STEP), T0 + STEP)).toBeNull();
      // The one from before sealing kept its two-step sign-in, sealed now under the key it was restored with.
      const olderBack = await findUserByEmail(target.db, older.email);
      if (!olderBack) throw new Error("not restored");
      expect(await storedSecret(target.db, olderBack.id)).toMatch(/^v1:/);
      expect(
        await target.db.selectFrom("recovery_codes").select("id").where("user_id", "=", back.id).execute(),
      ).toEqual([]);
    } finally {
      await target.drop();
    }
  });

  it("a backup's sealed secret is checked: huge, of another version or made up, it is refused", async () => {
    await accountWithTwoStep();
    // A refused restore writes nothing: one empty database takes every try.
    const target = await freshDatabase(kind());
    try {
      for (const secret of [
        `v1:${KEY.id}:${"A".repeat(1_000_000)}`,
        `v2:${KEY.id}:${"A".repeat(80)}`,
        `v1:nothex12:${"A".repeat(80)}`,
        `v1:${KEY.id}:${"A".repeat(10)}`,
        `v1:${KEY.id}:${"<script>".repeat(10)}`,
        "",
      ]) {
        const backup = await exportContent(db(), { withUsers: true });
        const entry = backup.users?.find((u) => u.twoStep);
        if (!entry?.twoStep) throw new Error("no two-step in the backup");
        entry.twoStep.secret = secret;
        await expect(importContent(target.db, backup)).rejects.toThrow(
          /twoStep\.secret: is not a secret in the format this site writes/,
        );
        expect(await findUserByEmail(target.db, entry.email)).toBeNull();
      }
    } finally {
      await target.drop();
    }
  });

  it("a backup's two-step sign-in is checked like the rest: a made-up secret or code hash is refused", async () => {
    await accountWithTwoStep();
    const backup = await exportContent(db(), { withUsers: true });
    expect(backup.twoStepRequired).toBe(false);
    const withTwoStep = backup.users?.find((u) => u.twoStep);
    if (!withTwoStep?.twoStep) throw new Error("no account with two-step sign-in in the backup");
    withTwoStep.twoStep.secret = "not-a-secret";
    (withTwoStep.twoStep.recoveryCodes[0] as { codeHash: string }).codeHash = "abc";
    const target = await freshDatabase(dialectOf(db() as unknown as Kysely<unknown>));
    try {
      await expect(importContent(target.db, backup)).rejects.toThrow(
        /twoStep\.secret: is not a secret in the format this site writes[\s\S]*twoStep\.recoveryCodes\.0\.codeHash/,
      );
      expect(await findUserByEmail(target.db, withTwoStep.email)).toBeNull();
    } finally {
      await target.drop();
    }
  });

  it("required for admins: an admin without it must set it up; editors and admins with it need not", async () => {
    const { user: admin } = await saveUser(db(), "needs-it@school.in", PASSWORD, { role: "admin" });
    const { user: editor } = await saveUser(db(), "editor-free@school.in", PASSWORD, { role: "editor" });
    const { user: ready } = await accountWithTwoStep("admin");
    expect(await mustSetUpTwoStep(db(), admin)).toBe(false);
    await setTwoStepRequired(db(), true);
    try {
      expect(await mustSetUpTwoStep(db(), admin)).toBe(true);
      expect(await mustSetUpTwoStep(db(), editor)).toBe(false);
      expect(await mustSetUpTwoStep(db(), ready)).toBe(false);
    } finally {
      await setTwoStepRequired(db(), false);
    }
    expect(await mustSetUpTwoStep(db(), admin)).toBe(false);
  });
});

it("npm run user -- two-step EMAIL off: a lost phone and lost recovery codes, from the command line", {
  timeout: 120_000,
}, async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "cw-two-step-cli-"));
  const file = path.join(dir, "site.db");
  try {
    const db = await openDatabase({ kind: "sqlite", file });
    const { user } = await saveUser(db, "lost-phone@school.in", PASSWORD, { role: "admin" });
    await startTwoStep(db, user.id);
    const state = await twoStepState(db, user, "ChapterWise");
    if (state.status !== "setting-up") throw new Error("not setting up");
    await confirmTwoStep(db, user.id, currentCode(state.secret, T0), T0);
    await db.destroy();
    const run = (...args: string[]) => {
      const r = spawnSync(process.execPath, ["cli/user.ts", ...args], {
        env: { ...process.env, DATABASE_URL: file },
        encoding: "utf8",
      });
      return { code: r.status, out: r.stdout.trim(), err: r.stderr.trim() };
    };
    expect(run("two-step", "lost-phone@school.in")).toMatchObject({ code: 1 });
    expect(run("two-step", "lost-phone@school.in", "off")).toMatchObject({
      code: 0,
      out: "Two-step sign-in of lost-phone@school.in is off: it signs in with its password, and may set it up again.",
    });
    expect(run("two-step", "lost-phone@school.in", "off").out).toBe(
      "lost-phone@school.in had no two-step sign-in.",
    );
    const after = await openDatabase({ kind: "sqlite", file });
    expect(await usesTwoStep(after, user.id)).toBe(false);
    const logged = await after
      .selectFrom("activity")
      .select(["actor", "action"])
      .where("action", "=", "user.reset-two-step")
      .execute();
    expect(logged).toEqual([{ actor: "command line", action: "user.reset-two-step" }]);
    await after.destroy();
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
