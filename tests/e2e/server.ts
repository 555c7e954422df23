// The server the end-to-end tests run against: the production build, a fresh SQLite
// database with the demo content, and three known accounts.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { saveUser } from "#app/server/accounts/users.server.ts";
import { loadConfig } from "#app/server/config.server.ts";
import { openDatabase } from "#app/server/db.server.ts";
import { loadDemoContent } from "../../cli/demo-content.ts";
import { startServer } from "../../server.ts";
import { ACCOUNTS, E2E_PORT } from "./accounts.ts";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "cw-e2e-"));
const config = loadConfig({
  ...process.env,
  PORT: String(E2E_PORT),
  HOST: "127.0.0.1",
  DATABASE_URL: path.join(dir, "site.db"),
});
const db = await openDatabase(config.database);
await loadDemoContent(db, config);
for (const account of Object.values(ACCOUNTS)) {
  await saveUser(db, account.email, account.password, { role: account.role });
}
await db.destroy();
const running = await startServer(config);
console.log(`e2e server on http://127.0.0.1:${E2E_PORT} (${dir})`);
const stop = () =>
  running.close().then(() => {
    fs.rmSync(dir, { recursive: true, force: true });
    process.exit(0);
  });
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
