import { describe, expect, it } from "vitest";
import { inLang, langOfPath, withoutLang } from "#app/lib/language.ts";

describe("the language of an address", () => {
  it("is Hindi at /hi and below, in any case, and English elsewhere", () => {
    for (const path of ["/hi", "/hi/", "/hi/class/10", "/HI/blog"]) expect(langOfPath(path), path).toBe("hi");
    for (const path of ["/", "/history", "/hindi", "/class/10", "/h"])
      expect(langOfPath(path), path).toBe("en");
  });

  it("moves an address to either language, its query and fragment kept", () => {
    expect(inLang("hi", "/")).toBe("/hi");
    expect(inLang("hi", "/class/10?subject=science")).toBe("/hi/class/10?subject=science");
    expect(inLang("hi", "/?q=1")).toBe("/hi?q=1");
    expect(inLang("hi", "/hi/blog")).toBe("/hi/blog");
    expect(inLang("en", "/hi/blog#top")).toBe("/blog#top");
    expect(inLang("en", "/hi")).toBe("/");
    expect(inLang("en", "/hi?x=1")).toBe("/?x=1");
    expect(withoutLang("/class/9")).toBe("/class/9");
  });

  it("never makes a link to another host of an address asked with extra slashes", () => {
    for (const asked of ["/hi//evil.example/x", "/hi/\\evil.example", "//evil.example", "/\\/evil.example"]) {
      for (const lang of ["en", "hi"] as const) {
        const address = inLang(lang, asked);
        expect(address, `${lang} ${asked}`).toMatch(/^\/(?![/\\])/);
        expect(new URL(address, "https://chapterwise.example").host, `${lang} ${asked}`).toBe(
          "chapterwise.example",
        );
      }
    }
  });
});
