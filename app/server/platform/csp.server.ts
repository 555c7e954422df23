import { createHash } from "node:crypto";
import { piecesAround } from "#app/server/platform/bytes.server.ts";

/** Which inline scripts may run: those carrying this response's nonce, or those with these hashes. */
export type InlineScripts = { nonce: string } | { hashes: string[] };

/**
 * The Content-Security-Policy of a page: scripts only from us or inline ones we wrote (by
 * nonce, or by hash on a stored page that many responses share), no unsafe-inline, no
 * unsafe-eval; nothing may frame us, forms post only to us.
 */
export function contentSecurityPolicy(inline: InlineScripts): string {
  const allowed = "nonce" in inline ? [`'nonce-${inline.nonce}'`] : inline.hashes.map((h) => `'${h}'`);
  return [
    "default-src 'self'",
    ["script-src 'self'", ...allowed].join(" "),
    // Inline style attributes come from sanitized rich text (text alignment) and React.
    "style-src 'self' 'unsafe-inline'",
    // Admin-written notes and posts may show images hosted on other https sites.
    "img-src 'self' https: data:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

const SCRIPT_START = "<script";
const SCRIPT_END = "</script>";
/** What may follow "<script" in a script's start tag (a word character would make it another tag). */
const AFTER_TAG_NAME = /[^A-Za-z0-9_]/;

/**
 * The CSP hashes ('sha256-…') of every inline script in a page we rendered, so the page can be
 * stored once and sent to everyone without a per-response nonce. Whatever an attacker could
 * inject would not match. Read from the page's bytes: a hash is of the script's UTF-8 text, which
 * is what the bytes are, so the page is never decoded to a string. (Pages are React's output: a
 * script's text never holds "</script>".)
 */
export function inlineScriptHashes(page: Buffer): string[] {
  const hashes = new Set<string>();
  let from = 0;
  for (let at = page.indexOf(SCRIPT_START, from); at >= 0; at = page.indexOf(SCRIPT_START, from)) {
    from = at + SCRIPT_START.length;
    if (!AFTER_TAG_NAME.test(String.fromCharCode(page[from] ?? 0))) continue;
    const tagEnd = page.indexOf(">", from);
    const end = tagEnd < 0 ? -1 : page.indexOf(SCRIPT_END, tagEnd + 1);
    if (end < 0) break;
    from = end + SCRIPT_END.length;
    if (/\ssrc=/.test(page.toString("latin1", at + SCRIPT_START.length, tagEnd))) continue;
    hashes.add(
      `sha256-${createHash("sha256")
        .update(page.subarray(tagEnd + 1, end))
        .digest("base64")}`,
    );
  }
  return [...hashes];
}

/** Takes a response's nonce out of a rendered page (it is replaced by hashes), as bytes. */
export function withoutNonce(page: Buffer, nonce: string): Buffer {
  const pieces = [...piecesAround(page, ` nonce="${nonce}"`)];
  return pieces.length === 1 ? page : Buffer.concat(pieces);
}
