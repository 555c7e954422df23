import { createHash } from "node:crypto";
import type { Metadata, OutputInfo, Sharp } from "sharp";
import { type Database, inTransaction, now } from "#app/server/db.server.ts";
import { DomainError } from "#app/server/errors.server.ts";
import { log } from "#app/server/platform/log.server.ts";

/**
 * sharp (libvips) is loaded when an image is first stored or resized, not at start: some 20 MB a
 * server that only serves stored images need not hold (docs/decisions/0016).
 */
let sharpModule: Promise<typeof import("sharp")> | undefined;
export const loadSharp = () => {
  sharpModule ??= import("sharp");
  return sharpModule.then((m) => m.default);
};

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
 * payload by re-encoding, and stores a WebP plus a JPEG/PNG fallback, keyed by content hash, with
 * their narrower copies (see variantWidths).
 */
export async function storeImage(db: Database, bytes: Uint8Array): Promise<StoredImage> {
  const sharp = await loadSharp();
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
  const transparent = meta.hasAlpha === true;
  let webp: Buffer;
  let fallback: Buffer;
  let info: OutputInfo;
  try {
    ({ data: webp, info } = await encodeWebp(base()).toBuffer({ resolveWithObject: true }));
    fallback = await encodeFallback(base(), transparent).toBuffer();
  } catch {
    fail("Featured image: the picture could not be read. It may be damaged; try exporting it again.");
  }
  const id = createHash("sha256").update(webp).digest("hex").slice(0, 32);
  const fallbackType = transparent ? "image/png" : "image/jpeg";
  const existing = await db.selectFrom("media").select("id").where("id", "=", id).executeTakeFirst();
  if (!existing) {
    const variants = await makeVariants(fallback, info.width, transparent);
    await inTransaction(db, async (trx) => {
      await trx
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
        // The same picture uploaded twice at once is still one image.
        .onConflict((oc) => oc.column("id").doNothing())
        .execute();
      await saveVariants(trx, id, variants);
    });
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

function encodeWebp(image: Sharp): Sharp {
  return image.webp({ quality: 80 });
}

/** PNG keeps transparency; everything else is a JPEG. */
function encodeFallback(image: Sharp, transparent: boolean): Sharp {
  return transparent ? image.png({ compressionLevel: 9 }) : image.jpeg({ quality: 82, mozjpeg: true });
}

/** The narrower copies of every image, for srcset: a phone need not download the 1600-px picture. */
export const VARIANT_WIDTHS = [480, 800, 1200] as const;

/** The widths of the copies an image of this width has: only narrower ones, never enlarged. */
export function variantWidths(width: number): number[] {
  return VARIANT_WIDTHS.filter((w) => w < width);
}

type Variant = { width: number; webp: Buffer; fallback: Buffer };

/**
 * Made from the stored full-size fallback (lossless PNG or a high-quality JPEG), never from the upload:
 * the same stored image always gives the same copies, whether at upload, on first request for an image
 * stored before copies existed, or after a restore. So a backup need not carry them.
 */
async function makeVariants(fallback: Uint8Array, width: number, transparent: boolean): Promise<Variant[]> {
  const sharp = await loadSharp();
  const source = sharp(fallback, { limitInputPixels: MAX_PIXELS });
  return Promise.all(
    variantWidths(width).map(async (w) => {
      const resized = () => source.clone().resize({ width: w });
      const [webp, smallFallback] = await Promise.all([
        encodeWebp(resized()).toBuffer(),
        encodeFallback(resized(), transparent).toBuffer(),
      ]);
      return { width: w, webp, fallback: smallFallback };
    }),
  );
}

async function saveVariants(db: Database, id: string, variants: Variant[]): Promise<void> {
  if (variants.length === 0) return;
  const created = now();
  await db
    .insertInto("media_variants")
    .values(
      variants.map((v) => ({
        media_id: id,
        width: v.width,
        webp: v.webp,
        fallback: v.fallback,
        created_at: created,
      })),
    )
    // Another request (or instance) made the same copies first: they are the same bytes.
    .onConflict((oc) => oc.columns(["media_id", "width"]).doNothing())
    .execute();
}

/** Copies being made in this process, per database and image: a burst of first requests makes them once. */
const making = new WeakMap<Database, Map<string, Promise<Variant[]>>>();

/** Makes and stores the copies of an image stored before they existed (or restored from a backup). */
function variantsOf(db: Database, id: string): Promise<Variant[]> {
  const pending = making.get(db) ?? new Map<string, Promise<Variant[]>>();
  making.set(db, pending);
  let made = pending.get(id);
  if (!made) {
    made = (async () => {
      const image = await db
        .selectFrom("media")
        .select(["fallback", "fallback_type", "width"])
        .where("id", "=", id)
        .executeTakeFirstOrThrow();
      const variants = await makeVariants(image.fallback, image.width, image.fallback_type === "image/png");
      await saveVariants(db, id, variants);
      return variants;
    })().finally(() => pending.delete(id));
    pending.set(id, made);
  }
  return made;
}

export type MediaFile = { body: Uint8Array; contentType: string };

type MediaName = { id: string; width: number | undefined; contentType: string };

const TYPE_OF_EXTENSION: Record<string, string> = { webp: "image/webp", jpg: "image/jpeg", png: "image/png" };

/** `<id>.webp`, `<id>.jpg|png` (the fallback), and the same with a width: `<id>-800w.webp`. */
function parseMediaName(name: string): MediaName | null {
  const match = /^([a-f0-9]{16,64})(?:-([1-9][0-9]{0,4})w)?\.(webp|jpg|png)$/.exec(name);
  if (!match) return null;
  const [, id = "", width, ext = ""] = match;
  return {
    id,
    width: width === undefined ? undefined : Number(width),
    contentType: TYPE_OF_EXTENSION[ext] ?? "",
  };
}

/** The image behind `/media/<name>`, or null for any name that is not one of ours (never an error). */
export async function readMedia(db: Database, name: string): Promise<MediaFile | null> {
  const wanted = parseMediaName(name);
  if (!wanted) return null;
  const image = await db
    .selectFrom("media")
    .select(["width", "fallback_type"])
    .where("id", "=", wanted.id)
    .executeTakeFirst();
  if (!image) return null;
  const kind = wanted.contentType === "image/webp" ? "webp" : "fallback";
  // A .png for an image whose fallback is a JPEG (or the reverse) is not ours.
  if (kind === "fallback" && wanted.contentType !== image.fallback_type) return null;
  if (wanted.width === undefined) {
    const row = await db.selectFrom("media").select(kind).where("id", "=", wanted.id).executeTakeFirst();
    return row ? { body: row[kind], contentType: wanted.contentType } : null;
  }
  if (!variantWidths(image.width).includes(wanted.width)) return null;
  try {
    const body = await variantBytes(db, wanted.id, wanted.width, kind);
    return body ? { body, contentType: wanted.contentType } : null;
  } catch (err) {
    // Stored bytes that cannot be decoded (a damaged or hostile restore): that copy does not exist.
    log.warn(`media ${wanted.id}: no ${wanted.width}w copy (${err instanceof Error ? err.message : err})`);
    return null;
  }
}

async function variantBytes(
  db: Database,
  id: string,
  width: number,
  kind: "webp" | "fallback",
): Promise<Uint8Array | undefined> {
  const row = await db
    .selectFrom("media_variants")
    .select(kind)
    .where("media_id", "=", id)
    .where("width", "=", width)
    .executeTakeFirst();
  if (row) return row[kind];
  return (await variantsOf(db, id)).find((v) => v.width === width)?.[kind];
}

/** The id of one of our images from any of its addresses, e.g. `/media/<id>-800w.webp`. */
function mediaId(url: string): string | null {
  return url.startsWith("/media/") ? (parseMediaName(url.slice("/media/".length))?.id ?? null) : null;
}

export async function mediaSize(
  db: Database,
  url: string,
): Promise<{ width: number; height: number } | null> {
  const id = mediaId(url);
  if (!id) return null;
  const row = await db
    .selectFrom("media")
    .select(["width", "height"])
    .where("id", "=", id)
    .executeTakeFirst();
  return row ?? null;
}

export type MediaPicture = {
  webpUrl: string;
  fallbackUrl: string;
  /**
   * Every width of each file, narrowest first (`<url> 480w, …, <full url> 1600w`); null for an image too
   * small to have narrower copies, whose one file needs no srcset.
   */
  srcSet: { webp: string; fallback: string } | null;
  width: number;
  height: number;
};

/**
 * Everything a <picture> of one of our uploaded images needs: WebP first, JPEG/PNG for older browsers,
 * each in every width it has, and the full size (the layout reserves its shape, so nothing shifts).
 * Any of its addresses works; null for anything that is not ours.
 */
export async function mediaPicture(db: Database, url: string): Promise<MediaPicture | null> {
  const id = mediaId(url);
  if (!id) return null;
  const row = await db
    .selectFrom("media")
    .select(["width", "height", "fallback_type"])
    .where("id", "=", id)
    .executeTakeFirst();
  if (!row) return null;
  const fallbackExt = row.fallback_type === "image/png" ? "png" : "jpg";
  const widths = variantWidths(row.width);
  const srcSet = (ext: string) =>
    [...widths.map((w) => `/media/${id}-${w}w.${ext} ${w}w`), `/media/${id}.${ext} ${row.width}w`].join(", ");
  return {
    webpUrl: `/media/${id}.webp`,
    fallbackUrl: `/media/${id}.${fallbackExt}`,
    srcSet: widths.length > 0 ? { webp: srcSet("webp"), fallback: srcSet(fallbackExt) } : null,
    width: row.width,
    height: row.height,
  };
}

/** A backup's image, as it was (its id is its content's hash): restore only (backup/backup-reader.server.ts). */
export async function restoreMedia(
  trx: Database,
  m: {
    id: string;
    webp: string;
    fallback: string;
    fallbackType: string;
    width: number;
    height: number;
    createdAt: string;
  },
): Promise<void> {
  await trx
    .insertInto("media")
    .values({
      id: m.id,
      webp: Buffer.from(m.webp, "base64"),
      fallback: Buffer.from(m.fallback, "base64"),
      fallback_type: m.fallbackType,
      width: m.width,
      height: m.height,
      created_at: m.createdAt,
    })
    .execute();
}
