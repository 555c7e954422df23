import { data, type RouterContextProvider } from "react-router";
import { services } from "#app/context.ts";
import { postPageView } from "#app/server/publishing/post-page.server.ts";
import { getPublishedPost } from "#app/server/publishing/posts.server.ts";

/**
 * What a post's page (/blog/SLUG, /hi/blog/SLUG) shows, the same in both languages: the post,
 * its picture and related posts, or `found: false` with status 404.
 */
export async function postPageData({
  params,
  context,
}: {
  params: { slug?: string };
  context: Readonly<RouterContextProvider>;
}) {
  const { db } = services(context);
  // Drafts are as missing as deleted posts: only published posts are public.
  const post = await getPublishedPost(db, params.slug ?? "");
  if (!post) return data({ found: false as const }, { status: 404 });
  return { found: true as const, ...(await postPageView(db, post)) };
}
