// Numbers as the public pages print them, the same on English and Hindi pages (DESIGN.md 8.2).

let indian: Intl.NumberFormat | undefined;

/**
 * A count with India's digit grouping and Western digits: 1,000 and 1,00,000 (not 100,000). A
 * whole number is grouped here, as `Intl.NumberFormat("en-IN")` groups it: building that format is
 * the dearest step of a public page's hydration (some 15 ms on our machine, four times that on a
 * cheap phone, for ICU's locale data), and a page prints only whole counts. Anything else (never
 * on a public page) goes to Intl.
 */
export function formatCount(count: number): string {
  if (!Number.isSafeInteger(count)) {
    indian ??= new Intl.NumberFormat("en-IN");
    return indian.format(count);
  }
  const digits = String(Math.abs(count));
  // The last three digits, then pairs: 12,34,567.
  const head = digits.slice(0, -3);
  const grouped = head ? `${head.replace(/\B(?=(\d{2})+$)/g, ",")},${digits.slice(-3)}` : digits;
  return count < 0 ? `-${grouped}` : grouped;
}
