// Manage Blogs' loader data and actions, kept beside the thin route module (app/routes/admin/blogs.tsx).
import { todayIso } from "#app/lib/dates.ts";
import { listSearch, readListQuery, selectedIds } from "#app/lib/list-query.ts";
import { type PickOption, pickQuery } from "#app/lib/pick.ts";
import {
  parsePostForm,
  parseRecordId,
  parseVersion,
  postFormValues,
  text,
  uploadedFile,
} from "#app/lib/post-form.ts";
import { postListSpec, RELATED_FIND } from "#app/lib/post-list.ts";
import { badRequest, failure, success } from "#app/server/action-result.server.ts";
import type { Config } from "#app/server/config.server.ts";
import type { Database } from "#app/server/db.server.ts";
import { ConflictError } from "#app/server/errors.server.ts";
import { storeImage } from "#app/server/media.server.ts";
import { pickPosts, postChoices } from "#app/server/pickers.server.ts";
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
  setPostsStatus,
  updatePost,
} from "#app/server/posts.server.ts";

/** One page of the list, its filters' choices, and the modal the address asks for (each read alone). */
export async function blogsPage(db: Database, config: Config, url: URL) {
  const params = url.searchParams;
  const query = readListQuery(params, postListSpec);
  const editParam = params.get("edit");
  const deleteParam = params.get("delete");
  const editId = parseRecordId(editParam);
  const deleteId = parseRecordId(deleteParam);
  const bulkDelete = params.get("confirm") === "delete";
  const bulkIds = bulkDelete ? selectedIds(params) : null;
  const relatedFind = pickQuery(params, RELATED_FIND);
  const [list, tags, editing, deleting, bulk] = await Promise.all([
    listPostPage(db, query),
    postTags(db),
    editId === null ? null : getPost(db, editId),
    deleteId === null ? null : postTitles(db, [deleteId]).then((rows) => rows[0] ?? null),
    bulkIds === null ? null : postTitles(db, bulkIds),
  ]);
  const shown = { ...query, page: list.page };
  // "Related posts" never lists every post: the chosen ones, and what the no-JavaScript "Find" found.
  const [relatedMatches, relatedChosen] = await Promise.all([
    pickPosts(db, relatedFind, editing?.slug ?? ""),
    editing ? postChoices(db, editing.related) : [],
  ]);
  return {
    today: todayIso(),
    query: shown,
    list,
    tags,
    relatedFind: {
      query: relatedFind,
      matches: relatedMatches,
      // "Find" reloads this same address with its search text: every other parameter goes along.
      keep: Object.fromEntries([...params].filter(([name]) => name !== RELATED_FIND)),
    },
    editing: editing
      ? {
          id: editing.id,
          version: editing.version,
          values: postFormValues(editing, config.siteUrl),
          relatedChosen,
        }
      : null,
    deleting,
    // "Delete N posts?" asks about the ticked posts that still exist; none ticked says so instead.
    bulkDelete: bulkDelete ? { posts: bulk ?? [] } : null,
    // A row opened from an old page may have been deleted meanwhile: say so instead of nothing.
    missing: (editParam !== null && !editing) || (deleteParam !== null && !deleting),
    /** The list's address, where modals close to and forms post to, so the same page comes back. */
    listUrl: `/admin/blogs${listSearch(shown, postListSpec)}`,
  };
}

export type BlogsPage = Awaited<ReturnType<typeof blogsPage>>;

export async function addBlog(db: Database, site: SiteIdentity, form: FormData) {
  const input = parsePostForm(form);
  try {
    // Without JavaScript the picture comes with the form: store it first, so a failed
    // save still hands back its address and nothing has to be uploaded twice.
    const file = uploadedFile(form);
    if (file) input.image = (await storeImage(db, new Uint8Array(await file.arrayBuffer()))).url;
    const post = await addPost(db, input, site);
    return success("Blog post added.", { target: post.id });
  } catch (err) {
    return failure(err, "Failed to add blog.", {
      values: {
        ...input,
        content: text(form, "content"),
        intent: "add",
        relatedChosen: await relatedChoicesOf(db, input.related),
      },
    });
  }
}

/** The related posts of a refused form, with their titles, so the picker shows them again. */
async function relatedChoicesOf(db: Database, slugs: string[]): Promise<PickOption[]> {
  try {
    return await postChoices(db, slugs);
  } catch {
    return slugs.map((slug) => ({ value: slug, label: slug }));
  }
}

export async function updateBlog(db: Database, site: SiteIdentity, form: FormData) {
  const id = parseRecordId(form.get("id"));
  const version = parseVersion(form.get("version"));
  if (id === null || version === null) {
    return badRequest(
      "Failed to update blog. The form did not say which post it is: reload the page and open Edit again.",
    );
  }
  const input = parsePostForm(form);
  const values = { ...input, content: text(form, "content"), intent: "update", id, version };
  try {
    const file = uploadedFile(form);
    if (file) {
      input.image = (await storeImage(db, new Uint8Array(await file.arrayBuffer()))).url;
      values.image = input.image;
    }
    await updatePost(db, id, version, input, site);
    return success("Blog updated.", { target: id });
  } catch (err) {
    const conflict = err instanceof ConflictError;
    const relatedChosen = await relatedChoicesOf(db, input.related);
    return failure(err, "Failed to update blog.", {
      values: { ...values, conflict, relatedChosen },
      target: id,
    });
  }
}

export async function deleteBlog(db: Database, form: FormData) {
  const id = parseRecordId(form.get("id"));
  if (id === null) return badRequest("Failed to delete blog. Reload the page and try again.");
  try {
    await deletePost(db, id);
    return success("Blog deleted.");
  } catch (err) {
    return failure(err, "Failed to delete blog.");
  }
}

const NOTHING_SELECTED = "Select at least one post first (at most one page of them).";

/** Publish or Unpublish the ticked posts: all of them or, with the reason, none. */
export async function setSelectedStatus(
  db: Database,
  site: SiteIdentity,
  form: FormData,
  status: "draft" | "published",
) {
  const ids = selectedIds(form);
  if (ids === null) return badRequest(NOTHING_SELECTED);
  const verb = status === "published" ? "publish" : "unpublish";
  try {
    const count = await setPostsStatus(db, ids, status, site);
    return success(`${postCount(count)} ${status === "published" ? "published" : "moved to Draft"}.`);
  } catch (err) {
    return failure(err, `Could not ${verb} ${postCount(ids.length)}.`);
  }
}

/** Delete the posts confirmed in "Delete N posts?": all of them or, with the reason, none. */
export async function deleteSelected(db: Database, form: FormData) {
  const ids = selectedIds(form);
  if (ids === null) return badRequest(NOTHING_SELECTED);
  try {
    return success(`${postCount(await deletePosts(db, ids))} deleted.`);
  } catch (err) {
    return failure(err, `Could not delete ${postCount(ids.length)}.`);
  }
}

export function siteOf(config: Config): SiteIdentity {
  return { siteUrl: config.siteUrl, siteName: config.siteName };
}
