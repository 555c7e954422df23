// Link URLs as link health counts them (issue 14): one normal form per address, and the `href`s of
// stored HTML (notes and post bodies), read and rewritten without touching anything else in it.

/**
 * The one form a link's URL is counted under: scheme and host lower-cased, the default port and
 * the fragment dropped (the URL parser does the first three). Only http(s); anything else is null.
 */
export function normaliseLinkUrl(raw: string | null | undefined): string | null {
  const text = (raw ?? "").trim();
  if (!text) return null;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  if ((url.protocol !== "http:" && url.protocol !== "https:") || !url.hostname) return null;
  url.hash = "";
  return url.href;
}

/** Host (with a port other than the default) of a normalised URL: what politeness and the filter go by. */
export function linkHost(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return "";
  }
}

const NAMED: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: "\u00a0" };

function decodeEntities(text: string): string {
  return text.replace(/&(#\d+|#x[0-9a-f]+|[a-z]+);/gi, (whole, name: string) => {
    const lower = name.toLowerCase();
    try {
      if (lower.startsWith("#x")) return String.fromCodePoint(Number.parseInt(lower.slice(2), 16));
      if (lower.startsWith("#")) return String.fromCodePoint(Number(lower.slice(1)));
    } catch {
      return whole;
    }
    return NAMED[lower] ?? whole;
  });
}

const escapeAttribute = (text: string) => text.replace(/&/g, "&amp;").replace(/"/g, "&quot;");

// A start tag with its attributes (quoted values may hold `>`), and one attribute of it.
const START_TAG =
  /<[a-zA-Z][a-zA-Z0-9-]*((?:\s+[^\s"'>/=]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'=<>`]+))?)*)\s*\/?>/g;
const ATTRIBUTE = /([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;

type Href = { value: string; start: number; end: number };

/** Each `href` attribute of each start tag: its decoded value and where the attribute stands. */
function* hrefAttributes(html: string): Generator<Href> {
  for (const tag of html.matchAll(START_TAG)) {
    const attributes = tag[1] ?? "";
    const offset = (tag.index ?? 0) + tag[0].indexOf(attributes);
    for (const attribute of attributes.matchAll(ATTRIBUTE)) {
      if (attribute[1]?.toLowerCase() !== "href") continue;
      const raw = attribute[2] ?? attribute[3] ?? attribute[4] ?? "";
      const start = offset + (attribute.index ?? 0);
      yield { value: decodeEntities(raw), start, end: start + attribute[0].length };
    }
  }
}

/** The http(s) links of an HTML fragment, normalised, each once. */
export function linksInHtml(html: string): string[] {
  const found = new Set<string>();
  for (const href of hrefAttributes(html)) {
    const url = normaliseLinkUrl(href.value);
    if (url) found.add(url);
  }
  return [...found];
}

/**
 * Edits `href` attributes only: `edit` gets each href's decoded value and returns the attribute
 * to put in its place ("" takes it out), or null to leave it. Everything else stays byte for byte.
 */
function editHrefs(html: string, edit: (href: string) => string | null): string {
  let out = "";
  let from = 0;
  for (const href of hrefAttributes(html)) {
    const next = edit(href.value);
    if (next === null) continue;
    const before = html.slice(from, href.start);
    out += next ? `${before}${next}` : before.trimEnd();
    from = href.end;
  }
  return from === 0 ? html : out + html.slice(from);
}

/**
 * Rewrites `href` attributes only: `replace` gets each href's decoded value and returns the new
 * address, or null to leave it. Everything else in the HTML stays byte for byte.
 */
export function replaceHrefs(html: string, replace: (href: string) => string | null): string {
  return editHrefs(html, (href) => {
    const next = replace(href);
    return next === null ? null : `href="${escapeAttribute(next)}"`;
  });
}

/**
 * The HTML with each link to a `hidden` address (normalised, as `linksInHtml` gives them) no
 * longer a link: its `href` is taken out and its words stay where they were.
 */
export function withoutHrefs(html: string, hidden: ReadonlySet<string>): string {
  if (hidden.size === 0) return html;
  return editHrefs(html, (href) => {
    const url = normaliseLinkUrl(href);
    return url !== null && hidden.has(url) ? "" : null;
  });
}
