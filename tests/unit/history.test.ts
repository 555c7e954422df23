import { describe, expect, it } from "vitest";
import { historyHref, historyKindOf } from "#app/lib/history-links.ts";
import { htmlToLines } from "#app/lib/html-text.ts";
import { changeSummary, sameAsCurrent, versionDiff } from "#app/server/history/changes.server.ts";

const names = { subjects: new Map([["10/physics", "Physics"]]), chapters: new Map<number, string>() };
const links = (notes: Array<[string, string]>) => ({
  notes: notes.map(([title, url]) => ({ title, url })),
  questions: [],
  lectures: [],
});

describe("history's addresses", () => {
  it("one per item under its console section; a version, its confirmation and a page in the query", () => {
    expect(historyHref("chapter", 12)).toBe("/admin/chapters/12/history");
    expect(historyHref("post", 3, { v: 2, restore: true })).toBe("/admin/blogs/3/history?v=2&restore=1");
    expect(historyHref("note", 5, { page: 2, restore: true })).toBe("/admin/notes/5/history?page=2");
    expect(historyKindOf("admin/blogs/:id/history")).toBe("post");
    expect(historyKindOf("/admin/chapters/:id/history")).toBe("chapter");
    expect(historyKindOf("admin/notes/:id")).toBeNull();
  });
});

describe("what a version changed", () => {
  const chapter = {
    grade: 10,
    subject: "physics",
    title: "Light",
    slug: "light",
    position: 0,
    links: links([
      ["NCERT", "https://a.org/1"],
      ["Notes", "https://a.org/2"],
    ]),
  };

  it("names the fields in a few words; links are counted", () => {
    const renamed = { ...chapter, title: "Light and Optics", slug: "light-and-optics" };
    expect(changeSummary("chapter", chapter, renamed, 2)).toBe("title");
    const relinked = {
      ...renamed,
      links: links([
        ["NCERT book", "https://a.org/1"],
        ["New", "https://a.org/3"],
        ["More", "https://a.org/4"],
      ]),
    };
    expect(changeSummary("chapter", renamed, relinked, 3)).toBe("2 links added, 1 removed, 1 changed");
    expect(
      changeSummary(
        "chapter",
        chapter,
        {
          ...chapter,
          links: links([
            ["Notes", "https://a.org/2"],
            ["NCERT", "https://a.org/1"],
          ]),
        },
        2,
      ),
    ).toBe("links reordered");
    expect(changeSummary("chapter", null, chapter, 1)).toBe("created");
    expect(changeSummary("chapter", null, chapter, 7)).toBe("");
    expect(changeSummary("chapter", chapter, chapter, 2)).toBe("no changes");
  });

  it("a post's fields that follow another (SEO title = title) are not counted on their own", () => {
    const post = {
      title: "A",
      slug: "a",
      seoTitle: "A",
      socialTitle: "A",
      featuredImageAlt: "A",
      status: "draft",
    };
    const after = {
      ...post,
      title: "B",
      seoTitle: "B",
      socialTitle: "B",
      featuredImageAlt: "B",
      status: "published",
    };
    expect(changeSummary("post", post, after, 2)).toBe("title; status");
    const many = { ...after, author: "x", tag: "y", category: "z", excerpt: "e" };
    expect(changeSummary("post", post, many, 2)).toBe("title; author; tag and 3 more");
  });

  it("diffs fields as text, HTML as its readable lines, with what only one side has marked", () => {
    const before = {
      content: "<p>Waves carry energy.</p><ul><li>Sound</li></ul>",
      seoDescription: "",
      seoKeywords: [],
    };
    const now = { ...before, content: "<p>Waves carry energy.</p><ul><li>Sound</li><li>Light</li></ul>" };
    expect(htmlToLines(now.content)).toBe("Waves carry energy.\nSound\nLight");
    const [content] = versionDiff("note", before, now, names);
    expect(content?.label).toBe("Content");
    expect(content?.parts.filter((p) => p.change !== "same")).toEqual([{ text: "Light", change: "added" }]);
    // Odd shapes (an older or hand-made version) read as empty, never throw.
    expect(
      versionDiff("chapter", { links: "nonsense", grade: "x" }, { ...chapter }, names).map((f) => f.label),
    ).toContain("Subject");
  });

  it("a long unchanged stretch is shortened to its ends", () => {
    const long = "word ".repeat(400);
    const [content] = versionDiff(
      "note",
      { content: `<p>${long}old</p>` },
      { content: `<p>${long}new</p>` },
      names,
    );
    const same = content?.parts.find((p) => p.change === "same")?.text ?? "";
    expect(same).toMatch(/characters unchanged/);
    expect(same.length).toBeLessThan(400);
  });

  it("a version is the same as now exactly when its diff against the current one is empty", () => {
    const cases: Array<
      [Parameters<typeof versionDiff>[0], Record<string, unknown>, Record<string, unknown>]
    > = [
      ["chapter", chapter, { ...chapter }],
      ["chapter", chapter, { ...chapter, title: "Light and Shadow" }],
      ["chapter", chapter, { ...chapter, links: links([["NCERT", "https://a.org/1"]]) }],
      ["chapter", chapter, { ...chapter, subject: "chemistry" }],
      // A title with the address made from it, and one given its own: only the title differs.
      ["chapter", chapter, { ...chapter, title: "Lights", slug: "lights" }],
      // An SEO title that follows the title, stored or not: the same post.
      [
        "post",
        { title: "A", seoTitle: "A", status: "draft" },
        { title: "A", status: "draft", seoTitle: "A" },
      ],
      ["post", { title: "A", status: "draft" }, { title: "A", status: "published" }],
      ["note", { content: "<p>Waves</p>" }, { content: "<p>Waves</p>" }],
      ["note", { content: "<p>Waves</p>" }, { content: "<p>Waves.</p>" }],
    ];
    for (const [kind, version, current] of cases)
      expect(sameAsCurrent(kind, version, current), JSON.stringify([version, current])).toBe(
        versionDiff(kind, version, current, names).length === 0,
      );
    expect(sameAsCurrent("chapter", chapter, { ...chapter })).toBe(true);
    expect(sameAsCurrent("chapter", chapter, { ...chapter, title: "Light and Shadow" })).toBe(false);
  });
});
