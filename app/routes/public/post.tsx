import { PostPage, postMeta } from "#app/components/public/post-page.tsx";
import { blogCopy } from "#app/content/blog-copy.ts";
import { siteFromMatches } from "#app/lib/seo.ts";
import { postPageData } from "#app/routes/public/post.server.ts";
import type { Route } from "./+types/post";

// A blog post (/blog/SLUG); its Hindi twin is hi/post.tsx.

export function links() {
  return [
    { rel: "alternate", type: "application/rss+xml", href: "/blog/rss.xml", title: blogCopy.meta.feedTitle },
  ];
}

export function loader(args: Route.LoaderArgs) {
  return postPageData(args);
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  return postMeta(siteFromMatches(matches), loaderData, { copy: blogCopy, lang: "en" });
}

export default function Post({ loaderData }: Route.ComponentProps) {
  return <PostPage data={loaderData} copy={blogCopy} />;
}
