/**
 * Which requests are private (never stored, never cached) and under which key a public page is
 * stored. React Router matches a path however it is spelled (any case, percent-encoded, with a
 * trailing slash, or as the `.data` twin that client navigation fetches), so both answers are
 * taken from the path as it matches, never from its raw text (docs/decisions/0007).
 */

import { REPORT_PARAM } from "#app/lib/link-report.ts";
import { linkFilterQuery, readLinkFilters } from "#app/lib/link-types.ts";
import { PRIVATE_PATH } from "#app/lib/private-paths.ts";
import { SLUG_CHARACTERS } from "#app/lib/slug.ts";

const GRADE = "(9|10|11|12)";
// Matched against the decoded path: a slug may be written in any script (app/lib/slug.ts).
const SLUG = `${SLUG_CHARACTERS}+`;
/**
 * The public pages that are stored, each with the query parameters it reads (its loader's
 * `searchParams`) in a fixed order; any other query parameter is left out of the key. Only
 * these shapes are stored, so a page added later is never answered from a key that leaves out
 * what it reads, and other spellings (`/class/09`) are rendered, not stored.
 */
const PUBLIC_PAGES: {
  path: RegExp;
  reads: string[];
  /** Reads its parameters itself: only the values it knows make a key (the chapter page's filters). */
  query?: (params: URLSearchParams) => string;
  notStoredWith?: string[];
  whenAskedOften?: true;
}[] = [
  { path: /^\/(about|privacy-policy|terms-and-conditions|saved)?$/, reads: [] },
  { path: /^\/blog$/, reads: ["page"] },
  { path: new RegExp(`^/blog/${SLUG}$`, "u"), reads: [] },
  { path: new RegExp(`^/guide/${GRADE}$`), reads: [] },
  // ?report= is the answer to one visitor's "Report broken link" (app/lib/link-report.ts): never stored.
  // ?lang= and ?type= filter the links: only their known values (`hi`, `sample-paper`) make a key of
  // their own, so at most 3 × 15 keys per chapter; any other value is the unfiltered page, which the
  // loader shows for it too (docs/decisions/0025).
  {
    path: new RegExp(`^/class/${GRADE}/chapter/${SLUG}$`, "u"),
    reads: [],
    query: (params) => linkFilterQuery(readLinkFilters(params)),
    notStoredWith: [REPORT_PARAM],
  },
  // A chapter's printable QR code page: one page per chapter, reading nothing from the query.
  { path: new RegExp(`^/class/${GRADE}/chapter/${SLUG}/qr$`, "u"), reads: [] },
  // ?q= filters the chapters as typed: endless values, so such a page is rendered, not stored.
  { path: new RegExp(`^/class/${GRADE}$`), reads: ["subject", "page"], notStoredWith: ["q"] },
  // Endless queries: kept only once asked often, apart from the pages above (page-cache.server.ts).
  { path: /^\/search$/, reads: ["q", "grade", "subject", "type", "page"], whenAskedOften: true },
];

/**
 * A path's segments as React Router matches them: dot segments resolved, each segment
 * percent-decoded, lower-cased and in NFC (so raw UTF-8, percent-encoded and decomposed spellings of
 * one Devanagari slug are one page), empty ones dropped. `null` when the encoding is malformed.
 */
function segmentsOf(pathname: string): string[] | null {
  // Parsed as the router parses a request's URL (a base of our own keeps "//x" a path).
  const resolved = new URL(`http://h${pathname.startsWith("/") ? "" : "/"}${pathname}`).pathname;
  try {
    return resolved
      .split("/")
      .filter(Boolean)
      .map((segment) => decodeURIComponent(segment).toLowerCase().normalize("NFC"));
  } catch {
    return null;
  }
}

/** Drops the suffix of React Router's data request (`/x.data`, `/x/_.data`); says whether there was one. */
function withoutDataSuffix(segments: string[]): { segments: string[]; data: boolean } {
  const last = segments.at(-1);
  if (last === "_.data") return { segments: segments.slice(0, -1), data: true };
  if (last?.endsWith(".data")) return { segments: [...segments.slice(0, -1), last.slice(0, -5)], data: true };
  return { segments, data: false };
}

/**
 * True for the console, login and logout however the path is spelled (`/ADMIN/blogs`,
 * `/%61dmin`, `/admin/`, `/admin.data`), and for any path whose encoding is malformed.
 * Also takes a matched route pattern (`admin/blogs`).
 */
export const isPrivatePath = rememberingLast(function isPrivatePath(pathname: string): boolean {
  const parts = segmentsOf(pathname);
  if (!parts) return true;
  // A decoded "%2F" counts as a slash here: when in doubt, private.
  const path = `/${withoutDataSuffix(parts).segments.join("/")}`;
  return PRIVATE_PATH.test(path.replace(/\/+/g, "/"));
});

/**
 * The one key a public page is stored under, for a request's path and query (`req.originalUrl`
 * or a URL): the normalised path (or its `.data` twin), plus only the query parameters the page
 * reads, in a fixed order. Every other spelling of the same page maps to the same key, so
 * made-up query strings can neither be stored nor push real pages out. `null`: never stored
 * (private, malformed, not a stored page, or a query this page is not stored with).
 */
export function pageKey(target: string | URL): string | null {
  return typeof target === "string" ? keyOfAddress(target) : keyOf(target);
}

const keyOfAddress = rememberingLast((target: string) => {
  if (!target.startsWith("/") || target.startsWith("//")) return null;
  return keyOf(new URL(`http://h${target}`));
});

function keyOf(url: URL): string | null {
  if (isPrivatePath(url.pathname)) return null;
  const parts = segmentsOf(url.pathname);
  if (!parts) return null;
  const { segments, data } = withoutDataSuffix(parts);
  const path = `/${segments.map(encodeURIComponent).join("/")}`;
  // A Hindi page (/hi...) is stored as its English twin is, under its own path (docs/decisions/0030).
  const twin = segments[0] === "hi" ? segments.slice(1) : segments;
  const page = PUBLIC_PAGES.find((p) => p.path.test(`/${twin.join("/")}`));
  if (!page || page.notStoredWith?.some((name) => url.searchParams.get(name))) return null;
  const query = new URLSearchParams();
  for (const name of page.reads) {
    const value = url.searchParams.get(name);
    if (value) query.set(name, value);
  }
  const search = page.query ? page.query(url.searchParams) : query.size > 0 ? `?${query}` : "";
  if (!data) return `${path}${search}`;
  return `${path === "/" ? "/_" : path}.data${search}`;
}

/**
 * `answer`, with its last answers kept: a request asks about its own address several times (the
 * render gate, the page store, the app, the document's caching), and a few requests are under way at
 * once. Parsing, decoding and matching an address each time was some 2% of a fresh page's CPU.
 */
function rememberingLast<T>(answer: (address: string) => T): (address: string) => T {
  const last = new Map<string, T>();
  return (address) => {
    if (last.has(address)) return last.get(address) as T;
    const value = answer(address);
    if (last.size >= 32) last.delete(last.keys().next().value as string);
    last.set(address, value);
    return value;
  };
}

/**
 * True for a key (from `pageKey`) of a page with endless addresses (`/search?q=...`): the page
 * store keeps it only once it is asked often, and never in place of the other pages.
 */
export function storedWhenAskedOften(key: string): boolean {
  const path = (key.split(/[?#]/)[0] ?? "").replace(/(\/_)?\.data$/, "") || "/";
  // A Hindi page (/hi/search?q=...) is kept as its English twin is.
  const twin = path.replace(/^\/hi(?=\/|$)/, "") || "/";
  return PUBLIC_PAGES.find((p) => p.path.test(decodeURIComponent(twin)))?.whenAskedOften === true;
}

/**
 * The key a page's Save-Data form is stored under (app/server/platform/save-data.server.ts): its
 * page's key and a `#`, which no key a URL spells holds. React Router's data (`.data`) has no such
 * form: its key stays.
 */
export function saveDataKey(key: string): string {
  return /\.data$/.test(key.split("?")[0] ?? "") ? key : `${key}#save-data`;
}
