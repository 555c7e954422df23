import compression from "compression";
import type { Request, RequestHandler } from "express";

/**
 * Compression of the answers made as they are sent: everything the page store does not hold (a
 * page's first visits, search results, the console, data requests, feeds). Gzip, not brotli: a
 * brotli stream (the library's quality 4) holds some 815 KB of native memory for as long as its
 * answer is being written and gzip some 340 KB, for the same bytes on our pages (a chapter page:
 * 9.9 and 10.1 KB). Under the bench's load, with an answer in the making on every connection,
 * brotli streams held 26 MB of the server's peak. Stored pages keep their brotli copies, made once
 * (app/server/platform/page-cache.server.ts); script and style files (`/assets`) are sent as the
 * copies made at build (decision 0037), any other asset as the client asks.
 * docs/decisions/0016-lean-server.md.
 */
export function compressOnTheFly(): RequestHandler {
  const compress = compression();
  return (req, res, next) => {
    const accepted = req.headers["accept-encoding"];
    if (typeof accepted !== "string" || req.path.startsWith("/assets/")) return compress(req, res, next);
    // The library chooses from the request's Accept-Encoding and cannot be told to leave brotli
    // out: it is handed a view of the request whose header refuses it. A Proxy, read only when the
    // answer's headers are written: a request made the prototype of a view (Object.create) slowed
    // every later use of it, on every request.
    let headers: Request["headers"] | undefined;
    const view = new Proxy(req, {
      get(target, property) {
        if (property !== "headers") return Reflect.get(target, property, target);
        headers ??= { ...target.headers, "accept-encoding": withoutBrotli(accepted) };
        return headers;
      },
    });
    return compress(view, res, next);
  };
}

/** An Accept-Encoding that accepts what `accepted` does but brotli (also through `*`). */
export function withoutBrotli(accepted: string): string {
  const others = accepted
    .split(",")
    .map((part) => part.trim())
    .filter((part) => part !== "" && part.split(";")[0]?.trim().toLowerCase() !== "br");
  return [...others, "br;q=0"].join(", ");
}
