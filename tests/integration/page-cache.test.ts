import { createHash, randomBytes } from "node:crypto";
import zlib from "node:zlib";
import { type KyselyPlugin, sql } from "kysely";
import { expect, it } from "vitest";
import { contentChanged, linkVisibilityChanged } from "#app/server/content-changes.server.ts";
import type { Database } from "#app/server/db.server.ts";
import { hiddenLinkUrls } from "#app/server/link-health/link-health.server.ts";
import { contentSecurityPolicy } from "#app/server/platform/csp.server.ts";
import {
  answerFromStore,
  PageCache,
  preferredEncoding,
  type StoredPage,
} from "#app/server/platform/page-cache.server.ts";
import { saveDataKey } from "#app/server/platform/page-key.server.ts";
import { recordingShownLinks } from "#app/server/platform/shown-links.server.ts";
import { describeEachDatabase } from "./databases.ts";

const page = (body: string, nonce: string, init: ResponseInit = {}) =>
  new Response(body, {
    status: 200,
    headers: { "Content-Type": "text/html", "Content-Security-Policy": contentSecurityPolicy({ nonce }) },
    ...init,
  });

const sha256 = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;

async function store(
  cache: PageCache,
  key: string,
  response: Response,
  nonce = "n",
  now = 0,
  shownLinks?: ReadonlySet<string>,
) {
  const stored = await cache.put(key, response, { nonce, generation: cache.generation, now, shownLinks });
  if (stored instanceof Response) throw new Error(`${key} was not stored`);
  return stored;
}

/** What another instance (or the cli, in its own process) does: only the database hears of it. */
const changedElsewhere = (db: Database) =>
  db
    .updateTable("site_state")
    .set((eb) => ({ value: eb("value", "+", 1) }))
    .where("key", "=", "content_version")
    .execute();

/** What another instance's link check does when a link turns Broken: only the database hears of it. */
async function linkChangedElsewhere(db: Database, urls: string[]) {
  const row = await db
    .updateTable("site_state")
    .set((eb) => ({ value: eb("value", "+", 1) }))
    .where("key", "=", "content_version")
    .returning("value")
    .executeTakeFirstOrThrow();
  await db
    .insertInto("link_visibility_changes")
    .values({ version: Number(row.value), urls: JSON.stringify(urls) })
    .execute();
}

/** The same database, counting the statements sent through this handle. */
function counted(db: Database): { db: Database; count: () => number } {
  let n = 0;
  const plugin: KyselyPlugin = {
    transformQuery: (args) => {
      n++;
      return args.node;
    },
    transformResult: async (args) => args.result,
  };
  return { db: db.withPlugin(plugin), count: () => n };
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

  it("keeps what a page says it varies on (Save-Data) and adds Accept-Encoding; its Save-Data form apart", async () => {
    const cache = new PageCache(db(), { keepFirstRequest: true });
    const headers = { "Content-Type": "text/html", Vary: "Save-Data" };
    const plain = await store(cache, "/v", new Response("<p>with scripts</p>", { headers }));
    const saving = await store(cache, saveDataKey("/v"), new Response("<p>without</p>", { headers }));
    expect((await get(plain)).headers.vary).toBe("Save-Data, Accept-Encoding");
    expect((await get(saving, { ifNoneMatch: plain.etag })).status).toBe(200);
    expect((await get(saving, { ifNoneMatch: saving.etag })).headers.vary).toBe("Save-Data, Accept-Encoding");
    expect(cache.get("/v", 0)).toBe(plain);
    expect(cache.get(saveDataKey("/v"), 0)).toBe(saving);
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

    const html = plain.body ?? Buffer.alloc(0);
    const br = await get(stored, { acceptEncoding: "gzip, deflate, br" });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(zlib.brotliDecompressSync(br.body ?? Buffer.alloc(0)).equals(html)).toBe(true);
    expect(Number(br.headers["content-length"])).toBe(br.body?.length);
    expect((await get(stored, { acceptEncoding: "br" })).body).toBe(br.body); // made once

    const gz = await get(stored, { acceptEncoding: "gzip;q=1, br;q=0" });
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(zlib.gunzipSync(gz.body ?? Buffer.alloc(0)).equals(html)).toBe(true);

    const again = await get(stored, { ifNoneMatch: `W/"other", ${stored.etag}`, acceptEncoding: "br" });
    expect(again.status).toBe(304);
    expect(again.body).toBeNull();
    expect(again.headers["content-security-policy"]).toBeUndefined();
    expect(again.headers["content-encoding"]).toBeUndefined();
    expect(again.headers.etag).toBe(stored.etag);

    const head = await answerFromStore(stored, { method: "HEAD" });
    expect(head.body).toBeNull();
    expect(Number(head.headers["content-length"])).toBe(html.length);

    // Once both copies are made the page itself is let go; a client that takes no compression
    // gets it unpacked from the gzip copy, the same bytes.
    await stored.copied;
    expect(stored.body).toBeNull();
    expect((await get(stored)).body?.equals(html)).toBe(true);
    expect(Number((await answerFromStore(stored, { method: "HEAD" })).headers["content-length"])).toBe(
      html.length,
    );
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

  it("keeps a search only once asked often, apart from the other pages, and repeats its visit work", async () => {
    const cache = new PageCache(db(), {
      maxEntries: 2,
      askedOften: 3,
      maxAskedOftenEntries: 2,
      maxAgeMs: 60_000,
    });
    await cache.sync(0);
    const visits: string[] = [];
    const put = (key: string, now = 0) =>
      cache.put(key, page(`<p>${key}</p>`, "n"), {
        nonce: "n",
        generation: cache.generation,
        now,
        onVisit: () => visits.push(key),
      });
    for (const key of ["/a", "/b"]) for (let i = 0; i < 2; i++) await put(key);
    // Asked twice: rendered, not kept; the third time it is.
    expect(await put("/search?q=light")).toBeInstanceOf(Response);
    expect(await put("/search?q=light")).toBeInstanceOf(Response);
    expect(cache.get("/search?q=light", 0)).toBeUndefined();
    const stored = await put("/search?q=light");
    expect(stored).not.toBeInstanceOf(Response);
    expect(cache.get("/search?q=light", 0)).toBe(stored);
    (stored as StoredPage).onVisit?.();
    expect(visits).toEqual(["/search?q=light"]);
    // Endless queries, each asked often: they push out only each other, never the pages everyone reads.
    for (let n = 0; n < 20; n++) for (let i = 0; i < 3; i++) await put(`/search?q=${n}`);
    expect(cache.get("/a", 0)).toBeDefined();
    expect(cache.get("/b", 0)).toBeDefined();
    expect(cache.get("/search?q=light", 0)).toBeUndefined();
    expect(cache.get("/search?q=19", 0)).toBeDefined();
    expect(cache.get("/search?q=18", 0)).toBeDefined();
    expect(cache.get("/search?q=17", 0)).toBeUndefined();
    // "Often" means recently: asks spread wider than maxAgeMs apart never add up.
    for (let i = 0; i < 5; i++) expect(await put("/search?q=slow", i * 61_000)).toBeInstanceOf(Response);
    // A content change empties both.
    await contentChanged(db());
    expect(cache.get("/a", 0)).toBeUndefined();
    expect(cache.get("/search?q=19", 0)).toBeUndefined();
  });

  it("a page rendered while the content changed is sent but not kept", async () => {
    const cache = new PageCache(db(), { keepFirstRequest: true });
    const generation = cache.generation;
    await contentChanged(db()); // a console write lands while the page is being rendered
    const sent = await cache.put("/late", page('<script nonce="n">x</script>', "n"), {
      nonce: "n",
      generation,
    });
    expect(sent).toBeInstanceOf(Response);
    expect(await (sent as Response).text()).toBe("<script>x</script>");
    expect(cache.get("/late")).toBeUndefined();
  });

  it("a content change empties it at once; another instance's within the sync interval", async () => {
    const options = { maxEntries: 10, syncMs: 5000, maxAgeMs: 60_000, keepFirstRequest: true };
    const here = new PageCache(db(), options);
    await here.sync(0);
    await store(here, "/p", page("old", "n"));
    await contentChanged(db());
    expect(here.get("/p", 1)).toBeUndefined();

    await here.sync(10);
    await store(here, "/p", page("new", "n"), "n", 10);
    await changedElsewhere(db());
    await here.sync(1000); // too soon to look again
    expect(here.get("/p", 1000)).toBeDefined();
    await here.sync(6000);
    expect(here.get("/p", 6000)).toBeUndefined();
  });

  it("a page rendered before the change's transaction commits is not kept", async () => {
    const cache = new PageCache(db(), { syncMs: 5000, keepFirstRequest: true });
    await cache.sync(0);
    await db()
      .transaction()
      .execute(async (trx) => {
        await trx.updateTable("subjects").set({ label: "x" }).where("code", "=", "nothing").execute();
        await contentChanged(trx);
        // Rendered now, a page would still show the old content (another connection's view).
        const sent = await cache.put("/early", page("old", "n"), {
          nonce: "n",
          generation: cache.generation,
        });
        expect(sent).toBeInstanceOf(Response);
      });
    expect(cache.get("/early")).toBeUndefined();
    await cache.sync(1); // the change is visible: pages are kept again, without waiting 5 s
    await store(cache, "/after", page("new", "n"), "n", 1);
    expect(cache.get("/after", 2)).toBeDefined();
  });

  it("a change whose transaction rolled back stops holding pages back after the sync interval", async () => {
    const cache = new PageCache(db(), { syncMs: 5000, keepFirstRequest: true });
    await cache.sync(0);
    await expect(
      db()
        .transaction()
        .execute(async (trx) => {
          await contentChanged(trx);
          throw new Error("the write failed");
        }),
    ).rejects.toThrow("the write failed");
    await cache.sync(100);
    const put = (now: number) =>
      cache.put("/r", page("x", "n"), { nonce: "n", generation: cache.generation, now });
    expect(await put(100)).toBeInstanceOf(Response);
    await cache.sync(5200);
    expect(await put(5200)).not.toBeInstanceOf(Response);
  });

  it("keeps serving stored pages while the database is away, checking again after a back-off", async () => {
    const { db: handle, count } = counted(db());
    const cache = new PageCache(handle, {
      syncMs: 1000,
      maxAgeMs: 600_000,
      retryMs: 2000,
      maxRetryMs: 10_000,
      keepFirstRequest: true,
    });
    await cache.sync(0);
    await store(cache, "/kept", page("kept", "n"));
    // The version check now fails, as it does when the database is unreachable.
    await sql`alter table site_state rename to site_state_away`.execute(db());
    try {
      const checksAt = (times: number[]) => {
        const before = count();
        return Promise.all(times.map((t) => cache.sync(t))).then(() => count() - before);
      };
      expect(await checksAt([1000])).toBe(1); // due: fails, next look in 2 s
      for (let t = 1001; t < 3000; t += 50) {
        expect(await checksAt([t, t])).toBe(0); // requests meanwhile send no query
        expect(cache.get("/kept", t)).toBeDefined();
      }
      expect(await checksAt([3000])).toBe(1); // then 4 s
      expect(await checksAt([6999])).toBe(0);
      expect(await checksAt([7000])).toBe(1); // then 8 s
      expect(await checksAt([15_000])).toBe(1); // then at most 10 s
      expect(await checksAt([24_999])).toBe(0);
      expect(await checksAt([25_000])).toBe(1);
      expect(cache.get("/kept", 25_000)).toBeDefined();
    } finally {
      await sql`alter table site_state_away rename to site_state`.execute(db());
    }
    // Back: a change made meanwhile is seen at the next look, and the store follows it.
    await changedElsewhere(db());
    await cache.sync(35_000);
    expect(cache.get("/kept", 35_000)).toBeUndefined();
    expect(
      await (async () => {
        const before = count();
        await cache.sync(35_500);
        return count() - before;
      })(),
    ).toBe(0); // and the usual interval again
  });

  it("keeps within its byte bound, holding a page in its compressed copies, the least recently used going first", async () => {
    const cache = new PageCache(db(), { keepFirstRequest: true, maxBytes: 16_000 });
    await cache.sync(0);
    // 4,000 bytes each, 1,000 of them random hex digits: about 500 bytes in each encoding.
    const html = () => randomBytes(500).toString("hex").padEnd(4_000, " ");
    const held = (key: string) => cache.get(key, 0);
    const first = await store(cache, "/1", page(html(), "n"));
    // Until its copies are made a page counts whole; then only its copies count.
    expect(cache.size()).toEqual({ entries: 1, bytes: 4_000 + first.compressedBytes });
    await first.copied;
    const one = first.compressedBytes;
    expect(one).toBeGreaterThan(0);
    expect(one).toBeLessThan(2_000);
    expect(cache.size()).toEqual({ entries: 1, bytes: one });
    for (let i = 2; i <= 10; i++) await (await store(cache, `/${i}`, page(html(), "n"))).copied;
    // Ten pages of 4,000 bytes fit in 16,000 as copies.
    expect(cache.size().entries).toBe(10);
    expect(held("/1")).toBeDefined(); // now the most recently used
    for (let i = 11; i <= 40; i++) await (await store(cache, `/${i}`, page(html(), "n"))).copied;
    const { entries, bytes } = cache.size();
    expect(bytes).toBeLessThanOrEqual(16_000);
    expect(entries).toBeGreaterThan(4);
    expect(entries).toBeLessThan(40);
    // The most recently used stay, the oldest went, and the count is the copies of those held.
    expect(held("/2")).toBeUndefined();
    let counted = 0;
    for (let i = 1; i <= 40; i++) {
      const stored = held(`/${i}`);
      if (stored) counted += (stored.body?.length ?? 0) + stored.compressedBytes;
    }
    expect(counted).toBe(bytes);
    expect(held("/40")).toBeDefined();
    // A page too big for the store is sent, not kept; emptying the store empties its count.
    expect(
      await cache.put("/big", page("x".repeat(9_000), "n"), { nonce: "n", generation: cache.generation }),
    ).toBeInstanceOf(Response);
    await changedElsewhere(db());
    await cache.sync(10_000);
    expect(cache.size()).toEqual({ entries: 0, bytes: 0 });
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
    await changedElsewhere(db());
    await cache.sync(10);
    expect(cache.get("/3", 10)).toBeUndefined();
  });

  it("a link turning Broken or back drops only the pages showing it, here at once, elsewhere within the sync interval", async () => {
    const cache = new PageCache(db(), { syncMs: 5000, maxAgeMs: 60_000, keepFirstRequest: true });
    const T = 10_000; // the first look at the content version is due at once
    await cache.sync(T);
    // The page records what it asked link health about, as the chapter and post pages do.
    const rendered = await recordingShownLinks(async () => {
      await hiddenLinkUrls(db(), ["HTTPS://Example.com/a#part", "not a link"]);
      return page("a", "n");
    });
    expect([...rendered.shownLinks]).toEqual(["https://example.com/a"]);
    await store(cache, "/a", rendered.value, "n", T, rendered.shownLinks);
    await store(cache, "/b", page("b", "n"), "n", T, new Set(["https://example.com/b"]));
    await store(cache, "/c", page("c", "n"), "n", T);

    await linkVisibilityChanged(db(), ["https://example.com/a"], true);
    expect(cache.get("/a", T + 1)).toBeUndefined();
    await cache.sync(T + 1); // its own change, read back: nothing else goes
    expect(cache.get("/b", T + 1)).toBeDefined();
    expect(cache.get("/c", T + 1)).toBeDefined();

    await linkChangedElsewhere(db(), ["https://example.com/b"]);
    await cache.sync(T + 1000); // too soon to look again
    expect(cache.get("/b", T + 1000)).toBeDefined();
    await cache.sync(T + 6000);
    expect(cache.get("/b", T + 6000)).toBeUndefined();
    expect(cache.get("/c", T + 6000)).toBeDefined();

    // A link change and a content change together: everything goes.
    await linkChangedElsewhere(db(), ["https://example.com/zzz"]);
    await changedElsewhere(db());
    await cache.sync(T + 12_000);
    expect(cache.get("/c", T + 12_000)).toBeUndefined();
  });

  it("a page rendered while a link it shows changed is sent but not kept; others are kept", async () => {
    const cache = new PageCache(db(), { keepFirstRequest: true });
    await cache.sync(10_000);
    const generation = cache.generation;
    await linkVisibilityChanged(db(), ["https://example.com/late"], true); // the checker records, mid-render
    await cache.sync(10_001);
    const put = (key: string, url: string) =>
      cache.put(key, page("x", "n"), { nonce: "n", generation, now: 10_001, shownLinks: new Set([url]) });
    expect(await put("/shows-it", "https://example.com/late")).toBeInstanceOf(Response);
    expect(await put("/shows-another", "https://example.com/other")).not.toBeInstanceOf(Response);
    expect(cache.get("/shows-it", 10_002)).toBeUndefined();
    // Long ago, by more changes than are remembered: not kept, whatever it shows.
    for (let i = 0; i < 70; i++) await linkVisibilityChanged(db(), [`https://example.com/${i}`], true);
    await cache.sync(10_002);
    expect(await put("/old", "https://example.com/other")).toBeInstanceOf(Response);
  });
});
