import { useState } from "react";
import { Form } from "react-router";
import { BulkDeleteDialog } from "#app/components/admin/bulk-kit.tsx";
import { buttonClass } from "#app/components/admin/console-kit.tsx";
import { PostDeleteDialog, PostEditDialog } from "#app/components/admin/post-dialogs.tsx";
import { PostFields, type RelatedPick } from "#app/components/admin/post-fields.tsx";
import { PostList } from "#app/components/admin/post-list.tsx";
import { PickerFindForm } from "#app/components/admin/search-picker.tsx";
import { useConsoleForm } from "#app/components/admin/use-console-form.ts";
import { Toasts } from "#app/components/toasts.tsx";
import { services } from "#app/context.ts";
import type { PickOption } from "#app/lib/pick.ts";
import { emptyPostValues, type PostFormInput, postValuesFrom, text } from "#app/lib/post-form.ts";
import { RELATED_FIND } from "#app/lib/post-list.ts";
import { siteFromMatches } from "#app/lib/seo.ts";
import {
  addBlog,
  blogsPage,
  deleteBlog,
  deleteSelected,
  setSelectedStatus,
  siteOf,
  updateBlog,
} from "#app/routes/admin/blogs.server.ts";
import { badRequest, failure } from "#app/server/action-result.server.ts";
import { requireAdmin } from "#app/server/auth.server.ts";
import { readFormData } from "#app/server/form-data.server.ts";
import type { Route } from "./+types/blogs";

export function meta({ matches }: Route.MetaArgs) {
  const { siteName } = siteFromMatches(matches);
  return [{ title: `Manage Blogs | ${siteName} admin` }, { name: "robots", content: "noindex, nofollow" }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin(context);
  const { db, config } = services(context);
  return blogsPage(db, config, new URL(request.url));
}

export async function action({ request, context }: Route.ActionArgs) {
  requireAdmin(context);
  const { db, config } = services(context);
  const site = siteOf(config);
  let form: FormData;
  try {
    form = await readFormData(request);
  } catch (err) {
    return failure(err, "Failed to save blog.");
  }
  const intent = text(form, "intent");
  if (intent === "add") return addBlog(db, site, form);
  if (intent === "update") return updateBlog(db, site, form);
  if (intent === "delete") return deleteBlog(db, form);
  if (intent === "publish-selected") return setSelectedStatus(db, site, form, "published");
  if (intent === "unpublish-selected") return setSelectedStatus(db, site, form, "draft");
  if (intent === "delete-selected") return deleteSelected(db, form);
  return badRequest("This request was not understood. Reload the page and try again.");
}

/** The related posts a refused form hands back, with their titles (blogs.server.ts). */
function chosenFrom(values: Record<string, unknown> | undefined): PickOption[] {
  const chosen = values?.relatedChosen;
  return Array.isArray(chosen) ? (chosen as PickOption[]) : [];
}

export default function ManageBlogs({ loaderData, actionData, matches }: Route.ComponentProps) {
  const { siteName } = siteFromMatches(matches);
  const { list, query, tags, relatedFind, listUrl, today, editing, deleting, bulkDelete, missing } =
    loaderData;
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
      ? {
          id: values.id,
          version: Number(values.version),
          values: postValuesFrom(values, today),
          relatedChosen: chosenFrom(values),
        }
      : null;
  const edit: { id: number; version: number; values: PostFormInput; relatedChosen: PickOption[] } | null =
    failedEdit ?? editing;
  const related = (form: string, chosen: PickOption[]): RelatedPick => ({
    chosen,
    fallback: { form, param: RELATED_FIND, query: relatedFind.query, matches: relatedFind.matches },
  });
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
          Blog posts
        </h2>
        <PostList
          query={query}
          list={list}
          tags={tags}
          resetKey={actionData?.ok ? (actionData.toast?.id ?? "") : "list"}
        />
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
        <PickerFindForm id="find-related-add" keep={relatedFind.keep} />
        <Form
          key={addFormKey}
          method="post"
          action={listUrl}
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
            relatedPick={related("find-related-add", failedIntent === "add" ? chosenFrom(values) : [])}
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
          listUrl={listUrl}
          id={edit.id}
          version={edit.version}
          values={edit.values}
          related={related(`find-related-${edit.id}`, edit.relatedChosen)}
          findKeep={relatedFind.keep}
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
          listUrl={listUrl}
          id={deleting.id}
          title={deleting.title}
          deleting={submittingIntent === "delete"}
          onSubmit={guard("delete")}
        />
      ) : null}
      {bulkDelete && !edit && !deleting ? (
        <BulkDeleteDialog
          noun={["post", "posts"]}
          items={bulkDelete.posts.map((p) => ({ id: p.id, label: p.title }))}
          consequence="They will be removed from the site for good, together with their links from related posts"
          listUrl={listUrl}
          deleting={submittingIntent === "delete-selected"}
          onSubmit={guard("delete-selected")}
        />
      ) : null}
    </div>
  );
}
