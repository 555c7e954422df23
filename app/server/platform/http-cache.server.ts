import { createHash } from "node:crypto";
import { piecesAround } from "#app/server/platform/bytes.server.ts";
import { isPrivatePath } from "#app/server/platform/page-key.server.ts";

export { isPrivatePath };

/** Public pages: reused at once, refreshed in the background; each visit sees a change within a minute. */
export const PUBLIC_PAGE_CACHE = "public, max-age=0, stale-while-revalidate=60";
/** The console, login and logout: never cached anywhere. */
export const PRIVATE_NO_STORE = "private, no-store";

/**
 * Adds `name` to a response's Vary, keeping what it lists (`Save-Data` from the page, then
 * `Accept-Encoding` from its compression).
 */
export function varyOn(headers: Headers, name: string): void {
  const listed = (headers.get("Vary") ?? "")
    .split(",")
    .map((value) => value.trim())
    .filter(Boolean);
  if (listed.some((value) => value === "*" || value.toLowerCase() === name.toLowerCase())) return;
  headers.set("Vary", [...listed, name].join(", "));
}

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

/** The weak ETag of a body with every occurrence of `nonce` left out: `etagOf(text.replaceAll(nonce, ""))` on its bytes. */
export function etagWithout(bytes: Buffer, nonce: string): string {
  const hash = createHash("sha1");
  for (const piece of piecesAround(bytes, nonce)) hash.update(piece);
  return `W/"${hash.digest("base64url")}"`;
}

/**
 * The bytes of each document app/entry.server.tsx rendered, by its Response: whoever post-processes
 * a page (the ETag below, the page store) reads them here instead of the body stream, and the body
 * is sent as rendered. A Web Response made from a string encodes and checks all of it again (some
 * 0.4 ms for a 60 KB page); one made from these bytes as a stream costs nothing. Held only as long
 * as the Response.
 */
const renderedBytes = new WeakMap<Response, Buffer>();

/** A rendered document's Response, its bytes kept for `bytesOf` and `withHttpCache`. */
export function documentResponse(bytes: Buffer, init: ResponseInit): Response {
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(bytes);
      controller.close();
    },
  });
  const response = new Response(body, init);
  renderedBytes.set(response, bytes);
  return response;
}

/** A response's bytes: a rendered document's as rendered (its body left unread), otherwise read. */
export async function bytesOf(response: Response): Promise<Buffer> {
  return renderedBytes.get(response) ?? Buffer.from(await response.arrayBuffer());
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
  const rendered = renderedBytes.get(response);
  const body = rendered ? null : await response.text();
  const etag = body === null ? etagWithout(rendered as Buffer, nonce) : etagOf(body.replaceAll(nonce, ""));
  const headers = new Headers(response.headers);
  headers.set("ETag", etag);
  headers.set("Cache-Control", PUBLIC_PAGE_CACHE);
  if (clientHasIt(request.headers.get("If-None-Match"), etag)) {
    return new Response(null, { status: 304, headers: notModifiedHeaders(headers) });
  }
  // A rendered document's body is still unread: it is sent as it is, not encoded again.
  return new Response(body === null ? response.body : body, { status: response.status, headers });
}
