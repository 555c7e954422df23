// The address of a chapter page's link filters (`?lang=hi&type=mcq`, docs/decisions/0025), apart
// from app/lib/link-types.ts (which reads and applies them) so the pages' scripts can build these
// addresses without carrying the vocabulary's English labels: each page language has its own words
// for the filters (app/content/chapter-page-copy.ts and its Hindi twin, docs/decisions/0030).

/** `?lang=`: the languages a student may ask for; each shows links in it or in Both. */
export const LANGUAGE_FILTERS = ["en", "hi"] as const;

/** The query string of these filters, in the page store's order (`?lang=hi&type=mcq`), or "". */
export function linkFilterQuery(filters: { lang?: string; type?: string }): string {
  const query = new URLSearchParams();
  if (filters.lang) query.set("lang", filters.lang);
  if (filters.type) query.set("type", filters.type);
  return query.size > 0 ? `?${query}` : "";
}
