import { createHash, randomBytes } from "node:crypto";
import type { Role } from "#app/lib/roles.ts";
import { PASSWORD_LINK_HOURS } from "#app/lib/users-page.ts";
import { checkNewPassword } from "#app/server/accounts/password-policy.server.ts";
import { hashPassword } from "#app/server/accounts/passwords.server.ts";
import {
  addInvitedUser,
  clearPassword,
  findUser,
  setPasswordHash,
  type User,
} from "#app/server/accounts/users.server.ts";
import type { Database } from "#app/server/db.server.ts";
import { DomainError } from "#app/server/errors.server.ts";

// One-time links to set a password (docs/decisions/0015): "Invite user" makes a pending account and
// its link, "Reset password" takes the old password away and makes a new link. There is no mail
// server: the admin copies the link to the person. The token is random (256 bits) and only its
// sha256 is stored; a link works for PASSWORD_LINK_HOURS, once, and only the newest of an account.

export const PASSWORD_LINK_PATH = "/set-password";

const HOUR_MS = 3600_000;
/** The shape of our tokens (32 random bytes, base64url): anything else is refused unread. */
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

/** A link just made: the token is in no database and no log; it is shown once, to the admin. */
export type IssuedLink = { user: User; token: string; expiresAt: string };

/** The absolute address of a link, on the site's public origin (SITE_URL). */
export function passwordLinkUrl(siteUrl: string, token: string): string {
  return `${siteUrl}${PASSWORD_LINK_PATH}/${token}`;
}

/** Makes the account's link, replacing any earlier one. */
async function issueLink(trx: Database, user: User, now: Date): Promise<IssuedLink> {
  await trx.deleteFrom("password_links").where("user_id", "=", user.id).execute();
  const token = randomBytes(32).toString("base64url");
  const expiresAt = new Date(now.getTime() + PASSWORD_LINK_HOURS * HOUR_MS).toISOString();
  await trx
    .insertInto("password_links")
    .values({
      user_id: user.id,
      token_hash: hashToken(token),
      created_at: now.toISOString(),
      expires_at: expiresAt,
    })
    .execute();
  return { user, token, expiresAt };
}

/** "Invite user": a new account with `role`, waiting for the password its link sets. */
export async function inviteUser(
  db: Database,
  email: string,
  role: Role,
  now = new Date(),
): Promise<IssuedLink> {
  return db.transaction().execute(async (trx) => issueLink(trx, await addInvitedUser(trx, email, role), now));
}

/** "Reset password": the old password stops working, the account's sessions end, and a new link. */
export async function resetPassword(db: Database, userId: number, now = new Date()): Promise<IssuedLink> {
  return db.transaction().execute(async (trx) => issueLink(trx, await clearPassword(trx, userId), now));
}

/** What a link can do now: set the password of `email`, or nothing, and why. */
export type LinkState = { status: "valid"; email: string } | { status: "expired" | "used" | "unknown" };

/** Why a link does not work, for the person who opened it. */
export const LINK_REFUSALS: Record<Exclude<LinkState["status"], "valid">, string> = {
  expired: `This link has expired: a link to set a password works for ${PASSWORD_LINK_HOURS} hours. Please ask an admin for a new one.`,
  used: "This link was already used: each link works once. Please ask an admin for a new one, or sign in with the password you set.",
  unknown:
    "This link does not work: it may have been replaced by a newer one. Please ask an admin for a new one.",
};

export async function passwordLinkState(db: Database, token: string, now = new Date()): Promise<LinkState> {
  if (!TOKEN.test(token)) return { status: "unknown" };
  const row = await db
    .selectFrom("password_links as l")
    .innerJoin("users as u", "u.id", "l.user_id")
    .select(["u.email", "u.deactivated_at", "l.expires_at", "l.used_at"])
    .where("l.token_hash", "=", hashToken(token))
    .executeTakeFirst();
  if (!row || row.deactivated_at) return { status: "unknown" };
  if (row.used_at) return { status: "used" };
  if (row.expires_at <= now.toISOString()) return { status: "expired" };
  return { status: "valid", email: row.email };
}

/**
 * Sets the password of the link's account (the rules checked, at the field `password`) and uses
 * the link up: its other sessions end. Throws a DomainError (410) with the reason when the link
 * does not work; two submissions at once use it once.
 */
export async function setPasswordFromLink(
  db: Database,
  token: string,
  password: string,
  now = new Date(),
): Promise<User> {
  const state = await passwordLinkState(db, token, now);
  if (state.status !== "valid") throw new DomainError(LINK_REFUSALS[state.status], { status: 410 });
  checkNewPassword(password, state.email);
  const passwordHash = await hashPassword(password);
  const userId = await db.transaction().execute(async (trx) => {
    const used = await trx
      .updateTable("password_links")
      .set({ used_at: now.toISOString() })
      .where("token_hash", "=", hashToken(token))
      .where("used_at", "is", null)
      .where("expires_at", ">", now.toISOString())
      .returning("user_id")
      .executeTakeFirst();
    if (!used) throw new DomainError(LINK_REFUSALS.used, { status: 410 });
    await setPasswordHash(trx, used.user_id, passwordHash);
    return used.user_id;
  });
  const user = await findUser(db, userId);
  if (!user) throw new DomainError(LINK_REFUSALS.unknown, { status: 410 });
  return user;
}
