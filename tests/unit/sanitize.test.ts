import { describe, expect, it } from "vitest";
import { sanitizeRichText } from "#app/server/sanitize.server.ts";

const srcOf = (html: string) => /<img[^>]*\ssrc="([^"]*)"/.exec(sanitizeRichText(html))?.[1] ?? null;

describe("sanitizeRichText: image sources", () => {
  it("keeps our own images and http(s) images", () => {
    expect(srcOf('<img src="/media/0123456789abcdef0123456789abcdef.webp" alt="a">')).toBe(
      "/media/0123456789abcdef0123456789abcdef.webp",
    );
    expect(srcOf('<img src="/media/0123456789abcdef-800w.jpg">')).toBe("/media/0123456789abcdef-800w.jpg");
    expect(srcOf('<img src="https://example.org/a.png">')).toBe("https://example.org/a.png");
  });

  it("drops an image whose /media/ address a browser would resolve elsewhere", () => {
    for (const src of [
      "/media/../../admin/users",
      "/media/%2e%2e/%2e%2e/logout",
      "/media/%2E%2E/x",
      "/media/&#46;&#46;/x",
      "/media/..\\..\\x",
      "/media/a/../../x.png",
      "/media/.%2e/x",
      "/media/x.webp?../../y",
      "/media/",
      "/logout",
      "//evil.example/x.png",
      "javascript:alert(1)",
    ]) {
      const html = sanitizeRichText(`<p>a</p><img src="${src}">`);
      expect(html, src).toBe("<p>a</p>");
    }
  });
});
