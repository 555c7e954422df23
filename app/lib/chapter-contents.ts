// What a chapter holds, in words (the class page's cards, docs/decisions/0024): "2 notes · 6 links",
// "1 note", "1,200 links" (India's digit grouping, app/lib/numbers.ts), "Coming soon" when it has
// nothing yet. Zero parts are left out.

import { formatCount } from "#app/lib/numbers.ts";

export const COMING_SOON = "Coming soon";

/** The Dashboard's "Content" filter: chapters with nothing yet, or with something. */
export const CONTENT_FILTERS = ["empty", "has-resources"] as const;
export type ContentFilter = (typeof CONTENT_FILTERS)[number];
export const CONTENT_FILTER_LABELS: Record<ContentFilter, string> = {
  empty: "Empty",
  "has-resources": "Has resources",
};

export function isContentFilter(value: string): value is ContentFilter {
  return (CONTENT_FILTERS as readonly string[]).includes(value);
}

function counted(n: number, one: string, many: string): string {
  return `${formatCount(n)} ${n === 1 ? one : many}`;
}

export function contentLine(notes: number, links: number): string {
  const parts = [
    ...(notes > 0 ? [counted(notes, "note", "notes")] : []),
    ...(links > 0 ? [counted(links, "link", "links")] : []),
  ];
  return parts.length > 0 ? parts.join(" · ") : COMING_SOON;
}
