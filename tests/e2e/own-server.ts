import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { saveUser } from "#app/server/accounts/users.server.ts";
import { exportContent } from "#app/server/backup/backup-reader.server.ts";
import { type Database, openDatabase } from "#app/server/db.server.ts";
import { loadDemoContent } from "../../cli/demo-content.ts";
import { ACCOUNTS } from "./accounts.ts";
import { type ServerProcess, startServerProcess } from "./server-process.ts";

/** A server of the test's own, on a fresh SQLite database with the demo content and the test accounts. */
export type OwnServer = {
  server: ServerProcess;
  /** The folder of its database (and of its generated key file). */
  dir: string;
  snapshot: () => Promise<string>;
  integrity: () => { integrity: unknown; foreignKeyProblems: unknown[] };
  /** Reads the server's database directly (SQLite allows readers beside the server). */
  read: <T>(work: (db: Database) => Promise<T>) => Promise<T>;
  stop: () => Promise<void>;
};

export async function ownServer(
  port: number,
  env: Record<string, string> = {},
  options: Parameters<typeof startServerProcess>[2] = {},
  /** More content than the demo's, written before the server starts. */
  seed?: (db: Database) => Promise<void>,
): Promise<OwnServer> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "cw-own-"));
  const file = path.join(dir, "site.db");
  const db = await openDatabase({ kind: "sqlite", file });
  await loadDemoContent(db, { siteUrl: `http://127.0.0.1:${port}`, siteName: "ChapterWise" });
  for (const account of Object.values(ACCOUNTS))
    await saveUser(db, account.email, account.password, { role: account.role });
  await seed?.(db);
  await db.destroy();
  // No SECRET_KEY, as with `npm run demo`: the server generates its key file beside the database.
  const server = await startServerProcess(port, { DATABASE_URL: file, SECRET_KEY: "", ...env }, options);
  return {
    server,
    dir,
    /** Everything the site holds (content and accounts), to show that nothing changed. */
    snapshot: async () => {
      const reader = await openDatabase({ kind: "sqlite", file }, { migrate: false });
      const backup = await exportContent(reader, { withUsers: true });
      await reader.destroy();
      // The Activity log and last sign-ins say what happened, not what the site holds: left out.
      const users = backup.users?.map((u) => ({ ...u, lastSignInAt: null }));
      return JSON.stringify({ ...backup, exportedAt: "", activity: undefined, users });
    },
    read: async (work) => {
      const reader = await openDatabase({ kind: "sqlite", file }, { migrate: false });
      try {
        return await work(reader);
      } finally {
        await reader.destroy();
      }
    },
    /** SQLite's own checks of the file: "ok" and no dangling references. */
    integrity: () => {
      const check = new DatabaseSync(file, { readOnly: true });
      try {
        return {
          integrity: (check.prepare("PRAGMA integrity_check").get() as { integrity_check: string })
            .integrity_check,
          foreignKeyProblems: check.prepare("PRAGMA foreign_key_check").all(),
        };
      } finally {
        check.close();
      }
    },
    stop: async () => {
      await server.kill();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
