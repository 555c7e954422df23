import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { E2E_PORT } from "./accounts.ts";
import { expect, test } from "./fixtures.ts";
import { type ServerProcess, startServerProcess } from "./server-process.ts";

// The README's `npm run dev`: the site through Vite with hot reload. Node and Vite must load the same
// React Router (package.json runs it with `--conditions=development`), or every page answers 500.
test("npm run dev serves the public site and the console's login", async () => {
  test.setTimeout(120_000);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "cw-dev-"));
  let server: ServerProcess | undefined;
  try {
    // Its /healthz answers through React Router too: a dev server that answers 500 never starts.
    server = await startServerProcess(
      E2E_PORT + 216,
      { DATABASE_URL: path.join(dir, "site.db"), LINK_CHECK: "off" },
      { npmScript: "dev", startMs: 90_000 },
    );
    const home = await fetch(`${server.url}/`);
    expect(home.status).toBe(200);
    expect(await home.text()).toContain("ChapterWise");
    expect((await fetch(`${server.url}/class/10`)).status).toBe(200);
    const admin = await fetch(`${server.url}/admin`, { redirect: "manual" });
    expect(admin.status).toBe(302);
    expect((await fetch(`${server.url}/login`)).status).toBe(200);
  } finally {
    await server?.kill();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
