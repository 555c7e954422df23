/**
 * Reading the console's content forms (blog posts and notes) out of FormData: explicit,
 * pure, and the same for a JavaScript submission and a plain browser post. What comes out
 * is exactly what the admin typed, so a failed save can show it again with nothing lost.
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

export type NoteFormInput = {
  chapterId: number;
  content: string;
  seoDescription: string;
  seoKeywords: string;
};

/** What a note form re-shows after a failed save (chapter as typed, even when not chosen). */
export type NoteFormValues = Omit<NoteFormInput, "chapterId"> & { chapterId: string };

const POST_TEXT_FIELDS = [
  "title",
  "slug",
  "date",
  "author",
  "tag",
  "category",
  "excerpt",
  "content",
  "status",
  "image",
  "featuredImageAlt",
  "seoTitle",
  "seoDescription",
  "seoKeywords",
  "canonicalUrl",
  "socialTitle",
  "socialDescription",
  "socialImage",
] as const;

/** A text field's value; a file or a missing field reads as "". */
export function text(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
}

/** A checkbox: present (any value) means ticked. */
function ticked(form: FormData, name: string): boolean {
  return form.has(name) && form.get(name) !== "";
}

/** The blog form: every field as typed, content turned into HTML when it was typed as plain text. */
export function parsePostForm(form: FormData): PostFormInput {
  const values = Object.fromEntries(POST_TEXT_FIELDS.map((name) => [name, text(form, name)])) as Record<
    (typeof POST_TEXT_FIELDS)[number],
    string
  >;
  // One past the cap is enough for the save to refuse the list; a flood is never carried further.
  const related = new Set<string>();
  for (const value of form.getAll("related")) {
    if (related.size > MAX_RELATED_POSTS) break;
    if (typeof value === "string" && value.trim() !== "") related.add(value.trim());
  }
  return {
    ...values,
    content: formTextToHtml(values.content),
    featured: ticked(form, "featured"),
    allowComments: ticked(form, "allowComments"),
    related: [...related],
  };
}

/** The featured image file of a plain (no JavaScript) post, or null when none was chosen. */
export function uploadedFile(form: FormData, name = "imageFile"): File | null {
  const value = form.get(name);
  return value instanceof File && value.size > 0 ? value : null;
}

/** The note form; chapterId 0 means "no chapter chosen". */
export function parseNoteForm(form: FormData): { input: NoteFormInput; values: NoteFormValues } {
  const chapter = text(form, "chapterId").trim();
  // `values` keep the content exactly as typed, to show it again; `input` has it as HTML.
  const values: NoteFormValues = {
    chapterId: chapter,
    content: text(form, "content"),
    seoDescription: text(form, "seoDescription"),
    seoKeywords: text(form, "seoKeywords"),
  };
  return {
    input: { ...values, chapterId: parseRecordId(chapter) ?? 0, content: formTextToHtml(values.content) },
    values,
  };
}

/** A record id from a form or URL: a positive whole number, else null (never NaN). */
export function parseRecordId(value: FormDataEntryValue | string | null | undefined): number | null {
  if (typeof value !== "string" || !/^\d{1,15}$/.test(value.trim())) return null;
  const id = Number(value.trim());
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/** The version a form was opened at (0 or more), else null. */
export function parseVersion(value: FormDataEntryValue | string | null | undefined): number | null {
  if (typeof value !== "string" || !/^\d{1,9}$/.test(value.trim())) return null;
  return Number(value.trim());
}

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
type SavedPost = Omit<PostFormInput, "seoKeywords"> & { seoKeywords: string[] };

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

/** Values handed back by a failed save, read defensively (they travel as JSON). */
export function postValuesFrom(values: Record<string, unknown> | undefined, today: string): PostFormInput {
  const base = emptyPostValues(today);
  if (!values) return base;
  const out: Record<string, unknown> = { ...base };
  for (const [key, fallback] of Object.entries(base)) {
    const value = values[key];
    if (typeof fallback === "string" && typeof value === "string") out[key] = value;
    if (typeof fallback === "boolean" && typeof value === "boolean") out[key] = value;
    if (Array.isArray(fallback) && Array.isArray(value))
      out[key] = value.filter((v): v is string => typeof v === "string");
  }
  return out as PostFormInput;
}
