import { randomBytes } from "node:crypto";
import pg from "pg";
import { saveUser } from "#app/server/accounts/users.server.ts";
import { openDatabase } from "#app/server/db.server.ts";
import { postgresAvailable, TEST_DATABASE_URL } from "../postgres.ts";
import { E2E_PORT } from "./accounts.ts";
import { expect, test } from "./fixtures.ts";
import { type ServerProcess, signedIn, startServerProcess } from "./server-process.ts";

// Two app instances against one PostgreSQL, as the README's deployment section describes.
const url = TEST_DATABASE_URL;

test.describe("two instances on one PostgreSQL", () => {
  const schema = `cw_multi_${randomBytes(5).toString("hex")}`;
  const databaseUrl = `${url}${url.includes("?") ? "&" : "?"}options=${encodeURIComponent(`-c search_path=${schema}`)}`;
  let a: ServerProcess | undefined;
  let b: ServerProcess | undefined;

  test.beforeAll(async () => {
    test.setTimeout(60_000);
    const available = await postgresAvailable();
    test.skip(!available, "no PostgreSQL at TEST_DATABASE_URL; set it to run these tests");
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query(`create schema ${schema}`);
    await client.end();
    const db = await openDatabase({ kind: "postgres", url }, { schema });
    await saveUser(db, "multi@e2e.test", "Twin-compass-7740", { role: "admin" });
    await db.destroy();
    [a, b] = await Promise.all([
      startServerProcess(E2E_PORT + 30, { DATABASE_URL: databaseUrl }),
      startServerProcess(E2E_PORT + 31, { DATABASE_URL: databaseUrl }),
    ]);
  });

  test.afterAll(async () => {
    await Promise.all([a?.kill(), b?.kill()]);
    if (!a) return;
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query(`drop schema if exists ${schema} cascade`);
    await client.end();
  });

  test("a change saved through one instance is served by the other within the documented 5 s", async () => {
    const api = await signedIn(a?.url as string, "multi@e2e.test", "Twin-compass-7740");
    // B has the class page in its page cache before the change.
    const before = await (await fetch(`${b?.url}/class/12`)).text();
    expect(before).not.toContain("Multi Instance Studies");
    const code = `multi-${Date.now()}`;
    const saved = await api.post("/admin/subjects", {
      form: { intent: "add", grade: "12", code, label: "Multi Instance Studies" },
    });
    expect(await saved.text()).toContain("Subject added.");
    // A, where the change was saved, serves it at once.
    expect(await (await fetch(`${a?.url}/class/12`)).text()).toContain("Multi Instance Studies");
    // B looks at the content version at most every 5 s.
    let seen = false;
    for (let waited = 0; waited <= 7000 && !seen; waited += 250) {
      seen = (await (await fetch(`${b?.url}/class/12`)).text()).includes("Multi Instance Studies");
      if (!seen) await new Promise((r) => setTimeout(r, 250));
    }
    expect(seen).toBe(true);
    await api.dispose();
  });

  test("a session made on one instance is valid on the other", async () => {
    const api = await signedIn(a?.url as string, "multi@e2e.test", "Twin-compass-7740");
    const { cookies } = await api.storageState();
    const session = cookies.find((c) => c.name === "cw_session");
    expect(session).toBeTruthy();
    const onB = await fetch(`${b?.url}/admin/subjects`, {
      headers: { Cookie: `cw_session=${session?.value}` },
      redirect: "manual",
    });
    expect(onB.status).toBe(200);
    expect(await onB.text()).toContain("Admin Menu");
    await api.dispose();
  });

  test("the login limit holds across both instances", async () => {
    const email = `limit-${Date.now()}@e2e.test`;
    const attempt = (server: ServerProcess | undefined) =>
      fetch(`${server?.url}/login`, {
        method: "POST",
        headers: { Origin: server?.url as string, "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ email, password: "wrong-password" }),
        redirect: "manual",
      });
    for (let i = 0; i < 5; i++) expect((await attempt(i % 2 === 0 ? a : b)).status).toBe(401);
    expect((await attempt(a)).status).toBe(429);
    expect((await attempt(b)).status).toBe(429);
  });
});
