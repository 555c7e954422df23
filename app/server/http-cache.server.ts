import { createHash } from "node:crypto";
import { isPrivatePath } from "#app/server/page-key.server.ts";

export { isPrivatePath };

/** Public pages: reused at once, refreshed in the background; each visit sees a change within a minute. */
export const PUBLIC_PAGE_CACHE = "public, max-age=0, stale-while-revalidate=60";
/** The console, login and logout: never cached anywhere. */
export const PRIVATE_NO_STORE = "private, no-store";

/** A weak validator for a page's content. */
export function etagOf(body: string | Uint8Array): string {
  return `W/"${createHash("sha1").update(body).digest("base64url")}"`;
}

/** True when the client already holds this version (If-None-Match lists its ETag). */
export function clientHasIt(ifNoneMatch: string | null | undefined, etag: string): boolean {
  return (ifNoneMatch?.split(/\s*,\s*/) ?? []).includes(etag);
}

/**
 * The headers of a 304: no body, and no new CSP, so the browser keeps the policy (nonce or
 * hashes) that matches the page it already has.
 */
export function notModifiedHeaders(headers: Headers): Headers {
  const kept = new Headers(headers);
  for (const name of ["Content-Security-Policy", "Content-Length", "Content-Encoding"]) kept.delete(name);
  return kept;
}

/**
 * HTTP caching for pages that the page cache does not keep: the console and login are never
 * stored; other public pages get an ETag (so a revalidation costs a 304, not a page) and a
 * short stale-while-revalidate. The per-response CSP nonce is left out of the ETag.
 */
export async function withHttpCache(
  request: Request,
  response: Response,
  nonce: string,
  isPrivate = isPrivatePath(new URL(request.url).pathname),
): Promise<Response> {
  if (isPrivate) {
    response.headers.set("Cache-Control", PRIVATE_NO_STORE);
    return response;
  }
  const cacheable =
    request.method === "GET" && response.status === 200 && !response.headers.has("Cache-Control");
  if (!cacheable || !response.body) return response;
  const body = await response.text();
  const etag = etagOf(body.replaceAll(nonce, ""));
  const headers = new Headers(response.headers);
  headers.set("ETag", etag);
  headers.set("Cache-Control", PUBLIC_PAGE_CACHE);
  if (clientHasIt(request.headers.get("If-None-Match"), etag)) {
    return new Response(null, { status: 304, headers: notModifiedHeaders(headers) });
  }
  return new Response(body, { status: response.status, headers });
}
