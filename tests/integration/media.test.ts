import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { MAX_FORM_BYTES, readFormData } from "#app/server/console/form-data.server.ts";
import { DomainError } from "#app/server/errors.server.ts";
import {
  MAX_UPLOAD_BYTES,
  mediaPicture,
  mediaSize,
  readMedia,
  storeImage,
} from "#app/server/publishing/media.server.ts";
import { describeEachDatabase } from "./databases.ts";

async function rejection(promise: Promise<unknown>): Promise<DomainError> {
  try {
    await promise;
  } catch (err) {
    if (err instanceof DomainError) return err;
    throw err;
  }
  throw new Error("expected the promise to be rejected");
}

function png(width: number, height: number, alpha = false): Promise<Buffer> {
  return sharp({
    create: {
      width,
      height,
      channels: alpha ? 4 : 3,
      background: { r: 30, g: 90, b: 200, alpha: alpha ? 0.5 : 1 },
    },
  })
    .png()
    .toBuffer();
}

function jpeg(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: "#c33" } })
    .jpeg()
    .toBuffer();
}

/** `/media/<id>.webp` → `<id>-800w.webp`: the name the media route is asked for. */
const named = (url: string, width: number, ext: string) =>
  url.replace("/media/", "").replace(/\.webp$/, `-${width}w.${ext}`);

describeEachDatabase("media", (db) => {
  it("stores a real PNG as WebP plus a fallback, and serves both", async () => {
    const bytes = await png(320, 200);
    const stored = await storeImage(db(), bytes);
    expect(stored.url).toMatch(/^\/media\/[a-f0-9]{32}\.webp$/);
    expect(stored.fallbackUrl).toBe(stored.url.replace(".webp", ".jpg"));
    expect([stored.width, stored.height]).toEqual([320, 200]);

    const webp = await readMedia(db(), stored.url.replace("/media/", ""));
    expect(webp?.contentType).toBe("image/webp");
    expect((await sharp(webp?.body).metadata()).format).toBe("webp");
    const fallback = await readMedia(db(), stored.fallbackUrl.replace("/media/", ""));
    expect(fallback?.contentType).toBe("image/jpeg");
    expect(await mediaSize(db(), stored.url)).toEqual({ width: 320, height: 200 });
  });

  it("keeps transparency in a PNG fallback, and the same picture is stored once", async () => {
    const bytes = await png(40, 40, true);
    const first = await storeImage(db(), bytes);
    const second = await storeImage(db(), bytes);
    expect(first.fallbackUrl).toMatch(/\.png$/);
    expect(second.url).toBe(first.url);
    expect((await readMedia(db(), first.fallbackUrl.replace("/media/", "")))?.contentType).toBe("image/png");
  });

  it("re-encodes a JPEG, strips its metadata and shrinks it to at most 1600 px wide", async () => {
    const jpeg = await sharp({ create: { width: 2400, height: 1200, channels: 3, background: "#c33" } })
      .jpeg()
      .withMetadata({ exif: { IFD0: { Copyright: "secret camera owner" } } })
      .toBuffer();
    expect(jpeg.includes(Buffer.from("secret camera owner"))).toBe(true);
    const stored = await storeImage(db(), jpeg);
    expect([stored.width, stored.height]).toEqual([1600, 800]);
    const body = (await readMedia(db(), stored.fallbackUrl.replace("/media/", "")))?.body;
    expect(Buffer.from(body ?? []).includes(Buffer.from("secret camera owner"))).toBe(false);
  });

  it("refuses a text file named .png, an SVG, an empty file and one over 5 MB", async () => {
    const text = await rejection(
      storeImage(db(), new TextEncoder().encode("just some words, not a picture")),
    );
    expect(text.message).toMatch(/not an image/);
    expect(text.status).toBe(400);

    const svg = new TextEncoder().encode(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
    );
    const svgError = await rejection(storeImage(db(), svg));
    expect(svgError.message).toMatch(/not SVG|not an image/);

    expect((await rejection(storeImage(db(), new Uint8Array()))).message).toMatch(/empty/);

    const big = new Uint8Array(MAX_UPLOAD_BYTES + 1);
    big.set(await png(10, 10));
    const tooBig = await rejection(storeImage(db(), big));
    expect(tooBig.status).toBe(413);
    expect(tooBig.message).toMatch(/5 MB/);

    const rows = await db().selectFrom("media").select("id").execute();
    expect(rows.length).toBe(3);
  });

  it("serves narrower copies, 480, 800 and 1200 px wide, in WebP and the fallback", async () => {
    const stored = await storeImage(db(), await jpeg(2000, 1000));
    expect(stored.width).toBe(1600);
    for (const width of [480, 800, 1200]) {
      const webp = await readMedia(db(), named(stored.url, width, "webp"));
      expect(webp?.contentType).toBe("image/webp");
      const webpMeta = await sharp(webp?.body).metadata();
      expect([webpMeta.format, webpMeta.width, webpMeta.height]).toEqual(["webp", width, width / 2]);
      const fallback = await readMedia(db(), named(stored.url, width, "jpg"));
      expect(fallback?.contentType).toBe("image/jpeg");
      const fallbackMeta = await sharp(fallback?.body).metadata();
      expect([fallbackMeta.format, fallbackMeta.width]).toEqual(["jpeg", width]);
      expect(await readMedia(db(), named(stored.url, width, "png"))).toBeNull();
    }
    // The full size keeps its own address, and is not also a "1600w" copy.
    expect(await readMedia(db(), named(stored.url, 1600, "webp"))).toBeNull();
  });

  it("never enlarges: a small image has only the copies narrower than itself", async () => {
    const stored = await storeImage(db(), await png(640, 360, true));
    const copy = await readMedia(db(), named(stored.url, 480, "png"));
    expect(copy?.contentType).toBe("image/png");
    const meta = await sharp(copy?.body).metadata();
    expect([meta.width, meta.height, meta.hasAlpha]).toEqual([480, 270, true]);
    for (const width of [640, 800, 1200]) {
      expect(await readMedia(db(), named(stored.url, width, "webp")), `${width}w`).toBeNull();
    }
    const tiny = await storeImage(db(), await png(300, 200));
    expect(await readMedia(db(), named(tiny.url, 480, "webp"))).toBeNull();
    expect((await mediaPicture(db(), tiny.url))?.srcSet).toBeNull();
  });

  it("answers nothing for widths we do not make", async () => {
    const stored = await storeImage(db(), await jpeg(1000, 500));
    const id = stored.id;
    for (const name of [
      `${id}-500w.webp`,
      `${id}-0800w.webp`,
      `${id}-800.webp`,
      `${id}-800w.gif`,
      `${id}-99999999w.webp`,
      `${id}--800w.webp`,
      `0123456789abcdef0123456789abcdef-800w.webp`,
    ]) {
      expect(await readMedia(db(), name), name).toBeNull();
    }
  });

  it("offers every width to a <picture>, narrowest first, from any address of the image", async () => {
    const stored = await storeImage(db(), await jpeg(1000, 400));
    const base = `/media/${stored.id}`;
    const picture = await mediaPicture(db(), stored.url);
    expect(picture).toEqual({
      webpUrl: `${base}.webp`,
      fallbackUrl: `${base}.jpg`,
      srcSet: {
        webp: `${base}-480w.webp 480w, ${base}-800w.webp 800w, ${base}.webp 1000w`,
        fallback: `${base}-480w.jpg 480w, ${base}-800w.jpg 800w, ${base}.jpg 1000w`,
      },
      width: 1000,
      height: 400,
    });
    expect(await mediaPicture(db(), stored.fallbackUrl)).toEqual(picture);
    expect(await mediaPicture(db(), `${base}-480w.webp`)).toEqual(picture);
    expect(await mediaPicture(db(), "https://example.com/a.webp")).toBeNull();
  });

  it("makes the copies of an image stored before they existed on first request, the same bytes", async () => {
    const stored = await storeImage(db(), await jpeg(1300, 650));
    const widthsKept = async () =>
      (
        await db()
          .selectFrom("media_variants")
          .select("width")
          .where("media_id", "=", stored.id)
          .orderBy("width")
          .execute()
      ).map((r) => r.width);
    expect(await widthsKept()).toEqual([480, 800, 1200]); // made at upload
    const atUpload = await readMedia(db(), named(stored.url, 800, "webp"));
    // As in a database from before copies existed.
    await db().deleteFrom("media_variants").where("media_id", "=", stored.id).execute();

    const [first, second, fallback] = await Promise.all([
      readMedia(db(), named(stored.url, 800, "webp")),
      readMedia(db(), named(stored.url, 800, "webp")),
      readMedia(db(), named(stored.url, 1200, "jpg")),
    ]);
    expect(first?.contentType).toBe("image/webp");
    expect(Buffer.from(first?.body ?? []).equals(Buffer.from(atUpload?.body ?? [1]))).toBe(true);
    expect(Buffer.from(second?.body ?? []).equals(Buffer.from(atUpload?.body ?? [1]))).toBe(true);
    expect((await sharp(fallback?.body).metadata()).width).toBe(1200);
    expect(await widthsKept()).toEqual([480, 800, 1200]); // and kept
  });

  it("answers nothing for names that are not ours", async () => {
    expect(await readMedia(db(), "../../etc/passwd")).toBeNull();
    expect(await readMedia(db(), "0123456789abcdef0123456789abcdef.gif")).toBeNull();
    expect(await readMedia(db(), "0123456789abcdef0123456789abcdef.webp")).toBeNull();
  });
});

describe("readFormData", () => {
  function multipart(size: number): Request {
    const form = new FormData();
    form.set("file", new File([new Uint8Array(size)], "x.png", { type: "image/png" }));
    return new Request("http://localhost/admin/media", { method: "POST", body: form });
  }

  /** A body streamed without Content-Length (chunked), as a client may send it. */
  function chunked(size: number): Request {
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent >= size) return controller.close();
        const chunk = new Uint8Array(Math.min(64 * 1024, size - sent));
        sent += chunk.byteLength;
        controller.enqueue(chunk);
      },
    });
    return new Request("http://localhost/admin/media", {
      method: "POST",
      headers: { "content-type": "multipart/form-data; boundary=x" },
      body,
      duplex: "half",
    } as RequestInit);
  }

  it("reads a form of 5 MB", async () => {
    const form = await readFormData(multipart(MAX_UPLOAD_BYTES));
    expect((form.get("file") as File).size).toBe(MAX_UPLOAD_BYTES);
  });

  it("refuses a body over 6 MB with 413, by Content-Length and while streaming", async () => {
    const declared = new Request("http://localhost/x", {
      method: "POST",
      headers: {
        "content-length": String(MAX_FORM_BYTES + 1),
        "content-type": "multipart/form-data; boundary=x",
      },
      body: "x",
    });
    expect((await rejection(readFormData(declared))).status).toBe(413);
    expect((await rejection(readFormData(chunked(MAX_FORM_BYTES + 10)))).status).toBe(413);
  });

  it("answers 400 for a body that is not a form", async () => {
    const garbled = new Request("http://localhost/x", {
      method: "POST",
      headers: { "content-type": "multipart/form-data; boundary=nothing-here" },
      body: "garbage",
    });
    expect((await rejection(readFormData(garbled))).status).toBe(400);
  });
});
