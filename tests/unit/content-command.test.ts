import fs from "node:fs";
import path from "node:path";
import { expect, it } from "vitest";
import { contentCommand } from "../../bench/content-command.ts";

// `npm run content` (restores, exports, the Firestore import) starts Node with the allocator's
// settings `npm start` uses (cli/start.sh): without them a restore of 100,000 chapters went over
// its 300 MB budget (docs/decisions/0034-bulk-imports.md). The benches start it from the script.

const root = path.resolve(import.meta.dirname, "../..");

it("npm run content sets glibc's allocator as npm start does (but for the server's lower mmap threshold), an operator's values first, and keeps its heap flags", () => {
  const start = fs.readFileSync(path.join(root, "cli/start.sh"), "utf8");
  const server = Object.fromEntries(
    [...start.matchAll(/^export (MALLOC_\w+)="\$\{\1:-([^}]*)\}"$/gm)].map(([, name, value]) => [
      name,
      value,
    ]),
  );
  expect(Object.keys(server)).toEqual([
    "MALLOC_ARENA_MAX",
    "MALLOC_MMAP_THRESHOLD_",
    "MALLOC_TRIM_THRESHOLD_",
  ]);
  const saved = { ...process.env };
  try {
    for (const name of Object.keys(server)) delete process.env[name];
    const command = contentCommand();
    // The server maps blocks from 32 KB (V8's compiler segments, cli/start.sh); content's restores
    // were measured with 128 KB (decision 0034) and keep it.
    expect(server.MALLOC_MMAP_THRESHOLD_).toBe("32768");
    expect(command.env).toEqual({ ...server, MALLOC_MMAP_THRESHOLD_: "131072" });
    expect(command.nodeOptions).toEqual(["--max-semi-space-size=16", "--max-old-space-size=256"]);
    process.env.MALLOC_ARENA_MAX = "4";
    expect(contentCommand().env.MALLOC_ARENA_MAX).toBe("4");
  } finally {
    for (const name of Object.keys(server)) delete process.env[name];
    Object.assign(process.env, saved);
  }
  // The script leaves an operator's own value in place (sh's ${NAME:-default}).
  const script: string = JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8")).scripts.content;
  for (const name of Object.keys(server)) expect(script).toContain(`${name}=\${${name}:-`);
});
