import { createHash } from "node:crypto";

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

const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/g;

/**
 * The CSP hashes ('sha256-…') of every inline script in a page we rendered, so the page can be
 * stored once and sent to everyone without a per-response nonce. Whatever an attacker could
 * inject would not match. (Pages are React's output: a script's text never holds "</script>".)
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const [, attributes, text] of html.matchAll(INLINE_SCRIPT)) {
    if (/\ssrc=/.test(attributes ?? "")) continue;
    hashes.add(
      `sha256-${createHash("sha256")
        .update(text ?? "", "utf8")
        .digest("base64")}`,
    );
  }
  return [...hashes];
}

/** Takes a response's nonce out of a rendered page (it is replaced by hashes). */
export function withoutNonce(html: string, nonce: string): string {
  return html.replaceAll(` nonce="${nonce}"`, "");
}
