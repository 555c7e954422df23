import sharp from "sharp";
import { expect, it } from "vitest";
import { DomainError } from "#app/server/errors.server.ts";
import { readMedia, storeImage } from "#app/server/publishing/media.server.ts";
import { describeEachDatabase } from "./databases.ts";

describeEachDatabase("hostile uploads", (db) => {
  it("a trailing payload and EXIF metadata do not survive re-encoding", async () => {
    const jpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: "#e11d48" } })
      .jpeg()
      .withMetadata({ exif: { IFD0: { ImageDescription: "SECRET-GPS-AND-CAMERA" } } })
      .toBuffer();
    const payload = Buffer.from("<script>alert(1)</script><?php system($_GET['c']); ?>");
    const stored = await storeImage(db(), Buffer.concat([jpeg, payload]));
    for (const name of [stored.url, stored.fallbackUrl]) {
      const file = await readMedia(db(), name.replace("/media/", ""));
      const bytes = Buffer.from(file?.body ?? []);
      expect(bytes.includes(Buffer.from("<script>"))).toBe(false);
      expect(bytes.includes(Buffer.from("SECRET-GPS"))).toBe(false);
      const meta = await sharp(bytes).metadata();
      expect(meta.exif).toBeUndefined();
    }
  });

  it("refuses a picture with too many pixels with 413, however small the file", async () => {
    // 8000 × 6000 of one colour compresses to a few kilobytes but would decode to 48 megapixels.
    const bomb = await sharp({ create: { width: 8000, height: 6000, channels: 3, background: "#ffffff" } })
      .png()
      .toBuffer();
    expect(bomb.byteLength).toBeLessThan(1024 * 1024);
    let error: unknown;
    try {
      await storeImage(db(), bomb);
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(DomainError);
    expect((error as DomainError).status).toBe(413);
    expect((error as DomainError).message).toMatch(/too many pixels/);
  });

  it("refuses an HTML file that starts like a GIF, and an SVG with a script", async () => {
    const polyglot = Buffer.from("GIF89a/*<html><script>alert(1)</script></html>*/");
    await expect(storeImage(db(), polyglot)).rejects.toThrow(/not an image we can use|only JPEG, PNG/);
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script><rect width="10" height="10"/></svg>',
    );
    await expect(storeImage(db(), svg)).rejects.toThrow(/not SVG|only JPEG, PNG/);
  });

  it("an image whose stored bytes cannot be decoded has no narrower copies: nothing, not an error", async () => {
    // As a hostile or damaged backup would leave it: claims 2000 px, holds no picture.
    const id = "deadbeefdeadbeefdeadbeefdeadbeef";
    await db()
      .insertInto("media")
      .values({
        id,
        webp: Buffer.from("not a webp"),
        fallback: Buffer.from("not a jpeg"),
        fallback_type: "image/jpeg",
        width: 2000,
        height: 1000,
        created_at: new Date().toISOString(),
      })
      .execute();
    for (const name of [`${id}-800w.webp`, `${id}-480w.jpg`, `${id}-123w.webp`]) {
      expect(await readMedia(db(), name), name).toBeNull();
    }
  });
});
