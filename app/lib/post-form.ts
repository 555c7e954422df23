import { isoToIndiaDateTime } from "#app/lib/dates.ts";

/**
 * The console's content forms (blog posts and notes): their values as the domain takes them, and
 * the form's starting values. A post form is read by its schema (app/routes/admin/blogs.server.ts),
 * a note form by its own (app/routes/admin/notes.server.ts).
 */

/** A post names at most this many related posts: the page shows each as a card. */
export const MAX_RELATED_POSTS = 10;

/** A blog post as the form sends it; blank fields take the spec's defaults in the domain. */
export type PostFormInput = {
  title: string;
  slug: string;
  date: string;
  author: string;
  tag: string;
  category: string;
  excerpt: string;
  content: string;
  status: string;
  /** When a Scheduled post goes public: the date-and-time field's value, India time ("2026-12-05T10:30"). */
  publishAt: string;
  featured: boolean;
  image: string;
  featuredImageAlt: string;
  seoTitle: string;
  seoDescription: string;
  seoKeywords: string;
  canonicalUrl: string;
  socialTitle: string;
  socialDescription: string;
  socialImage: string;
  allowComments: boolean;
  related: string[];
};

/** Tags of the rich text we store: their presence means the text already is HTML. */
const HTML_TAG =
  /<\/?(p|br|hr|h[1-6]|ul|ol|li|strong|b|em|i|u|s|a|div|span|blockquote|code|pre|table|thead|tbody|tr|th|td|img|sub|sup)(\s[^<>]*)?\/?>/i;

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" };

/**
 * Without JavaScript the Content box is a plain textarea: text typed there becomes
 * paragraphs (a blank line starts a new one, a single line break stays a line break).
 * Text that already contains HTML tags is kept as it is; the sanitizer cleans it on save.
 */
export function formTextToHtml(value: string): string {
  if (HTML_TAG.test(value)) return value;
  return value
    .replace(/\r\n?/g, "\n")
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter((paragraph) => paragraph.length > 0)
    .map(
      (paragraph) => `<p>${paragraph.replace(/[&<>"]/g, (c) => ESCAPES[c] ?? c).replace(/\n/g, "<br>")}</p>`,
    )
    .join("");
}

/** A saved post as the edit form needs it (structurally the domain's Post). */
type SavedPost = Omit<PostFormInput, "seoKeywords" | "publishAt"> & {
  seoKeywords: string[];
  publishAt: string | null;
};

/**
 * The edit form's starting values. Fields that merely hold their default (SEO title =
 * title, alt text = title, canonical URL = the post's own address…) are shown blank, so
 * they keep following the title, excerpt and image when those are changed.
 */
export function postFormValues(post: SavedPost, siteUrl: string): PostFormInput {
  const blankIf = (value: string, fallback: string) => (value === fallback ? "" : value);
  return {
    title: post.title,
    slug: post.slug,
    date: post.date,
    author: post.author,
    tag: post.tag,
    category: post.category,
    excerpt: post.excerpt,
    content: post.content,
    status: post.status,
    publishAt: isoToIndiaDateTime(post.publishAt),
    featured: post.featured,
    image: post.image,
    featuredImageAlt: blankIf(post.featuredImageAlt, post.title),
    seoTitle: blankIf(post.seoTitle, post.title),
    seoDescription: blankIf(post.seoDescription, post.excerpt),
    seoKeywords: post.seoKeywords.join(", "),
    canonicalUrl: blankIf(post.canonicalUrl, `${siteUrl}/blog/${post.slug}`),
    socialTitle: blankIf(post.socialTitle, post.title),
    socialDescription: blankIf(post.socialDescription, post.excerpt),
    socialImage: blankIf(post.socialImage, post.image),
    allowComments: post.allowComments,
    related: post.related,
  };
}

/** An empty add form: today's date, Draft, comments allowed. */
export function emptyPostValues(today: string): PostFormInput {
  return {
    title: "",
    slug: "",
    date: today,
    author: "",
    tag: "",
    category: "",
    excerpt: "",
    content: "",
    status: "draft",
    publishAt: "",
    featured: false,
    image: "",
    featuredImageAlt: "",
    seoTitle: "",
    seoDescription: "",
    seoKeywords: "",
    canonicalUrl: "",
    socialTitle: "",
    socialDescription: "",
    socialImage: "",
    allowComments: true,
    related: [],
  };
}
