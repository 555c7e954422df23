import { describe, expect, it } from "vitest";
import { sanitizeRichText } from "#app/server/platform/sanitize.server.ts";
import { sanitizeRichTexts, stopSanitizing } from "#app/server/platform/sanitize-pool.server.ts";

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

describe("sanitizeRichTexts: many notes at once, on another thread", () => {
  const notes = [
    "<p>Light is <strong>reflected</strong></p><script>alert(1)</script>",
    '<p onclick="steal()">प्रकाश का परावर्तन</p><img src="javascript:alert(1)">',
    '<a href="javascript:alert(1)">x</a><a href="https://ncert.nic.in/a.pdf">NCERT</a>',
    '<iframe src="https://evil.example"></iframe><p style="text-align:center;color:red">c</p>',
    "<h2>Heading</h2><table><tr><td colspan=2>cell</td></tr></table><style>p{}</style>",
    '<img src="/media/0123456789abcdef.webp" alt="a" onerror="x()">',
    "  <p>trimmed</p>  ",
    "<svg><script>alert(1)</script></svg><p>after</p>",
    "<!-- a comment --><p>plain 📘</p>",
    "",
  ];

  it("gives each note's sanitizeRichText, in order, for a batch and for a few", async () => {
    const many = Array.from({ length: 300 }, (_, i) => notes[i % notes.length] as string);
    expect(await sanitizeRichTexts(many)).toEqual(many.map(sanitizeRichText));
    expect(await sanitizeRichTexts(notes.slice(0, 2))).toEqual(notes.slice(0, 2).map(sanitizeRichText));
  });

  it("answers batches asked for at once each with its own, and starts again after a stop", async () => {
    const batches = [notes, [...notes].reverse(), notes.map((n) => `${n}<p>more</p>`)];
    const answers = await Promise.all(batches.map((b) => sanitizeRichTexts(b)));
    expect(answers).toEqual(batches.map((batch) => batch.map(sanitizeRichText)));
    await stopSanitizing();
    expect(await sanitizeRichTexts(notes)).toEqual(notes.map(sanitizeRichText));
    await stopSanitizing();
  });
});
