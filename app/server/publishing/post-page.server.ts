import { linksInHtml, withoutHrefs } from "#app/lib/link-urls.ts";
import type { Database } from "#app/server/db.server.ts";
import { hiddenLinkUrls } from "#app/server/link-health/link-health.server.ts";
import { type MediaPicture, mediaPicture } from "#app/server/publishing/media.server.ts";
import { type Post, publishedPostCards } from "#app/server/publishing/posts.server.ts";

export type FeaturedImage =
  | ({ kind: "picture"; alt: string } & MediaPicture)
  | { kind: "url"; url: string; alt: string };

/**
 * What the public post page shows of a post: its fields, its featured image (our own pictures
 * with their widths) and its published related posts. The same for the page (/blog/SLUG) and for
 * a Draft's or Scheduled post's preview in the console, so the preview is exactly the page.
 */
export async function postPageView(db: Database, post: Post) {
  const [related, picture, hidden] = await Promise.all([
    publishedPostCards(db, post.related),
    post.image ? mediaPicture(db, post.image) : null,
    hiddenLinkUrls(db, linksInHtml(post.content)),
  ]);
  const alt = post.featuredImageAlt || post.title;
  let image: FeaturedImage | null = null;
  if (picture) image = { kind: "picture", ...picture, alt };
  else if (/^https?:\/\//.test(post.image)) image = { kind: "url", url: post.image, alt };
  return {
    post: {
      slug: post.slug,
      title: post.title,
      date: post.date,
      updatedAt: post.updatedAt,
      author: post.author,
      badge: post.tag || post.category,
      category: post.category,
      // Its links to confirmed-Broken addresses are words, not links (docs/decisions/0011).
      content: withoutHrefs(post.content, hidden),
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

export type PostPageView = Awaited<ReturnType<typeof postPageView>>;
