import { createHash } from "node:crypto";
import zlib from "node:zlib";
import { expect, it } from "vitest";
import { contentSecurityPolicy } from "../../app/server/csp.server.ts";
import {
  answerFromStore,
  bumpContentVersion,
  PageCache,
  preferredEncoding,
  type StoredPage,
} from "../../app/server/page-cache.server.ts";
import { describeEachDatabase } from "./databases.ts";

const page = (body: string, nonce: string, init: ResponseInit = {}) =>
  new Response(body, {
    status: 200,
    headers: { "Content-Type": "text/html", "Content-Security-Policy": contentSecurityPolicy({ nonce }) },
    ...init,
  });

const sha256 = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;

async function store(cache: PageCache, key: string, response: Response, nonce = "n", now = 0) {
  const stored = await cache.put(key, response, { nonce, generation: cache.generation, now });
  if (stored instanceof Response) throw new Error(`${key} was not stored`);
  return stored;
}

const get = (stored: StoredPage, headers: { ifNoneMatch?: string; acceptEncoding?: string } = {}) =>
  answerFromStore(stored, { method: "GET", ...headers });

describeEachDatabase("page cache", (db) => {
  it("stores a page once for everyone: no nonce, its inline scripts allowed by hash", async () => {
    const cache = new PageCache(db(), { keepFirstRequest: true });
    await cache.sync(0);
    const html =
      '<script nonce="n1">a()</script><script type="application/ld+json" nonce="n1">{}</script><script src="/x.js"></script>';
    const stored = await store(cache, "/a", page(html, "n1"), "n1");
    const answer = await get(stored);
    expect(answer.body?.toString()).toBe(
      '<script>a()</script><script type="application/ld+json">{}</script><script src="/x.js"></script>',
    );
    const csp = answer.headers["content-security-policy"] ?? "";
    expect(csp).toContain(`script-src 'self' ${sha256("a()")} ${sha256("{}")};`);
    expect(csp).not.toContain("nonce");
    expect(/script-src[^;]*/.exec(csp)?.[0]).not.toContain("unsafe-inline");
    expect(cache.get("/a", 1000)).toBe(stored);
  });

  it("answers 304 to a client holding the page, and compresses once in the encoding it accepts", async () => {
    const cache = new PageCache(db(), { keepFirstRequest: true });
    const stored = await store(cache, "/p", page(`<p>${"chapter ".repeat(500)}</p>`, "n"));
    const plain = await get(stored);
    expect(plain.status).toBe(200);
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.headers.etag).toMatch(/^W\/".+"$/);
    expect(plain.headers["cache-control"]).toBe("public, max-age=0, stale-while-revalidate=60");
    expect(plain.headers.vary).toBe("Accept-Encoding");

    const br = await get(stored, { acceptEncoding: "gzip, deflate, br" });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(zlib.brotliDecompressSync(br.body ?? Buffer.alloc(0)).equals(stored.body)).toBe(true);
    expect(Number(br.headers["content-length"])).toBe(br.body?.length);
    expect((await get(stored, { acceptEncoding: "br" })).body).toBe(br.body); // made once

    const gz = await get(stored, { acceptEncoding: "gzip;q=1, br;q=0" });
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(zlib.gunzipSync(gz.body ?? Buffer.alloc(0)).equals(stored.body)).toBe(true);

    const again = await get(stored, { ifNoneMatch: `W/"other", ${stored.etag}`, acceptEncoding: "br" });
    expect(again.status).toBe(304);
    expect(again.body).toBeNull();
    expect(again.headers["content-security-policy"]).toBeUndefined();
    expect(again.headers["content-encoding"]).toBeUndefined();
    expect(again.headers.etag).toBe(stored.etag);

    const head = await answerFromStore(stored, { method: "HEAD" });
    expect(head.body).toBeNull();
    expect(Number(head.headers["content-length"])).toBe(stored.body.length);
  });

  it("reads Accept-Encoding as browsers and proxies send it", () => {
    expect(preferredEncoding("gzip, deflate, br, zstd")).toBe("br");
    expect(preferredEncoding("gzip")).toBe("gzip");
    expect(preferredEncoding("BR;q=0.5, gzip;q=1")).toBe("br");
    expect(preferredEncoding("br;q=0, gzip;q=0")).toBeNull();
    expect(preferredEncoding("identity")).toBeNull();
    expect(preferredEncoding(undefined)).toBeNull();
  });

  it("never stores errors, cookies, files with their own caching, or anything but pages", async () => {
    const cache = new PageCache(db(), { keepFirstRequest: true });
    const image = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0xff, 0xfe]);
    const put = (key: string, response: Response) =>
      cache.put(key, response, { nonce: "n", generation: cache.generation });
    await put("/e", page("x", "n", { status: 404 }));
    await put("/c", new Response("x", { headers: { "Content-Type": "text/html", "Set-Cookie": "a=b" } }));
    await put("/m", new Response(image, { headers: { "Content-Type": "image/png" } }));
    await put(
      "/s",
      new Response("<urlset/>", { headers: { "Content-Type": "text/html", "Cache-Control": "max-age=300" } }),
    );
    for (const key of ["/e", "/c", "/m", "/s"]) expect(cache.get(key)).toBeUndefined();
    // A file passed through untouched, byte for byte.
    const passed = await put("/m", new Response(image, { headers: { "Content-Type": "image/png" } }));
    expect(passed).toBeInstanceOf(Response);
    expect(new Uint8Array(await (passed as Response).arrayBuffer())).toEqual(image);
  });

  it("keeps a page from its second request on: one-off addresses never push out the others", async () => {
    const cache = new PageCache(db(), { maxEntries: 2 });
    const put = (key: string) =>
      cache.put(key, page("<p>x</p>", "n"), { nonce: "n", generation: cache.generation });
    expect(await put("/a")).toBeInstanceOf(Response);
    expect(cache.get("/a")).toBeUndefined();
    expect(await put("/a")).not.toBeInstanceOf(Response);
    await put("/b");
    await put("/b");
    for (let i = 0; i < 50; i++) await put(`/class/9?q=${i}`);
    expect(cache.get("/a")).toBeDefined();
    expect(cache.get("/b")).toBeDefined();
  });

  it("a page rendered while the content changed is sent but not kept", async () => {
    const cache = new PageCache(db(), { keepFirstRequest: true });
    const generation = cache.generation;
    await cache.invalidate(); // a console write lands while the page is being rendered
    const sent = await cache.put("/late", page('<script nonce="n">x</script>', "n"), {
      nonce: "n",
      generation,
    });
    expect(sent).toBeInstanceOf(Response);
    expect(await (sent as Response).text()).toBe("<script>x</script>");
    expect(cache.get("/late")).toBeUndefined();
  });

  it("a console write empties it at once; another instance's within the sync interval", async () => {
    const here = new PageCache(db(), {
      maxEntries: 10,
      syncMs: 5000,
      maxAgeMs: 60_000,
      keepFirstRequest: true,
    });
    const there = new PageCache(db(), {
      maxEntries: 10,
      syncMs: 5000,
      maxAgeMs: 60_000,
      keepFirstRequest: true,
    });
    await here.sync(0);
    await there.sync(0);
    await store(here, "/p", page("old", "n"));
    await store(there, "/p", page("old", "n"));
    await here.invalidate();
    expect(here.get("/p", 1)).toBeUndefined();
    await there.sync(1000); // too soon to look again
    expect(there.get("/p", 1000)).toBeDefined();
    await there.sync(6000);
    expect(there.get("/p", 6000)).toBeUndefined();
  });

  it("a change from the CLI reaches every instance; entries expire; the oldest is evicted", async () => {
    const cache = new PageCache(db(), { maxEntries: 2, syncMs: 0, maxAgeMs: 1000, keepFirstRequest: true });
    await cache.sync(0);
    await store(cache, "/1", page("1", "n"));
    await store(cache, "/2", page("2", "n"));
    await store(cache, "/3", page("3", "n"));
    expect(cache.get("/1", 0)).toBeUndefined();
    expect(cache.get("/3", 0)).toBeDefined();
    expect(cache.get("/2", 1500)).toBeUndefined();
    await bumpContentVersion(db());
    await cache.sync(10);
    expect(cache.get("/3", 10)).toBeUndefined();
  });
});
