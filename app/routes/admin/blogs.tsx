import { useState } from "react";
import { Form } from "react-router";
import { PostDeleteDialog, PostEditDialog } from "~/components/admin/post-dialogs";
import { PostFields } from "~/components/admin/post-fields";
import { buttonClass } from "~/components/admin/post-note-actions";
import { PostTable } from "~/components/admin/post-table";
import { useConsoleForm } from "~/components/admin/use-console-form";
import { Toasts } from "~/components/toasts";
import { services } from "~/context";
import { todayIso } from "~/lib/dates";
import {
  emptyPostValues,
  type PostFormInput,
  parsePostForm,
  parseRecordId,
  parseVersion,
  postFormValues,
  postValuesFrom,
  text,
  uploadedFile,
} from "~/lib/post-form";
import { siteFromMatches } from "~/lib/seo";
import { badRequest, failure, success } from "~/server/action-result.server";
import { requireAdmin } from "~/server/auth.server";
import { ConflictError } from "~/server/errors.server";
import { readFormData } from "~/server/form-data.server";
import { storeImage } from "~/server/media.server";
import { addPost, deletePost, listPosts, updatePost } from "~/server/posts.server";
import type { Route } from "./+types/blogs";

export function meta({ matches }: Route.MetaArgs) {
  const { siteName } = siteFromMatches(matches);
  return [{ title: `Manage Blogs | ${siteName} admin` }, { name: "robots", content: "noindex, nofollow" }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin(context);
  const { db, config } = services(context);
  const url = new URL(request.url);
  const posts = await listPosts(db);
  const editParam = url.searchParams.get("edit");
  const deleteParam = url.searchParams.get("delete");
  const editing = posts.find((p) => p.id === parseRecordId(editParam));
  const deleting = posts.find((p) => p.id === parseRecordId(deleteParam));
  return {
    today: todayIso(),
    posts: posts.map((p) => ({
      id: p.id,
      title: p.title,
      slug: p.slug,
      date: p.date,
      author: p.author,
      tag: p.tag,
      status: p.status,
    })),
    editing: editing
      ? { id: editing.id, version: editing.version, values: postFormValues(editing, config.siteUrl) }
      : null,
    deleting: deleting ? { id: deleting.id, title: deleting.title } : null,
    // A row opened from an old page may have been deleted meanwhile: say so instead of nothing.
    missing: (editParam !== null && !editing) || (deleteParam !== null && !deleting),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  requireAdmin(context);
  const { db, config } = services(context);
  const site = { siteUrl: config.siteUrl, siteName: config.siteName };
  let form: FormData;
  try {
    form = await readFormData(request);
  } catch (err) {
    return failure(err, "Failed to save blog.");
  }
  const intent = text(form, "intent");

  if (intent === "add") {
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
        values: { ...input, content: text(form, "content"), intent },
      });
    }
  }

  if (intent === "update") {
    const id = parseRecordId(form.get("id"));
    const version = parseVersion(form.get("version"));
    if (id === null || version === null) {
      return badRequest(
        "Failed to update blog. The form did not say which post it is: reload the page and open Edit again.",
      );
    }
    const input = parsePostForm(form);
    const values = { ...input, content: text(form, "content"), intent, id, version };
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
      return failure(err, "Failed to update blog.", { values: { ...values, conflict }, target: id });
    }
  }

  if (intent === "delete") {
    const id = parseRecordId(form.get("id"));
    if (id === null) return badRequest("Failed to delete blog. Reload the page and try again.");
    try {
      await deletePost(db, id);
      return success("Blog deleted.");
    } catch (err) {
      return failure(err, "Failed to delete blog.");
    }
  }

  return badRequest("This request was not understood. Reload the page and try again.");
}

export default function ManageBlogs({ loaderData, actionData, matches }: Route.ComponentProps) {
  const { siteName } = siteFromMatches(matches);
  const { posts, today, editing, deleting, missing } = loaderData;
  const { submittingIntent, addFormKey, guard, values, failedIntent } = useConsoleForm(
    actionData,
    "#add-blog",
  );
  const [uploading, setUploading] = useState(false);
  const addValues = failedIntent === "add" ? postValuesFrom(values, today) : emptyPostValues(today);
  const addErrors = failedIntent === "add" ? actionData?.errors : undefined;

  // The Edit Blog modal: opened by ?edit=ID, or kept open after a failed save with what was typed.
  const failedEdit =
    failedIntent === "update" && typeof values?.id === "number"
      ? { id: values.id, version: Number(values.version), values: postValuesFrom(values, today) }
      : null;
  const edit: { id: number; version: number; values: PostFormInput } | null = failedEdit ?? editing;
  const addBusy = submittingIntent === "add";

  return (
    <div className="mx-auto max-w-5xl">
      <Toasts from={[failedEdit ? null : actionData?.toast]} />
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold text-gray-900">Manage Blogs</h1>
          <p className="mt-1 text-sm text-gray-600">
            Posts appear on the public blog only when their status is Published.
          </p>
        </div>
        <a href="#add-blog" className={buttonClass("primary")}>
          New post ↓
        </a>
      </div>

      {missing ? (
        <p
          role="alert"
          className="mt-4 rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900"
        >
          That blog post no longer exists. It may have been deleted by someone else.
        </p>
      ) : null}

      <section aria-labelledby="posts-heading" className="mt-6">
        <h2 id="posts-heading" className="sr-only">
          All blog posts
        </h2>
        <PostTable posts={posts} />
      </section>

      <section
        id="add-blog"
        aria-labelledby="add-blog-heading"
        className="mt-8 scroll-mt-4 rounded-2xl border border-gray-200 bg-white p-4 shadow-sm sm:p-6"
      >
        <h2 id="add-blog-heading" className="text-xl font-bold text-gray-900">
          Add New Blog Post
        </h2>
        <p className="mt-1 text-sm text-gray-600">
          Only the title and slug are needed; blank fields get sensible defaults. New posts start as Draft.
        </p>
        <Form
          key={addFormKey}
          method="post"
          action="/admin/blogs"
          encType="multipart/form-data"
          preventScrollReset
          aria-labelledby="add-blog-heading"
          onSubmit={guard("add")}
          className="mt-5"
        >
          <input type="hidden" name="intent" value="add" />
          <PostFields
            values={addValues}
            errors={addErrors}
            otherPosts={posts}
            suggestSlug
            siteName={siteName}
            onUploadBusy={setUploading}
          />
          <div className="mt-6 flex flex-wrap items-center gap-3 border-t border-gray-200 pt-5">
            <button type="submit" disabled={addBusy || uploading} className={buttonClass("primary")}>
              {addBusy ? "Adding..." : "Add Blog"}
            </button>
            {uploading ? (
              <span className="text-sm text-gray-600">Waiting for the image to upload…</span>
            ) : null}
          </div>
        </Form>
      </section>

      {edit ? (
        <PostEditDialog
          key={`${edit.id}:${edit.version}`}
          id={edit.id}
          version={edit.version}
          values={edit.values}
          otherPosts={posts.filter((p) => p.id !== edit.id)}
          siteName={siteName}
          error={failedEdit ? actionData?.toast?.message : undefined}
          errors={failedEdit ? actionData?.errors : undefined}
          conflict={failedEdit !== null && values?.conflict === true}
          saving={submittingIntent === "update"}
          onSubmit={guard("update")}
        />
      ) : null}
      {deleting && !edit ? (
        <PostDeleteDialog
          id={deleting.id}
          title={deleting.title}
          deleting={submittingIntent === "delete"}
          onSubmit={guard("delete")}
        />
      ) : null}
    </div>
  );
}
