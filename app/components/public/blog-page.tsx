import { PageLinks } from "#app/components/public/page-links.tsx";
import { type PostCardData, PostGrid } from "#app/components/public/post-card.tsx";
import { useLocalPath } from "#app/components/site/frame-copy.tsx";
import { useSite } from "#app/components/site/site-data.ts";
import type { BlogCopy } from "#app/content/blog-copy.ts";
import { HREFLANG, inLang, type Lang } from "#app/lib/language.ts";
import { absoluteUrl, breadcrumbs, type Site, seoMeta } from "#app/lib/seo.ts";

/** A page of the blog list, the same in both languages (app/routes/public/blog.server.ts reads it). */
export type BlogPageData = { page: number; pages: number; posts: PostCardData[] };

/** The English address of a page of the blog list: page 1 without a number. */
function blogHref(page: number): string {
  return page > 1 ? `/blog?page=${page}` : "/blog";
}

/** The blog list's search-engine tags, in the page's language. */
export function blogMeta(
  site: Site,
  data: BlogPageData | undefined,
  { copy, lang }: { copy: BlogCopy; lang: Lang },
) {
  const posts = data?.posts ?? [];
  const page = data?.page ?? 1;
  return seoMeta(site, {
    lang,
    // Each page of the list is a page of its own for search engines, as its posts differ.
    path: blogHref(page),
    title: copy.meta.title(page),
    description: copy.meta.description,
    keywords: copy.meta.keywords,
    jsonLd: [
      {
        "@type": "Blog",
        name: copy.meta.blogName(site.siteName),
        description: copy.meta.description,
        url: absoluteUrl(site, inLang(lang, blogHref(page))),
        inLanguage: HREFLANG[lang],
        publisher: { "@type": "Organization", name: site.siteName, url: absoluteUrl(site, "/") },
        // Each post's own page describes it in full; the list names them (its excerpts are
        // already on this page twice: as text and as React Router's data).
        blogPost: posts.map((p) => ({
          "@type": "BlogPosting",
          headline: p.title,
          url: absoluteUrl(site, inLang(lang, `/blog/${p.slug}`)),
          datePublished: p.date,
        })),
      },
      breadcrumbs(
        site,
        [
          [copy.home, "/"],
          [copy.blog, "/blog"],
        ],
        lang,
      ),
    ],
  });
}

/**
 * A page of the blog list in one language: `copy` is that language's (the route module of each
 * language hands it over), the posts the same, shown as their authors wrote them.
 */
export function BlogPage({ data: { posts, page, pages }, copy }: { data: BlogPageData; copy: BlogCopy }) {
  const { siteName } = useSite();
  const local = useLocalPath();
  return (
    <main className="flex-1 bg-gray-50 pb-16">
      <header className="bg-gradient-to-br from-brand-800 to-brand-600 text-white">
        <div className="mx-auto max-w-6xl px-4 py-12 sm:px-6 sm:py-16 lg:px-8">
          <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{copy.meta.blogName(siteName)}</h1>
          <p className="mt-3 max-w-2xl text-base text-brand-50 sm:text-lg">{copy.intro}</p>
        </div>
      </header>
      <section aria-labelledby="latest-heading" className="mx-auto max-w-6xl px-4 pt-10 sm:px-6 lg:px-8">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="latest-heading" className="text-2xl font-bold text-gray-900">
            {copy.latest}
          </h2>
          <p className="text-sm text-gray-600">{copy.cadence}</p>
        </div>
        <div className="mt-6">
          {posts.length > 0 ? (
            <>
              <PostGrid posts={posts} copy={copy.card} />
              <PageLinks page={page} pages={pages} hrefFor={(n) => local(blogHref(n))} label={copy.pages} />
            </>
          ) : (
            <p className="rounded-2xl border border-dashed border-gray-300 bg-white p-8 text-center text-gray-600">
              {copy.empty}
            </p>
          )}
        </div>
        <p className="mt-10 text-center text-sm text-gray-600">
          {copy.follow} {/* The blog's one feed: the posts as their authors wrote them. */}
          <a href="/blog/rss.xml" className="font-semibold text-brand-700 underline underline-offset-2">
            {copy.feed}
          </a>
        </p>
      </section>
    </main>
  );
}
