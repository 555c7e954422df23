import { createHash } from "node:crypto";

/** Public pages: reused at once, refreshed in the background; each visit sees a change within a minute. */
export const PUBLIC_PAGE_CACHE = "public, max-age=0, stale-while-revalidate=60";
const PRIVATE = /^\/(admin|login|logout)(\/|\.data|$)/;

/** The console, login and logout: never cached anywhere. */
export function isPrivatePath(pathname: string): boolean {
  return PRIVATE.test(pathname);
}

/**
 * HTTP caching for pages: the console and login are never stored; public pages get an ETag
 * (so a revalidation costs a 304, not a page) and a short stale-while-revalidate. The
 * per-response CSP nonce is left out of the ETag, and a 304 carries no new CSP, so the
 * browser keeps the policy that matches the page it already has.
 */
export async function withHttpCache(request: Request, response: Response, nonce: string): Promise<Response> {
  const { pathname } = new URL(request.url);
  if (isPrivatePath(pathname)) {
    response.headers.set("Cache-Control", "private, no-store");
    return response;
  }
  const cacheable =
    request.method === "GET" && response.status === 200 && !response.headers.has("Cache-Control");
  if (!cacheable || !response.body) return response;
  const body = await response.text();
  const etag = `W/"${createHash("sha1").update(body.replaceAll(nonce, "")).digest("base64url")}"`;
  const headers = new Headers(response.headers);
  headers.set("ETag", etag);
  headers.set("Cache-Control", PUBLIC_PAGE_CACHE);
  const known = request.headers.get("If-None-Match")?.split(/\s*,\s*/) ?? [];
  if (known.includes(etag)) {
    headers.delete("Content-Security-Policy");
    headers.delete("Content-Length");
    return new Response(null, { status: 304, headers });
  }
  return new Response(body, { status: response.status, headers });
}
