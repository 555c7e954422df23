import { describe, expect, it } from "vitest";
import { shareText, shortChapterPath, whatsAppShareLink } from "#app/lib/share.ts";
import { qrCodeDataUrl } from "#app/server/platform/qr.server.ts";

describe("sharing a chapter", () => {
  const address = "https://chapterwise.example/class/10/chapter/real-numbers";

  it("reads the title, an en dash and the address", () => {
    expect(shareText("Real Numbers", address)).toBe(`Real Numbers \u2013 ${address}`);
  });

  it("hands WhatsApp the whole text as one encoded parameter", () => {
    const link = whatsAppShareLink("Acids, Bases & Salts?", address);
    expect(link.startsWith("https://wa.me/?text=")).toBe(true);
    // Nothing of the title can end the parameter or start another one.
    expect(link.slice("https://wa.me/?text=".length)).not.toMatch(/[&?#= ]/);
    expect(new URL(link).searchParams.get("text")).toBe(`Acids, Bases & Salts? \u2013 ${address}`);
  });

  it("keeps a Hindi title readable once decoded", () => {
    const hindi = "https://chapterwise.example/class/10/chapter/%E0%A4%B8";
    expect(new URL(whatsAppShareLink("सूरदास के पद", hindi)).searchParams.get("text")).toBe(
      `सूरदास के पद \u2013 ${hindi}`,
    );
  });

  it("gives the short address of a chapter id", () => {
    expect(shortChapterPath(42)).toBe("/c/42");
  });
});

describe("QR codes drawn on the server", () => {
  it("are SVG data: images, kept while in use, and a secret's is never kept", async () => {
    const app = qrCodeDataUrl("https://play.example/app");
    expect(await app).toMatch(/^data:image\/svg\+xml,%3Csvg/);
    // Chapters' codes come and go; the one every page asks for stays.
    for (let id = 1; id <= 300; id++) {
      void qrCodeDataUrl(`https://site.example/c/${id}`);
      expect(qrCodeDataUrl("https://play.example/app")).toBe(app);
    }
    const secret = "otpauth://totp/x?secret=ABC";
    expect(qrCodeDataUrl(secret, { keep: false })).not.toBe(qrCodeDataUrl(secret, { keep: false }));
    expect(await qrCodeDataUrl(secret, { keep: false })).toBe(await qrCodeDataUrl(secret));
  });
});

describe("QR codes of texts of one shape", () => {
  it("are the codes QRCode draws of each text alone, though the split is found once per shape", async () => {
    const texts = [
      ...[1, 7, 42, 99, 100, 2602, 9999, 10000, 54321, 99999, 100000, 1234567].flatMap((id) => [
        `https://chapterwise.example/c/${id}`,
        `https://chapterwise.example/hi/c/${id}`,
        `http://127.0.0.1:3409/c/${id}`,
        `HTTPS://CHAPTERWISE.EXAMPLE/C/${id}`,
      ]),
      "https://play.google.com/store/search?q=ChapterWise&c=apps",
      "https://play.google.com/store/search?q=ChapterWize&c=apps",
      "https://example.org/अध्याय/12",
      "https://example.org/अध्याय/98",
      "12345678901234567890",
      "ABCDEFGH 123 $%*+-./:",
    ];
    for (const text of texts) {
      // A secret's code is drawn from the text alone, with no split kept: the reference.
      expect(await qrCodeDataUrl(text), text).toBe(await qrCodeDataUrl(text, { keep: false }));
    }
  });
});
