import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const SOURCES = [
  "app",
  "server",
  "public",
  "vite.config.ts",
  "react-router.config.ts",
  "cli/precompress-assets.ts",
  "package.json",
];

function newestMtime(entry: string): number {
  if (!fs.existsSync(entry)) return 0;
  const stat = fs.statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const child of fs.readdirSync(entry)) newest = Math.max(newest, newestMtime(path.join(entry, child)));
  return newest;
}

/** Builds the production bundle when it is missing or older than any source file. */
export function buildIfNeeded(root: string): void {
  const entry = path.join(root, process.env.BUILD_DIR || "build", "server/index.js");
  const built = fs.existsSync(entry) ? fs.statSync(entry).mtimeMs : 0;
  const changed = Math.max(...SOURCES.map((s) => newestMtime(path.join(root, s))));
  if (built > changed) return;
  console.log(
    built ? "Sources changed since the last build: building..." : "Building the site (first run)...",
  );
  const result = spawnSync("npm", ["run", "build", "--silent"], { cwd: root, stdio: "inherit" });
  if (result.status !== 0) {
    console.error("The build failed; see the messages above.");
    process.exit(1);
  }
}
