import { BlogPage, blogMeta } from "#app/components/public/blog-page.tsx";
import { blogCopy } from "#app/content/blog-copy.ts";
import { siteFromMatches } from "#app/lib/seo.ts";
import { blogPageData } from "#app/routes/public/blog.server.ts";
import type { Route } from "./+types/blog";

// The blog's list of posts (/blog, ?page=N); its Hindi twin is hi/blog.tsx.

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
  return blogMeta(siteFromMatches(matches), loaderData, { copy: blogCopy, lang: "en" });
}

export default function Blog({ loaderData }: Route.ComponentProps) {
  return <BlogPage data={loaderData} copy={blogCopy} />;
}
