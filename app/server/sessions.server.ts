import { createHash, randomBytes } from "node:crypto";
import type { Toast } from "#app/lib/toast.ts";
import { type Database, now } from "#app/server/db.server.ts";

export const SESSION_COOKIE = "cw_session";
export const SESSION_DAYS = 7;

export type SessionUser = { id: number; email: string; isAdmin: boolean };

function hashId(id: string): string {
  return createHash("sha256").update(id).digest("hex");
}

/** Starts a session: returns the random id for the cookie; only its hash is stored. */
export async function startSession(db: Database, userId: number): Promise<{ id: string; expires: Date }> {
  const id = randomBytes(32).toString("base64url");
  const expires = new Date(Date.now() + SESSION_DAYS * 24 * 3600 * 1000);
  await db
    .insertInto("sessions")
    .values({ id_hash: hashId(id), user_id: userId, created_at: now(), expires_at: expires.toISOString() })
    .execute();
  return { id, expires };
}

/** The signed-in user of a session id, or null when it is unknown or expired. */
export async function sessionUser(db: Database, id: string | undefined): Promise<SessionUser | null> {
  if (!id || id.length > 100) return null;
  const row = await db
    .selectFrom("sessions")
    .innerJoin("users", "users.id", "sessions.user_id")
    .select(["users.id", "users.email", "users.is_admin"])
    .where("sessions.id_hash", "=", hashId(id))
    .where("sessions.expires_at", ">", now())
    .executeTakeFirst();
  return row ? { id: row.id, email: row.email, isAdmin: Number(row.is_admin) === 1 } : null;
}

export async function endSession(db: Database, id: string | undefined): Promise<void> {
  if (id) await db.deleteFrom("sessions").where("id_hash", "=", hashId(id)).execute();
}

export async function endSessionsOfUser(db: Database, userId: number): Promise<number> {
  const result = await db.deleteFrom("sessions").where("user_id", "=", userId).executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function deleteExpiredSessions(db: Database): Promise<void> {
  await db.deleteFrom("sessions").where("expires_at", "<=", now()).execute();
}

function cookieAttributes(secure: boolean): string {
  return `Path=/; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`;
}

export function sessionCookie(id: string, expires: Date, secure: boolean): string {
  return `${SESSION_COOKIE}=${id}; ${cookieAttributes(secure)}; Expires=${expires.toUTCString()}`;
}

export function clearedSessionCookie(secure: boolean): string {
  return `${SESSION_COOKIE}=; ${cookieAttributes(secure)}; Max-Age=0`;
}

export function readSessionId(cookieHeader: string | null): string | undefined {
  if (!cookieHeader) return undefined;
  for (const part of cookieHeader.split(";")) {
    const [name, ...value] = part.trim().split("=");
    if (name === SESSION_COOKIE) return value.join("=") || undefined;
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
