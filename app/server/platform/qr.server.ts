import QRCode from "qrcode";

// QR codes are drawn on the server (no client library, nothing from another host) and kept in
// memory: the app's store listing (every public page) and chapters' short addresses (chapter and
// QR pages). Drawing one costs about a millisecond; a few hundred kept cost well under a megabyte.
const MAX_CACHED = 256;

/**
 * `make(text)`, made once and kept while it is in use: the least recently asked is dropped first,
 * so the store listing's code, asked on every page, is never pushed out by chapters' codes.
 */
function kept(cache: Map<string, Promise<string>>, text: string, make: (text: string) => Promise<string>) {
  const hit = cache.get(text);
  if (hit) {
    cache.delete(text);
    cache.set(text, hit);
    return hit;
  }
  const made = make(text);
  if (cache.size >= MAX_CACHED) {
    const oldest = cache.keys().next().value;
    if (oldest !== undefined) cache.delete(oldest);
  }
  cache.set(text, made);
  made.catch(() => cache.delete(text));
  return made;
}
const dataUrls = new Map<string, Promise<string>>();

const SVG_OPTIONS = {
  type: "svg",
  errorCorrectionLevel: "M",
  margin: 2,
  color: { dark: "#111827", light: "#ffffff" },
} as const;

/**
 * How QRCode splits a text into numeric, alphanumeric and byte segments (the split that makes the
 * smallest code, found by a shortest-path search: a fifth of drawing a code) depends only on the
 * class of each character and its length in UTF-8, which `shapeOf` keeps. Chapters' short
 * addresses differ in their digits alone, so the split is found once per shape and later codes are
 * handed the same split as segments: the same code, drawn without the search.
 */
type Split = { mode: "numeric" | "alphanumeric" | "byte" | "kanji"; length: number }[];
const splits = new Map<string, Split>();
const MAX_SPLITS = 64;
const ALPHANUMERIC = /[A-Z $%*+\-./:]/;

/** `text` with each ASCII character as its class (digit, other alphanumeric, byte); others as they are. */
function shapeOf(text: string): string {
  let shape = "";
  for (const c of text) {
    if (c.charCodeAt(0) > 127) shape += c;
    else shape += c >= "0" && c <= "9" ? "0" : ALPHANUMERIC.test(c) ? "A" : "a";
  }
  return shape;
}

/** The split QRCode made of `text`, as modes and lengths in characters. */
function splitOf(text: string): Split {
  const decoder = new TextDecoder();
  return QRCode.create(text, { errorCorrectionLevel: SVG_OPTIONS.errorCorrectionLevel }).segments.map(
    (s) => ({
      mode: s.mode.id.toLowerCase() as Split[number]["mode"],
      length: typeof s.data === "string" ? s.data.length : decoder.decode(s.data).length,
    }),
  );
}

/** `text` as the segments QRCode would split it into, the split found once per shape of text. */
function segmentsOf(text: string): QRCode.QRCodeSegment[] {
  const shape = shapeOf(text);
  let split = splits.get(shape);
  if (!split) {
    split = splitOf(text);
    if (splits.size >= MAX_SPLITS) splits.clear();
    splits.set(shape, split);
  }
  let at = 0;
  return split.map(({ mode, length }) => {
    const data = text.slice(at, at + length);
    at += length;
    return { mode, data } as QRCode.QRCodeSegment;
  });
}

/**
 * A QR code of `text` as an SVG document (dark modules on white, a small quiet zone). A secret's
 * (`keep: false`) is split afresh: nothing of it, not even its shape, is kept.
 */
function svgOf(text: string, keep: boolean): Promise<string> {
  return QRCode.toString(keep ? segmentsOf(text) : text, SVG_OPTIONS);
}

/**
 * The QR code as a `data:` URL for an <img src> (the CSP allows data: images; an <img> has the alt
 * text every QR code carries). Path data uses commas instead of spaces and only URL-unsafe
 * characters are escaped, which keeps it about a third smaller than base64. `keep: false` for a
 * secret (a two-step sign-in key): drawn for this page and not kept in memory.
 */
export function qrCodeDataUrl(text: string, { keep = true }: { keep?: boolean } = {}): Promise<string> {
  return keep ? kept(dataUrls, text, (t) => dataUrlOf(t, true)) : dataUrlOf(text, false);
}

async function dataUrlOf(text: string, keep: boolean): Promise<string> {
  const svg = (await svgOf(text, keep))
    .replace(/ d="([^"]*)"/g, (_, path: string) => ` d="${path.trim().replace(/\s+/g, ",")}"`)
    .replaceAll('"', "'")
    .replace(/\s+/g, " ")
    .trim();
  return `data:image/svg+xml,${svg.replace(/[%#<>\s{}|\\^`[\]]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, "0")}`)}`;
}
