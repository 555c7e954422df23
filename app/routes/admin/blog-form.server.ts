// Manage Blogs' forms (app/routes/admin/blogs.server.ts): their schemas, how a post form is read
// (with its picture, without JavaScript), and what Activity and the toast say of a saved post.
import { z } from "zod";
import { recordId, selectedIds, typedText, wholeNumber } from "#app/lib/form-fields.ts";
import { formTextToHtml } from "#app/lib/post-form.ts";
import { readConsoleForm, UNKNOWN_REQUEST } from "#app/server/console/console-form.server.ts";
import { MAX_FORM_BYTES } from "#app/server/console/form-data.server.ts";
import type { Database } from "#app/server/db.server.ts";
import { storeImage } from "#app/server/publishing/media.server.ts";
import type { Post } from "#app/server/publishing/posts.server.ts";

const NO_POST =
  "The form did not say which post it is, so nothing was changed. Reload the page and try again.";
const NO_VERSION =
  "The form did not say which version of the post it was opened at, so nothing was changed. Reload the page and open Edit again.";
const NOTHING_SELECTED = "Select at least one post first (at most one page of them).";

/** A checkbox: ticked when sent with any value. */
const ticked = typedText(20).transform((value) => value !== "");

/**
 * A post as its form sends it (the add form and Edit Blog), every field as typed: the domain
 * (posts.server.ts) judges them and gives blank fields the spec's defaults. Content typed in the
 * plain textarea (no JavaScript) becomes paragraphs.
 */
const postFields = {
  title: typedText(),
  slug: typedText(),
  date: typedText(),
  author: typedText(),
  tag: typedText(),
  category: typedText(),
  excerpt: typedText(),
  content: typedText(MAX_FORM_BYTES).transform(formTextToHtml),
  status: typedText(),
  // India time, as the date-and-time field sends it; read only when the status is Scheduled.
  publishAt: typedText(40),
  featured: ticked,
  image: typedText(),
  featuredImageAlt: typedText(),
  seoTitle: typedText(),
  seoDescription: typedText(),
  seoKeywords: typedText(),
  canonicalUrl: typedText(),
  socialTitle: typedText(),
  socialDescription: typedText(),
  socialImage: typedText(),
  allowComments: ticked,
  // Slugs, in the order chosen; how many a post may have is the domain's rule.
  related: z
    .array(typedText(200))
    .transform((slugs) => [...new Set(slugs.map((slug) => slug.trim()).filter(Boolean))]),
};

/** Manage Blogs' forms: add a post, delete one (after its confirmation), and the bulk actions. */
export const blogsForm = z.discriminatedUnion(
  "intent",
  [
    z.object({ intent: z.literal("add"), ...postFields }),
    z.object({ intent: z.literal("delete"), id: recordId(NO_POST) }),
    z.object({
      intent: z.literal(["publish-selected", "unpublish-selected", "delete-selected"]),
      ids: selectedIds(NOTHING_SELECTED),
    }),
  ],
  { error: UNKNOWN_REQUEST },
);

/** Edit Blog's form: the post's fields and the version it was opened at (the post is in the address). */
export const editBlogForm = z.object({ version: wholeNumber(NO_VERSION, 0), ...postFields });

/**
 * A post form as the runner reads it. Without JavaScript the featured image comes with the form
 * (`imageFile`): it is stored first and the form then reads as if it had been uploaded with
 * JavaScript (`image` = its address), so a refused save shows the picture and it is never sent
 * twice. A picture that cannot be stored is the refusal, with the rest as typed.
 */
export async function readPostForm(db: Database, request: Request) {
  const form = await readConsoleForm(request);
  const file = form.get("imageFile");
  form.delete("imageFile");
  let refusal: unknown = null;
  if (file instanceof File && file.size > 0) {
    try {
      form.set("image", (await storeImage(db, new Uint8Array(await file.arrayBuffer()))).url);
    } catch (err) {
      refusal = err;
    }
  }
  return { form, refusal };
}

/** A post saved as Scheduled for a time already past went out at once: its toast says so. */
export function scheduleSaid(message: string, typedStatus: string, post: Post): string {
  return typedStatus.trim() === "scheduled" && post.status === "published"
    ? `${message} Publish time has passed, so the post was published now.`
    : message;
}

/** What Activity says an edit of a post changed, by the fields' names. */
export const POST_FIELDS: Partial<Record<keyof Post, string>> = {
  title: "title",
  slug: "slug",
  date: "date",
  author: "author",
  tag: "tag",
  category: "category",
  excerpt: "excerpt",
  content: "content",
  status: "status",
  publishAt: "publish time",
  featured: "featured",
  image: "featured image",
  featuredImageAlt: "image alt text",
  seoTitle: "SEO title",
  seoDescription: "SEO description",
  seoKeywords: "keywords",
  canonicalUrl: "canonical URL",
  socialTitle: "social title",
  socialDescription: "social description",
  socialImage: "social image",
  allowComments: "comments",
  related: "related posts",
};
