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

/** A QR code of `text` as an SVG document (dark modules on white, a small quiet zone). */
function svgOf(text: string): Promise<string> {
  return QRCode.toString(text, {
    type: "svg",
    errorCorrectionLevel: "M",
    margin: 2,
    color: { dark: "#111827", light: "#ffffff" },
  });
}

/**
 * The QR code as a `data:` URL for an <img src> (the CSP allows data: images; an <img> has the alt
 * text every QR code carries). Path data uses commas instead of spaces and only URL-unsafe
 * characters are escaped, which keeps it about a third smaller than base64. `keep: false` for a
 * secret (a two-step sign-in key): drawn for this page and not kept in memory.
 */
export function qrCodeDataUrl(text: string, { keep = true }: { keep?: boolean } = {}): Promise<string> {
  return keep ? kept(dataUrls, text, dataUrlOf) : dataUrlOf(text);
}

async function dataUrlOf(text: string): Promise<string> {
  const svg = (await svgOf(text))
    .replace(/ d="([^"]*)"/g, (_, path: string) => ` d="${path.trim().replace(/\s+/g, ",")}"`)
    .replaceAll('"', "'")
    .replace(/\s+/g, " ")
    .trim();
  return `data:image/svg+xml,${svg.replace(/[%#<>\s{}|\\^`[\]]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, "0")}`)}`;
}
