// What each public page makes a browser download: every response read from Chromium on a first
// visit (empty cache), JS and CSS compressed here with gzip and brotli, and the total transfer
// as Chromium counted it on the wire (CDP Network.loadingFinished encodedDataLength).
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { chromium } from "@playwright/test";

export const CHROME_FLAGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/** Debian's Chromium (or CHROME_PATH); undefined lets Playwright use its own. */
export function chromePath(): string | undefined {
  if (process.env.CHROME_PATH) return process.env.CHROME_PATH;
  return fs.existsSync("/usr/bin/chromium") ? "/usr/bin/chromium" : undefined;
}

export type JsOwnership = {
  /** URL paths (e.g. /assets/entry.client-x.js) of the client entry and its static-import closure. */
  framework: Set<string>;
  /** Which manifest the split was read from. */
  source: string;
};

/**
 * Framework = the client entry (entry.client) and every chunk it statically imports, directly or
 * not; everything else (root, route modules, the chunks only they import) is our own. Read from
 * Vite's manifest when the build kept it, else from React Router's browser manifest, whose
 * `entry.imports` is that same closure.
 */
export function jsOwnership(buildDir: string): JsOwnership {
  const client = path.join(buildDir, "client");
  const viteManifest = path.join(client, ".vite", "manifest.json");
  if (fs.existsSync(viteManifest)) {
    type Chunk = { file: string; src?: string; isEntry?: boolean; imports?: string[] };
    const chunks = JSON.parse(fs.readFileSync(viteManifest, "utf8")) as Record<string, Chunk>;
    const entryKey = Object.keys(chunks).find(
      (key) => chunks[key]?.isEntry && /entry\.client/.test(`${key} ${chunks[key]?.file}`),
    );
    if (!entryKey) throw new Error(`${viteManifest} has no entry.client chunk`);
    const framework = new Set<string>();
    const visit = (key: string) => {
      const chunk = chunks[key];
      if (!chunk || framework.has(`/${chunk.file}`)) return;
      framework.add(`/${chunk.file}`);
      for (const imported of chunk.imports ?? []) visit(imported);
    };
    visit(entryKey);
    return { framework, source: path.relative(process.cwd(), viteManifest) };
  }
  const assets = path.join(client, "assets");
  const file = fs
    .readdirSync(assets)
    .filter((name) => /^manifest-[\w-]+\.js$/.test(name))
    .map((name) => path.join(assets, name))
    .sort((a, b) => fs.statSync(b).mtimeMs - fs.statSync(a).mtimeMs)[0];
  if (!file) throw new Error(`no Vite or React Router manifest in ${client}`);
  const text = fs.readFileSync(file, "utf8");
  const json = text.slice(text.indexOf("=") + 1).replace(/;\s*$/, "");
  const manifest = JSON.parse(json) as { entry: { module: string; imports: string[] } };
  return {
    framework: new Set([manifest.entry.module, ...manifest.entry.imports]),
    source: `${path.relative(process.cwd(), file)} (React Router browser manifest: entry.module + entry.imports)`,
  };
}

export type Asset = { url: string; bytes: number; gzip: number; brotli: number };
export type PageBytes = {
  name: string;
  path: string;
  status: number;
  html: Asset;
  inlineScriptBytes: number;
  jsFramework: Asset[];
  jsOwn: Asset[];
  css: Asset[];
  images: Asset[];
  totals: {
    jsGzip: number;
    jsBrotli: number;
    /** The script bodies as the server sent them to Chromium (brotli, precompressed at build). */
    jsSent: number;
    jsFrameworkGzip: number;
    jsOwnGzip: number;
    jsOwnBrotli: number;
    cssGzip: number;
    cssBrotli: number;
    /** Every byte Chromium received for the page, headers included (encodedDataLength). */
    transfer: number;
    requests: number;
  };
  editorCode: boolean;
  otherHosts: string[];
  failedRequests: string[];
  /** Why the page itself could not be loaded (e.g. net::ERR_CONNECTION_REFUSED). */
  error?: string;
};

function sizes(url: string, body: Buffer): Asset {
  return {
    url,
    bytes: body.byteLength,
    gzip: zlib.gzipSync(body).byteLength,
    brotli: zlib.brotliCompressSync(body, {
      params: { [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT },
    }).byteLength,
  };
}

const sum = (assets: Asset[], key: "gzip" | "brotli") => assets.reduce((n, a) => n + a[key], 0);

/** Loads each page in a fresh browser context (cold cache) and classifies what it downloaded. */
export async function measurePageBytes(
  origin: string,
  pages: { name: string; path: string }[],
  ownership: JsOwnership,
): Promise<PageBytes[]> {
  const browser = await chromium.launch({ executablePath: chromePath(), args: CHROME_FLAGS });
  const results: PageBytes[] = [];
  try {
    for (const target of pages) {
      const context = await browser.newContext();
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send("Network.enable");
      let transfer = 0;
      let requests = 0;
      cdp.on("Network.loadingFinished", (event) => {
        transfer += event.encodedDataLength;
        requests++;
      });
      const responses: { url: string; type: string; body: Promise<Buffer | null>; sent: Promise<number> }[] =
        [];
      const otherHosts = new Set<string>();
      const failed: string[] = [];
      const { host } = new URL(origin);
      page.on("request", (request) => {
        const url = new URL(request.url());
        if ((url.protocol === "http:" || url.protocol === "https:") && url.host !== host)
          otherHosts.add(url.host);
      });
      page.on("requestfailed", (request) =>
        failed.push(`${request.url()} (${request.failure()?.errorText ?? "failed"})`),
      );
      page.on("response", (response) => {
        responses.push({
          url: response.url(),
          type: response.request().resourceType(),
          body: response.body().catch(() => null),
          sent: response
            .request()
            .sizes()
            .then((sizes) => sizes.responseBodySize)
            .catch(() => 0),
        });
      });
      let status = 0;
      let error: string | undefined;
      try {
        const main = await page.goto(origin + target.path, { waitUntil: "networkidle", timeout: 60_000 });
        // Let late modulepreloads and the hydration's own requests finish.
        await page.waitForTimeout(500);
        status = main?.status() ?? 0;
      } catch (err) {
        // Reported as not measured (status 0); the other pages are still measured.
        error = err instanceof Error ? (err.message.split("\n")[0] ?? err.message) : String(err);
      }
      const loaded = await Promise.all(
        responses.map(async (r) => ({
          ...r,
          body: await r.body,
          sent: await r.sent,
          pathname: new URL(r.url).pathname,
        })),
      );
      await context.close();

      const document = loaded.find((r) => r.type === "document");
      const htmlBody = document?.body ?? Buffer.alloc(0);
      const inlineScriptBytes = [
        ...htmlBody.toString("utf8").matchAll(/<script\b(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g),
      ]
        .map((m) => Buffer.byteLength(m[1] ?? ""))
        .reduce((a, b) => a + b, 0);
      const jsFramework: Asset[] = [];
      const jsOwn: Asset[] = [];
      const css: Asset[] = [];
      const images: Asset[] = [];
      let editorCode = false;
      let jsSent = 0;
      for (const r of loaded) {
        if (!r.body || r.type === "document") continue;
        if (r.type === "script" || /\.m?js$/.test(r.pathname)) {
          if (/prosemirror|tiptap/i.test(r.body.toString("utf8"))) editorCode = true;
          jsSent += r.sent;
          (ownership.framework.has(r.pathname) ? jsFramework : jsOwn).push(sizes(r.pathname, r.body));
        } else if (r.type === "stylesheet" || r.pathname.endsWith(".css")) {
          css.push(sizes(r.pathname, r.body));
        } else if (r.type === "image") {
          images.push({
            url: r.pathname,
            bytes: r.body.byteLength,
            gzip: r.body.byteLength,
            brotli: r.body.byteLength,
          });
        }
      }
      const js = [...jsFramework, ...jsOwn];
      results.push({
        name: target.name,
        path: target.path,
        status,
        html: sizes(target.path, htmlBody),
        inlineScriptBytes,
        jsFramework,
        jsOwn,
        css,
        images,
        totals: {
          jsGzip: sum(js, "gzip"),
          jsBrotli: sum(js, "brotli"),
          jsSent,
          jsFrameworkGzip: sum(jsFramework, "gzip"),
          jsOwnGzip: sum(jsOwn, "gzip"),
          jsOwnBrotli: sum(jsOwn, "brotli"),
          cssGzip: sum(css, "gzip"),
          cssBrotli: sum(css, "brotli"),
          transfer,
          requests,
        },
        editorCode,
        otherHosts: [...otherHosts],
        failedRequests: failed,
        error,
      });
    }
  } finally {
    await browser.close();
  }
  return results;
}
