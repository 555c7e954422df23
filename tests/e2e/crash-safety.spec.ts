import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { saveUser } from "#app/server/accounts/users.server.ts";
import { openDatabase } from "#app/server/db.server.ts";
import { E2E_PORT } from "./accounts.ts";
import { expect, test } from "./fixtures.ts";
import { signedIn, startServerProcess } from "./server-process.ts";

test("SIGKILL during a burst of admin writes loses no acknowledged write and leaves the database intact", async () => {
  test.setTimeout(90_000);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "cw-crash-"));
  const file = path.join(dir, "site.db");
  const setup = await openDatabase({ kind: "sqlite", file });
  await saveUser(setup, "crash@e2e.test", "Sturdy-kettle-8431", { role: "admin" });
  await setup.destroy();

  const port = E2E_PORT + 20;
  let server = await startServerProcess(port, { DATABASE_URL: file });
  try {
    const api = await signedIn(server.url, "crash@e2e.test", "Sturdy-kettle-8431");
    const acknowledged: string[] = [];
    let sent = 0;
    // Eight writers add subjects as fast as they can; the server is killed mid-burst.
    const writer = async () => {
      for (;;) {
        const code = `crash-${sent++}`;
        try {
          const response = await api.post("/admin/subjects", {
            form: { intent: "add", grade: "11", code, label: `Crash ${code}` },
          });
          if (response.status() === 200 && (await response.text()).includes("Subject added."))
            acknowledged.push(code);
        } catch {
          return; // the server is gone
        }
      }
    };
    const writers = Array.from({ length: 8 }, writer);
    while (acknowledged.length < 60) await new Promise((r) => setTimeout(r, 20));
    await server.kill("SIGKILL");
    await Promise.all(writers);
    await api.dispose();

    server = await startServerProcess(port, { DATABASE_URL: file });
    const check = new DatabaseSync(file, { readOnly: true });
    expect(check.prepare("PRAGMA integrity_check").get()).toEqual({ integrity_check: "ok" });
    expect(check.prepare("PRAGMA foreign_key_check").all()).toEqual([]);
    const stored = new Set(
      check
        .prepare("SELECT code FROM subjects WHERE grade = 11")
        .all()
        .map((r) => String((r as { code: string }).code)),
    );
    check.close();
    expect(acknowledged.filter((code) => !stored.has(code))).toEqual([]);
    // The restarted server serves what was written.
    const page = await fetch(`${server.url}/class/11?subject=${acknowledged[0]}`);
    expect(page.status).toBe(200);
  } finally {
    await server.kill();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
