import { expect, it } from "vitest";
import { bumpContentVersion, PageCache } from "../../app/server/page-cache.server.ts";
import { describeEachDatabase } from "./databases.ts";

const page = (body: string, nonce: string, init: ResponseInit = {}) =>
  new Response(body, {
    status: 200,
    headers: { "Content-Type": "text/html", "Content-Security-Policy": `script-src 'nonce-${nonce}'` },
    ...init,
  });

describeEachDatabase("page cache", (db) => {
  it("serves a stored page with the new response's nonce, in body and CSP", async () => {
    const cache = new PageCache(db());
    await cache.sync(0);
    await cache.put("/a", page('<script nonce="n1">x</script>', "n1"), "n1", 0);
    const hit = cache.get("/a", "n2", 1000);
    expect(await hit?.text()).toBe('<script nonce="n2">x</script>');
    expect(hit?.headers.get("Content-Security-Policy")).toBe("script-src 'nonce-n2'");
  });

  it("never stores errors, cookies, files with their own caching, or anything but pages", async () => {
    const cache = new PageCache(db());
    const image = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0xff, 0xfe]);
    await cache.put("/e", page("x", "n", { status: 404 }), "n");
    await cache.put(
      "/c",
      new Response("x", { headers: { "Content-Type": "text/html", "Set-Cookie": "a=b" } }),
      "n",
    );
    await cache.put("/m", new Response(image, { headers: { "Content-Type": "image/png" } }), "n");
    await cache.put(
      "/s",
      new Response("<urlset/>", { headers: { "Content-Type": "text/html", "Cache-Control": "max-age=300" } }),
      "n",
    );
    for (const key of ["/e", "/c", "/m", "/s"]) expect(cache.get(key, "n")).toBeUndefined();
    // A file passed through untouched, byte for byte.
    const passed = await cache.put(
      "/m",
      new Response(image, { headers: { "Content-Type": "image/png" } }),
      "n",
    );
    expect(new Uint8Array(await passed.arrayBuffer())).toEqual(image);
  });

  it("a console write empties it at once; another instance's within the sync interval", async () => {
    const here = new PageCache(db(), { maxEntries: 10, syncMs: 5000, maxAgeMs: 60_000 });
    const there = new PageCache(db(), { maxEntries: 10, syncMs: 5000, maxAgeMs: 60_000 });
    await here.sync(0);
    await there.sync(0);
    await here.put("/p", page("old", "n"), "n", 0);
    await there.put("/p", page("old", "n"), "n", 0);
    await here.invalidate();
    expect(here.get("/p", "n", 1)).toBeUndefined();
    await there.sync(1000); // too soon to look again
    expect(there.get("/p", "n", 1000)).toBeDefined();
    await there.sync(6000);
    expect(there.get("/p", "n", 6000)).toBeUndefined();
  });

  it("a change from the CLI reaches every instance; entries expire; the oldest is evicted", async () => {
    const cache = new PageCache(db(), { maxEntries: 2, syncMs: 0, maxAgeMs: 1000 });
    await cache.sync(0);
    await cache.put("/1", page("1", "n"), "n", 0);
    await cache.put("/2", page("2", "n"), "n", 0);
    await cache.put("/3", page("3", "n"), "n", 0);
    expect(cache.get("/1", "n", 0)).toBeUndefined();
    expect(cache.get("/3", "n", 0)).toBeDefined();
    expect(cache.get("/2", "n", 1500)).toBeUndefined();
    await bumpContentVersion(db());
    await cache.sync(10);
    expect(cache.get("/3", "n", 10)).toBeUndefined();
  });
});
