import { useState } from "react";
import { Form, Link } from "react-router";
import { Modal } from "~/components/dialog";
import type { PostFormInput } from "~/lib/post-form";
import { type PostChoice, PostFields } from "./post-fields.tsx";
import { buttonClass, CancelButton, CloseModalForm } from "./post-note-actions.tsx";

const SCREEN = "/admin/blogs";

type EditProps = {
  id: number;
  version: number;
  values: PostFormInput;
  otherPosts: PostChoice[];
  siteName: string;
  /** Why the last save failed; the modal stays open with everything typed. */
  error?: string;
  errors?: Record<string, string>;
  conflict?: boolean;
  saving: boolean;
  onSubmit: (event: React.FormEvent<HTMLFormElement>) => void;
};

/** "Edit Blog": every field of the post, Save and Cancel. */
export function PostEditDialog({
  id,
  version,
  values,
  otherPosts,
  siteName,
  error,
  errors,
  conflict,
  saving,
  onSubmit,
}: EditProps) {
  const [uploading, setUploading] = useState(false);
  const cancelForm = `cancel-edit-post-${id}`;
  return (
    <Modal title="Edit Blog" closeTo={SCREEN} wide>
      {error ? (
        <div
          role="alert"
          className="mb-4 rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-900"
        >
          <p className="font-medium">{error}</p>
          {conflict ? (
            <p className="mt-2">
              Your text is still below.{" "}
              <Link
                to={`${SCREEN}?edit=${id}`}
                preventScrollReset
                replace
                className="font-semibold text-red-900 underline"
              >
                Load the latest version
              </Link>{" "}
              (this replaces what you typed here).
            </p>
          ) : null}
        </div>
      ) : null}
      <CloseModalForm id={cancelForm} to={SCREEN} />
      <Form
        method="post"
        action={SCREEN}
        encType="multipart/form-data"
        preventScrollReset
        onSubmit={onSubmit}
        aria-label="Edit Blog"
      >
        <input type="hidden" name="intent" value="update" />
        <input type="hidden" name="id" value={id} />
        <input type="hidden" name="version" value={version} />
        <PostFields
          values={values}
          errors={errors}
          otherPosts={otherPosts}
          suggestSlug={false}
          siteName={siteName}
          onUploadBusy={setUploading}
        />
        <div className="sticky bottom-0 -mx-5 mt-6 flex flex-wrap justify-end gap-3 border-t border-gray-200 bg-white px-5 py-4 sm:-mx-6 sm:px-6">
          <CancelButton form={cancelForm} />
          <button type="submit" disabled={saving || uploading} className={buttonClass("primary")}>
            {saving ? "Saving..." : "Save"}
          </button>
        </div>
      </Form>
    </Modal>
  );
}

type DeleteProps = {
  id: number;
  title: string;
  deleting: boolean;
  onSubmit: (event: React.FormEvent<HTMLFormElement>) => void;
};

/** The confirmation before a post is deleted: the spec's question, Cancel and Delete. */
export function PostDeleteDialog({ id, title, deleting, onSubmit }: DeleteProps) {
  const cancelForm = `cancel-delete-post-${id}`;
  return (
    <Modal
      title="Delete this blog post?"
      role="alertdialog"
      closeTo={SCREEN}
      description={
        <p>“{title}” will be removed from the site for good, together with its links from related posts.</p>
      }
    >
      <CloseModalForm id={cancelForm} to={SCREEN} />
      <Form method="post" action={SCREEN} preventScrollReset onSubmit={onSubmit}>
        <input type="hidden" name="intent" value="delete" />
        <input type="hidden" name="id" value={id} />
        <div className="flex justify-end gap-3">
          <CancelButton form={cancelForm} />
          <button type="submit" disabled={deleting} className={buttonClass("danger")}>
            Delete
          </button>
        </div>
      </Form>
    </Modal>
  );
}
