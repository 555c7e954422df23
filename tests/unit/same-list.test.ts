import { describe, expect, it } from "vitest";
import { sameList } from "#app/server/console/console-form.server.ts";

describe("sameList: the page a successful write returns to", () => {
  it("is the page the form was on, as a browser addresses it", () => {
    const post = (url: string) => new Request(url, { method: "POST" });
    expect(sameList(post("http://x/admin/blogs?tag=Exams&page=2"))).toBe("/admin/blogs?tag=Exams&page=2");
    // A JavaScript submission posts to the page's data address (React Router's single fetch).
    expect(sameList(post("http://x/admin/blogs.data?tag=Exams"))).toBe("/admin/blogs?tag=Exams");
    expect(sameList(post("http://x/admin.data?index&page=3"))).toBe("/admin?page=3");
    expect(sameList(post("http://x/_.data"))).toBe("/");
    expect(sameList(post("http://x/admin/blogs.data?relatedq=x&q=y"), ["relatedq"])).toBe("/admin/blogs?q=y");
  });
});
