/**
 * The sitemap protocol's limits (sitemaps.org): a sitemap holds at most 50,000 URLs and 10 MB
 * (10,485,760 bytes) uncompressed; a bigger site lists numbered sitemaps in a sitemap index.
 */
export type SitemapLimits = { urls: number; bytes: number };
export const SITEMAP_LIMITS: SitemapLimits = { urls: 50_000, bytes: 10 * 1024 * 1024 };

/**
 * Numbered sitemaps the site serves: 20 × 50,000 = a million URLs (app/routes.ts has a route for
 * each, since a route path cannot hold a number inside a file name).
 */
export const MAX_SITEMAP_PARTS = 20;

/** The address of numbered sitemap `part` (1-based), at the top of the site as the protocol wants. */
export function sitemapPartPath(part: number): string {
  return `/sitemap-${part}.xml`;
}

/** The part number of a numbered sitemap's address, or null. */
export function sitemapPartOf(pathname: string): number | null {
  const match = /^\/sitemap-([1-9]\d{0,5})\.xml$/i.exec(pathname);
  const part = match ? Number(match[1]) : 0;
  return part >= 1 && part <= MAX_SITEMAP_PARTS ? part : null;
}

/**
 * When the privacy policy and the terms last changed (YYYY-MM-DD): their pages say so
 * (app/content/legal.ts) and the sitemap dates them by it. Change them with the text.
 */
export const PRIVACY_LAST_UPDATED = "2026-11-23";
export const TERMS_LAST_UPDATED = "2026-11-22";
