import { createHash, randomBytes } from "node:crypto";
import { isRole, type Role } from "#app/lib/roles.ts";
import type { Toast } from "#app/lib/toast.ts";
import { deviceName } from "#app/server/accounts/device.server.ts";
import { type Database, now } from "#app/server/db.server.ts";

export const SESSION_COOKIE = "cw_session";
export const SESSION_DAYS = 7;

/** The signed-in account: `role` null is signed in without a console role (403 in the console). */
export type SessionUser = { id: number; email: string; role: Role | null };

function hashId(id: string): string {
  return createHash("sha256").update(id).digest("hex");
}

/** Where a session was started from, for My account's list: the request's User-Agent and address. */
export type SessionOrigin = { userAgent?: string | null; address?: string };

/**
 * Starts a session (a sign-in: the account's "Last sign-in" is now): returns the random id for the
 * cookie; only its hash is stored, with the device in words and the address (`from`).
 */
export async function startSession(
  db: Database,
  userId: number,
  from: SessionOrigin = {},
): Promise<{ id: string; expires: Date }> {
  const id = randomBytes(32).toString("base64url");
  const expires = new Date(Date.now() + SESSION_DAYS * 24 * 3600 * 1000);
  const at = now();
  await db
    .insertInto("sessions")
    .values({
      id_hash: hashId(id),
      user_id: userId,
      created_at: at,
      expires_at: expires.toISOString(),
      device: deviceName(from.userAgent),
      address: from.address?.slice(0, 100) ?? null,
      last_seen_at: at,
    })
    .execute();
  await db.updateTable("users").set({ last_sign_in_at: at }).where("id", "=", userId).execute();
  return { id, expires };
}

/** A session's "last seen" (and address) is written at most this often: one write a minute, not one a request. */
const SEEN_EVERY_MS = 60_000;

/**
 * The signed-in user of a session id, or null when it is unknown or expired, or its account was
 * deactivated (its sessions end then; this refuses one that a deactivation raced with). With
 * `seenFrom` (the client's address) the session's "last seen" is brought up to date, when stale.
 */
export async function sessionUser(
  db: Database,
  id: string | undefined,
  seenFrom?: string,
): Promise<SessionUser | null> {
  if (!id || id.length > 100) return null;
  const row = await db
    .selectFrom("sessions")
    .innerJoin("users", "users.id", "sessions.user_id")
    .select(["users.id", "users.email", "users.role", "sessions.last_seen_at"])
    .where("sessions.id_hash", "=", hashId(id))
    .where("sessions.expires_at", ">", now())
    .where("users.deactivated_at", "is", null)
    .executeTakeFirst();
  if (!row) return null;
  if (seenFrom !== undefined) await noteSeen(db, id, seenFrom, row.last_seen_at);
  return { id: row.id, email: row.email, role: isRole(row.role) ? row.role : null };
}

/** Notes that the session was used now, if it was last noted over a minute ago; never fails a request. */
async function noteSeen(db: Database, id: string, address: string, lastSeen: string | null): Promise<void> {
  const at = Date.now();
  if (lastSeen && Date.parse(lastSeen) > at - SEEN_EVERY_MS) return;
  try {
    await db
      .updateTable("sessions")
      .set({ last_seen_at: new Date(at).toISOString(), address: address.slice(0, 100) })
      .where("id_hash", "=", hashId(id))
      .execute();
  } catch {
    // Only "last seen" is late; the request goes on.
  }
}

export async function endSession(db: Database, id: string | undefined): Promise<void> {
  if (id) await db.deleteFrom("sessions").where("id_hash", "=", hashId(id)).execute();
}

export async function endSessionsOfUser(db: Database, userId: number): Promise<number> {
  const result = await db.deleteFrom("sessions").where("user_id", "=", userId).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** One of an account's sessions as My account lists it; `key` names it in a form (not the cookie's id). */
export type SessionEntry = {
  key: string;
  device: string;
  address: string | null;
  createdAt: string;
  lastSeenAt: string;
  /** The session of the browser that asks ("This device"). */
  current: boolean;
};

/** The account's sessions that have not expired, the one of `currentId` first, then the most recently used. */
export async function listSessions(
  db: Database,
  userId: number,
  currentId: string | undefined,
): Promise<SessionEntry[]> {
  const rows = await db
    .selectFrom("sessions")
    .select(["id_hash", "device", "address", "created_at", "last_seen_at"])
    .where("user_id", "=", userId)
    .where("expires_at", ">", now())
    .orderBy("last_seen_at", "desc")
    .limit(200)
    .execute();
  const mine = currentId ? hashId(currentId) : "";
  const entries = rows.map((r) => ({
    key: r.id_hash,
    device: r.device ?? "Unknown device",
    address: r.address,
    createdAt: r.created_at,
    lastSeenAt: r.last_seen_at ?? r.created_at,
    current: r.id_hash === mine,
  }));
  return [...entries.filter((e) => e.current), ...entries.filter((e) => !e.current)];
}

/** Ends one of the account's own sessions by its `key`; false when it had already ended. */
export async function endSessionByKey(db: Database, userId: number, key: string): Promise<boolean> {
  const result = await db
    .deleteFrom("sessions")
    .where("user_id", "=", userId)
    .where("id_hash", "=", key)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Ends every session of the account but the one of `keepId` (after a password change); how many ended. */
export async function endOtherSessions(
  db: Database,
  userId: number,
  keepId: string | undefined,
): Promise<number> {
  const result = await db
    .deleteFrom("sessions")
    .where("user_id", "=", userId)
    .where("id_hash", "!=", keepId ? hashId(keepId) : "")
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Is `key` the session of `id` (the browser that asks)? */
export function isSessionKey(id: string | undefined, key: string): boolean {
  return Boolean(id) && hashId(id ?? "") === key;
}

export async function deleteExpiredSessions(db: Database): Promise<void> {
  await db.deleteFrom("sessions").where("expires_at", "<=", now()).execute();
}

/** The attributes of every cookie of ours (Path=/: forms also post to `….data` addresses). */
export function cookieAttributes(secure: boolean): string {
  return `Path=/; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`;
}

export function sessionCookie(id: string, expires: Date, secure: boolean): string {
  return `${SESSION_COOKIE}=${id}; ${cookieAttributes(secure)}; Expires=${expires.toUTCString()}`;
}

export function clearedSessionCookie(secure: boolean): string {
  return `${SESSION_COOKIE}=; ${cookieAttributes(secure)}; Max-Age=0`;
}

export function readSessionId(cookieHeader: string | null): string | undefined {
  return readCookie(cookieHeader, SESSION_COOKIE);
}

/** The value of the cookie `wanted` in a Cookie header, or undefined. */
export function readCookie(cookieHeader: string | null, wanted: string): string | undefined {
  for (const part of cookieHeader?.split(";") ?? []) {
    const [name, ...value] = part.trim().split("=");
    if (name === wanted) return value.join("=") || undefined;
  }
  return undefined;
}

/** At most this many toasts wait in a session: a burst of writes never grows the row. */
const MAX_FLASH = 3;

function parseFlash(json: string | null): Toast[] {
  if (!json) return [];
  try {
    const list: unknown = JSON.parse(json);
    return Array.isArray(list) ? (list as Toast[]) : [];
  } catch {
    return [];
  }
}

/** Leaves a toast for the next console page this session shows (POST/redirect/GET). */
export async function addFlash(db: Database, id: string | undefined, toast: Toast): Promise<void> {
  if (!id) return;
  const idHash = hashId(id);
  await db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom("sessions")
      .select("flash")
      .where("id_hash", "=", idHash)
      .executeTakeFirst();
    if (!row) return;
    const flash = [...parseFlash(row.flash), toast].slice(-MAX_FLASH);
    await trx
      .updateTable("sessions")
      .set({ flash: JSON.stringify(flash) })
      .where("id_hash", "=", idHash)
      .execute();
  });
}

/**
 * The toasts waiting for this session, cleared as they are read. The clear only succeeds for the
 * value read, so a toast added in between by another tab is kept for its next page.
 */
export async function takeFlash(db: Database, id: string | undefined): Promise<Toast[]> {
  if (!id) return [];
  const idHash = hashId(id);
  const row = await db
    .selectFrom("sessions")
    .select("flash")
    .where("id_hash", "=", idHash)
    .executeTakeFirst();
  if (!row?.flash) return [];
  const taken = await db
    .updateTable("sessions")
    .set({ flash: null })
    .where("id_hash", "=", idHash)
    .where("flash", "=", row.flash)
    .executeTakeFirst();
  return Number(taken.numUpdatedRows) > 0 ? parseFlash(row.flash) : [];
}
