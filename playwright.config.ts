import fs from "node:fs";
import { defineConfig, devices } from "@playwright/test";
import { BASE_URL } from "./tests/e2e/accounts.ts";

// Debian's Chromium headless shell where present (CI installs it): the "old" headless Chromium, which
// needs about half the CPU of the full browser's headless mode for the same page (measured here:
// 2 cores, the suite is CPU-bound). Else Debian's full Chromium; else Playwright's own.
const executablePath =
  process.env.CHROME_PATH ||
  ["/usr/bin/chromium-headless-shell", "/usr/bin/chromium"].find((file) => fs.existsSync(file));

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
    // Recorded on the retry of a failed test only: recording every test costs about a tenth of the
    // suite's CPU (docs/decisions/0029).
    trace: "on-first-retry",
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
