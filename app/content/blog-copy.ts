/**
 * The fixed words of the blog: its list (/blog), a post (/blog/SLUG) and a post's cards; its Hindi
 * twin is app/content/hi/blog-copy.ts. Posts themselves are shown as their authors wrote them.
 */
import { formatCount } from "#app/lib/numbers.ts";

export type BlogCopy = typeof blogCopy;

const DESCRIPTION =
  "Study tips, exam strategies and guidance for CBSE students of classes 9 to 12: how to revise, how to use NCERT books and how to stay calm at exam time.";

export const blogCopy = {
  meta: {
    title: (page: number) =>
      `Blog${page > 1 ? ` (page ${formatCount(page)})` : ""} – Study Tips and Exam Guidance`,
    description: DESCRIPTION,
    keywords: ["cbse study tips", "board exam preparation", "ncert", "exam strategy", "student blog"],
    /** The blog's name in its structured data and heading. */
    blogName: (siteName: string) => `${siteName} Blog`,
    /** Names the RSS feed for feed readers (`<link rel="alternate">`). */
    feedTitle: "Blog (RSS)",
  },
  /** The breadcrumb's steps. */
  home: "Home",
  blog: "Blog",
  intro: DESCRIPTION,
  latest: "Latest Posts",
  cadence: "New posts come every few weeks.",
  /** Names the navigation landmark of the list's pages. */
  pages: "Blog pages",
  empty: "No posts yet. Check back soon.",
  follow: "Follow our posts as they appear:",
  feed: "RSS feed",
  card: {
    readPost: "Read Post",
    /** Read before the author's name by screen readers (the card shows a dot). */
    by: ", by ",
  },
  post: {
    /** The line under the title: "by Asha Verma". */
    byline: (author: string) => `by ${author}`,
    /** Heads the post's body for screen readers. */
    article: "Article",
    related: "Related posts",
    back: "Back to Blog",
  },
  /** A post that is not published (its "Error 404" line is the frame's). */
  notFound: {
    title: "Post not found",
    text: "The article you are looking for doesn\u2019t exist.",
    back: "Back to Blog",
  },
};
