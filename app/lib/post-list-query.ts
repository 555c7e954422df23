import type { ListQuery, ListSpec } from "#app/lib/list-query.ts";

// The Manage Blogs list's URL state (read by the route, built by the table's links): newest date
// first by default, as the spec's admin list reads "ordered by date descending".

export const POST_SORTS = ["date", "title"] as const;
export type PostSort = (typeof POST_SORTS)[number];
export type PostFilter = "status" | "tag";

export const postListSpec: ListSpec<PostSort, PostFilter> = {
  sorts: POST_SORTS,
  defaultSort: "date",
  defaultDir: { date: "desc", title: "asc" },
  filters: {
    status: (value) => value === "draft" || value === "scheduled" || value === "published",
    // A tag is at most 60 characters (the post form's limit).
    tag: (value) => value.length <= 60,
  },
};

export type PostListQuery = ListQuery<PostSort, PostFilter>;

/** The Manage Blogs address parameter of the "Related posts" picker's no-JavaScript "Find". */
export const RELATED_FIND = "relatedq";
