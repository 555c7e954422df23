import { useState } from "react";
import { Form } from "react-router";
import {
  CloseModalForm,
  ConfirmDeleteDialog,
  EditFormButtons,
  SaveFailure,
} from "#app/components/admin/console-kit.tsx";
import { PostFields, type RelatedPick } from "#app/components/admin/post-fields.tsx";
import { PickerFindForm } from "#app/components/admin/search-picker.tsx";
import { Modal } from "#app/components/dialog.tsx";
import type { PostFormInput } from "#app/lib/post-form.ts";

// Each modal sits over one page of the list (`listUrl`: its page, sort, filters and search):
// closing it, or the write it makes, returns to that same page.

type EditProps = {
  listUrl: string;
  id: number;
  version: number;
  values: PostFormInput;
  related: RelatedPick;
  /** The parameters the "Related posts" Find keeps (the list's address and this modal). */
  findKeep: Record<string, string>;
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
  listUrl,
  id,
  version,
  values,
  related,
  findKeep,
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
    <Modal title="Edit Blog" closeTo={listUrl} wide>
      <SaveFailure error={error} conflict={conflict} latest={withParam(listUrl, "edit", id)} />
      <CloseModalForm id={cancelForm} to={listUrl} />
      <PickerFindForm id={related.fallback.form} keep={findKeep} />
      <Form
        method="post"
        action={listUrl}
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
          relatedPick={related}
          ownSlug={values.slug}
          suggestSlug={false}
          siteName={siteName}
          onUploadBusy={setUploading}
        />
        <EditFormButtons cancelForm={cancelForm} saving={saving} busy={uploading} />
      </Form>
    </Modal>
  );
}

/** The list's address with one more parameter (e.g. the modal to open). */
function withParam(listUrl: string, name: string, id: number): string {
  return `${listUrl}${listUrl.includes("?") ? "&" : "?"}${name}=${id}`;
}

type DeleteProps = {
  listUrl: string;
  id: number;
  title: string;
  deleting: boolean;
  onSubmit: (event: React.FormEvent<HTMLFormElement>) => void;
};

/** The confirmation before a post is deleted: the spec's question, Cancel and Delete. */
export function PostDeleteDialog({ listUrl, id, title, deleting, onSubmit }: DeleteProps) {
  return (
    <ConfirmDeleteDialog
      screen={listUrl}
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
