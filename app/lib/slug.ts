/**
 * The slug rule (DESIGN 8.2): text in NFC, lowercased, each run of anything but Unicode letters,
 * digits and combining marks becomes one hyphen, leading and trailing hyphens removed.
 * "Light – Reflection" → "light-reflection" (ASCII titles keep the slugs they always had);
 * "सूरदास के पद" → "सूरदास-के-पद". Zero-width joiners and non-joiners only shape how a word is drawn,
 * so they are dropped rather than splitting it. A slug without a single letter or digit (only marks,
 * only punctuation) is empty: such a title is refused where it is saved.
 */
export function slugify(text: string): string {
  const slug = text
    .replace(/[\u200c\u200d]/g, "")
    .toLowerCase()
    .normalize("NFC")
    .trim()
    .replace(/[^\p{L}\p{M}\p{Nd}]+/gu, "-")
    .replace(/^-+|-+$/g, "");
  return /[\p{L}\p{Nd}]/u.test(slug) ? slug : "";
}

/** The characters a slug may hold, for patterns that match addresses (with the `u` flag). */
export const SLUG_CHARACTERS = "[\\p{L}\\p{M}\\p{Nd}-]";

/**
 * A slug as an address spells it, the way it is stored: the router matches any case and hands over
 * the decoded segment, which a phone may send decomposed (NFD), so both are undone before the lookup.
 */
export function addressSlug(segment: string): string {
  return segment.toLowerCase().normalize("NFC");
}

/** The first of `base`, `base-2`, `base-3`… that `taken` does not hold. */
export function uniqueSlug(base: string, taken: ReadonlySet<string>): string {
  const root = base || "chapter";
  if (!taken.has(root)) return root;
  for (let n = 2; ; n++) {
    const candidate = `${root}-${n}`;
    if (!taken.has(candidate)) return candidate;
  }
}
