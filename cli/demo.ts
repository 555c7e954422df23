// npm run demo: build if needed, migrate, load the demo content into an empty database,
// ensure a demo admin (printing its password), and serve on http://localhost:3000.
import { randomBytes } from "node:crypto";
import { saveUser } from "#app/server/accounts/users.server.ts";
import { type Config, ConfigError, loadConfig } from "#app/server/config.server.ts";
import { openDatabase } from "#app/server/db.server.ts";
import { buildIfNeeded } from "./build-if-needed.ts";
import { loadDemoContent } from "./demo-content.ts";
import { exit } from "./shared.ts";

const root = new URL("..", import.meta.url).pathname;
process.chdir(root);
process.env.NODE_ENV = "production";

let config: Config;
try {
  config = loadConfig();
} catch (err) {
  if (err instanceof ConfigError) exit(err.message);
  throw err;
}

buildIfNeeded(root);

const db = await openDatabase(config.database);
const loaded = await loadDemoContent(db, config);
console.log(loaded ? "Loaded the demo content." : "The database already has content: left as it is.");
const email = "admin@chapterwise.demo";
// 16 random characters: past the password rules' 12 (app/lib/password-rules.ts).
const password = randomBytes(12).toString("base64url");
await saveUser(db, email, password, { role: "admin" });
await db.destroy();

const { startServer } = await import("../server.ts");
const running = await startServer(config);
console.log(`
  ${config.siteName} demo is running: http://localhost:${config.port}
  Admin console: http://localhost:${config.port}/login
    Email:    ${email}
    Password: ${password}   (new on every start)
  Stop with Ctrl+C.
`);
const stop = () => running.close().then(() => process.exit(0));
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
