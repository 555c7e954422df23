import { Link } from "react-router";
import { Breadcrumb } from "#app/components/public/breadcrumb.tsx";
import { PostDate, PostGrid } from "#app/components/public/post-card.tsx";
import { secondaryButton } from "#app/components/public/styles.ts";
import { useLocalPath } from "#app/components/site/frame-copy.tsx";
import type { BlogCopy } from "#app/content/blog-copy.ts";
import type { FeaturedImage, PostPageView } from "#app/server/publishing/post-page.server.ts";

/**
 * How wide the featured image is drawn, for the browser to pick a width from srcset before any CSS has
 * loaded: the article is `max-w-3xl` (768 px) with `px-4` (16 px a side), `sm:px-6` (24 px) from 576 px.
 */
const FEATURED_SIZES = "(min-width: 768px) 720px, (min-width: 576px) calc(100vw - 48px), calc(100vw - 32px)";

/**
 * A blog post as students read it (/blog/SLUG, /hi/blog/SLUG), and as its preview in the console
 * shows it: the post as its author wrote it, around it the words of the page's language (`copy`).
 */
export function PostArticle({
  view: { post, image, related },
  copy,
}: {
  view: PostPageView;
  copy: BlogCopy;
}) {
  const local = useLocalPath();
  return (
    <main className="flex-1 bg-gray-50 pb-16">
      <article className="mx-auto max-w-3xl px-4 pt-8 sm:px-6 sm:pt-12">
        <Breadcrumb
          className="text-gray-600"
          trail={[
            [copy.home, "/"],
            [copy.blog, "/blog"],
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
            <span className="sr-only">, </span>
            {copy.post.byline(post.author)}
          </p>
        </header>
        {image ? <Featured image={image} /> : null}
        {/* The editor's headings are H3: this keeps the outline h1 → h2 → h3 for screen readers. */}
        <h2 className="sr-only">{copy.post.article}</h2>
        {/* Post HTML is sanitized when it is saved (sanitize.server.ts); shown as written. */}
        <div
          className="prose-content mt-8 rounded-2xl border border-gray-200 bg-white p-5 text-[1.0625rem] text-gray-800 shadow-sm [overflow-wrap:anywhere] sm:p-8"
          dangerouslySetInnerHTML={{ __html: post.content }}
        />
      </article>

      {related.length > 0 ? (
        <section aria-labelledby="related-heading" className="mx-auto mt-12 max-w-3xl px-4 sm:px-6">
          <h2 id="related-heading" className="text-2xl font-bold text-gray-900">
            {copy.post.related}
          </h2>
          <div className="mt-5">
            <PostGrid posts={related} copy={copy.card} columns={2} />
          </div>
        </section>
      ) : null}

      <div className="mt-12 text-center">
        <Link to={local("/blog")} className={secondaryButton}>
          {copy.post.back}
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
