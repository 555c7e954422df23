import type { KeptPartName, KeptPartTag, PartKeeper } from "#app/lib/part-keeper.ts";

/**
 * Parts kept at most. A key is a part and its inputs (the site's name, the visitor's place in
 * the menu, the year…): a site has a few dozen; more would mean inputs that vary by page.
 */
const MAX_KEPT = 64;
const kept = new Map<string, string>();

/**
 * A keeper for one server render (app/components/kept-part.tsx): it hands out the parts kept
 * so far and, once the page is whole, keeps the ones this render made in place, cut from the
 * page's own bytes, so a kept part is exactly what React made where it stands.
 */
export function partKeeper(): PartKeeper & { keepFrom(page: Buffer, nonce: string): void } {
  const renderedHere: Array<{ part: KeptPartName; tag: KeptPartTag; key: string; hrefs: readonly string[] }> =
    [];
  return {
    get: (key, hrefs) => {
      const html = kept.get(key);
      return html === undefined ? undefined : withHrefs(html, hrefs);
    },
    renderedHere: (part, tag, key, hrefs) => {
      renderedHere.push({ part, tag, key, hrefs });
    },
    keepFrom(page, nonce) {
      for (const { part, tag, key, hrefs } of renderedHere) {
        const found = partIn(page, tag, part);
        // Anything of this response alone (its nonce) must never be sent to another.
        if (found === null || found.includes(nonce)) continue;
        const html = withoutHrefs(found, hrefs);
        if (html === null) continue;
        if (kept.size >= MAX_KEPT && !kept.has(key)) kept.delete(kept.keys().next().value ?? "");
        kept.set(key, html);
      }
    },
  };
}

/** As React writes an attribute's value (escapeTextForBrowser). */
function attributeValue(value: string): string {
  return value.replace(
    /[&<>"']/g,
    (c) => `&${{ "&": "amp", "<": "lt", ">": "gt", '"': "quot", "'": "#x27" }[c]};`,
  );
}

/** Where the i-th page's own address stood: a character no HTML React writes holds. */
const hole = (i: number) => `\u0000${i}\u0000`;

/** The part's HTML with each `href` of this page in its hole; null when one is missing. */
function withoutHrefs(html: string, hrefs: readonly string[]): string | null {
  let out = html;
  for (const [i, href] of hrefs.entries()) {
    const attribute = ` href="${attributeValue(href)}"`;
    if (!out.includes(attribute)) return null;
    out = out.replaceAll(attribute, ` href="${hole(i)}"`);
  }
  return out;
}

function withHrefs(html: string, hrefs: readonly string[]): string {
  let out = html;
  for (const [i, href] of hrefs.entries()) out = out.replaceAll(hole(i), attributeValue(href));
  return out;
}

/**
 * The inner HTML of the element `<tag data-part="part" …>` in a rendered page, or null unless
 * the page has exactly one such marker and the element holds no other `tag` (so its first end
 * tag is its own). React escapes `>` in attribute values, so the first `>` ends the start tag.
 */
export function partIn(page: Buffer, tag: KeptPartTag, part: KeptPartName): string | null {
  const marker = ` data-part="${part}"`;
  const at = page.indexOf(marker);
  if (at < 0 || page.indexOf(marker, at + 1) >= 0) return null;
  const opening = `<${tag}`;
  if (page.toString("latin1", at - opening.length, at) !== opening) return null;
  const start = page.indexOf(">", at) + 1;
  const end = page.indexOf(`</${tag}>`, start);
  if (start === 0 || end < 0) return null;
  const nested = page.indexOf(opening, start);
  if (nested >= 0 && nested < end) return null;
  return page.toString("utf8", start, end);
}
