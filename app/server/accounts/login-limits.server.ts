import { createHash, randomBytes } from "node:crypto";
import { sql } from "kysely";
import { readCookie } from "#app/server/accounts/sessions.server.ts";
import { checkCredentials, normaliseEmail, type User } from "#app/server/accounts/users.server.ts";
import { type Database, toNumber } from "#app/server/db.server.ts";
import { DomainError } from "#app/server/errors.server.ts";
import { metrics } from "#app/server/platform/metrics.server.ts";

/**
 * Login limits (docs/decisions/0006, "Login limits"). Each attempt first takes a place in every budget
 * it belongs to, with one atomic upsert; only an attempt that got a place in all of them has its
 * password checked, so a burst of concurrent guesses gets no more checks than the limit. Guesses from
 * browsers and addresses that never signed in to the account share one small budget; every device
 * and address the account signed in from before has a budget of its own, so guessers elsewhere cannot
 * lock the owner out. Counters live in the database: every app instance shares them.
 */
export const LOGIN_LIMIT = {
  /** Failed logins to one account from devices and addresses it never signed in from. */
  perAccount: 5,
  /** Failed logins to one account from one device or address it signed in from before. */
  perKnownSource: 5,
  /** Failed logins from one address, whatever the accounts. */
  perAddress: 10,
  windowMinutes: 15,
} as const;

export const DEVICE_COOKIE = "cw_device";
const DEVICE_DAYS = 365;
const KNOWN_ADDRESS_DAYS = 30;
const DAY_MS = 24 * 3600_000;
const WINDOW_MS = LOGIN_LIMIT.windowMinutes * 60_000;

export type LoginRequest = {
  email: string;
  password: string;
  /** The client's address (from a trusted proxy's X-Forwarded-For). */
  address: string;
  /** The device cookie the browser sent, if any. */
  deviceToken?: string | undefined;
  /**
   * Does the account need a second step (two-step sign-in's code) after its password? Then the
   * password alone signs nobody in, and its browser is remembered only after the code (signInCode).
   */
  secondStep?: (user: User) => Promise<boolean>;
};

export type LoginOutcome =
  /** `deviceToken` is a fresh device cookie value: this browser is now known to the account. */
  | { status: "signed-in"; user: User; deviceToken: string }
  /** The password was right, and the account's code is asked for next (it is not signed in). */
  | { status: "second-step"; user: User }
  /** `limitReached`: the budgets this failure used up (refused from now on), named for the Activity log. */
  | { status: "failed"; limitReached?: string[] }
  | { status: "limited"; retryMinutes: number };

/** `what` names the budget for people: "account x@y.in", "address 192.0.2.7". */
type Budget = { key: string; limit: number; what: string };
type Place = { key: string; windowStart: string; attempts: number };

const iso = (ms: number) => new Date(ms).toISOString();
const sha256 = (value: string) => createHash("sha256").update(value).digest("hex");
// Only the hash of a device cookie is stored: a copy of the database holds no usable cookie.
const deviceSource = (token: string) => `device:${sha256(token)}`;
const addressSource = (address: string) => `address:${address}`;
const isDevice = (source: string) => source.startsWith("device:");

/** The device, else the address, of this request that signed in to the account before; or null. */
async function knownSource(
  db: Database,
  email: string,
  request: LoginRequest,
  now: number,
): Promise<{ userId: number; source: string } | null> {
  const candidates = [addressSource(request.address)];
  if (request.deviceToken && request.deviceToken.length <= 100)
    candidates.push(deviceSource(request.deviceToken));
  const rows = await db
    .selectFrom("login_known_sources as k")
    .innerJoin("users as u", "u.id", "k.user_id")
    .select(["k.user_id", "k.source", "k.last_seen_at"])
    .where("u.email", "=", email)
    .where("k.source", "in", candidates)
    .execute();
  const fresh = rows.filter(
    (r) =>
      Date.parse(r.last_seen_at) > now - (isDevice(r.source) ? DEVICE_DAYS : KNOWN_ADDRESS_DAYS) * DAY_MS,
  );
  const found = fresh.find((r) => isDevice(r.source)) ?? fresh[0];
  return found ? { userId: found.user_id, source: found.source } : null;
}

/** The budgets an attempt counts against. A second factor would add its own budget here. */
function budgetsFor(
  email: string,
  address: string,
  known: { userId: number; source: string } | null,
): Budget[] {
  const perAddress = { key: `address:${address}`, limit: LOGIN_LIMIT.perAddress, what: `address ${address}` };
  if (!known)
    return [
      { key: `account:${email}`, limit: LOGIN_LIMIT.perAccount, what: `account ${email} from new places` },
      perAddress,
    ];
  const from = isDevice(known.source) ? "a device it signed in from before" : `address ${address}`;
  const own = {
    key: `known:${known.userId}:${known.source}`,
    limit: LOGIN_LIMIT.perKnownSource,
    what: `account ${email} from ${from}`,
  };
  // A known device has proved an earlier sign-in: guessing from its address at other accounts must
  // not shut it out. A known address is only as good as the address, so its limit still applies.
  return isDevice(known.source) ? [own] : [own, perAddress];
}

/**
 * Takes a place in every budget, atomically per counter (one upsert; PostgreSQL locks each row, SQLite
 * runs one writer at a time). Returns the places taken, or the minutes to wait when a budget is spent:
 * then every place is given back, so a refused attempt uses up nothing (an address over its limit
 * cannot go on spending accounts' budgets).
 */
async function takePlaces(
  db: Database,
  budgets: Budget[],
  now: number,
): Promise<{ places: Place[]; retryMinutes: number }> {
  const expired = iso(now - WINDOW_MS);
  // Always the same order, so two multi-row upserts on PostgreSQL cannot deadlock.
  const sorted = [...budgets].sort((a, b) => (a.key < b.key ? -1 : 1));
  const rows = await db
    .insertInto("login_counters")
    .values(sorted.map((b) => ({ key: b.key, window_start: iso(now), attempts: 1 })))
    .onConflict((oc) =>
      oc.column("key").doUpdateSet({
        attempts: sql<number>`case when login_counters.window_start <= ${expired} then 1 else login_counters.attempts + 1 end`,
        window_start: sql<string>`case when login_counters.window_start <= ${expired} then excluded.window_start else login_counters.window_start end`,
      }),
    )
    .returning(["key", "window_start", "attempts"])
    .execute();
  const places = rows.map((r) => ({
    key: r.key,
    windowStart: r.window_start,
    attempts: toNumber(r.attempts),
  }));
  let retryMinutes = 0;
  for (const row of rows) {
    const limit = budgets.find((b) => b.key === row.key)?.limit ?? 0;
    if (toNumber(row.attempts) > limit) {
      const reopens = Date.parse(row.window_start) + WINDOW_MS;
      retryMinutes = Math.max(retryMinutes, Math.ceil((reopens - now) / 60_000), 1);
    }
  }
  if (retryMinutes > 0) await givePlacesBack(db, places);
  return { places, retryMinutes };
}

async function givePlacesBack(db: Database, places: Place[]): Promise<void> {
  for (const place of places) {
    await db
      .updateTable("login_counters")
      .set({ attempts: sql<number>`attempts - 1` })
      .where("key", "=", place.key)
      // A window that has started over since holds none of our places.
      .where("window_start", "=", place.windowStart)
      .where("attempts", ">", 0)
      .execute();
  }
}

/** Remembers this browser (a fresh device cookie, replacing the one it sent) and address for the account. */
async function rememberSource(
  db: Database,
  userId: number,
  request: LoginRequest,
  now: number,
): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  if (request.deviceToken && request.deviceToken.length <= 100)
    await db
      .deleteFrom("login_known_sources")
      .where("user_id", "=", userId)
      .where("source", "=", deviceSource(request.deviceToken))
      .execute();
  await db
    .insertInto("login_known_sources")
    .values(
      [deviceSource(token), addressSource(request.address)].map((source) => ({
        user_id: userId,
        source,
        last_seen_at: iso(now),
      })),
    )
    .onConflict((oc) => oc.columns(["user_id", "source"]).doUpdateSet({ last_seen_at: iso(now) }))
    .execute();
  return token;
}

/** Old counters and sources serve no purpose: prune them now and then rather than on a schedule. */
async function prune(db: Database, now: number): Promise<void> {
  if (Math.random() >= 0.05) return;
  await db
    .deleteFrom("login_counters")
    .where("window_start", "<=", iso(now - WINDOW_MS))
    .execute();
  await db
    .deleteFrom("login_known_sources")
    .where("last_seen_at", "<=", iso(now - DEVICE_DAYS * DAY_MS))
    .execute();
}

/**
 * One login attempt: counted before the password is checked, and checked only within the limits.
 * `now` is injectable so that tests can move through the windows.
 */
export async function signIn(db: Database, request: LoginRequest, now = Date.now()): Promise<LoginOutcome> {
  const { password } = request;
  return attempt(db, request, now, (email) => (password ? checkCredentials(db, email, password) : null));
}

/**
 * The second step of a sign-in (two-step sign-in's code, after a correct password): `check` answers
 * the account when the code is right. A wrong code counts against the same budgets as a wrong
 * password, so guessing codes is limited like guessing passwords.
 */
export function signInCode(
  db: Database,
  request: Omit<LoginRequest, "password" | "secondStep">,
  check: () => Promise<User | null>,
  now = Date.now(),
): Promise<LoginOutcome> {
  return attempt(db, { ...request, password: "" }, now, check);
}

/**
 * A signed-in person's own password or two-step code asked again (My account: "Change password",
 * "Turn off two-step sign-in"). A stolen session must not become a way to guess them: wrong answers
 * count against a budget of the account's own (as many as a login's, in the same window), shared by
 * all its sessions and both forms; a right answer gives its place back. Counted before `check` runs,
 * like a login, so a burst of guesses gets no more checks than the limit. A wrong answer throws
 * `wrong` at `field`; one refused by the limit (429) says when to try again.
 */
export async function confirmOwnSecret(
  db: Database,
  userId: number,
  check: () => Promise<boolean>,
  { field, wrong }: { field: string; wrong: string },
  now = Date.now(),
): Promise<void> {
  const budget = { key: `recheck:${userId}`, limit: LOGIN_LIMIT.perKnownSource, what: `account ${userId}` };
  const { places, retryMinutes } = await takePlaces(db, [budget], now);
  if (retryMinutes > 0) {
    metrics().loginLockouts.inc();
    const wait = `${retryMinutes} minute${retryMinutes === 1 ? "" : "s"}`;
    throw new DomainError(`Too many wrong answers. Please try again in ${wait}.`, { field, status: 429 });
  }
  if (!(await check())) {
    metrics().loginFailures.inc();
    await prune(db, now);
    throw new DomainError(wrong, { field });
  }
  await givePlacesBack(db, places);
}

/** An attempt of either step: a place in every budget first, then `check` (the account, or null). */
async function attempt(
  db: Database,
  request: LoginRequest,
  now: number,
  check: (email: string) => Promise<User | null> | null,
): Promise<LoginOutcome> {
  const email = normaliseEmail(request.email);
  const known = email ? await knownSource(db, email, request, now) : null;
  const budgets = budgetsFor(email, request.address, known);
  const { places, retryMinutes } = await takePlaces(db, budgets, now);
  if (retryMinutes > 0) {
    metrics().loginLockouts.inc();
    return { status: "limited", retryMinutes };
  }
  const user = email ? await check(email) : null;
  if (!user) {
    metrics().loginFailures.inc();
    await prune(db, now);
    // This failure used the last place of a budget: from now on it refuses, until its window ends.
    const limitReached = budgets
      .filter((b) => places.some((p) => p.key === b.key && p.attempts === b.limit))
      .map((b) => b.what);
    return limitReached.length > 0 ? { status: "failed", limitReached } : { status: "failed" };
  }
  // A successful login is no guess: its places go back.
  await givePlacesBack(db, places);
  if (await request.secondStep?.(user)) return { status: "second-step", user };
  return { status: "signed-in", user, deviceToken: await rememberSource(db, user.id, request, now) };
}

export function deviceCookie(token: string, secure: boolean): string {
  // Path=/ because the login form also posts to /login.data.
  const maxAge = DEVICE_DAYS * 24 * 3600;
  return `${DEVICE_COOKIE}=${token}; Path=/; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}; Max-Age=${maxAge}`;
}

export function readDeviceToken(cookieHeader: string | null): string | undefined {
  return readCookie(cookieHeader, DEVICE_COOKIE);
}
