import type { Kysely, Selectable } from "kysely";
import { isRole, type Role } from "#app/lib/roles.ts";
import type { UserStatus } from "#app/lib/users-page.ts";
import { checkNewPassword } from "#app/server/accounts/password-policy.server.ts";
import {
  decoyHash,
  hashPassword,
  needsRehash,
  verifyPassword,
} from "#app/server/accounts/passwords.server.ts";
import { endSessionsOfUser } from "#app/server/accounts/sessions.server.ts";
import { currentActor } from "#app/server/console/actor.server.ts";
import { containsText, type ListPage, readPage } from "#app/server/console/list-page.server.ts";
import { type Database, dialectOf, now, toNumber } from "#app/server/db.server.ts";
import { DomainError, NotFoundError } from "#app/server/errors.server.ts";
import type { UserTable } from "#app/server/schema.server.ts";

// Accounts (docs/decisions/0015): an e-mail, a password (scrypt), a console role (admin,
// editor or none), and a status: Active, Invited (waiting for its first password, set from a
// one-time link: app/server/accounts/password-links.server.ts) or Deactivated (cannot sign in; its sessions
// ended). The site always keeps an active admin, so that someone can manage the others.

export type User = {
  id: number;
  email: string;
  role: Role | null;
  status: UserStatus;
  createdAt: string;
  lastSignInAt: string | null;
};

type UserRow = Selectable<UserTable>;

/** The password_hash of an account that has no password (yet): nothing verifies against it. */
export const NO_PASSWORD = "";

export const EMAIL_RULE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

function statusOf(row: UserRow): UserStatus {
  if (row.deactivated_at) return "deactivated";
  // A reset password leaves a known account "Active": only one that never had one is invited.
  return row.password_hash === NO_PASSWORD && !row.last_sign_in_at ? "invited" : "active";
}

function toUser(row: UserRow): User {
  return {
    id: row.id,
    email: row.email,
    role: isRole(row.role) ? row.role : null,
    status: statusOf(row),
    createdAt: row.created_at,
    lastSignInAt: row.last_sign_in_at,
  };
}

/** The e-mail as stored (trimmed, lowercase), or a DomainError at the field `email`. */
export function checkEmail(email: string): string {
  const address = normaliseEmail(email);
  if (!EMAIL_RULE.test(address) || address.length > 254)
    throw new DomainError(`"${email.trim().slice(0, 254)}" is not an e-mail address.`, { field: "email" });
  return address;
}

/**
 * Creates the account, or gives it a new password (ending its sessions and any one-time link)
 * and, when `role` is given, that role. The password must follow the rules (app/lib/password-rules.ts).
 */
export async function saveUser(
  db: Database,
  email: string,
  password: string,
  options: { role?: Role | null } = {},
): Promise<{ user: User; created: boolean }> {
  const address = checkEmail(email);
  checkNewPassword(password, address);
  const password_hash = await hashPassword(password);
  return db.transaction().execute(async (trx) => {
    const existing = await trx
      .selectFrom("users")
      .selectAll()
      .where("email", "=", address)
      .executeTakeFirst();
    if (existing) {
      if (options.role !== undefined) await mayChangeRole(trx, existing, options.role);
      const row = await trx
        .updateTable("users")
        .set({ password_hash, ...(options.role === undefined ? {} : { role: options.role }) })
        .where("id", "=", existing.id)
        .returningAll()
        .executeTakeFirstOrThrow();
      // A new password ends every session signed in with the old one, and any link to set one.
      await endSessionsOfUser(trx, existing.id);
      await trx.deleteFrom("password_links").where("user_id", "=", existing.id).execute();
      return { user: toUser(row), created: false };
    }
    const row = await trx
      .insertInto("users")
      .values({ email: address, password_hash, role: options.role ?? null, created_at: now() })
      .returningAll()
      .executeTakeFirstOrThrow();
    return { user: toUser(row), created: true };
  });
}

/** A new account waiting for its first password (an invitation), inside the caller's transaction. */
export async function addInvitedUser(trx: Database, email: string, role: Role): Promise<User> {
  const address = checkEmail(email);
  const exists = await trx.selectFrom("users").select("id").where("email", "=", address).executeTakeFirst();
  if (exists)
    throw new DomainError(`${address} already has an account: use its "Reset password" instead.`, {
      field: "email",
      status: 409,
    });
  const row = await trx
    .insertInto("users")
    .values({ email: address, password_hash: NO_PASSWORD, role, created_at: now() })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toUser(row);
}

/** Every account, by e-mail (the command line's list). */
export async function listUsers(db: Database): Promise<User[]> {
  const rows = await db.selectFrom("users").selectAll().orderBy("email").execute();
  return rows.map(toUser);
}

/** One page of the Users page's list, by e-mail, narrowed to e-mails holding `q`. */
export async function listUsersPage(
  db: Database,
  query: { q: string; page: number },
): Promise<ListPage<User>> {
  const filtered = db
    .selectFrom("users")
    .$if(Boolean(query.q), (qb) => qb.where(containsText("email", query.q)));
  return readPage(
    query.page,
    async () => {
      const row = await filtered.select((eb) => eb.fn.countAll().as("n")).executeTakeFirst();
      return toNumber(row?.n as number | string | undefined);
    },
    async ({ limit, offset }) =>
      (await filtered.selectAll().orderBy("email").orderBy("id").limit(limit).offset(offset).execute()).map(
        toUser,
      ),
  );
}

export async function findUserByEmail(db: Database, email: string): Promise<User | null> {
  const row = await db
    .selectFrom("users")
    .selectAll()
    .where("email", "=", normaliseEmail(email))
    .executeTakeFirst();
  return row ? toUser(row) : null;
}

export async function findUser(db: Database, id: number): Promise<User | null> {
  const row = await db.selectFrom("users").selectAll().where("id", "=", id).executeTakeFirst();
  return row ? toUser(row) : null;
}

// Keeping an admin, and keeping people from locking themselves out.

const LAST_ADMIN = {
  deactivate: "The last active admin cannot be deactivated",
  demote: "The last active admin cannot lose the admin role",
  remove: "The last active admin cannot be removed",
} as const;

/**
 * Refuses a change that would leave no active admin (one who can sign in, or will with their link).
 * On PostgreSQL the active admins' rows stay locked until the change commits, so two admins
 * demoting each other at once cannot both succeed; SQLite runs one write transaction at a time.
 */
async function keepAnAdmin(trx: Database, user: UserRow, change: keyof typeof LAST_ADMIN): Promise<void> {
  let admins = trx
    .selectFrom("users")
    .select("id")
    .where("role", "=", "admin")
    .where("deactivated_at", "is", null)
    .where((eb) => eb.or([eb("password_hash", "<>", NO_PASSWORD), eb("last_sign_in_at", "is not", null)]));
  if (dialectOf(trx as Kysely<unknown>) === "postgres") admins = admins.forUpdate();
  const ids = (await admins.execute()).map((r) => r.id);
  if (ids.length === 1 && ids[0] === user.id)
    throw new DomainError(`${LAST_ADMIN[change]}: make another account an admin first.`, { status: 409 });
}

/** A person at the console cannot take away their own way in (the command line can). */
function notYourself(user: UserRow, what: string): void {
  if (currentActor().userId === user.id)
    throw new DomainError(`You cannot ${what} your own account here: ask another admin.`, { status: 409 });
}

async function mayChangeRole(trx: Database, user: UserRow, role: Role | null): Promise<void> {
  if (user.role === "admin" && role !== "admin") await keepAnAdmin(trx, user, "demote");
}

/** The account by id, for a change, or NotFoundError. */
async function accountForChange(trx: Database, id: number): Promise<UserRow> {
  const row = await trx.selectFrom("users").selectAll().where("id", "=", id).executeTakeFirst();
  if (!row) throw new NotFoundError("account");
  return row;
}

/** Gives the account `role` (null: none). Returns it as it was before and after. */
export async function setRole(
  db: Database,
  id: number,
  role: Role | null,
): Promise<{ before: User; after: User }> {
  return db.transaction().execute(async (trx) => {
    const row = await accountForChange(trx, id);
    if (row.role === role) return { before: toUser(row), after: toUser(row) };
    notYourself(row, "change the role of");
    await mayChangeRole(trx, row, role);
    const after = await trx
      .updateTable("users")
      .set({ role })
      .where("id", "=", id)
      .returningAll()
      .executeTakeFirstOrThrow();
    return { before: toUser(row), after: toUser(after) };
  });
}

/**
 * Deactivates the account: its sessions and one-time links end at once and it cannot sign in
 * until it is reactivated.
 */
export async function deactivateUser(db: Database, id: number): Promise<User> {
  return db.transaction().execute(async (trx) => {
    const row = await accountForChange(trx, id);
    if (row.deactivated_at) return toUser(row);
    notYourself(row, "deactivate");
    if (row.role === "admin") await keepAnAdmin(trx, row, "deactivate");
    const after = await trx
      .updateTable("users")
      .set({ deactivated_at: now() })
      .where("id", "=", id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await endSessionsOfUser(trx, id);
    await trx.deleteFrom("password_links").where("user_id", "=", id).execute();
    return toUser(after);
  });
}

/** Lets a deactivated account sign in again (with its password as it was). */
export async function reactivateUser(db: Database, id: number): Promise<User> {
  return db.transaction().execute(async (trx) => {
    await accountForChange(trx, id);
    const after = await trx
      .updateTable("users")
      .set({ deactivated_at: null })
      .where("id", "=", id)
      .returningAll()
      .executeTakeFirstOrThrow();
    return toUser(after);
  });
}

/** Deletes the account (its sessions and links go with it); false when there is none. */
export async function removeUser(db: Database, email: string): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom("users")
      .selectAll()
      .where("email", "=", normaliseEmail(email))
      .executeTakeFirst();
    if (!row) return false;
    if (row.role === "admin") await keepAnAdmin(trx, row, "remove");
    await trx.deleteFrom("users").where("id", "=", row.id).execute();
    return true;
  });
}

/**
 * Takes the account's password away ("Reset password"): the old one stops working and its sessions
 * end, inside the caller's transaction (which also makes the new one-time link).
 */
export async function clearPassword(trx: Database, id: number): Promise<User> {
  const row = await accountForChange(trx, id);
  notYourself(row, "reset the password of");
  if (row.deactivated_at)
    throw new DomainError(`${row.email} is deactivated: reactivate it first.`, { status: 409 });
  const after = await trx
    .updateTable("users")
    .set({ password_hash: NO_PASSWORD })
    .where("id", "=", id)
    .returningAll()
    .executeTakeFirstOrThrow();
  await endSessionsOfUser(trx, id);
  return toUser(after);
}

/** Sets the password from a one-time link, inside the caller's transaction (the rules already checked). */
export async function setPasswordHash(trx: Database, id: number, passwordHash: string): Promise<void> {
  await trx.updateTable("users").set({ password_hash: passwordHash }).where("id", "=", id).execute();
  await endSessionsOfUser(trx, id);
}

/**
 * The account whose e-mail and password match, or null: only an active account with a password
 * signs in, and every other answer costs the same time. A hash written with older parameters is
 * rewritten with today's now that the password is known.
 */
export async function checkCredentials(db: Database, email: string, password: string): Promise<User | null> {
  const row = await db
    .selectFrom("users")
    .selectAll()
    .where("email", "=", normaliseEmail(email))
    .executeTakeFirst();
  const usable = row && !row.deactivated_at && row.password_hash !== NO_PASSWORD ? row : null;
  const ok = await verifyPassword(password, usable?.password_hash ?? (await decoyHash()));
  if (!usable || !ok) return null;
  if (needsRehash(usable.password_hash)) {
    await db
      .updateTable("users")
      .set({ password_hash: await hashPassword(password) })
      .where("id", "=", usable.id)
      // Unless the password was changed meanwhile.
      .where("password_hash", "=", usable.password_hash)
      .execute();
  }
  return toUser(usable);
}
