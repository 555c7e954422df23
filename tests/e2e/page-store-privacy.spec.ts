import { type APIRequestContext, type APIResponse, request } from "@playwright/test";
import { ACCOUNTS, E2E_PORT } from "./accounts.ts";
import { expect, test } from "./fixtures.ts";
import { type OwnServer, ownServer } from "./own-server.ts";
import { signedIn } from "./server-process.ts";

// The public page store (docs/decisions/0007) never keeps the console, however its path is
// spelled; only a write that changed content empties it; made-up query strings cannot fill it.

/** A stored page is the same for everyone: its CSP allows scripts by hash, never by a nonce. */
const fromStore = (response: APIResponse) =>
  response.status() === 200 && !/nonce-/.test(response.headers()["content-security-policy"] ?? "");

const contentVersion = (own: OwnServer) =>
  own.read(async (db) =>
    Number(
      (
        await db
          .selectFrom("site_state")
          .select("value")
          .where("key", "=", "content_version")
          .executeTakeFirstOrThrow()
      ).value,
    ),
  );

let own: OwnServer;
let admin: APIRequestContext;
let visitor: APIRequestContext;

test.beforeAll(async () => {
  own = await ownServer(E2E_PORT + 92);
  const url = own.server.url;
  admin = await signedIn(url, ACCOUNTS.admin.email, ACCOUNTS.admin.password);
  visitor = await request.newContext({ baseURL: url, extraHTTPHeaders: { Origin: url } });
});

test.afterAll(async () => {
  await admin?.dispose();
  await visitor?.dispose();
  await own?.stop();
});

test("console pages asked for under other spellings are never stored nor cached, and never reach visitors", async () => {
  const spellings = [
    "/ADMIN/blogs/3",
    "/Admin/Chapters/2?page=1",
    "/Admin",
    "/%61dmin/notes",
    "/admin/",
    "/Admin/subjects/",
    "/ADMIN/blogs.data",
    "/Admin.data",
    "/%61dmin/notes.data",
    "/Admin/_.data",
  ];
  for (const path of spellings) {
    for (let i = 0; i < 2; i++) {
      const response = await admin.get(path, { maxRedirects: 0 });
      expect(response.status(), `admin GET ${path}`).toBe(200);
      expect(await response.text(), `admin GET ${path}`).toContain(ACCOUNTS.admin.email);
      expect(response.headers()["cache-control"], `admin GET ${path}`).toBe("private, no-store");
      expect(response.headers().etag, `admin GET ${path}`).toBeUndefined();
    }
  }
  for (const path of spellings) {
    const response = await visitor.get(path, { maxRedirects: 0 });
    expect(await response.text(), `visitor GET ${path}`).not.toContain(ACCOUNTS.admin.email);
    expect([302, 202, 204, 404], `visitor GET ${path}: ${response.status()}`).toContain(response.status());
    expect(response.headers()["cache-control"], `visitor GET ${path}`).toBe("private, no-store");
  }
});

test("a signed-out write to the console changes nothing and keeps the store", async () => {
  await visitor.get("/guide/10");
  expect(fromStore(await visitor.get("/guide/10"))).toBe(true);
  const version = await contentVersion(own);
  for (const path of ["/admin", "/ADMIN/blogs", "/%61dmin/subjects", "/Admin/notes.data"]) {
    const response = await visitor.post(path, { maxRedirects: 0 });
    expect(response.status(), `visitor POST ${path}`).toBeLessThan(500);
  }
  expect(await contentVersion(own)).toBe(version);
  expect(fromStore(await visitor.get("/guide/10"))).toBe(true);
});

test("a write through an odd spelling of a console path empties the store", async () => {
  await visitor.get("/class/9");
  expect(fromStore(await visitor.get("/class/9"))).toBe(true);
  const response = await admin.post("/%61dmin/Subjects", {
    form: { intent: "add", grade: "9", code: "page-store-check", label: "Page Store Check" },
    maxRedirects: 0,
  });
  expect(response.status()).toBeLessThan(400);
  const page = await visitor.get("/class/9");
  expect(await page.text()).toContain("Page Store Check");
});

test("made-up query strings are answered from the page itself and cannot push real pages out", async () => {
  for (const path of ["/about", "/blog"]) {
    await visitor.get(path);
    expect(fromStore(await visitor.get(path)), path).toBe(true);
  }
  const about = await (await visitor.get("/about")).text();
  for (let n = 0; n < 600; n++) {
    for (let i = 0; i < 2; i++) {
      const response = await visitor.get(`/about?junk=${n}`);
      expect(response.status()).toBe(200);
      if (n % 100 === 0) expect(await response.text()).toBe(about);
    }
  }
  expect(fromStore(await visitor.get("/blog"))).toBe(true);
  expect(fromStore(await visitor.get("/about?utm_source=x"))).toBe(true);
});

test("client navigation data is answered whatever routes it names", async () => {
  for (const routes of [
    "routes%2Fpublic%2Fclass",
    "root%2Croutes%2Fpublic%2Fclass",
    "nothing-1",
    "nothing-2",
  ]) {
    const response = await visitor.get(`/Class/10.data?subject=science&_routes=${routes}&junk=${routes}`);
    expect(response.status(), routes).toBe(200);
    const text = await response.text();
    expect(text, routes).toContain("routes/public/class");
    expect(text, routes).toContain("Science");
  }
});
