import { data, Link, type MetaDescriptor } from "react-router";
import { Breadcrumb } from "#app/components/public/breadcrumb.tsx";
import { PostDate, PostGrid } from "#app/components/public/post-card.tsx";
import { primaryButton, secondaryButton } from "#app/components/public/styles.ts";
import { services } from "#app/context.ts";
import { absoluteUrl, breadcrumbs, seoMeta, siteFromMatches } from "#app/lib/seo.ts";
import { type MediaPicture, mediaPicture } from "#app/server/media.server.ts";
import { getPublishedPost, publishedPostCards } from "#app/server/posts.server.ts";
import type { Route } from "./+types/post";

export function links() {
  return [{ rel: "alternate", type: "application/rss+xml", href: "/blog/rss.xml", title: "Blog (RSS)" }];
}

type FeaturedImage =
  | ({ kind: "picture"; alt: string } & MediaPicture)
  | { kind: "url"; url: string; alt: string };

/**
 * How wide the featured image is drawn, for the browser to pick a width from srcset before any CSS has
 * loaded: the article is `max-w-3xl` (768 px) with `px-4` (16 px a side), `sm:px-6` (24 px) from 576 px.
 */
const FEATURED_SIZES = "(min-width: 768px) 720px, (min-width: 576px) calc(100vw - 48px), calc(100vw - 32px)";

export async function loader({ params, context }: Route.LoaderArgs) {
  const { db } = services(context);
  // Drafts are as missing as deleted posts: only published posts are public.
  const post = await getPublishedPost(db, params.slug);
  if (!post) return data({ found: false as const }, { status: 404 });
  const [related, picture] = await Promise.all([
    publishedPostCards(db, post.related),
    post.image ? mediaPicture(db, post.image) : null,
  ]);
  const alt = post.featuredImageAlt || post.title;
  let image: FeaturedImage | null = null;
  if (picture) image = { kind: "picture", ...picture, alt };
  else if (/^https?:\/\//.test(post.image)) image = { kind: "url", url: post.image, alt };
  return {
    found: true as const,
    post: {
      slug: post.slug,
      title: post.title,
      date: post.date,
      updatedAt: post.updatedAt,
      author: post.author,
      badge: post.tag || post.category,
      category: post.category,
      content: post.content,
      seoTitle: post.seoTitle,
      seoDescription: post.seoDescription,
      excerpt: post.excerpt,
      keywords: post.seoKeywords,
      canonicalUrl: post.canonicalUrl,
      socialTitle: post.socialTitle,
      socialDescription: post.socialDescription,
      socialImage: post.socialImage,
      image: post.image,
    },
    image,
    related: related.map((r) => ({ slug: r.slug, title: r.title, excerpt: r.excerpt, date: r.date })),
  };
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const site = siteFromMatches(matches);
  if (!loaderData) return [];
  if (!loaderData.found) {
    return [{ title: `Post not found | ${site.siteName}` }, { name: "robots", content: "noindex, follow" }];
  }
  const { post } = loaderData;
  const path = `/blog/${post.slug}`;
  const canonical = post.canonicalUrl || absoluteUrl(site, path);
  const description = post.seoDescription || post.excerpt || post.title;
  const author = post.author || `${site.siteName} Team`;
  const image = post.image ? absoluteUrl(site, post.image) : undefined;
  const tags = seoMeta(site, {
    path: canonical,
    title: `${post.seoTitle || post.title} | ${site.siteName}`,
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
  const { post, image, related } = loaderData;
  return (
    <main className="flex-1 bg-gray-50 pb-16">
      <article className="mx-auto max-w-3xl px-4 pt-8 sm:px-6 sm:pt-12">
        <Breadcrumb
          className="text-gray-600"
          trail={[
            ["Home", "/"],
            ["Blog", "/blog"],
            [post.title, `/blog/${post.slug}`],
          ]}
        />
        <header className="mt-6">
          {post.badge ? (
            <p className="inline-block rounded-full bg-brand-50 px-3 py-1 text-xs font-semibold text-brand-700 ring-1 ring-brand-100">
              {post.badge}
            </p>
          ) : null}
          <h1 className="mt-3 text-3xl leading-tight font-bold tracking-tight text-balance text-gray-900 sm:text-4xl">
            {post.title}
          </h1>
          <p className="mt-3 text-sm text-gray-600">
            <PostDate date={post.date} />
            <span aria-hidden="true"> · </span>
            <span className="sr-only">, </span>by {post.author}
          </p>
        </header>
        {image ? <Featured image={image} /> : null}
        {/* The editor's headings are H3: this keeps the outline h1 → h2 → h3 for screen readers. */}
        <h2 className="sr-only">Article</h2>
        {/* Post HTML is sanitized when it is saved (sanitize.server.ts); shown as written. */}
        <div
          className="prose-content mt-8 rounded-2xl border border-gray-200 bg-white p-5 text-[1.0625rem] text-gray-800 shadow-sm [overflow-wrap:anywhere] sm:p-8"
          dangerouslySetInnerHTML={{ __html: post.content }}
        />
      </article>

      {related.length > 0 ? (
        <section aria-labelledby="related-heading" className="mx-auto mt-12 max-w-3xl px-4 sm:px-6">
          <h2 id="related-heading" className="text-2xl font-bold text-gray-900">
            Related posts
          </h2>
          <div className="mt-5">
            <PostGrid posts={related} columns={2} />
          </div>
        </section>
      ) : null}

      <div className="mt-12 text-center">
        <Link to="/blog" className={secondaryButton}>
          Back to Blog
        </Link>
      </div>
    </main>
  );
}

function Featured({ image }: { image: FeaturedImage }) {
  const className = "mt-8 h-auto w-full rounded-2xl border border-gray-200 bg-white object-cover";
  // Above the fold under the title: usually the page's largest paint, so it is fetched first, never lazily.
  if (image.kind === "url")
    return <img src={image.url} alt={image.alt} fetchPriority="high" className={className} />;
  const sizes = image.srcSet ? FEATURED_SIZES : undefined;
  return (
    <picture>
      <source type="image/webp" srcSet={image.srcSet?.webp ?? image.webpUrl} sizes={sizes} />
      <img
        src={image.fallbackUrl}
        srcSet={image.srcSet?.fallback}
        sizes={sizes}
        alt={image.alt}
        width={image.width}
        height={image.height}
        fetchPriority="high"
        className={className}
      />
    </picture>
  );
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
