import { createHash } from "node:crypto";

/**
 * The inline scripts of a page that its Content-Security-Policy does not allow, by nonce or by
 * hash (JSON-LD and scripts from files are not run inline). With no policy, every script.
 */
export function scriptsOutsidePolicy(html: string, csp = ""): string[] {
  const outside: string[] = [];
  for (const [tag, attributes = "", text = ""] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)) {
    if (/\bsrc=|application\/ld\+json/.test(attributes)) continue;
    const nonce = /\bnonce="([^"]+)"/.exec(attributes)?.[1];
    const hash = createHash("sha256").update(text).digest("base64");
    if (!(nonce && csp.includes(`'nonce-${nonce}'`)) && !csp.includes(`'sha256-${hash}'`)) outside.push(tag);
  }
  return outside;
}
