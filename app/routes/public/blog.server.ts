import { data, type RouterContextProvider } from "react-router";
import type { BlogPageData } from "#app/components/public/blog-page.tsx";
import { doNotStore, services } from "#app/context.ts";
import { readPageNumber } from "#app/lib/list-query.ts";
import { listPublishedPosts } from "#app/server/publishing/posts.server.ts";

/** Posts on one page of the list: eight rows of three cards on a wide screen. */
export const POSTS_PER_PAGE = 24;

/** What a page of the blog list (/blog, /hi/blog, ?page=N) shows, the same in both languages. */
export async function blogPageData({
  request,
  context,
}: {
  request: Request;
  context: Readonly<RouterContextProvider>;
}): Promise<BlogPageData> {
  const all = await listPublishedPosts(services(context).db);
  const pages = Math.max(1, Math.ceil(all.length / POSTS_PER_PAGE));
  const asked = new URL(request.url).searchParams.get("page");
  const page = readPageNumber(asked);
  // A page past the end, or a number spelled oddly (?page=01), is not a page of the blog.
  if (page > pages) throw data(null, { status: 404 });
  if (asked !== null && asked !== String(page)) doNotStore(context);
  return {
    page,
    pages,
    posts: all.slice((page - 1) * POSTS_PER_PAGE, page * POSTS_PER_PAGE).map((p) => ({
      slug: p.slug,
      title: p.title,
      excerpt: p.excerpt,
      date: p.date,
      author: p.author,
      tag: p.tag || p.category,
    })),
  };
}
