import { confirmOwnSecret } from "#app/server/accounts/login-limits.server.ts";
import { checkNewPassword } from "#app/server/accounts/password-policy.server.ts";
import { hashPassword, verifyPassword } from "#app/server/accounts/passwords.server.ts";
import { endOtherSessions } from "#app/server/accounts/sessions.server.ts";
import type { Database } from "#app/server/db.server.ts";
import { DomainError } from "#app/server/errors.server.ts";

// My account (docs/decisions/0015): what a signed-in person does to their own account. Its sessions
// are in app/server/accounts/sessions.server.ts, its two-step sign-in in app/server/accounts/two-step.server.ts.

/**
 * "Change password": the current password must be right (at the field `current`) and the new one
 * pass the password rules (at `password`). Every other session of the account ends; the one of
 * `keepSessionId` (the browser that changed it) stays. Answers how many sessions ended. Wrong current
 * passwords are limited (`confirmOwnSecret`).
 */
export async function changePassword(
  db: Database,
  user: { id: number; email: string },
  current: string,
  next: string,
  keepSessionId: string | undefined,
  now = Date.now(),
): Promise<number> {
  const row = await db
    .selectFrom("users")
    .select("password_hash")
    .where("id", "=", user.id)
    .executeTakeFirst();
  const wrong = { field: "current", wrong: "That is not your current password." };
  if (!row) throw new DomainError(wrong.wrong, { field: wrong.field });
  await confirmOwnSecret(db, user.id, () => verifyPassword(current, row.password_hash), wrong, now);
  checkNewPassword(next, user.email, "password");
  if (next === current)
    throw new DomainError("The new password is your current one. Choose another.", { field: "password" });
  const passwordHash = await hashPassword(next);
  return db.transaction().execute(async (trx) => {
    const changed = await trx
      .updateTable("users")
      .set({ password_hash: passwordHash })
      .where("id", "=", user.id)
      // Unless it was changed meanwhile (another tab, or an admin's reset).
      .where("password_hash", "=", row.password_hash)
      .executeTakeFirst();
    if (Number(changed.numUpdatedRows) === 0)
      throw new DomainError("Your password was changed meanwhile. Reload the page and try again.", {
        status: 409,
      });
    return endOtherSessions(trx, user.id, keepSessionId);
  });
}
