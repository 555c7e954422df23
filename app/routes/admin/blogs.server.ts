// Manage Blogs' loaders and actions, kept beside the thin route modules: blogs.tsx (the list and
// the add form) and blog-edit.tsx (Edit Blog, a modal over the list at /admin/blogs/ID).
import { type RouterContextProvider, redirect } from "react-router";
import { services } from "#app/context.ts";
import { changedFields } from "#app/lib/activity-words.ts";
import { todayIso } from "#app/lib/dates.ts";
import { addressId, tickedIds } from "#app/lib/form-fields.ts";
import { listSearch, readListQuery } from "#app/lib/list-query.ts";
import { pickQuery } from "#app/lib/pick.ts";
import { postFormValues } from "#app/lib/post-form.ts";
import { postListSpec, RELATED_FIND } from "#app/lib/post-list-query.ts";
import { makeToast } from "#app/lib/toast.ts";
import { undoDelete } from "#app/lib/trash-page.ts";
import {
  blogsForm,
  editBlogForm,
  POST_FIELDS,
  readPostForm,
  scheduleSaid,
} from "#app/routes/admin/blog-form.server.ts";
import { pickPosts, postChoices } from "#app/server/catalogue/pickers.server.ts";
import type { Config } from "#app/server/config.server.ts";
import { activityItem } from "#app/server/console/activity.server.ts";
import { consoleAction, sameList } from "#app/server/console/console-form.server.ts";
import type { Database } from "#app/server/db.server.ts";
import { NotFoundError } from "#app/server/errors.server.ts";
import {
  addPost,
  deletePost,
  deletePosts,
  getPost,
  listPostPage,
  postCount,
  postTags,
  postTitles,
  type SiteIdentity,
  savePost,
  setPostsStatus,
} from "#app/server/publishing/posts.server.ts";

type Context = Readonly<RouterContextProvider>;

const GONE = new NotFoundError("blog post").message;

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

/** What the failure toast of each form starts with. */
const FAILED: Record<string, string> = {
  add: "Failed to add blog.",
  delete: "Failed to delete blog.",
};

export function siteOf(config: Config): SiteIdentity {
  return { siteUrl: config.siteUrl, siteName: config.siteName };
}

/** Manage Blogs' action: add, delete, and publish, unpublish or delete the selected posts. */
export async function blogsAction(context: Context, request: Request) {
  const { db, config } = services(context);
  const back = sameList(request, [RELATED_FIND]);
  const spec = {
    schema: blogsForm,
    back,
    invalid: (payload: Record<string, unknown>) => FAILED[String(payload.intent)] ?? "",
    read: (request: Request) => readPostForm(db, request),
  };
  return consoleAction(context, request, spec, (form) => {
    switch (form.intent) {
      case "add":
        return {
          failed: FAILED.add,
          write: async () => {
            const post = await addPost(db, form, siteOf(config));
            const item = `post ${post.id} "${post.title || post.slug}"`;
            const message = scheduleSaid("Blog post added.", form.status, post);
            return { message, what: { action: "post.add", item, summary: post.status } };
          },
        };
      case "delete":
        return {
          failed: FAILED.delete,
          write: async () => {
            const item = await activityItem(db, "post", [form.id]);
            const { trashId } = await deletePost(db, form.id);
            const offer = undoDelete([trashId], back);
            return { message: "Blog deleted.", what: { action: "post.delete", item }, offer };
          },
        };
      case "publish-selected":
      case "unpublish-selected": {
        const status = form.intent === "publish-selected" ? "published" : "draft";
        const verb = status === "published" ? "publish" : "unpublish";
        return {
          failed: `Could not ${verb} ${postCount(form.ids.length)}.`,
          write: async () => {
            const count = await setPostsStatus(db, form.ids, status, siteOf(config));
            const done = status === "published" ? "published" : "moved to Draft";
            const what = {
              action: status === "published" ? "post.publish" : "post.unpublish",
              item: await activityItem(db, "post", form.ids),
              summary: postCount(count),
            };
            return { message: `${postCount(count)} ${done}.`, what };
          },
        };
      }
      case "delete-selected":
        return {
          failed: `Could not delete ${postCount(form.ids.length)}.`,
          write: async () => {
            const item = await activityItem(db, "post", form.ids);
            const { deleted, trashed } = await deletePosts(db, form.ids);
            const offer = undoDelete(
              trashed.map((t) => t.trashId),
              back,
            );
            const summary = postCount(deleted);
            return { message: `${summary} deleted.`, what: { action: "post.delete", item, summary }, offer };
          },
        };
    }
  });
}

/** Edit Blog's action: the post of the address, saved only if nobody saved it since it was opened. */
export async function editBlogAction(context: Context, request: Request, idParam: string | undefined) {
  const { db, config } = services(context);
  const prefix = "Failed to update blog.";
  const spec = {
    schema: editBlogForm,
    back: listAddress(new URL(request.url).searchParams),
    unread: prefix,
    invalid: prefix,
    read: (request: Request) => readPostForm(db, request),
  };
  return consoleAction(context, request, spec, ({ version, ...input }) => ({
    failed: prefix,
    // The save names it a "post"; this page, a "blog post".
    refusal: (err) => (err instanceof NotFoundError ? new NotFoundError("blog post") : err),
    write: async () => {
      const id = postOfAddress(idParam);
      if (id === null) throw new NotFoundError("blog post");
      // The save reads the post it replaces once; Activity's summary compares it with the new one.
      const { before, after: post } = await savePost(db, id, version, input, siteOf(config));
      const what = {
        action: "post.update",
        item: `post ${post.id} "${post.title || post.slug}"`,
        summary: changedFields(before, post, POST_FIELDS),
      };
      return { message: scheduleSaid("Blog updated.", input.status, post), what };
    },
  }));
}
