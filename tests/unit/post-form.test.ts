import { describe, expect, it } from "vitest";
import { judgeLinkAddress } from "#app/components/admin/editor/link-address.ts";
import { emptyPostValues, formTextToHtml, postFormValues } from "#app/lib/post-form.ts";

describe("formTextToHtml", () => {
  it("keeps HTML as it is", () => {
    expect(formTextToHtml("<h3>Title</h3><p>x</p>")).toBe("<h3>Title</h3><p>x</p>");
  });
  it("gives nothing for blank text", () => {
    expect(formTextToHtml(" \n\n  ")).toBe("");
  });
  it("does not take a comparison for a tag", () => {
    expect(formTextToHtml("a < b and c > d")).toBe("<p>a &lt; b and c &gt; d</p>");
  });
});

describe("postFormValues", () => {
  const saved = {
    ...emptyPostValues("2026-01-01"),
    title: "Plan",
    slug: "plan",
    excerpt: "Short",
    image: "/media/abcdef0123456789abcdef0123456789.webp",
    featuredImageAlt: "Plan",
    seoTitle: "Plan",
    seoDescription: "Short",
    socialTitle: "A different headline",
    socialDescription: "Short",
    socialImage: "/media/abcdef0123456789abcdef0123456789.webp",
    canonicalUrl: "https://example.org/blog/plan",
    seoKeywords: ["a", "b"],
  };

  it("shows fields that only hold their default as blank, so they follow later changes", () => {
    const values = postFormValues(saved, "https://example.org");
    expect(values.seoTitle).toBe("");
    expect(values.featuredImageAlt).toBe("");
    expect(values.seoDescription).toBe("");
    expect(values.socialDescription).toBe("");
    expect(values.socialImage).toBe("");
    expect(values.canonicalUrl).toBe("");
    expect(values.socialTitle).toBe("A different headline");
    expect(values.seoKeywords).toBe("a, b");
  });

  it("keeps a canonical URL that points elsewhere", () => {
    const values = postFormValues(
      { ...saved, canonicalUrl: "https://other.example/x" },
      "https://example.org",
    );
    expect(values.canonicalUrl).toBe("https://other.example/x");
  });
});

describe("judgeLinkAddress", () => {
  it("accepts https addresses and adds https:// to a bare domain", () => {
    expect(judgeLinkAddress("https://ncert.nic.in/textbook.php")).toEqual({
      kind: "set",
      href: "https://ncert.nic.in/textbook.php",
    });
    expect(judgeLinkAddress(" ncert.nic.in ")).toEqual({ kind: "set", href: "https://ncert.nic.in/" });
  });

  it("refuses every other scheme with a message", () => {
    for (const bad of [
      "http://example.com",
      "javascript:alert(1)",
      "data:text/html,x",
      "ftp://x.org",
      "not a url",
    ]) {
      const judged = judgeLinkAddress(bad);
      expect(judged.kind).toBe("refused");
      if (judged.kind === "refused") expect(judged.message).toMatch(/https:\/\//);
    }
  });

  it("reads an empty answer as removing the link", () => {
    expect(judgeLinkAddress("")).toEqual({ kind: "remove" });
    expect(judgeLinkAddress("https://")).toEqual({ kind: "remove" });
  });
});
