import { createHash } from "node:crypto";
import sharp, { type Metadata, type OutputInfo } from "sharp";
import { type Database, now } from "./db.server.ts";
import { DomainError } from "./errors.server.ts";

export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
/** Larger images are refused before decoding: a small file can still unpack to gigapixels. */
export const MAX_PIXELS = 40_000_000;
/** Stored images are at most this wide: enough for a blog's featured image on any screen. */
export const MAX_WIDTH = 1600;

const ACCEPTED = new Set(["jpeg", "png", "webp", "gif", "avif"]);

export type StoredImage = { id: string; url: string; fallbackUrl: string; width: number; height: number };

function fail(message: string, status = 400): never {
  throw new DomainError(message, { field: "image", status });
}

/**
 * Validates an upload by its content (never its name), strips metadata and any trailing
 * payload by re-encoding, and stores a WebP plus a JPEG/PNG fallback, keyed by content hash.
 */
export async function storeImage(db: Database, bytes: Uint8Array): Promise<StoredImage> {
  if (bytes.byteLength === 0) fail("Featured image: the file is empty.");
  if (bytes.byteLength > MAX_UPLOAD_BYTES)
    fail("Featured image: the file is larger than 5 MB. Use a smaller image.", 413);
  let meta: Metadata;
  try {
    // Reading the header decodes no pixels, so it runs without the pixel limit; the limit is
    // checked just below with its own message (413), and enforced again while decoding.
    meta = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    fail(
      "Featured image: this file is not an image we can use. Upload a JPEG, PNG, WebP, GIF or AVIF picture.",
    );
  }
  if (!meta.format || !ACCEPTED.has(meta.format)) {
    fail(
      "Featured image: only JPEG, PNG, WebP, GIF and AVIF pictures can be uploaded (not SVG or other files).",
    );
  }
  if ((meta.width ?? 0) * (meta.height ?? 0) > MAX_PIXELS) {
    fail("Featured image: the picture has too many pixels. Use one under 40 megapixels.", 413);
  }
  const base = () =>
    sharp(bytes, { limitInputPixels: MAX_PIXELS, animated: false })
      .rotate()
      .resize({ width: MAX_WIDTH, withoutEnlargement: true });
  let webp: Buffer;
  let fallback: Buffer;
  let info: OutputInfo;
  const transparent = meta.hasAlpha === true;
  try {
    ({ data: webp, info } = await base().webp({ quality: 80 }).toBuffer({ resolveWithObject: true }));
    fallback = transparent
      ? await base().png({ compressionLevel: 9 }).toBuffer()
      : await base().jpeg({ quality: 82, mozjpeg: true }).toBuffer();
  } catch {
    fail("Featured image: the picture could not be read. It may be damaged; try exporting it again.");
  }
  const id = createHash("sha256").update(webp).digest("hex").slice(0, 32);
  const fallbackType = transparent ? "image/png" : "image/jpeg";
  const existing = await db.selectFrom("media").select("id").where("id", "=", id).executeTakeFirst();
  if (!existing) {
    await db
      .insertInto("media")
      .values({
        id,
        webp,
        fallback,
        fallback_type: fallbackType,
        width: info.width,
        height: info.height,
        created_at: now(),
      })
      .execute();
  }
  const ext = transparent ? "png" : "jpg";
  return {
    id,
    url: `/media/${id}.webp`,
    fallbackUrl: `/media/${id}.${ext}`,
    width: info.width,
    height: info.height,
  };
}

export type MediaFile = { body: Uint8Array; contentType: string };

/** `/media/<id>.webp` or the fallback `/media/<id>.jpg|png`. */
export async function readMedia(db: Database, name: string): Promise<MediaFile | null> {
  const match = /^([a-f0-9]{16,64})\.(webp|jpg|png)$/.exec(name);
  if (!match) return null;
  const [, id, ext] = match;
  const row = await db
    .selectFrom("media")
    .selectAll()
    .where("id", "=", id as string)
    .executeTakeFirst();
  if (!row) return null;
  if (ext === "webp") return { body: row.webp, contentType: "image/webp" };
  if ((ext === "png") !== (row.fallback_type === "image/png")) return null;
  return { body: row.fallback, contentType: row.fallback_type };
}

export async function mediaSize(
  db: Database,
  url: string,
): Promise<{ width: number; height: number } | null> {
  const match = /^\/media\/([a-f0-9]{16,64})\./.exec(url);
  if (!match) return null;
  const row = await db
    .selectFrom("media")
    .select(["width", "height"])
    .where("id", "=", match[1] as string)
    .executeTakeFirst();
  return row ?? null;
}

export type MediaPicture = { webpUrl: string; fallbackUrl: string; width: number; height: number };

/**
 * Both files of one of our uploaded images, with its size, for a <picture> (WebP first, JPEG/PNG
 * for older browsers). Any of its three addresses works; null for anything that is not ours.
 */
export async function mediaPicture(db: Database, url: string): Promise<MediaPicture | null> {
  const match = /^\/media\/([a-f0-9]{16,64})\.(webp|jpg|png)$/.exec(url);
  if (!match) return null;
  const id = match[1] as string;
  const row = await db
    .selectFrom("media")
    .select(["width", "height", "fallback_type"])
    .where("id", "=", id)
    .executeTakeFirst();
  if (!row) return null;
  const ext = row.fallback_type === "image/png" ? "png" : "jpg";
  return {
    webpUrl: `/media/${id}.webp`,
    fallbackUrl: `/media/${id}.${ext}`,
    width: row.width,
    height: row.height,
  };
}
