import { useState } from "react";
import { Form } from "react-router";
import { Modal } from "~/components/dialog";
import type { PostFormInput } from "~/lib/post-form";
import { type PostChoice, PostFields } from "./post-fields.tsx";
import { CloseModalForm, ConfirmDeleteDialog, EditFormButtons, SaveFailure } from "./post-note-actions.tsx";

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
      <SaveFailure error={error} conflict={conflict} latest={`${SCREEN}?edit=${id}`} />
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
        <EditFormButtons cancelForm={cancelForm} saving={saving} busy={uploading} />
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
  return (
    <ConfirmDeleteDialog
      screen={SCREEN}
      id={id}
      title="Delete this blog post?"
      description={
        <p>“{title}” will be removed from the site for good, together with its links from related posts.</p>
      }
      deleting={deleting}
      onSubmit={onSubmit}
    />
  );
}
