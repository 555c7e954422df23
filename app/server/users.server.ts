import { type Database, now } from "#app/server/db.server.ts";
import { DomainError } from "#app/server/errors.server.ts";
import { decoyHash, hashPassword, verifyPassword } from "#app/server/passwords.server.ts";
import { endSessionsOfUser } from "#app/server/sessions.server.ts";

export type User = { id: number; email: string; isAdmin: boolean; createdAt: string };

export const MIN_PASSWORD_LENGTH = 8;
export const EMAIL_RULE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

function toUser(row: { id: number; email: string; is_admin: number; created_at: string }): User {
  return { id: row.id, email: row.email, isAdmin: Number(row.is_admin) === 1, createdAt: row.created_at };
}

/** Creates the account, or updates its password (ending its sessions) and admin flag. */
export async function saveUser(
  db: Database,
  email: string,
  password: string,
  options: { admin?: boolean } = {},
): Promise<{ user: User; created: boolean }> {
  const address = normaliseEmail(email);
  if (!EMAIL_RULE.test(address) || address.length > 254)
    throw new DomainError(`"${email}" is not an e-mail address.`);
  if (password.length < MIN_PASSWORD_LENGTH) {
    throw new DomainError(`The password must be at least ${MIN_PASSWORD_LENGTH} characters long.`);
  }
  const password_hash = await hashPassword(password);
  const existing = await db.selectFrom("users").selectAll().where("email", "=", address).executeTakeFirst();
  if (existing) {
    const row = await db
      .updateTable("users")
      .set({ password_hash, ...(options.admin === undefined ? {} : { is_admin: options.admin ? 1 : 0 }) })
      .where("id", "=", existing.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    // A new password ends every session signed in with the old one.
    await endSessionsOfUser(db, existing.id);
    return { user: toUser(row), created: false };
  }
  const row = await db
    .insertInto("users")
    .values({ email: address, password_hash, is_admin: options.admin ? 1 : 0, created_at: now() })
    .returningAll()
    .executeTakeFirstOrThrow();
  return { user: toUser(row), created: true };
}

export async function listUsers(db: Database): Promise<User[]> {
  const rows = await db.selectFrom("users").selectAll().orderBy("email").execute();
  return rows.map(toUser);
}

export async function findUserByEmail(db: Database, email: string): Promise<User | null> {
  const row = await db
    .selectFrom("users")
    .selectAll()
    .where("email", "=", normaliseEmail(email))
    .executeTakeFirst();
  return row ? toUser(row) : null;
}

export async function removeUser(db: Database, email: string): Promise<boolean> {
  const result = await db.deleteFrom("users").where("email", "=", normaliseEmail(email)).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function setAdmin(db: Database, email: string, admin: boolean): Promise<boolean> {
  const result = await db
    .updateTable("users")
    .set({ is_admin: admin ? 1 : 0 })
    .where("email", "=", normaliseEmail(email))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** The user whose e-mail and password match, or null; an unknown e-mail costs the same time. */
export async function checkCredentials(db: Database, email: string, password: string): Promise<User | null> {
  const row = await db
    .selectFrom("users")
    .selectAll()
    .where("email", "=", normaliseEmail(email))
    .executeTakeFirst();
  const ok = await verifyPassword(password, row?.password_hash ?? (await decoyHash()));
  return row && ok ? toUser(row) : null;
}

/**
 * A backup's account, with its password hash as it was; false (and nothing written) when an
 * account with that e-mail exists: a restore never changes someone's password.
 */
export async function restoreUser(
  trx: Database,
  u: { email: string; passwordHash: string; isAdmin: boolean; createdAt: string },
): Promise<boolean> {
  const exists = await trx.selectFrom("users").select("id").where("email", "=", u.email).executeTakeFirst();
  if (exists) return false;
  await trx
    .insertInto("users")
    .values({
      email: u.email,
      password_hash: u.passwordHash,
      is_admin: u.isAdmin ? 1 : 0,
      created_at: u.createdAt,
    })
    .execute();
  return true;
}
