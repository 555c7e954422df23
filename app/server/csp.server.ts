/**
 * The Content-Security-Policy of a page: scripts only from us or carrying this response's
 * nonce (no unsafe-inline, no unsafe-eval), nothing may frame us, forms post only to us.
 */
export function contentSecurityPolicy(nonce: string): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
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
