// Manage Blogs' loaders and actions, kept beside the thin route modules: blogs.tsx (the list and
// the add form) and blog-edit.tsx (Edit Blog, a modal over the list at /admin/blogs/ID).
import { type RouterContextProvider, redirect } from "react-router";
import { z } from "zod";
import { services } from "#app/context.ts";
import { changedFields } from "#app/lib/activity-words.ts";
import { todayIso } from "#app/lib/dates.ts";
import { addressId, recordId, selectedIds, tickedIds, typedText, wholeNumber } from "#app/lib/form-fields.ts";
import { listSearch, readListQuery } from "#app/lib/list-query.ts";
import { pickQuery } from "#app/lib/pick.ts";
import { formTextToHtml, postFormValues } from "#app/lib/post-form.ts";
import { postListSpec, RELATED_FIND } from "#app/lib/post-list.ts";
import { makeToast } from "#app/lib/toast.ts";
import { undoDelete } from "#app/lib/trash-page.ts";
import { pickPosts, postChoices } from "#app/server/catalogue/pickers.server.ts";
import type { Config } from "#app/server/config.server.ts";
import { activityItem } from "#app/server/console/activity.server.ts";
import {
  parseConsoleForm,
  readConsoleForm,
  refused,
  sameList,
  saved,
  shownAgain,
  UNKNOWN_REQUEST,
} from "#app/server/console/console-form.server.ts";
import { MAX_FORM_BYTES } from "#app/server/console/form-data.server.ts";
import type { Database } from "#app/server/db.server.ts";
import { NotFoundError } from "#app/server/errors.server.ts";
import { storeImage } from "#app/server/publishing/media.server.ts";
import {
  addPost,
  deletePost,
  deletePosts,
  getPost,
  listPostPage,
  type Post,
  postCount,
  postTags,
  postTitles,
  type SiteIdentity,
  setPostsStatus,
  updatePost,
} from "#app/server/publishing/posts.server.ts";

type Context = Readonly<RouterContextProvider>;

const GONE = new NotFoundError("blog post").message;
const NO_POST =
  "The form did not say which post it is, so nothing was changed. Reload the page and try again.";
const NO_VERSION =
  "The form did not say which version of the post it was opened at, so nothing was changed. Reload the page and open Edit again.";
const NOTHING_SELECTED = "Select at least one post first (at most one page of them).";

/** The list's address (page, sort, filters, search): where a modal closes to and a write returns to. */
export function listAddress(params: URLSearchParams): string {
  return `/admin/blogs${listSearch(readListQuery(params, postListSpec), postListSpec)}`;
}

/** The "Related posts" no-JavaScript Find: its text, what it found, and the address it reloads. */
async function relatedFind(db: Database, params: URLSearchParams, except = "") {
  const query = pickQuery(params, RELATED_FIND);
  return {
    query,
    matches: await pickPosts(db, query, except),
    // "Find" reloads this same address with its search text: every other parameter of the page goes
    // along (not React Router's `_routes`, of a JavaScript navigation).
    keep: Object.fromEntries([...params].filter(([name]) => name !== RELATED_FIND && name !== "_routes")),
  };
}

/** One page of the list, its filters' choices, and the confirmation the address asks for (each read alone). */
export async function blogsPage(db: Database, url: URL) {
  const params = url.searchParams;
  const edit = params.get("edit");
  if (edit !== null) {
    // Edit Blog's older address (?edit=ID), e.g. a bookmark: the modal has its own route now.
    params.delete("edit");
    params.delete("_routes");
    throw redirect(`/admin/blogs/${encodeURIComponent(edit)}${params.size > 0 ? `?${params}` : ""}`);
  }
  const query = readListQuery(params, postListSpec);
  const deleteId = addressId(params, "delete");
  const bulkIds = params.get("confirm") === "delete" ? tickedIds(params) : null;
  const [list, tags, deleting, bulk, related] = await Promise.all([
    listPostPage(db, query),
    postTags(db),
    deleteId === null ? null : postTitles(db, [deleteId]).then((rows) => rows[0] ?? null),
    bulkIds === null ? null : postTitles(db, bulkIds),
    relatedFind(db, params),
  ]);
  const shown = { ...query, page: list.page };
  return {
    today: todayIso(),
    query: shown,
    list,
    tags,
    relatedFind: related,
    deleting,
    // "Delete N posts?" asks about the ticked posts that still exist; none ticked says so instead.
    bulkDelete: params.get("confirm") === "delete" ? { posts: bulk ?? [] } : null,
    // A row opened from an old page may have been deleted meanwhile: say so instead of nothing.
    notice: params.has("delete") && !deleting ? makeToast("error", GONE) : null,
    /** The list's address, where modals close to and forms post to, so the same page comes back. */
    listUrl: `/admin/blogs${listSearch(shown, postListSpec)}`,
  };
}

/** The post of Edit Blog's address (/admin/blogs/ID), by the same rule as a form's id. */
function postOfAddress(idParam: string | undefined): number | null {
  return addressId(new URLSearchParams({ id: idParam ?? "" }), "id");
}

/** Edit Blog (/admin/blogs/ID over the list): that one post, and where the modal closes to. */
export async function editBlogPage(db: Database, config: Config, idParam: string | undefined, url: URL) {
  const params = url.searchParams;
  const id = postOfAddress(idParam);
  const post = id === null ? null : await getPost(db, id);
  const listUrl = listAddress(params);
  if (!post) return { post: null, notice: makeToast("error", GONE), listUrl };
  const [find, chosen] = await Promise.all([
    relatedFind(db, params, post.slug),
    postChoices(db, post.related),
  ]);
  return {
    post: {
      id: post.id,
      version: post.version,
      slug: post.slug,
      values: postFormValues(post, config.siteUrl),
    },
    /** The related posts the picker knows the titles of: the chosen ones and what Find found. */
    relatedKnown: [...chosen, ...find.matches],
    relatedFind: find,
    notice: null,
    listUrl,
  };
}

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
 * A post form, read with its schema. Without JavaScript the featured image comes with the form
 * (`imageFile`): it is stored first and the form then reads as if it had been uploaded with
 * JavaScript (`image` = its address), so a refused save shows the picture and it is never sent
 * twice. A picture that cannot be stored is the refusal (`imageRefused`), with the rest as typed.
 */
async function readPostForm<Schema extends z.ZodType>(db: Database, request: Request, schema: Schema) {
  const form = await readConsoleForm(request);
  const file = form.get("imageFile");
  form.delete("imageFile");
  let imageRefused: unknown = null;
  if (file instanceof File && file.size > 0) {
    try {
      form.set("image", (await storeImage(db, new Uint8Array(await file.arrayBuffer()))).url);
    } catch (err) {
      imageRefused = err;
    }
  }
  return { submission: parseConsoleForm(form, schema), imageRefused };
}

/** What the failure toast of each form starts with. */
const FAILED: Record<string, string> = {
  add: "Failed to add blog.",
  delete: "Failed to delete blog.",
};

/** A post saved as Scheduled for a time already past went out at once: its toast says so. */
function scheduleSaid(message: string, typedStatus: string, post: Post): string {
  return typedStatus.trim() === "scheduled" && post.status === "published"
    ? `${message} Publish time has passed, so the post was published now.`
    : message;
}

/** What Activity says an edit of a post changed, by the fields' names. */
const POST_FIELDS: Partial<Record<keyof Post, string>> = {
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

export function siteOf(config: Config): SiteIdentity {
  return { siteUrl: config.siteUrl, siteName: config.siteName };
}

/** Manage Blogs' action: add, delete, and publish, unpublish or delete the selected posts. */
export async function blogsAction(context: Context, request: Request) {
  const { db, config } = services(context);
  let read: Awaited<ReturnType<typeof readPostForm<typeof blogsForm>>>;
  try {
    read = await readPostForm(db, request, blogsForm);
  } catch (err) {
    return refused(context, null, err, "");
  }
  const { submission, imageRefused } = read;
  const prefix = FAILED[String(submission.payload.intent)] ?? "";
  if (imageRefused) return refused(context, submission, imageRefused, prefix);
  if (submission.status !== "success") return shownAgain(context, submission, prefix);
  const form = submission.value;
  const back = sameList(request, [RELATED_FIND]);
  switch (form.intent) {
    case "add": {
      let post: Post;
      try {
        post = await addPost(db, form, siteOf(config));
      } catch (err) {
        return refused(context, submission, err, prefix);
      }
      return saved(context, scheduleSaid("Blog post added.", form.status, post), back, {
        action: "post.add",
        item: `post ${post.id} "${post.title || post.slug}"`,
        summary: post.status,
      });
    }
    case "delete": {
      let item: string;
      let trashId: number;
      try {
        item = await activityItem(db, "post", [form.id]);
        ({ trashId } = await deletePost(db, form.id));
      } catch (err) {
        return refused(context, submission, err, prefix);
      }
      return saved(
        context,
        "Blog deleted.",
        back,
        { action: "post.delete", item },
        undoDelete([trashId], back),
      );
    }
    case "publish-selected":
    case "unpublish-selected": {
      const status = form.intent === "publish-selected" ? "published" : "draft";
      try {
        const count = await setPostsStatus(db, form.ids, status, siteOf(config));
        const done = status === "published" ? "published" : "moved to Draft";
        return saved(context, `${postCount(count)} ${done}.`, back, {
          action: status === "published" ? "post.publish" : "post.unpublish",
          item: await activityItem(db, "post", form.ids),
          summary: postCount(count),
        });
      } catch (err) {
        const verb = status === "published" ? "publish" : "unpublish";
        return refused(context, submission, err, `Could not ${verb} ${postCount(form.ids.length)}.`);
      }
    }
    case "delete-selected":
      try {
        const item = await activityItem(db, "post", form.ids);
        const { deleted, trashed } = await deletePosts(db, form.ids);
        const undo = undoDelete(
          trashed.map((t) => t.trashId),
          back,
        );
        const summary = postCount(deleted);
        return saved(context, `${summary} deleted.`, back, { action: "post.delete", item, summary }, undo);
      } catch (err) {
        return refused(context, submission, err, `Could not delete ${postCount(form.ids.length)}.`);
      }
  }
}

/** Edit Blog's action: the post of the address, saved only if nobody saved it since it was opened. */
export async function editBlogAction(context: Context, request: Request, idParam: string | undefined) {
  const { db, config } = services(context);
  const prefix = "Failed to update blog.";
  let read: Awaited<ReturnType<typeof readPostForm<typeof editBlogForm>>>;
  try {
    read = await readPostForm(db, request, editBlogForm);
  } catch (err) {
    return refused(context, null, err, prefix);
  }
  const { submission, imageRefused } = read;
  if (imageRefused) return refused(context, submission, imageRefused, prefix);
  if (submission.status !== "success") return shownAgain(context, submission, prefix);
  const { version, ...input } = submission.value;
  let post: Post;
  let changed: string;
  try {
    const id = postOfAddress(idParam);
    const before = id === null ? null : await getPost(db, id);
    if (id === null || !before) throw new NotFoundError("blog post");
    post = await updatePost(db, id, version, input, siteOf(config));
    changed = changedFields(before, post, POST_FIELDS);
  } catch (err) {
    return refused(context, submission, err, prefix);
  }
  return saved(
    context,
    scheduleSaid("Blog updated.", input.status, post),
    listAddress(new URL(request.url).searchParams),
    { action: "post.update", item: `post ${post.id} "${post.title || post.slug}"`, summary: changed },
  );
}
