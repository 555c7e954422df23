import { isRole, type Role } from "#app/lib/roles.ts";
import { restoreTwoStep, type TwoStepEntry, twoStepEntries } from "#app/server/accounts/two-step.server.ts";
import type { Database } from "#app/server/db.server.ts";

// Accounts in a backup (app/server/backup/): their password hashes, roles and statuses, and their
// two-step sign-in. Kept apart from users.server.ts, which two-step sign-in and the login limits
// need, so that none of the three needs another back.

/** An account as a backup holds it (app/server/backup/backup-reader.server.ts). */
export type UserEntry = {
  email: string;
  /** Empty for an account without a password (invited, or its password reset). */
  passwordHash: string;
  role: Role | null;
  deactivatedAt: string | null;
  lastSignInAt: string | null;
  createdAt: string;
  /** Its two-step sign-in, when it uses one. */
  twoStep?: TwoStepEntry;
};

/** Every account, for a backup with accounts. */
export async function exportUsers(db: Database): Promise<UserEntry[]> {
  const rows = await db.selectFrom("users").selectAll().orderBy("email").execute();
  const twoStep = await twoStepEntries(db);
  return rows.map((u) => {
    const entry: UserEntry = {
      email: u.email,
      passwordHash: u.password_hash,
      role: isRole(u.role) ? u.role : null,
      deactivatedAt: u.deactivated_at,
      lastSignInAt: u.last_sign_in_at,
      createdAt: u.created_at,
    };
    const steps = twoStep.get(u.id);
    return steps ? { ...entry, twoStep: steps } : entry;
  });
}

/**
 * A backup's account, with its password hash, role and status as they were: "exists" (and nothing
 * written) when an account with that e-mail exists, as a restore never changes someone's password;
 * "two-step lost" when it was restored but its two-step secret was sealed under another SECRET_KEY
 * (it signs in with its password and must set two-step sign-in up again).
 */
export async function restoreUser(
  trx: Database,
  u: UserEntry,
): Promise<"restored" | "exists" | "two-step lost"> {
  const exists = await trx.selectFrom("users").select("id").where("email", "=", u.email).executeTakeFirst();
  if (exists) return "exists";
  const { id } = await trx
    .insertInto("users")
    .values({
      email: u.email,
      password_hash: u.passwordHash,
      role: u.role,
      deactivated_at: u.deactivatedAt,
      last_sign_in_at: u.lastSignInAt,
      created_at: u.createdAt,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  if (u.twoStep && !(await restoreTwoStep(trx, id, u.twoStep))) return "two-step lost";
  return "restored";
}
