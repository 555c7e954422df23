// npm test: type check, lint, unit and integration tests (SQLite and PostgreSQL),
// production build, then the end-to-end tests in Chromium. Stops at the first failure.
import { spawnSync } from "node:child_process";
import fs from "node:fs";

function run(title: string, command: string, args: string[], env: NodeJS.ProcessEnv = {}): void {
  console.log(`\n=== ${title}: ${command} ${args.join(" ")}`);
  const result = spawnSync(command, args, { stdio: "inherit", env: { ...process.env, ...env } });
  if (result.status !== 0) {
    console.error(`\n${title} failed.`);
    process.exit(result.status ?? 1);
  }
}

/** The browser: CHROME_PATH, Debian's headless shell or Chromium, or Playwright's own (installed when missing). */
function ensureBrowser(): void {
  const debian = ["/usr/bin/chromium-headless-shell", "/usr/bin/chromium"];
  if (process.env.CHROME_PATH || debian.some((file) => fs.existsSync(file))) return;
  run("Browser", "npx", ["playwright", "install", "chromium"]);
}

const only = process.argv[2];
if (!only || only === "static") {
  run("Type check", "npm", ["run", "--silent", "typecheck"]);
  run("Lint", "npm", ["run", "--silent", "lint"]);
}
if (!only || only === "unit") run("Unit and integration tests", "npx", ["vitest", "run"]);
if (!only || only === "e2e") {
  ensureBrowser();
  run("Build", "npm", ["run", "--silent", "build"]);
  run("End-to-end tests", "npx", ["playwright", "test"]);
}
console.log("\nAll tests passed.");
