import { Fragment } from "react";
import { Link } from "react-router";
import { RowCheckbox } from "#app/components/admin/bulk-kit.tsx";
import { buttonClass, OpenModalButton } from "#app/components/admin/console-kit.tsx";
import { HistoryLink } from "#app/components/admin/history/history-link.tsx";
import { EmptyList, SortHeader } from "#app/components/admin/list-kit.tsx";
import { formatIndiaDateTime } from "#app/lib/dates.ts";
import { listSearch } from "#app/lib/list-query.ts";
import { type PostListQuery, type PostSort, postListSpec } from "#app/lib/post-list-query.ts";

export type PostRow = {
  id: number;
  title: string;
  slug: string;
  date: string;
  author: string;
  tag: string;
  status: string;
  /** When a Scheduled post goes out (ISO UTC). */
  publishAt: string | null;
};

/** The bulk form the rows' checkboxes belong to (app/components/admin/post-list.tsx). */
export const POST_BULK_FORM = "posts-bulk";

// Below 1200 px (the console menu takes room) each row becomes a small card: the cell names come from data-label.
const cell =
  "flex gap-3 py-0.5 before:w-16 before:shrink-0 before:text-xs before:font-semibold before:text-gray-500 before:uppercase before:content-[attr(data-label)] xl:table-cell xl:px-4 xl:py-3 xl:before:content-none";

/** A slug may break after its hyphens, never in the middle of a word. */
function breakableSlug(slug: string) {
  return slug.split("-").map((part, i, parts) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one slug never move.
    <Fragment key={i}>
      {part}
      {i < parts.length - 1 ? (
        <>
          -<wbr />
        </>
      ) : null}
    </Fragment>
  ));
}

/** Draft, Published, or Scheduled with the time it goes out (India time). */
function PostStatusBadge({ status, publishAt }: { status: string; publishAt: string | null }) {
  const badge = "rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap";
  if (status === "published")
    return <span className={`${badge} bg-green-100 text-green-800`}>Published</span>;
  if (status !== "scheduled" || !publishAt)
    return <span className={`${badge} bg-amber-100 text-amber-900`}>Draft</span>;
  return (
    <span className="flex flex-col items-start gap-0.5">
      <span className={`${badge} bg-sky-100 text-sky-900`}>Scheduled</span>
      <time dateTime={publishAt} className="text-xs text-gray-600">
        {formatIndiaDateTime(publishAt)} IST
      </time>
    </span>
  );
}

/** One page of posts, drafts included, with a checkbox, Edit and Delete per row and sortable columns. */
export function PostTable({ posts, query }: { posts: PostRow[]; query: PostListQuery }) {
  const filtered = query.q !== "" || query.filters.status !== "" || query.filters.tag !== "";
  if (posts.length === 0) {
    return (
      <EmptyList>
        {filtered
          ? "No blog posts match. Change the search or the filters."
          : "No blog posts yet. Add the first one below."}
      </EmptyList>
    );
  }
  const keep = listSearch(query, postListSpec, { page: query.page });
  const sortHeader = (label: string, sort: PostSort) => {
    const active = query.sort === sort;
    const dir = active ? (query.dir === "asc" ? "desc" : "asc") : postListSpec.defaultDir[sort];
    return (
      <SortHeader
        label={label}
        active={active}
        dir={query.dir}
        href={`/admin/blogs${listSearch(query, postListSpec, { sort, dir })}`}
      />
    );
  };
  return (
    <div className="rounded-2xl border border-gray-200 bg-white shadow-sm xl:overflow-x-auto">
      <table className="block w-full text-left text-sm xl:table">
        <thead className="hidden border-b border-gray-200 bg-gray-50 text-xs font-semibold tracking-wide text-gray-600 uppercase xl:table-header-group">
          <tr>
            <th scope="col" className="w-10 px-4 py-3">
              <span className="sr-only">Select</span>
            </th>
            {sortHeader("Title", "title")}
            <th scope="col" className="px-4 py-3">
              Slug
            </th>
            {sortHeader("Date", "date")}
            <th scope="col" className="px-4 py-3">
              Author
            </th>
            <th scope="col" className="px-4 py-3">
              Tag
            </th>
            <th scope="col" className="px-4 py-3">
              Status
            </th>
            <th scope="col" className="px-4 py-3 text-right">
              Actions
            </th>
          </tr>
        </thead>
        <tbody className="grid gap-px overflow-hidden rounded-2xl bg-gray-100 md:grid-cols-2 xl:table-row-group xl:divide-y xl:divide-gray-100 xl:bg-transparent">
          {posts.map((post) => (
            <tr
              key={post.id}
              className="relative block bg-white px-4 py-3 pl-11 align-top md:last:odd:col-span-2 xl:table-row xl:p-0 xl:hover:bg-gray-50/60"
            >
              <td className="absolute top-4 left-4 xl:static xl:table-cell xl:px-4 xl:py-3">
                <RowCheckbox formId={POST_BULK_FORM} id={post.id} label={post.title} />
              </td>
              <td className="pb-1 text-base font-semibold text-gray-900 xl:table-cell xl:px-4 xl:py-3 xl:text-sm xl:font-medium">
                {post.status === "published" ? (
                  <a
                    href={`/blog/${post.slug}`}
                    target="_blank"
                    rel="noopener"
                    className="hover:text-brand-700 hover:underline"
                  >
                    {post.title}
                  </a>
                ) : (
                  post.title
                )}
              </td>
              <td data-label="Slug" className={`${cell} font-mono text-xs text-gray-700 xl:max-w-[13rem]`}>
                <span className="min-w-0">{breakableSlug(post.slug)}</span>
              </td>
              <td data-label="Date" className={`${cell} whitespace-nowrap text-gray-700`}>
                <time dateTime={post.date}>{post.date}</time>
              </td>
              <td data-label="Author" className={`${cell} text-gray-700`}>
                {post.author}
              </td>
              <td data-label="Tag" className={`${cell} text-gray-700`}>
                {post.tag}
              </td>
              <td data-label="Status" className={cell}>
                <PostStatusBadge status={post.status} publishAt={post.publishAt} />
              </td>
              <td className="pt-2 xl:table-cell xl:px-4 xl:py-3">
                {/* Up to four actions: two by two on wide screens, so the title keeps its room. */}
                <div className="flex flex-wrap gap-2 xl:grid xl:grid-cols-[auto_auto] xl:justify-end xl:[&_button]:w-full xl:[&>a]:w-full">
                  {post.status === "published" ? null : (
                    <Link
                      to={`/admin/blogs/${post.id}/preview`}
                      aria-label={`Preview “${post.title}”`}
                      className={buttonClass("edit", "sm")}
                    >
                      Preview
                    </Link>
                  )}
                  <OpenModalButton
                    param="edit"
                    id={post.id}
                    label="Edit"
                    keep={keep}
                    route={`/admin/blogs/${post.id}`}
                  />
                  <HistoryLink kind="post" id={post.id} />
                  <OpenModalButton param="delete" id={post.id} label="Delete" keep={keep} />
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
