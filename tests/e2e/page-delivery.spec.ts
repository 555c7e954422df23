import http from "node:http";
import zlib from "node:zlib";
import { E2E_PORT } from "./accounts.ts";
import { expect, hydrated, test } from "./fixtures.ts";
import { ownServer } from "./own-server.ts";

// How public pages reach a phone: stored once and sent to everyone, compressed, revalidated with
// a 304, their scripts loaded only after the page itself (docs/decisions/0007).

test("a public page is stored: every visitor gets the same bytes, compressed, and a 304 when they hold it", async ({
  request,
}) => {
  await request.get("/guide/11");
  const [a, b] = [await request.get("/guide/11"), await request.get("/guide/11")];
  expect(a.status()).toBe(200);
  expect(await b.text()).toBe(await a.text());
  expect(b.headers().etag).toBe(a.headers().etag);
  // Save-Data: on gets a page of its own (tests/e2e/save-data.spec.ts).
  expect(a.headers().vary).toBe("Save-Data, Accept-Encoding");

  const br = await request.get("/guide/11", { headers: { "Accept-Encoding": "br" } });
  expect(br.headers()["content-encoding"]).toBe("br");
  expect(await br.text()).toBe(await a.text()); // decoded by the client
  const gzip = await request.get("/guide/11", { headers: { "Accept-Encoding": "gzip" } });
  expect(gzip.headers()["content-encoding"]).toBe("gzip");

  const held = await request.get("/guide/11", { headers: { "If-None-Match": a.headers().etag ?? "" } });
  expect(held.status()).toBe(304);
  expect(await held.body()).toHaveLength(0);

  const head = await request.head("/guide/11");
  expect(head.status()).toBe(200);
  expect(head.headers().etag).toBe(a.headers().etag);
});

test("a page compressed as it is sent (not stored) comes in gzip, even to a client that takes brotli; scripts and styles in brotli", async ({
  request,
}) => {
  // A search never asked before is rendered for this visit; a stored page comes in brotli (above).
  const first = await request.get(`/search?q=${encodeURIComponent(`osmosis ${Date.now()}`)}`, {
    headers: { "Accept-Encoding": "br, gzip" },
  });
  expect(first.status()).toBe(200);
  expect(first.headers()["content-encoding"]).toBe("gzip");
  expect(await first.text()).toContain("osmosis");

  const anyEncoding = await request.get(`/search?q=${encodeURIComponent(`cell ${Date.now()}`)}`, {
    headers: { "Accept-Encoding": "*" },
  });
  expect(anyEncoding.headers()["content-encoding"]).toBe("gzip");
  const brotliOnly = await request.get(`/search?q=${encodeURIComponent(`atom ${Date.now()}`)}`, {
    headers: { "Accept-Encoding": "br" },
  });
  expect(brotliOnly.status()).toBe(200);
  expect(brotliOnly.headers()["content-encoding"]).toBeUndefined();

  // Script and style files, fetched once and kept a year, come in brotli (made at build, below).
  const stylesheet = /href="(\/assets\/[^"]+\.css)"/.exec(await first.text())?.[1];
  expect(stylesheet).toBeTruthy();
  const css = await request.get(stylesheet ?? "", { headers: { "Accept-Encoding": "br, gzip" } });
  expect(css.headers()["content-encoding"]).toBe("br");
});

test("scripts and styles are sent as their brotli or gzip copy made at build, the same file in every encoding, kept a year", async ({
  request,
  baseURL,
}) => {
  const html = await (await request.get("/class/9")).text();
  const files = [...new Set(html.match(/\/assets\/[\w.-]+\.(?:js|css)/g))];
  expect(files.length).toBeGreaterThan(1);
  for (const file of files.slice(0, 3)) {
    // Read with node:http, which (unlike a browser) leaves the body as it came: the bytes sent.
    const sent = (encoding: string) =>
      new Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) =>
        http
          .get(new URL(file, baseURL), { headers: { "Accept-Encoding": encoding } }, (response) => {
            const chunks: Buffer[] = [];
            response.on("data", (chunk: Buffer) => chunks.push(chunk));
            response.on("end", () => resolve({ headers: response.headers, body: Buffer.concat(chunks) }));
          })
          .on("error", reject),
      );
    const [br, gzip, plain] = [await sent("gzip, deflate, br"), await sent("gzip"), await sent("identity")];
    for (const { headers } of [br, gzip, plain]) {
      expect(headers.vary).toContain("Accept-Encoding");
      expect(headers["cache-control"]).toBe("public, max-age=31536000, immutable");
      expect(headers["content-type"]).toMatch(/^text\/(javascript|css)/);
    }
    expect([br, gzip, plain].map((r) => r.headers["content-encoding"])).toEqual(["br", "gzip", undefined]);
    expect(zlib.brotliDecompressSync(br.body)).toEqual(plain.body);
    expect(zlib.gunzipSync(gzip.body)).toEqual(plain.body);
    // Made once at the highest settings: brotli smaller than gzip, both far smaller than the file.
    expect(br.body.length).toBeLessThan(gzip.body.length);
    expect(gzip.body.length).toBeLessThan(plain.body.length / 2);
  }
});

test("a public page names no script to fetch before it is shown, and takes them after it has loaded", async ({
  page,
  request,
  consoleErrors,
}) => {
  const html = await (await request.get("/class/9")).text();
  expect(html).not.toMatch(/<link rel="modulepreload"/);
  expect(html).not.toMatch(/<script[^>]*type="module"/);

  const scriptsBeforeLoad: string[] = [];
  let loaded = false;
  page.on("load", () => {
    loaded = true;
  });
  page.on("request", (r) => {
    if (r.resourceType() === "script" && !loaded) scriptsBeforeLoad.push(r.url());
  });
  await page.goto("/class/9");
  await hydrated(page);
  expect(scriptsBeforeLoad).toEqual([]);
  // With React in charge, a link is followed without reloading the document.
  await page.evaluate(() => {
    (window as unknown as { marker: boolean }).marker = true;
  });
  await page.getByRole("link", { name: "About Us" }).first().click();
  await expect(page).toHaveURL(/\/about$/);
  expect(await page.evaluate(() => (window as unknown as { marker?: boolean }).marker)).toBe(true);
  expect(consoleErrors).toEqual([]);
});

test("the console hydrates at once, as React Router does by default", async ({ adminPage: page }) => {
  const response = await page.request.get("/admin/subjects");
  const html = await response.text();
  expect(html).toMatch(/<link rel="modulepreload"/);
  expect(html).toMatch(/<script[^>]*type="module"/);
  await page.goto("/admin/subjects");
  await hydrated(page);
});

test("the top bar and footer a page reuses are the bytes React renders in place, and they hydrate and follow the visitor", async ({
  page,
  request,
}) => {
  // A server of its own: it has kept nothing yet, so each place in the menu is first rendered in place.
  const port = E2E_PORT + 215;
  const origin = `http://127.0.0.1:${port}`;
  const own = await ownServer(port, { LINK_CHECK: "off" });
  try {
    // A stored page's copy leaves the nonce out; nothing else may differ.
    const body = async (path: string) =>
      (await (await request.get(`${origin}${path}`)).text()).replaceAll(/ nonce="[^"]*"/g, "");
    const chapter = /href="(\/class\/10\/chapter\/[^"]+)"/.exec(await body("/class/10"))?.[1] ?? "";
    expect(chapter).not.toBe("");
    const paths = ["/", chapter, "/guide/10", "/about", "/blog", "/search?q=light", "/no-such-page"];
    for (const path of paths) {
      const inPlace = await body(path.includes("chapter") ? `${path}?report=fresh-1` : path);
      const kept = await body(path.includes("chapter") ? `${path}?report=fresh-2` : path);
      expect(inPlace).toContain('<header data-part="top-bar"');
      expect(inPlace).toContain('<footer data-part="footer"');
      expect(kept, path).toBe(inPlace);
    }

    // Hydrated over kept HTML, with no mismatch; the menu then follows a client-side navigation.
    const errors: string[] = [];
    page.on("console", (msg) => {
      if (msg.type() === "error") errors.push(msg.text());
    });
    page.on("pageerror", (err) => errors.push(err.message));
    await page.goto(`${origin}/guide/10`);
    await hydrated(page);
    const main = page.getByRole("navigation", { name: "Main" });
    await expect(main.getByRole("link", { name: "Blog" })).not.toHaveAttribute("aria-current", "page");
    await page.evaluate(() => {
      (window as unknown as { marker: boolean }).marker = true;
    });
    await main.getByRole("link", { name: "Blog" }).click();
    await expect(page).toHaveURL(/\/blog$/);
    expect(await page.evaluate(() => (window as unknown as { marker?: boolean }).marker)).toBe(true);
    await expect(main.getByRole("link", { name: "Blog" })).toHaveAttribute("aria-current", "page");
    await expect(main.getByRole("link", { name: "Home" })).not.toHaveAttribute("aria-current", "page");
    expect(errors).toEqual([]);
  } finally {
    await own.stop();
  }
});
