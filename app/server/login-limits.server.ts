import { type Database, toNumber } from "./db.server.ts";

/** At most this many failed logins per account, and per address, within the window. */
export const LOGIN_LIMIT = { perAccount: 5, perAddress: 10, windowMinutes: 15 } as const;

function keys(email: string, address: string): string[] {
  return [`account:${email.trim().toLowerCase()}`, `address:${address}`];
}

function windowStart(now: number): string {
  return new Date(now - LOGIN_LIMIT.windowMinutes * 60_000).toISOString();
}

/**
 * Minutes until this account or address may try again, or 0 when it may try now.
 * Kept in the database, so the limit holds across every app instance.
 */
export async function loginRetryMinutes(
  db: Database,
  email: string,
  address: string,
  now = Date.now(),
): Promise<number> {
  const since = windowStart(now);
  const [account, addr] = keys(email, address);
  const rows = await db
    .selectFrom("login_failures")
    .select(["key", (eb) => eb.fn.countAll().as("n"), (eb) => eb.fn.min("at").as("first")])
    .where("key", "in", [account as string, addr as string])
    .where("at", ">", since)
    .groupBy("key")
    .execute();
  let wait = 0;
  for (const row of rows) {
    const limit = row.key === account ? LOGIN_LIMIT.perAccount : LOGIN_LIMIT.perAddress;
    if (toNumber(row.n as number | string) >= limit) {
      const reopens = Date.parse(String(row.first)) + LOGIN_LIMIT.windowMinutes * 60_000;
      wait = Math.max(wait, Math.ceil((reopens - now) / 60_000));
    }
  }
  return wait;
}

export async function recordLoginFailure(
  db: Database,
  email: string,
  address: string,
  now = Date.now(),
): Promise<void> {
  const at = new Date(now).toISOString();
  await db
    .insertInto("login_failures")
    .values(keys(email, address).map((key) => ({ key, at })))
    .execute();
  // Old entries serve no purpose: prune them now and then rather than on a schedule.
  if (Math.random() < 0.05)
    await db.deleteFrom("login_failures").where("at", "<=", windowStart(now)).execute();
}

/** A successful login clears its account's failures (not its address's). */
export async function clearAccountFailures(db: Database, email: string): Promise<void> {
  await db
    .deleteFrom("login_failures")
    .where("key", "=", keys(email, "")[0] as string)
    .execute();
}
