import { describe, expect, it } from "vitest";
import { blogsForm, editBlogForm } from "#app/routes/admin/blog-form.server.ts";
import { parseConsoleForm } from "#app/server/console/console-form.server.ts";

function form(entries: Array<[string, string | File]>): FormData {
  const data = new FormData();
  for (const [name, value] of entries) data.append(name, value);
  return data;
}

describe("the post form's schema (add and Edit Blog)", () => {
  it("reads every field as typed and leaves blanks blank (the domain applies the defaults)", () => {
    const submission = parseConsoleForm(
      form([
        ["intent", "add"],
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
      blogsForm,
    );
    expect(submission.status).toBe("success");
    if (submission.status !== "success" || submission.value.intent !== "add") return;
    const input = submission.value;
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

  it("reads unticked checkboxes as false, one related post as a list, and no related post as none", () => {
    const one = parseConsoleForm(
      form([
        ["version", "3"],
        ["related", "a-post"],
      ]),
      editBlogForm,
    );
    expect(one.status).toBe("success");
    if (one.status !== "success") return;
    expect(one.value).toMatchObject({
      version: 3,
      featured: false,
      allowComments: false,
      related: ["a-post"],
    });
    const none = parseConsoleForm(form([["version", "0"]]), editBlogForm);
    expect(none.status === "success" && none.value.related).toEqual([]);
  });

  it("turns plain textarea text into paragraphs, and keeps what was typed for the reply", () => {
    const typed = "First line\nsecond line\n\nNext <paragraph> & more";
    const submission = parseConsoleForm(
      form([
        ["version", "1"],
        ["content", typed],
      ]),
      editBlogForm,
    );
    expect(submission.status === "success" && submission.value.content).toBe(
      "<p>First line<br>second line</p><p>Next &lt;paragraph&gt; &amp; more</p>",
    );
    expect(submission.reply().initialValue?.content).toBe(typed);
  });

  it("refuses an edit that does not say which version it was opened at", () => {
    for (const version of ["", "x", "-1", "1.5"]) {
      const submission = parseConsoleForm(
        form([
          ["version", version],
          ["title", "T"],
        ]),
        editBlogForm,
      );
      expect(submission.status, version).toBe("error");
      if (submission.status === "error") expect(submission.error?.version?.[0]).toMatch(/which version/);
    }
  });

  it("refuses an unknown intent, a garbled id and an empty selection", () => {
    const cases: Array<[Array<[string, string]>, string, RegExp]> = [
      [[["intent", "bogus"]], "intent", /request it does not know/],
      [
        [
          ["intent", "delete"],
          ["id", "-3"],
        ],
        "id",
        /which post/,
      ],
      [
        [
          ["intent", "delete"],
          ["id", "abc"],
        ],
        "id",
        /which post/,
      ],
      [[["intent", "publish-selected"]], "ids", /Select at least one post/],
    ];
    for (const [entries, field, message] of cases) {
      const submission = parseConsoleForm(form(entries), blogsForm);
      expect(submission.status, JSON.stringify(entries)).toBe("error");
      if (submission.status === "error") expect(submission.error?.[field]?.[0]).toMatch(message);
    }
  });
});
