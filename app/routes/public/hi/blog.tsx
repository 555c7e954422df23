import { BlogPage, blogMeta } from "#app/components/public/blog-page.tsx";
import { blogCopy } from "#app/content/hi/blog-copy.ts";
import { siteFromMatches } from "#app/lib/seo.ts";
import { blogPageData } from "#app/routes/public/blog.server.ts";
import type { Route } from "./+types/blog";

// The blog in Hindi (/hi/blog, ?page=N): the English list's posts, in Hindi words (docs/decisions/0030).

/** Lets feed readers find the blog's RSS feed from the page. */
export function links() {
  return [
    { rel: "alternate", type: "application/rss+xml", href: "/blog/rss.xml", title: blogCopy.meta.feedTitle },
  ];
}

export function loader(args: Route.LoaderArgs) {
  return blogPageData(args);
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  return blogMeta(siteFromMatches(matches), loaderData, { copy: blogCopy, lang: "hi" });
}

export default function Blog({ loaderData }: Route.ComponentProps) {
  return <BlogPage data={loaderData} copy={blogCopy} />;
}
