import http from "node:http";
import type { AddressInfo } from "node:net";

// Small web sites on 127.0.0.1 for the link checker's tests: each path answers as its handler says,
// and the site records every request and how many were in progress at once (per site).

export type Handler = (req: http.IncomingMessage, res: http.ServerResponse) => void | Promise<void>;

export type Site = {
  origin: string;
  port: number;
  /** "METHOD /path?query" of every request, in order. */
  requests: string[];
  /** The most requests in progress at once. */
  peakConcurrent: number;
  /** Bytes of bodies written and whether responses were cut off, per path. */
  written: Map<string, { bytes: number; finished: boolean }>;
  url(path: string): string;
  close(): Promise<void>;
};

/** Starts a site answering `routes` (exact paths, query ignored); anything else is 404. */
export async function startSite(routes: Record<string, Handler>, host = "127.0.0.1"): Promise<Site> {
  let active = 0;
  const site: Omit<Site, "origin" | "port" | "url" | "close"> = {
    requests: [],
    peakConcurrent: 0,
    written: new Map(),
  };
  const server = http.createServer(async (req, res) => {
    const path = (req.url ?? "/").split("?")[0] ?? "/";
    site.requests.push(`${req.method} ${req.url}`);
    active++;
    site.peakConcurrent = Math.max(site.peakConcurrent, active);
    res.on("close", () => active--);
    const handler = routes[path];
    if (!handler) {
      res.writeHead(404, { "content-type": "text/plain" }).end("not found");
      return;
    }
    await handler(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const { port } = server.address() as AddressInfo;
  const origin = `http://${host}:${port}`;
  return Object.assign(site, {
    origin,
    port,
    url: (path: string) => `${origin}${path}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
}

export const status =
  (code: number, headers: Record<string, string> = {}): Handler =>
  (_req, res) => {
    res
      .writeHead(code, { "content-type": "text/plain", ...headers })
      .end(code >= 300 && code < 400 ? "" : `${code}`);
  };

export const redirect = (code: number, location: string): Handler => status(code, { location });

/** Answers only after `release` resolves (or the client gives up). */
export const slow =
  (release: Promise<void>): Handler =>
  async (req, res) => {
    await Promise.race([release, new Promise((resolve) => req.socket.once("close", resolve))]);
    if (!res.destroyed) res.writeHead(200).end("late");
  };

/** A body of `bytes` for GET, written as fast as the client reads it; records how much went out. */
export const bigBody =
  (site: () => Site, bytes: number): Handler =>
  async (req, res) => {
    // HEAD is refused, as some servers do: the checker has to GET it.
    if (req.method === "HEAD") {
      res.writeHead(405).end();
      return;
    }
    const path = (req.url ?? "/").split("?")[0] ?? "/";
    const record = { bytes: 0, finished: false };
    site().written.set(path, record);
    res.writeHead(200, { "content-type": "text/html", "content-length": String(bytes) });
    const chunk = Buffer.alloc(16 * 1024, "a");
    while (record.bytes < bytes && !res.destroyed) {
      const ok = res.write(chunk);
      record.bytes += chunk.length;
      if (!ok)
        await new Promise((resolve) => {
          res.once("drain", resolve);
          res.once("close", resolve);
        });
    }
    if (!res.destroyed) {
      res.end();
      record.finished = true;
    }
  };
