import type { SubmissionResult } from "@conform-to/react";
import { Link } from "react-router";
import { BulkBar, BulkDeleteButton } from "#app/components/admin/bulk-kit.tsx";
import { useConsoleForm } from "#app/components/admin/console-form.ts";
import { buttonClass } from "#app/components/admin/console-kit.tsx";
import { ListSearch, Pager } from "#app/components/admin/list-kit.tsx";
import { POST_BULK_FORM, type PostRow, PostTable } from "#app/components/admin/post-table.tsx";
import { inputClass } from "#app/components/field.tsx";
import { listSearch } from "#app/lib/list-query.ts";
import { type PostListQuery, postListSpec } from "#app/lib/post-list-query.ts";

type Props = {
  query: PostListQuery;
  list: { rows: PostRow[]; total: number; page: number; pageCount: number; pageSize: number };
  tags: Array<{ tag: string; count: number }>;
  /** The page's last refused action, if any. */
  lastResult?: SubmissionResult<string[]> | null;
};

const href = (query: PostListQuery, changes: Parameters<typeof listSearch>[2]) =>
  `/admin/blogs${listSearch(query, postListSpec, changes)}`;

/** Manage Blogs' list: Search with the Status and Tag filters, bulk actions, one page of posts, the pager. */
export function PostList({ query, list, tags, lastResult }: Props) {
  // After any write of the page (the action redirected), the rows start unticked again.
  const { key } = useConsoleForm({ id: POST_BULK_FORM, lastResult });
  const sorted = listSearch(query, postListSpec, { page: 1, q: "", filters: { status: "", tag: "" } });
  const keep = Object.fromEntries(new URLSearchParams(sorted));
  const state = listSearch(query, postListSpec, { page: query.page });
  const filtered = query.q !== "" || query.filters.status !== "" || query.filters.tag !== "";
  return (
    <div className="grid gap-4">
      <ListSearch q={query.q} keep={keep} placeholder="Title or text">
        <div>
          <label htmlFor="post-status-filter" className="block text-sm font-semibold text-gray-800">
            Status
          </label>
          <select
            id="post-status-filter"
            name="status"
            defaultValue={query.filters.status}
            className={inputClass}
          >
            <option value="">All</option>
            <option value="draft">Draft</option>
            <option value="scheduled">Scheduled</option>
            <option value="published">Published</option>
          </select>
        </div>
        <div className="min-w-0 basis-40">
          <label htmlFor="post-tag-filter" className="block text-sm font-semibold text-gray-800">
            Tag
          </label>
          <select id="post-tag-filter" name="tag" defaultValue={query.filters.tag} className={inputClass}>
            <option value="">All tags</option>
            {tags.map((t) => (
              <option key={t.tag} value={t.tag}>
                {t.tag} ({t.count})
              </option>
            ))}
          </select>
        </div>
      </ListSearch>
      {filtered ? (
        <p className="-mt-2 text-sm">
          <Link
            to={href(query, { q: "", filters: { status: "", tag: "" } })}
            className="text-brand-700 underline"
          >
            Clear search and filters
          </Link>
        </p>
      ) : null}

      {list.rows.length > 0 ? (
        <BulkBar formId={POST_BULK_FORM} action={`/admin/blogs${state}`}>
          <button type="submit" name="intent" value="publish-selected" className={buttonClass("edit", "sm")}>
            Publish
          </button>
          <button
            type="submit"
            name="intent"
            value="unpublish-selected"
            className={buttonClass("edit", "sm")}
          >
            Unpublish
          </button>
          <BulkDeleteButton listQuery={state} />
        </BulkBar>
      ) : null}

      <PostTable key={key} posts={list.rows} query={query} />
      <Pager list={list} noun={["post", "posts"]} hrefFor={(page) => href(query, { page })} />
    </div>
  );
}
