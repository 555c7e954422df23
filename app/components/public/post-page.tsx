import { Link, type MetaDescriptor } from "react-router";
import { PostArticle } from "#app/components/public/post-article.tsx";
import { primaryButton } from "#app/components/public/styles.ts";
import { useFrameCopy, useLocalPath } from "#app/components/site/frame-copy.tsx";
import type { BlogCopy } from "#app/content/blog-copy.ts";
import { HREFLANG, inLang, type Lang } from "#app/lib/language.ts";
import { absoluteUrl, breadcrumbs, pageTitle, type Site, seoMeta } from "#app/lib/seo.ts";
import type { PostPageView } from "#app/server/publishing/post-page.server.ts";

/** What a post's page shows, the same in both languages (app/routes/public/post.server.ts reads it). */
export type PostPageData = { found: false } | ({ found: true } & PostPageView);

/**
 * The post's canonical address. Its own page unless its author named another (Canonical URL), so
 * each language's page is its own canonical and both are each other's alternates; a post saved
 * without one holds its English address (`SITE_URL/blog/SLUG`), which means the same.
 */
function canonicalOf(site: Site, post: PostPageView["post"], lang: Lang, path: string): string {
  const own = [absoluteUrl(site, path), `${site.siteUrl}${path}`];
  return post.canonicalUrl && !own.includes(post.canonicalUrl)
    ? post.canonicalUrl
    : absoluteUrl(site, inLang(lang, path));
}

/** A post page's search-engine tags, in the page's language. */
export function postMeta(
  site: Site,
  data: PostPageData | undefined,
  { copy, lang }: { copy: BlogCopy; lang: Lang },
): MetaDescriptor[] {
  if (!data) return [];
  if (!data.found) {
    return [{ title: pageTitle(site, copy.notFound.title) }, { name: "robots", content: "noindex, follow" }];
  }
  const { post } = data;
  const path = `/blog/${post.slug}`;
  const canonical = canonicalOf(site, post, lang, path);
  const url = absoluteUrl(site, inLang(lang, path));
  const description = post.seoDescription || post.excerpt || post.title;
  const author = post.author || `${site.siteName} Team`;
  const image = post.image ? absoluteUrl(site, post.image) : undefined;
  const tags = seoMeta(site, {
    lang,
    path,
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
        url,
        ...(image ? { image } : {}),
        ...(post.keywords.length > 0 ? { keywords: post.keywords.join(", ") } : {}),
        articleSection: post.category,
        inLanguage: HREFLANG[lang],
      },
      breadcrumbs(
        site,
        [
          [copy.home, "/"],
          [copy.blog, "/blog"],
          [post.title, path],
        ],
        lang,
      ),
    ],
  });
  // Link previews use the post's social title and description, which may differ from the search ones;
  // the canonical address is the author's when they named one (the page's own otherwise).
  const social: Record<string, string> = {
    "og:title": post.socialTitle || post.title,
    "twitter:title": post.socialTitle || post.title,
    "og:description": post.socialDescription || description,
    "twitter:description": post.socialDescription || description,
    "og:url": canonical,
  };
  if (post.socialImage || post.image) social["twitter:card"] = "summary_large_image";
  const result: MetaDescriptor[] = tags.map((tag) => {
    if ("rel" in tag && tag.rel === "canonical") return { ...tag, href: canonical };
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

/** A post's page in one language: the post, or the blog's own 404 (status 404 from the loader). */
export function PostPage({ data, copy }: { data: PostPageData; copy: BlogCopy }) {
  if (!data.found) return <PostNotFound copy={copy} />;
  return <PostArticle view={data} copy={copy} />;
}

function PostNotFound({ copy }: { copy: BlogCopy }) {
  const { errors } = useFrameCopy();
  const local = useLocalPath();
  return (
    <main className="mx-auto flex w-full flex-1 min-h-[50vh] max-w-xl flex-col items-center justify-center px-4 py-16 text-center">
      <p className="text-sm font-semibold text-brand-700">{errors.label(404)}</p>
      <h1 className="mt-2 text-2xl font-bold sm:text-3xl">{copy.notFound.title}</h1>
      <p className="mt-3 text-gray-600">{copy.notFound.text}</p>
      <Link to={local("/blog")} className={`${primaryButton} mt-6`}>
        {copy.notFound.back}
      </Link>
    </main>
  );
}
