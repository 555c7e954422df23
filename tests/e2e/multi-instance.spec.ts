import { randomBytes } from "node:crypto";
import { request as playwrightRequest } from "@playwright/test";
import pg from "pg";
import { secretKeyFrom, setSecretKey } from "#app/server/accounts/secret-box.server.ts";
import {
  confirmTwoStep,
  currentCode,
  startTwoStep,
  twoStepState,
} from "#app/server/accounts/two-step.server.ts";
import { saveUser } from "#app/server/accounts/users.server.ts";
import { parseSecretKey } from "#app/server/config.server.ts";
import { openDatabase } from "#app/server/db.server.ts";
import { postgresAvailable, TEST_DATABASE_URL } from "../postgres.ts";
import { E2E_PORT } from "./accounts.ts";
import { expect, test } from "./fixtures.ts";
import { type ServerProcess, signedIn, startServerProcess, TEST_SECRET_KEY } from "./server-process.ts";

// Two app instances against one PostgreSQL, as the README's deployment section describes.
const url = TEST_DATABASE_URL;

test.describe("two instances on one PostgreSQL", () => {
  const schema = `cw_multi_${randomBytes(5).toString("hex")}`;
  const databaseUrl = `${url}${url.includes("?") ? "&" : "?"}options=${encodeURIComponent(`-c search_path=${schema}`)}`;
  let a: ServerProcess | undefined;
  let b: ServerProcess | undefined;
  /** The app's secret of an account with two-step sign-in, sealed under the instances' SECRET_KEY. */
  let twoStepSecret = "";

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
    // Set up here under the instances' key, as one of them would have done.
    setSecretKey(secretKeyFrom(parseSecretKey(TEST_SECRET_KEY) as Buffer));
    const { user } = await saveUser(db, "two-step@e2e.test", "Twin-compass-7740", { role: "editor" });
    await startTwoStep(db, user.id);
    const state = await twoStepState(db, user, "ChapterWise");
    if (state.status !== "setting-up") throw new Error("not setting up");
    twoStepSecret = state.secret;
    await confirmTwoStep(db, user.id, currentCode(twoStepSecret, Date.now() - 60_000), Date.now() - 60_000);
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

  test("one SECRET_KEY for every instance: a two-step sign-in works through either; another key or none stops start-up", async () => {
    /** Password, then the code, through one instance's /login. */
    async function signInWithCode(url: string, code: string): Promise<number> {
      const api = await playwrightRequest.newContext({ baseURL: url, extraHTTPHeaders: { Origin: url } });
      try {
        const form = { email: "two-step@e2e.test", password: "Twin-compass-7740" };
        const password = await api.post("/login", { form, maxRedirects: 0 });
        // The password alone signs nobody in: back to /login, which asks for the code.
        expect(password.headers().location).toMatch(/\/login$/);
        expect(await (await api.get("/login")).text()).toContain("Code");
        return (await api.post("/login", { form: { intent: "code", code }, maxRedirects: 0 })).status();
      } finally {
        await api.dispose();
      }
    }
    expect(await signInWithCode(a?.url as string, currentCode(twoStepSecret))).toBe(302);
    expect(await signInWithCode(b?.url as string, currentCode(twoStepSecret, Date.now() + 30_000))).toBe(302);

    const other = randomBytes(32).toString("hex");
    for (const [key, line] of [
      [other, /^SECRET_KEY: is not the key the two-step secrets of two-step@e2e\.test were sealed with/],
      ["", /^SECRET_KEY: must be set on PostgreSQL, the same for every instance/],
    ] as const) {
      const started = startServerProcess(E2E_PORT + 32, { DATABASE_URL: databaseUrl, SECRET_KEY: key });
      const error = await started.then(
        async (server) => {
          await server.kill();
          return "started";
        },
        (err: Error) => err.message.replace(/^server exited: /, "").trim(),
      );
      expect(error.split("\n")).toHaveLength(1);
      expect(error.replace(/^Could not start: /, "")).toMatch(line);
    }
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
