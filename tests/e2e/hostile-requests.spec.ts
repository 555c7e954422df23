import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import path from "node:path";
import sharp from "sharp";
import { ACCOUNTS, E2E_PORT } from "./accounts.ts";
import { expect, test } from "./fixtures.ts";
import { type OwnServer, ownServer } from "./own-server.ts";
import { signedIn } from "./server-process.ts";

// Requests no page of ours sends: each gets a plain 4xx and the server prints no stack trace.

/** Sends one raw HTTP/1.1 request (any method, Host or target) and returns the status code (0: none). */
function rawStatus(port: number, head: string, body = ""): Promise<number> {
  return new Promise((resolve) => {
    const socket = net.connect(port, "127.0.0.1", () => {
      socket.end(`${head}\r\nConnection: close\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`);
    });
    let answer = "";
    socket.on("data", (chunk) => {
      answer += String(chunk);
    });
    socket.on("error", () => resolve(0));
    socket.on("close", () => resolve(Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1] ?? 0)));
  });
}

let own: OwnServer;
let stderr = "";
const port = E2E_PORT + 91;

test.beforeAll(async () => {
  test.setTimeout(60_000);
  own = await ownServer(port);
  own.server.child.stderr?.on("data", (chunk) => {
    stderr += String(chunk);
  });
});

test.afterAll(async () => {
  await own?.stop();
});

test.afterEach(() => {
  // Whatever was refused, the server's own output holds no stack trace.
  expect(stderr).not.toMatch(/^\s+at /m);
});

test("a login sent as JSON, plain text, with no body or a broken multipart body is a 4xx", async () => {
  const url = `${own.server.url}/login`;
  const origin = { Origin: own.server.url };
  const bodies: Array<[string, RequestInit]> = [
    ["JSON", { headers: { ...origin, "Content-Type": "application/json" }, body: '{"email":"a@b.c"}' }],
    ["text", { headers: { ...origin, "Content-Type": "text/plain" }, body: "email=a@b.c" }],
    ["empty", { headers: origin }],
    ["no boundary", { headers: { ...origin, "Content-Type": "multipart/form-data" }, body: "x" }],
    [
      "broken multipart",
      {
        headers: { ...origin, "Content-Type": "multipart/form-data; boundary=zzz" },
        body: "--zzz\r\nbroken",
      },
    ],
  ];
  for (const [what, init] of bodies) {
    const response = await fetch(url, { method: "POST", ...init });
    expect(response.status, what).toBeGreaterThanOrEqual(400);
    expect(response.status, what).toBeLessThan(500);
    expect(await response.text(), what).not.toMatch(/\s+at /);
  }
  // The same refusal for a console action, before anything is read.
  const api = await signedIn(own.server.url, ACCOUNTS.admin.email, ACCOUNTS.admin.password);
  const json = await api.post("/admin/subjects", {
    data: { intent: "add", grade: "9", code: "x", label: "X" },
  });
  expect(json.status()).toBe(415);
  await api.dispose();
});

test("a malformed Host, an absolute or odd target, and methods we do not serve are refused", async () => {
  const host = `Host: 127.0.0.1:${port}`;
  const cases: Array<[string, number]> = [
    ["GET / HTTP/1.1\r\nHost: [bad", 400],
    ["GET / HTTP/1.1\r\nHost: a b", 400],
    ["GET / HTTP/1.1\r\nHost: ", 400],
    ["GET / HTTP/1.1\r\nHost: example.org:99999", 400],
    ["POST /login HTTP/1.1\r\nHost: a b\r\nContent-Type: application/x-www-form-urlencoded", 400],
    [`GET / HTTP/1.1\r\n${host}\r\nX-Forwarded-Host: a b`, 400],
    [`GET http://other.example/ HTTP/1.1\r\n${host}`, 400],
    [`OPTIONS * HTTP/1.1\r\n${host}`, 405],
    [`TRACE / HTTP/1.1\r\n${host}`, 405],
    [`PROPFIND / HTTP/1.1\r\n${host}`, 405],
    [`PUT / HTTP/1.1\r\n${host}`, 405],
    [`DELETE /login HTTP/1.1\r\n${host}`, 405],
  ];
  for (const [head, status] of cases) {
    expect(await rawStatus(port, head), head).toBe(status);
  }
  // Node's own parser answers a method it does not know at all.
  expect(await rawStatus(port, `TRACK / HTTP/1.1\r\n${host}`)).toBe(400);
  expect(await rawStatus(port, `GET / HTTP/1.1\r\n${host}`)).toBe(200);
  // HTTP/1.0 may leave Host out; without it there is no address to answer for.
  expect(await rawStatus(port, "GET /healthz HTTP/1.0")).toBe(400);
  expect(await rawStatus(port, `GET /healthz HTTP/1.0\r\n${host}`)).toBe(200);
});

test("a width an image does not have is a 404", async () => {
  const api = await signedIn(own.server.url, ACCOUNTS.admin.email, ACCOUNTS.admin.password);
  const png = await sharp({ create: { width: 300, height: 200, channels: 3, background: "#2456d6" } })
    .png()
    .toBuffer();
  const upload = await api.post("/admin/media", {
    multipart: { file: { name: "small.png", mimeType: "image/png", buffer: png } },
  });
  expect(upload.status()).toBe(200);
  const { url } = (await upload.json()) as { url: string };
  const base = url.replace(/\.webp$/, "");
  expect((await api.get(url)).status()).toBe(200);
  for (const name of [`${base}-800w.webp`, `${base}-480w.jpg`, `${base}-123w.webp`, `${base}-0w.webp`]) {
    expect((await api.get(name)).status(), name).toBe(404);
  }
  await api.dispose();
});

test("an upload without a picture file is a 400 that says what to do, not a crash", async () => {
  const api = await signedIn(own.server.url, ACCOUNTS.admin.email, ACCOUNTS.admin.password);
  const uploads: Array<[string, Parameters<typeof api.post>[1]]> = [
    ["a text field", { form: { file: "not a file" } }],
    ["no field", { multipart: { other: "x" } }],
    [
      "an empty file",
      { multipart: { file: { name: "empty.png", mimeType: "image/png", buffer: Buffer.alloc(0) } } },
    ],
  ];
  for (const [what, body] of uploads) {
    const response = await api.post("/admin/media", body);
    expect(response.status(), what).toBe(400);
    expect(await response.json(), what).toEqual({
      ok: false,
      error: "Featured image: choose a picture file to upload.",
    });
  }
  await api.dispose();
});

test("floods of link rows and related posts get a clear 400 and change nothing", async () => {
  const api = await signedIn(own.server.url, ACCOUNTS.admin.email, ACCOUNTS.admin.password);
  const before = await own.snapshot();

  /** Add Data with `chapters` chapters of `rows` rows in each link list (no list over its own cap). */
  const linkRows = (chapters: number, rows: number) => {
    const links = new URLSearchParams({ intent: "save", grade: "10", subject: "science" });
    for (let i = 0; i < chapters; i++) {
      links.append(`chapters[${i}].title`, `Chapter ${i}`);
      for (const kind of ["notes", "questions", "lectures"])
        for (let j = 0; j < rows; j++) {
          links.append(`chapters[${i}].${kind}[${j}].title`, "t");
          links.append(`chapters[${i}].${kind}[${j}].url`, "https://example.org/");
        }
    }
    return links.toString();
  };
  const form = { "Content-Type": "application/x-www-form-urlencoded" };
  // 30,000 fields: refused before the form is read into rows.
  const flood = await api.post("/admin/add-resource", { data: linkRows(100, 50), headers: form });
  expect(flood.status()).toBe(400);
  expect(await flood.text()).toContain("more than 5,000 fields");
  // 1,500 links in 3,000 fields: refused by the form's own cap.
  const spread = await api.post("/admin/add-resource", { data: linkRows(25, 20), headers: form });
  expect(spread.status()).toBe(400);
  expect(await spread.text()).toContain("more than 1,000 links");

  // A flood is refused before it is read into a form; one post too many by the domain's rule.
  const related = new URLSearchParams({ intent: "add", title: "Flood", slug: "flood", status: "draft" });
  for (let i = 0; i < 40_000; i++) related.append("related", `post-${i}`);
  const post = await api.post("/admin/blogs", { data: related.toString(), headers: form });
  expect(post.status()).toBe(400);
  expect(await post.text()).toContain("The form holds more than 5,000 fields");
  const eleven = new URLSearchParams({ intent: "add", title: "Eleven", slug: "eleven", status: "draft" });
  for (let i = 0; i < 11; i++) eleven.append("related", `post-${i}`);
  const tooMany = await api.post("/admin/blogs", { data: eleven.toString(), headers: form });
  expect(tooMany.status()).toBe(400);
  expect(await tooMany.text()).toContain("Related posts: choose at most 10.");

  expect(await own.snapshot()).toBe(before);
  await api.dispose();
});

test("static files carry the security headers too", async () => {
  const buildDir = process.env.BUILD_DIR || "build";
  const asset = fs.readdirSync(path.join(buildDir, "client", "assets"))[0];
  for (const file of [`/assets/${asset}`, "/favicon.ico"]) {
    const response = await fetch(`${own.server.url}${file}`);
    expect(response.status, file).toBe(200);
    expect(response.headers.get("x-content-type-options"), file).toBe("nosniff");
    expect(response.headers.get("x-frame-options"), file).toBe("DENY");
    expect(response.headers.get("referrer-policy"), file).toBe("strict-origin-when-cross-origin");
  }
});

test("a form the server answers without reading (no action there) leaves the connection fit for the next request", async () => {
  // One kept-alive connection for both requests, as browsers and proxies reuse them.
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const send = (method: string, target: string, body = "") =>
    new Promise<{ status: number; reused: boolean }>((resolve, reject) => {
      const request = http.request(
        `${own.server.url}${target}`,
        {
          method,
          agent,
          headers: {
            Origin: own.server.url,
            "Content-Type": "application/x-www-form-urlencoded",
            "Content-Length": Buffer.byteLength(body),
          },
        },
        (response) => {
          response.resume();
          response.on("end", () =>
            resolve({ status: response.statusCode ?? 0, reused: request.reusedSocket }),
          );
        },
      );
      request.on("error", reject);
      request.end(body);
    });
  try {
    // A 1 MB form to an address that takes no form: answered before it is read.
    const unread = await send("POST", "/about", `note=${"x".repeat(1024 * 1024)}`);
    expect(unread.status).toBeGreaterThanOrEqual(400);
    expect(unread.status).toBeLessThan(500);
    const next = await send("GET", "/healthz");
    expect(next).toEqual({ status: 200, reused: true });
  } finally {
    agent.destroy();
  }
});
