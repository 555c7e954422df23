import { data } from "react-router";
import { PageLinks } from "#app/components/public/page-links.tsx";
import { PostGrid } from "#app/components/public/post-card.tsx";
import { doNotStore, services } from "#app/context.ts";
import { readPageNumber } from "#app/lib/list-query.ts";
import { absoluteUrl, breadcrumbs, seoMeta, siteFromMatches } from "#app/lib/seo.ts";
import { listPublishedPosts } from "#app/server/publishing/posts.server.ts";
import type { Route } from "./+types/blog";

const DESCRIPTION =
  "Study tips, exam strategies and guidance for CBSE students of classes 9 to 12: how to revise, how to use NCERT books and how to stay calm at exam time.";

/** Lets feed readers find the blog's RSS feed from the page. */
export function links() {
  return [{ rel: "alternate", type: "application/rss+xml", href: "/blog/rss.xml", title: "Blog (RSS)" }];
}

/** Posts on one page of the list: eight rows of three cards on a wide screen. */
export const POSTS_PER_PAGE = 24;

export async function loader({ request, context }: Route.LoaderArgs) {
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

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const site = siteFromMatches(matches);
  const posts = loaderData?.posts ?? [];
  const page = loaderData?.page ?? 1;
  return seoMeta(site, {
    // Each page of the list is a page of its own for search engines, as its posts differ.
    path: blogHref(page),
    title: `Blog${page > 1 ? ` (page ${page})` : ""} – Study Tips and Exam Guidance`,
    description: DESCRIPTION,
    keywords: ["cbse study tips", "board exam preparation", "ncert", "exam strategy", "student blog"],
    jsonLd: [
      {
        "@type": "Blog",
        name: `${site.siteName} Blog`,
        description: DESCRIPTION,
        url: absoluteUrl(site, blogHref(page)),
        inLanguage: "en-IN",
        publisher: { "@type": "Organization", name: site.siteName, url: absoluteUrl(site, "/") },
        // Each post's own page describes it in full; the list names them (its excerpts are
        // already on this page twice: as text and as React Router's data).
        blogPost: posts.map((p) => ({
          "@type": "BlogPosting",
          headline: p.title,
          url: absoluteUrl(site, `/blog/${p.slug}`),
          datePublished: p.date,
        })),
      },
      breadcrumbs(site, [
        ["Home", "/"],
        ["Blog", "/blog"],
      ]),
    ],
  });
}

/** The address of a page of the blog list: page 1 without a number. */
function blogHref(page: number): string {
  return page > 1 ? `/blog?page=${page}` : "/blog";
}

export default function BlogList({ loaderData, matches }: Route.ComponentProps) {
  const { posts, page, pages } = loaderData;
  const siteName = matches[0]?.loaderData?.siteName ?? "ChapterWise";
  return (
    <main className="flex-1 bg-gray-50 pb-16">
      <header className="bg-gradient-to-br from-brand-800 to-brand-600 text-white">
        <div className="mx-auto max-w-6xl px-4 py-12 sm:px-6 sm:py-16 lg:px-8">
          <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{siteName} Blog</h1>
          <p className="mt-3 max-w-2xl text-base text-brand-50 sm:text-lg">{DESCRIPTION}</p>
        </div>
      </header>
      <section aria-labelledby="latest-heading" className="mx-auto max-w-6xl px-4 pt-10 sm:px-6 lg:px-8">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="latest-heading" className="text-2xl font-bold text-gray-900">
            Latest Posts
          </h2>
          <p className="text-sm text-gray-600">New posts come every few weeks.</p>
        </div>
        <div className="mt-6">
          {posts.length > 0 ? (
            <>
              <PostGrid posts={posts} />
              <PageLinks page={page} pages={pages} hrefFor={blogHref} label="Blog pages" />
            </>
          ) : (
            <p className="rounded-2xl border border-dashed border-gray-300 bg-white p-8 text-center text-gray-600">
              No posts yet. Check back soon.
            </p>
          )}
        </div>
        <p className="mt-10 text-center text-sm text-gray-600">
          Follow our posts as they appear:{" "}
          <a href="/blog/rss.xml" className="font-semibold text-brand-700 underline underline-offset-2">
            RSS feed
          </a>
        </p>
      </section>
    </main>
  );
}
