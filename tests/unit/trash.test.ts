import { describe, expect, it } from "vitest";
import { readListQuery } from "#app/lib/list-query.ts";
import {
  consoleReturn,
  purgeDay,
  TRASH_LIST,
  trashHref,
  trashKindOf,
  undoDelete,
} from "#app/lib/trash-page.ts";

describe("the Trash's pure rules", () => {
  it("comes back only to a console page, never to another site", () => {
    for (const ok of ["/admin", "/admin?page=2", "/admin/blogs?q=x&page=3", "/admin/notes"]) {
      expect(consoleReturn(ok), ok).toBe(ok);
    }
    for (const bad of [
      "https://evil.example/admin",
      "//evil.example/admin",
      "/admin//evil.example",
      "/administrator",
      "/blog/x",
      "/admin\\..\\x",
      "/admin x",
      "",
      null,
      `/admin?q=${"a".repeat(2000)}`,
    ]) {
      expect(consoleReturn(bad), String(bad)).toBeNull();
    }
  });

  it("offers Undo as a form that restores the deleted items and returns to the list", () => {
    expect(undoDelete([7, 9], "/admin/blogs?page=2")).toEqual({
      label: "Undo",
      to: "/admin/trash",
      fields: [
        ["intent", "restore"],
        ["ids", "7"],
        ["ids", "9"],
        ["back", "/admin/blogs?page=2"],
      ],
    });
  });

  it("keeps its list state in the address and ignores an unknown kind", () => {
    const query = readListQuery(new URLSearchParams("kind=note&q=light&page=2"), TRASH_LIST);
    expect(trashKindOf(query)).toBe("note");
    expect(trashHref(query)).toBe("/admin/trash?kind=note&q=light&page=2");
    expect(trashHref(query, { filters: { kind: "" } })).toBe("/admin/trash?q=light");
    expect(trashKindOf(readListQuery(new URLSearchParams("kind=user"), TRASH_LIST))).toBeUndefined();
  });

  it("says the day, in India, an item leaves the Trash for good", () => {
    // 20:00 UTC is already the next day in India.
    expect(purgeDay("2026-11-01T20:00:00.000Z", 30)).toBe("2026-12-02");
    expect(purgeDay("not a time", 30)).toBe("");
  });
});
