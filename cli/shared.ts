import { startSecretKey } from "#app/server/accounts/two-step.server.ts";
import {
  ConfigError,
  parseDatabaseTimeout,
  parseDatabaseUrl,
  parseSecretKey,
} from "#app/server/config.server.ts";
import { type Actor, actingAs } from "#app/server/console/actor.server.ts";
import { type Database, openDatabase } from "#app/server/db.server.ts";

/**
 * Opens (and migrates) the database of DATABASE_URL, as the server would, with the key of its
 * two-step secrets (SECRET_KEY, or SQLite's key file).
 */
export async function openCliDatabase(): Promise<Database> {
  try {
    const timeoutMs = parseDatabaseTimeout(process.env.DB_TIMEOUT_MS);
    const target = parseDatabaseUrl(process.env.DATABASE_URL);
    const given = parseSecretKey(process.env.SECRET_KEY);
    // A command may wait for the server's short writes as long as anything waits, and its own
    // statements (a whole export or import) may run longer than a page's.
    const db = await openDatabase(target, { timeoutMs, lockWaitMs: timeoutMs, unlimitedStatements: true });
    try {
      await startSecretKey(db, target, given);
    } catch (err) {
      await db.destroy();
      throw err;
    }
    return db;
  } catch (err) {
    if (err instanceof ConfigError) exit(err.message);
    exit(`Could not open the database: ${err instanceof Error ? err.message : String(err)}`);
  }
}

export function exit(message: string, code = 1): never {
  console.error(message);
  process.exit(code);
}

/** Who a command's changes are by, in History, Trash and Activity. */
export const COMMAND_LINE: Actor = { userId: null, label: "command line", address: null };

/** Runs a command's work as the command line: its writes and Activity lines say so (app/server/console/actor.server.ts). */
export function asCommandLine<T>(work: () => Promise<T>): Promise<T> {
  return actingAs(COMMAND_LINE, work);
}
