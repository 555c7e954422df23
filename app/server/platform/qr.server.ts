import QRCode from "qrcode";

// QR codes are drawn on the server (no client library, nothing from another host) and
// kept in memory: the only inputs are the few app URLs of the configuration.
const MAX_CACHED = 16;
const cache = new Map<string, Promise<string>>();

/** A QR code of `text` as a standalone SVG document (dark modules on white, a small quiet zone). */
export function qrCodeSvg(text: string): Promise<string> {
  const hit = cache.get(text);
  if (hit) return hit;
  const svg = QRCode.toString(text, {
    type: "svg",
    errorCorrectionLevel: "M",
    margin: 2,
    color: { dark: "#111827", light: "#ffffff" },
  });
  if (cache.size >= MAX_CACHED) {
    const oldest = cache.keys().next().value;
    if (oldest !== undefined) cache.delete(oldest);
  }
  cache.set(text, svg);
  svg.catch(() => cache.delete(text));
  return svg;
}

/**
 * The QR code as a `data:` URL for an <img src> (the CSP allows data: images).
 * Path data uses commas instead of spaces and only URL-unsafe characters are escaped,
 * which keeps it about a third smaller than base64.
 */
export function qrCodeDataUrl(text: string): Promise<string> {
  // Asked for on every chapter page rendered: made once per text, like the SVG.
  const hit = dataUrls.get(text);
  if (hit) return hit;
  const made = dataUrlOf(text);
  if (dataUrls.size >= MAX_CACHED) {
    const oldest = dataUrls.keys().next().value;
    if (oldest !== undefined) dataUrls.delete(oldest);
  }
  dataUrls.set(text, made);
  made.catch(() => dataUrls.delete(text));
  return made;
}
const dataUrls = new Map<string, Promise<string>>();

async function dataUrlOf(text: string): Promise<string> {
  const svg = (await qrCodeSvg(text))
    .replace(/ d="([^"]*)"/g, (_, path: string) => ` d="${path.trim().replace(/\s+/g, ",")}"`)
    .replaceAll('"', "'")
    .replace(/\s+/g, " ")
    .trim();
  return `data:image/svg+xml,${svg.replace(/[%#<>\s{}|\\^`[\]]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, "0")}`)}`;
}
