// The service worker's size (DESIGN 8.5): at most 5 KB compressed. It is loaded after a page's
// `load` event, outside the page's first visit (bench/browser.ts does not see it), so it is measured
// here from the build: the file as the server sends it, compressed as the pages' assets are.
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";

export const SERVICE_WORKER_TARGET_BYTES = 5 * 1024;

export type ServiceWorkerSize = { bytes: number; gzip: number; brotli: number };

export function measureServiceWorker(buildDir: string): ServiceWorkerSize {
  const body = fs.readFileSync(path.join(buildDir, "client", "sw.js"));
  return {
    bytes: body.byteLength,
    gzip: zlib.gzipSync(body).byteLength,
    brotli: zlib.brotliCompressSync(body).byteLength,
  };
}

export function serviceWorkerVerdict(size: ServiceWorkerSize) {
  return {
    target: `Service worker (/sw.js) ≤ ${SERVICE_WORKER_TARGET_BYTES / 1024} KB compressed`,
    figure: `${(size.gzip / 1024).toFixed(1)} KB gzip, ${(size.brotli / 1024).toFixed(1)} KB brotli (${(size.bytes / 1024).toFixed(1)} KB)`,
    pass: size.gzip <= SERVICE_WORKER_TARGET_BYTES,
  };
}
