import { data, Link, type MetaDescriptor } from "react-router";
import { PostArticle } from "#app/components/public/post-article.tsx";
import { primaryButton } from "#app/components/public/styles.ts";
import { services } from "#app/context.ts";
import { absoluteUrl, breadcrumbs, pageTitle, seoMeta, siteFromMatches } from "#app/lib/seo.ts";
import { postPageView } from "#app/server/publishing/post-page.server.ts";
import { getPublishedPost } from "#app/server/publishing/posts.server.ts";
import type { Route } from "./+types/post";

export function links() {
  return [{ rel: "alternate", type: "application/rss+xml", href: "/blog/rss.xml", title: "Blog (RSS)" }];
}

export async function loader({ params, context }: Route.LoaderArgs) {
  const { db } = services(context);
  // Drafts are as missing as deleted posts: only published posts are public.
  const post = await getPublishedPost(db, params.slug);
  if (!post) return data({ found: false as const }, { status: 404 });
  return { found: true as const, ...(await postPageView(db, post)) };
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const site = siteFromMatches(matches);
  if (!loaderData) return [];
  if (!loaderData.found) {
    return [{ title: pageTitle(site, "Post not found") }, { name: "robots", content: "noindex, follow" }];
  }
  const { post } = loaderData;
  const path = `/blog/${post.slug}`;
  const canonical = post.canonicalUrl || absoluteUrl(site, path);
  const description = post.seoDescription || post.excerpt || post.title;
  const author = post.author || `${site.siteName} Team`;
  const image = post.image ? absoluteUrl(site, post.image) : undefined;
  const tags = seoMeta(site, {
    path: canonical,
    title: post.seoTitle || post.title,
    description,
    keywords: post.keywords,
    image: post.socialImage || post.image || undefined,
    type: "article",
    jsonLd: [
      {
        "@type": "BlogPosting",
        headline: post.title,
        description,
        datePublished: post.date,
        dateModified: post.updatedAt,
        author: { "@type": author === `${site.siteName} Team` ? "Organization" : "Person", name: author },
        publisher: { "@type": "Organization", name: site.siteName, url: absoluteUrl(site, "/") },
        mainEntityOfPage: { "@type": "WebPage", "@id": canonical },
        url: absoluteUrl(site, path),
        ...(image ? { image } : {}),
        ...(post.keywords.length > 0 ? { keywords: post.keywords.join(", ") } : {}),
        articleSection: post.category,
        inLanguage: "en-IN",
      },
      breadcrumbs(site, [
        ["Home", "/"],
        ["Blog", "/blog"],
        [post.title, path],
      ]),
    ],
  });
  // Link previews use the post's social title and description, which may differ from the search ones.
  const social: Record<string, string> = {
    "og:title": post.socialTitle || post.title,
    "twitter:title": post.socialTitle || post.title,
    "og:description": post.socialDescription || description,
    "twitter:description": post.socialDescription || description,
  };
  if (post.socialImage || post.image) social["twitter:card"] = "summary_large_image";
  const result: MetaDescriptor[] = tags.map((tag) => {
    const key = "property" in tag ? tag.property : "name" in tag ? tag.name : undefined;
    return typeof key === "string" && key in social ? { ...tag, content: social[key] } : tag;
  });
  result.push(
    { property: "article:published_time", content: post.date },
    { property: "article:modified_time", content: post.updatedAt },
    { property: "article:author", content: author },
    { property: "article:section", content: post.category },
  );
  return result;
}

export default function PostPage({ loaderData }: Route.ComponentProps) {
  if (!loaderData.found) return <PostNotFound />;
  return <PostArticle {...loaderData} />;
}

function PostNotFound() {
  return (
    <main className="mx-auto flex w-full flex-1 min-h-[50vh] max-w-xl flex-col items-center justify-center px-4 py-16 text-center">
      <p className="text-sm font-semibold text-brand-700">Error 404</p>
      <h1 className="mt-2 text-2xl font-bold sm:text-3xl">Post not found</h1>
      <p className="mt-3 text-gray-600">The article you are looking for doesn{"\u2019"}t exist.</p>
      <Link to="/blog" className={`${primaryButton} mt-6`}>
        Back to Blog
      </Link>
    </main>
  );
}
