import fs from "node:fs";
import { defineConfig, devices } from "@playwright/test";
import { BASE_URL } from "./tests/e2e/accounts.ts";

// Debian's Chromium where present (CI installs it); otherwise Playwright's own.
const executablePath =
  process.env.CHROME_PATH || (fs.existsSync("/usr/bin/chromium") ? "/usr/bin/chromium" : undefined);

export default defineConfig({
  testDir: "tests/e2e",
  // Side-by-side runs (BUILD_DIR) keep their own artifacts.
  outputDir: process.env.BUILD_DIR ? `test-results/${process.env.BUILD_DIR}` : "test-results",
  fullyParallel: false,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: process.env.CI ? [["list"]] : [["list"]],
  use: {
    baseURL: BASE_URL,
    trace: "retain-on-failure",
    ...devices["Desktop Chrome"],
    launchOptions: {
      executablePath,
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  webServer: {
    command: "node tests/e2e/server.ts",
    url: `${BASE_URL}/healthz`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: "ignore",
    stderr: "pipe",
    // Otherwise the server is killed outright and leaves its database in /tmp (tests/e2e/server.ts).
    gracefulShutdown: { signal: "SIGTERM", timeout: 10_000 },
  },
});
