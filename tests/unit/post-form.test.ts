import { describe, expect, it } from "vitest";
import { judgeLinkAddress } from "#app/components/admin/editor/link-address.ts";
import {
  emptyPostValues,
  formTextToHtml,
  MAX_RELATED_POSTS,
  parseNoteForm,
  parsePostForm,
  parseRecordId,
  parseVersion,
  postFormValues,
  postValuesFrom,
  uploadedFile,
} from "#app/lib/post-form.ts";

function form(entries: Array<[string, string | File]>): FormData {
  const data = new FormData();
  for (const [name, value] of entries) data.append(name, value);
  return data;
}

describe("parsePostForm", () => {
  it("reads every field as typed and leaves blanks blank (the domain applies the defaults)", () => {
    const input = parsePostForm(
      form([
        ["title", "  Board exam tips "],
        ["slug", "board-exam-tips"],
        ["date", "2026-03-01"],
        ["content", "<p>Hello</p>"],
        ["status", "published"],
        ["seoKeywords", "exams, tips"],
        ["featured", "on"],
        ["allowComments", "on"],
        ["related", "a-post"],
        ["related", "b-post"],
        ["related", "a-post"],
        ["related", " "],
      ]),
    );
    expect(input.title).toBe("  Board exam tips ");
    expect(input.slug).toBe("board-exam-tips");
    expect(input.author).toBe("");
    expect(input.tag).toBe("");
    expect(input.status).toBe("published");
    expect(input.content).toBe("<p>Hello</p>");
    expect(input.seoKeywords).toBe("exams, tips");
    expect(input.featured).toBe(true);
    expect(input.allowComments).toBe(true);
    expect(input.related).toEqual(["a-post", "b-post"]);
  });

  it("reads unticked checkboxes as false and a file in a text field as empty", () => {
    const input = parsePostForm(form([["title", new File(["x"], "x.txt")]]));
    expect(input.title).toBe("");
    expect(input.featured).toBe(false);
    expect(input.allowComments).toBe(false);
    expect(input.related).toEqual([]);
  });

  it("carries at most one related post past the cap, however many are sent", () => {
    const flood = form([]);
    for (let i = 0; i < 40_000; i++) flood.append("related", `post-${i}`);
    const { related } = parsePostForm(flood);
    expect(related).toHaveLength(MAX_RELATED_POSTS + 1);
    expect(related.slice(0, 2)).toEqual(["post-0", "post-1"]);
  });

  it("turns plain textarea text into paragraphs", () => {
    const input = parsePostForm(form([["content", "First line\nsecond line\n\nNext <paragraph> & more"]]));
    expect(input.content).toBe("<p>First line<br>second line</p><p>Next &lt;paragraph&gt; &amp; more</p>");
  });
});

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

describe("uploadedFile", () => {
  it("gives the chosen file, and null for an empty file input or none", () => {
    const file = new File([new Uint8Array([1, 2, 3])], "a.png", { type: "image/png" });
    expect(uploadedFile(form([["imageFile", file]]))).toBe(file);
    expect(uploadedFile(form([["imageFile", new File([], "")]]))).toBeNull();
    expect(uploadedFile(form([["imageFile", "text"]]))).toBeNull();
    expect(uploadedFile(form([]))).toBeNull();
  });
});

describe("parseNoteForm", () => {
  it("reads the chapter as a number and keeps the typed text for re-showing", () => {
    const { input, values } = parseNoteForm(
      form([
        ["chapterId", "12"],
        ["content", "Plain note"],
        ["seoDescription", "About sets"],
        ["seoKeywords", "sets, maths"],
      ]),
    );
    expect(input).toEqual({
      chapterId: 12,
      content: "<p>Plain note</p>",
      seoDescription: "About sets",
      seoKeywords: "sets, maths",
    });
    expect(values.content).toBe("Plain note");
    expect(values.chapterId).toBe("12");
  });

  it("reads no chapter, or a garbled one, as 0 (not chosen)", () => {
    expect(parseNoteForm(form([["chapterId", ""]])).input.chapterId).toBe(0);
    expect(parseNoteForm(form([["chapterId", "12abc"]])).input.chapterId).toBe(0);
    expect(parseNoteForm(form([])).input.chapterId).toBe(0);
  });
});

describe("parseRecordId and parseVersion", () => {
  it("accept whole numbers only", () => {
    expect(parseRecordId("42")).toBe(42);
    expect(parseRecordId(" 7 ")).toBe(7);
    for (const bad of ["0", "-1", "1.5", "1e3", "abc", "", "99999999999999999999", null, undefined]) {
      expect(parseRecordId(bad)).toBeNull();
    }
    expect(parseVersion("0")).toBe(0);
    expect(parseVersion("3")).toBe(3);
    for (const bad of ["-1", "x", "", null, "1.0"]) expect(parseVersion(bad)).toBeNull();
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

describe("postValuesFrom", () => {
  it("fills what is missing or of the wrong type with the empty form's values", () => {
    const values = postValuesFrom(
      { title: "T", featured: "yes", related: ["a", 3], allowComments: false },
      "2026-05-05",
    );
    expect(values.title).toBe("T");
    expect(values.featured).toBe(false);
    expect(values.related).toEqual(["a"]);
    expect(values.allowComments).toBe(false);
    expect(values.date).toBe("2026-05-05");
    expect(values.status).toBe("draft");
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
