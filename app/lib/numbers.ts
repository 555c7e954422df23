// Numbers as the public pages print them, the same on English and Hindi pages (DESIGN.md 8.2).

let indian: Intl.NumberFormat | undefined;

/**
 * A count with India's digit grouping and Western digits: 1,000 and 1,00,000 (not 100,000). Made
 * on first use, not when the module loads: a page that prints no count never builds the format.
 */
export function formatCount(count: number): string {
  indian ??= new Intl.NumberFormat("en-IN");
  return indian.format(count);
}
