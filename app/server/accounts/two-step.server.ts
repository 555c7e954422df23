import { createHash, randomBytes, randomInt } from "node:crypto";
import { Secret, TOTP } from "otpauth";
import { confirmOwnSecret } from "#app/server/accounts/login-limits.server.ts";
import { verifyPassword } from "#app/server/accounts/passwords.server.ts";
import {
  isSealed,
  loadSecretKey,
  type SecretKey,
  seal,
  sealedKeyId,
  secretKey,
  setSecretKey,
  unseal,
} from "#app/server/accounts/secret-box.server.ts";
import { ConfigError, type DatabaseTarget } from "#app/server/config.server.ts";
import { type Database, toNumber } from "#app/server/db.server.ts";
import { DomainError } from "#app/server/errors.server.ts";

// Two-step sign-in (README, Security, issue 16): after the password, a code from an authenticator
// app (TOTP, RFC 6238, by the otpauth library: SHA-1, 6 digits, 30-second steps, as every app reads
// them) or one of ten one-time recovery codes. A code is accepted one step early or late (clocks
// drift) and only once: the account's last accepted step is stored and no code of that step or an
// earlier one is taken again. Recovery codes are stored as sha256 hashes (they are random, 60 bits:
// no slow hash needed) and each works once. Between the password and the code the sign-in waits in
// `sign_in_steps`, which is not a session: it opens nothing in the console. The app's secret is
// stored sealed under SECRET_KEY (app/server/accounts/secret-box.server.ts), in backups too.

const TOTP_SETTINGS = { algorithm: "SHA1", digits: 6, period: 30 } as const;
/** Steps accepted on either side of now: a code from the previous or next 30 seconds still works. */
const WINDOW = 1;
export const RECOVERY_CODE_COUNT = 10;
/** How long a sign-in waits for its code after the password. */
export const SIGN_IN_STEP_MINUTES = 5;

/** Recovery codes: no 0/o, 1/l/i, so that they can be read back from paper. */
const RECOVERY_ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789";
const RECOVERY_GROUPS = 3;
const RECOVERY_GROUP_LENGTH = 4;
const RECOVERY_CODE = new RegExp(`^[${RECOVERY_ALPHABET}]{${RECOVERY_GROUPS * RECOVERY_GROUP_LENGTH}}$`);
const SIX_DIGITS = /^\d{6}$/;

export const WRONG_CODE =
  "That code is not right. Type the 6-digit code your app shows now, or one of your recovery codes.";

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

/** What was typed, as codes are compared: no spaces or hyphens, lowercase ("123 456", "ABCD-EFGH-…"). */
export function normaliseCode(typed: string): string {
  return typed.replace(/[\s-]+/g, "").toLowerCase();
}

/** The `otpauth://` address an authenticator app reads from the QR code. */
function totpUri(secret: string, email: string, issuer: string): string {
  return new TOTP({ ...TOTP_SETTINGS, issuer, label: email, secret: Secret.fromBase32(secret) }).toString();
}

/** The time step of a right code for `secret` at `now` (ms), or null. */
export function codeStep(secret: string, code: string, now: number): number | null {
  if (!SIX_DIGITS.test(code)) return null;
  const options = { ...TOTP_SETTINGS, secret: Secret.fromBase32(secret), timestamp: now };
  const delta = TOTP.validate({ ...options, token: code, window: WINDOW });
  return delta === null ? null : TOTP.counter(options) + delta;
}

/** The code an app shows for `secret` at `now` (for the CLI and tests; the site never needs it). */
export function currentCode(secret: string, now = Date.now()): string {
  return TOTP.generate({ ...TOTP_SETTINGS, secret: Secret.fromBase32(secret), timestamp: now });
}

export type TwoStepState =
  | { status: "off" }
  /** Being set up: the secret (shown as text and as a QR code of `uri`) waits for a first code. */
  | { status: "setting-up"; secret: string; uri: string }
  | { status: "on"; since: string; recoveryCodesLeft: number };

/** The account's two-step sign-in, as My account shows it; `issuer` names the site in the app. */
export async function twoStepState(
  db: Database,
  user: { id: number; email: string },
  issuer: string,
): Promise<TwoStepState> {
  const row = await db
    .selectFrom("two_step")
    .select(["secret", "turned_on_at"])
    .where("user_id", "=", user.id)
    .executeTakeFirst();
  if (!row) return { status: "off" };
  if (!row.turned_on_at) {
    // A set-up sealed under another key cannot be shown: it is as if none had started.
    const secret = openSecret(row.secret);
    return secret
      ? { status: "setting-up", secret, uri: totpUri(secret, user.email, issuer) }
      : { status: "off" };
  }
  const left = await db
    .selectFrom("recovery_codes")
    .select((eb) => eb.fn.countAll().as("n"))
    .where("user_id", "=", user.id)
    .where("used_at", "is", null)
    .executeTakeFirstOrThrow();
  return { status: "on", since: row.turned_on_at, recoveryCodesLeft: toNumber(left.n) };
}

/** Does the account sign in with a code after its password? */
export async function usesTwoStep(db: Database, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom("two_step")
    .select("user_id")
    .where("user_id", "=", userId)
    .where("turned_on_at", "is not", null)
    .executeTakeFirst();
  return Boolean(row);
}

/** Which of these accounts sign in with a code (the Users page's rows). */
export async function usersWithTwoStep(db: Database, userIds: readonly number[]): Promise<Set<number>> {
  if (userIds.length === 0) return new Set();
  const rows = await db
    .selectFrom("two_step")
    .select("user_id")
    .where("user_id", "in", [...userIds])
    .where("turned_on_at", "is not", null)
    .execute();
  return new Set(rows.map((r) => r.user_id));
}

/** "Turn on two-step sign-in": a new secret, waiting for its first code (any earlier set-up is replaced). */
export async function startTwoStep(db: Database, userId: number, now = new Date()): Promise<void> {
  if (await usesTwoStep(db, userId))
    throw new DomainError("Two-step sign-in is already on.", { status: 409 });
  const secret = seal(secretKey(), new Secret({ size: 20 }).base32);
  await db
    .insertInto("two_step")
    .values({ user_id: userId, secret, created_at: now.toISOString(), turned_on_at: null, last_step: null })
    .onConflict((oc) =>
      oc
        .column("user_id")
        .doUpdateSet({ secret, created_at: now.toISOString(), turned_on_at: null, last_step: null }),
    )
    .execute();
}

/** Ten new recovery codes ("abcd-efgh-jkmn"), replacing the account's others; only their hashes are kept. */
async function newRecoveryCodes(trx: Database, userId: number): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, () =>
    Array.from({ length: RECOVERY_GROUPS }, () =>
      Array.from(
        { length: RECOVERY_GROUP_LENGTH },
        () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)],
      ).join(""),
    ).join("-"),
  );
  await trx.deleteFrom("recovery_codes").where("user_id", "=", userId).execute();
  await trx
    .insertInto("recovery_codes")
    .values(codes.map((code) => ({ user_id: userId, code_hash: sha256(normaliseCode(code)), used_at: null })))
    .execute();
  return codes;
}

/**
 * The first code of a set-up: right, it turns two-step sign-in on and answers the ten recovery codes
 * (shown once: only their hashes are kept). Wrong, a DomainError at the field `code`.
 */
export async function confirmTwoStep(db: Database, userId: number, typed: string, now = Date.now()) {
  const row = await db
    .selectFrom("two_step")
    .select(["secret", "turned_on_at"])
    .where("user_id", "=", userId)
    .executeTakeFirst();
  if (!row) throw new DomainError("Start again: choose “Turn on two-step sign-in” first.", { status: 409 });
  if (row.turned_on_at) throw new DomainError("Two-step sign-in is already on.", { status: 409 });
  const secret = openSecret(row.secret);
  if (!secret)
    throw new DomainError("Start again: choose “Turn on two-step sign-in” first.", { status: 409 });
  const step = codeStep(secret, normaliseCode(typed), now);
  if (step === null)
    throw new DomainError("That code is not right. Type the 6-digit code your app shows now.", {
      field: "code",
    });
  return db.transaction().execute(async (trx) => {
    const turned = await trx
      .updateTable("two_step")
      .set({ turned_on_at: new Date(now).toISOString(), last_step: step })
      .where("user_id", "=", userId)
      .where("secret", "=", row.secret)
      .where("turned_on_at", "is", null)
      .executeTakeFirst();
    if (Number(turned.numUpdatedRows) === 0)
      throw new DomainError("Two-step sign-in is already on.", { status: 409 });
    return newRecoveryCodes(trx, userId);
  });
}

/**
 * Uses a code of an account with two-step sign-in on: a 6-digit code of the app (each time step
 * once) or an unused recovery code (then used up). Answers which it was, or null when neither.
 */
export async function spendCode(
  db: Database,
  userId: number,
  typed: string,
  now = Date.now(),
): Promise<"app" | "recovery" | null> {
  const code = normaliseCode(typed);
  if (SIX_DIGITS.test(code)) {
    const row = await db
      .selectFrom("two_step")
      .select("secret")
      .where("user_id", "=", userId)
      .where("turned_on_at", "is not", null)
      .executeTakeFirst();
    const secret = row ? openSecret(row.secret) : null;
    const step = secret ? codeStep(secret, code, now) : null;
    if (step === null) return null;
    // Taken only if no code of this step (or a later one) was: two requests with one code use it once.
    const taken = await db
      .updateTable("two_step")
      .set({ last_step: step })
      .where("user_id", "=", userId)
      .where((eb) => eb.or([eb("last_step", "is", null), eb("last_step", "<", step)]))
      .executeTakeFirst();
    return Number(taken.numUpdatedRows) > 0 ? "app" : null;
  }
  if (!RECOVERY_CODE.test(code)) return null;
  const used = await db
    .updateTable("recovery_codes")
    .set({ used_at: new Date(now).toISOString() })
    .where("user_id", "=", userId)
    .where("code_hash", "=", sha256(code))
    .where("used_at", "is", null)
    .executeTakeFirst();
  return Number(used.numUpdatedRows) > 0 ? "recovery" : null;
}

/** Ends the account's two-step sign-in: its secret, recovery codes and waiting sign-ins. */
async function dropTwoStep(trx: Database, userId: number): Promise<void> {
  await trx.deleteFrom("recovery_codes").where("user_id", "=", userId).execute();
  await trx.deleteFrom("sign_in_steps").where("user_id", "=", userId).execute();
  await trx.deleteFrom("two_step").where("user_id", "=", userId).execute();
}

/**
 * "Turn off two-step sign-in": the account's password and a code (of the app, or a recovery code)
 * are both needed. Wrong ones: a DomainError at their field; the code is not used up by a wrong password.
 */
export async function turnOffTwoStep(
  db: Database,
  userId: number,
  password: string,
  code: string,
  now = Date.now(),
): Promise<void> {
  const user = await db
    .selectFrom("users")
    .select("password_hash")
    .where("id", "=", userId)
    .executeTakeFirst();
  const wrongPassword = { field: "password", wrong: "That password is not right." };
  if (!user) throw new DomainError(wrongPassword.wrong, { field: wrongPassword.field });
  // Both answers count against one budget of the account's (login-limits.server.ts).
  await confirmOwnSecret(db, userId, () => verifyPassword(password, user.password_hash), wrongPassword, now);
  await confirmOwnSecret(
    db,
    userId,
    async () => (await spendCode(db, userId, code, now)) !== null,
    { field: "code", wrong: WRONG_CODE },
    now,
  );
  await db.transaction().execute((trx) => dropTwoStep(trx, userId));
}

/** An admin resets another account's two-step sign-in (a lost phone): false when it was not set up. */
export async function resetTwoStep(db: Database, userId: number): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const had = await trx
      .selectFrom("two_step")
      .select("user_id")
      .where("user_id", "=", userId)
      .executeTakeFirst();
    await dropTwoStep(trx, userId);
    return Boolean(had);
  });
}

// In backups with accounts: a restored account signs in as it did, with its app and its unused
// recovery codes, rather than with its password alone.

/** An account's two-step sign-in as a backup keeps it (only once turned on: a set-up is not kept). */
export type TwoStepEntry = {
  /** The TOTP secret sealed under SECRET_KEY (`v1:…`); backups from before sealing hold it in base32. */
  secret: string;
  createdAt: string;
  turnedOnAt: string;
  /** The last time step whose code was accepted: no code of it or before is taken again. */
  lastStep: number | null;
  /** Only the sha256 of each code, as stored. */
  recoveryCodes: Array<{ codeHash: string; usedAt: string | null }>;
};

/**
 * The two-step sign-in of every account that uses it, by account id (a backup holds every account:
 * no list of ids, which could outgrow SQLite's limit on parameters).
 */
export async function twoStepEntries(db: Database): Promise<Map<number, TwoStepEntry>> {
  const entries = new Map<number, TwoStepEntry>();
  const rows = await db.selectFrom("two_step").selectAll().where("turned_on_at", "is not", null).execute();
  const codes = await db
    .selectFrom("recovery_codes")
    .select(["user_id", "code_hash", "used_at"])
    .orderBy("id")
    .execute();
  for (const r of rows)
    entries.set(r.user_id, {
      // One left in plain text (written by an older instance since this one started) is sealed here.
      secret: isSealed(r.secret) ? r.secret : seal(secretKey(), r.secret),
      createdAt: r.created_at,
      turnedOnAt: r.turned_on_at ?? r.created_at,
      lastStep: r.last_step === null ? null : toNumber(r.last_step),
      recoveryCodes: [],
    });
  for (const c of codes)
    entries.get(c.user_id)?.recoveryCodes.push({ codeHash: c.code_hash, usedAt: c.used_at });
  return entries;
}

/**
 * Gives a restored account the two-step sign-in its backup kept; false (and nothing written) when
 * its secret was sealed under another SECRET_KEY: the account must set it up again.
 */
export async function restoreTwoStep(trx: Database, userId: number, entry: TwoStepEntry): Promise<boolean> {
  const key = secretKey();
  const secret = isSealed(entry.secret) ? entry.secret : seal(key, entry.secret);
  if (unseal(key, secret) === null) return false;
  await trx
    .insertInto("two_step")
    .values({
      user_id: userId,
      secret,
      created_at: entry.createdAt,
      turned_on_at: entry.turnedOnAt,
      last_step: entry.lastStep,
    })
    .execute();
  if (entry.recoveryCodes.length > 0)
    await trx
      .insertInto("recovery_codes")
      .values(entry.recoveryCodes.map((c) => ({ user_id: userId, code_hash: c.codeHash, used_at: c.usedAt })))
      .execute();
  return true;
}

/** The app's secret (base32) of a stored value: sealed under the current key, or plain from before sealing. */
function openSecret(stored: string): string | null {
  return isSealed(stored) ? unseal(secretKey(), stored) : stored;
}

// Secrets at rest, over the database's life (docs/decisions/0019-secret-key.md).

/**
 * At start (the server, every command): the key from SECRET_KEY or, on SQLite, its key file; then
 * every secret still in plain text is sealed. With `everyOpens` (the server) start-up stops when a
 * secret was sealed under another key: a wrong SECRET_KEY would otherwise refuse those accounts'
 * codes without a word.
 */
export async function startSecretKey(
  db: Database,
  database: DatabaseTarget,
  given: Buffer | undefined,
  options: { everyOpens?: boolean } = {},
): Promise<void> {
  setSecretKey(loadSecretKey(database, given));
  await sealPlainSecrets(db);
  if (!options.everyOpens) return;
  const others = await secretsSealedElsewhere(db);
  if (others.length > 0) {
    const named = others.slice(0, 3).join(", ") + (others.length > 3 ? ` and ${others.length - 3} more` : "");
    throw new ConfigError(
      "SECRET_KEY",
      `is not the key the two-step secrets of ${named} were sealed with: give that key, rotate from it (npm run user -- rotate-secret-key --old-key-file FILE), or reset them (npm run user -- two-step EMAIL off)`,
    );
  }
}

/**
 * Seals every secret still in plain text (written before secrets were sealed): run at every start,
 * since a migration cannot know the key. Answers how many were sealed.
 */
export async function sealPlainSecrets(db: Database): Promise<number> {
  const key = secretKey();
  const rows = await db
    .selectFrom("two_step")
    .select(["user_id", "secret"])
    .where("secret", "not like", "v1:%")
    .execute();
  let sealed = 0;
  for (const row of rows) {
    const done = await db
      .updateTable("two_step")
      .set({ secret: seal(key, row.secret) })
      .where("user_id", "=", row.user_id)
      // Unless it changed meanwhile (another instance sealed it, or a new set-up).
      .where("secret", "=", row.secret)
      .executeTakeFirst();
    sealed += Number(done.numUpdatedRows);
  }
  return sealed;
}

/** The e-mails of accounts whose two-step secret the current key cannot open (sealed under another). */
export async function secretsSealedElsewhere(db: Database): Promise<string[]> {
  const key = secretKey();
  const rows = await db
    .selectFrom("two_step as t")
    .innerJoin("users as u", "u.id", "t.user_id")
    .select(["u.email", "t.secret"])
    .where("t.secret", "like", "v1:%")
    .orderBy("u.email")
    .execute();
  return rows.filter((r) => unseal(key, r.secret) === null).map((r) => r.email);
}

/**
 * Seals every two-step secret under `next` that `old` (or `next` already) opens, in one
 * transaction. Refused with nothing changed when a secret opens under neither: those accounts are
 * named. Answers how many secrets were sealed anew.
 */
export async function rotateSecretKey(db: Database, old: SecretKey, next: SecretKey): Promise<number> {
  if (old.id === next.id)
    throw new DomainError("The old key and SECRET_KEY are the same key: nothing to do.");
  return db.transaction().execute(async (trx) => {
    const rows = await trx
      .selectFrom("two_step as t")
      .innerJoin("users as u", "u.id", "t.user_id")
      .select(["t.user_id", "t.secret", "u.email"])
      .orderBy("u.email")
      .execute();
    const changes: Array<{ userId: number; was: string; secret: string }> = [];
    const lost: string[] = [];
    for (const row of rows) {
      if (sealedKeyId(row.secret) === next.id && unseal(next, row.secret) !== null) continue;
      const plain = isSealed(row.secret) ? unseal(old, row.secret) : row.secret;
      if (plain === null) lost.push(row.email);
      else changes.push({ userId: row.user_id, was: row.secret, secret: seal(next, plain) });
    }
    if (lost.length > 0)
      throw new DomainError(
        `Nothing changed: neither key opens the two-step secret of ${lost.join(", ")}. Give the key they were sealed with, or reset them with \`npm run user -- two-step EMAIL off\`.`,
      );
    for (const c of changes)
      await trx
        .updateTable("two_step")
        .set({ secret: c.secret })
        .where("user_id", "=", c.userId)
        .where("secret", "=", c.was)
        .execute();
    return changes.length;
  });
}

// "Require two-step sign-in for admins" (a setting on the Users page).

const REQUIRED_KEY = "two_step_required";

export async function twoStepRequired(db: Database): Promise<boolean> {
  const row = await db
    .selectFrom("site_state")
    .select("value")
    .where("key", "=", REQUIRED_KEY)
    .executeTakeFirst();
  return toNumber(row?.value) === 1;
}

export async function setTwoStepRequired(db: Database, required: boolean): Promise<void> {
  await db
    .insertInto("site_state")
    .values({ key: REQUIRED_KEY, value: required ? 1 : 0 })
    .onConflict((oc) => oc.column("key").doUpdateSet({ value: required ? 1 : 0 }))
    .execute();
}

/** Must this console user set up two-step sign-in before anything else (an admin, while it is required)? */
export async function mustSetUpTwoStep(
  db: Database,
  user: { id: number; role: string | null },
): Promise<boolean> {
  if (user.role !== "admin") return false;
  return (await twoStepRequired(db)) && !(await usesTwoStep(db, user.id));
}

// The sign-in waiting for its code.

/** Starts the wait for the code of `userId`: answers the token for the browser's cookie (only its hash is kept). */
export async function startSignInStep(db: Database, userId: number, now = Date.now()): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  // Old waits of anyone are of no use: cleared here rather than by a job.
  await db.deleteFrom("sign_in_steps").where("expires_at", "<=", new Date(now).toISOString()).execute();
  await db
    .insertInto("sign_in_steps")
    .values({
      token_hash: sha256(token),
      user_id: userId,
      created_at: new Date(now).toISOString(),
      expires_at: new Date(now + SIGN_IN_STEP_MINUTES * 60_000).toISOString(),
    })
    .execute();
  return token;
}

/** The account a token waits for, if it has not expired (and the account may still sign in). */
export async function signInStep(
  db: Database,
  token: string | undefined,
  now = Date.now(),
): Promise<{ userId: number; email: string } | null> {
  if (!token || token.length > 100) return null;
  const row = await db
    .selectFrom("sign_in_steps as s")
    .innerJoin("users as u", "u.id", "s.user_id")
    .select(["u.id", "u.email"])
    .where("s.token_hash", "=", sha256(token))
    .where("s.expires_at", ">", new Date(now).toISOString())
    .where("u.deactivated_at", "is", null)
    .executeTakeFirst();
  return row ? { userId: row.id, email: row.email } : null;
}

export async function endSignInStep(db: Database, token: string | undefined): Promise<void> {
  if (token) await db.deleteFrom("sign_in_steps").where("token_hash", "=", sha256(token)).execute();
}
