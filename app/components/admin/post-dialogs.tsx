import type { SubmissionResult } from "@conform-to/react";
import { useState } from "react";
import { Form, Link } from "react-router";
import { DraftOffer, useAutosave } from "#app/components/admin/autosave.tsx";
import { BulkDeleteDialog } from "#app/components/admin/bulk-kit.tsx";
import { useConsoleForm } from "#app/components/admin/console-form.ts";
import {
  CloseModalForm,
  ConfirmDeleteDialog,
  EditFormButtons,
  SaveFailure,
} from "#app/components/admin/console-kit.tsx";
import { PostFields, type PostForm, postFromDraft } from "#app/components/admin/post-fields.tsx";
import { PickerFindForm } from "#app/components/admin/search-picker.tsx";
import { Modal } from "#app/components/dialog.tsx";
import type { PickOption } from "#app/lib/pick.ts";
import type { PostFormInput } from "#app/lib/post-form.ts";
import { RELATED_FIND } from "#app/lib/post-list-query.ts";
import { toTrash } from "#app/lib/trash-page.ts";

// Each modal sits over one page of the list (`listUrl`: its page, sort, filters and search):
// closing it, or the write it makes, returns to that same page.

type EditProps = {
  listUrl: string;
  /** The post as saved now, and the version the form was opened at. */
  post: { id: number; version: number; slug: string; values: PostFormInput };
  /** The last refused save, and its message. */
  lastResult?: SubmissionResult<string[]> | null;
  message?: string;
  /** Someone else saved or deleted the post since this form was opened. */
  stale: boolean;
  /** The related posts whose titles are known, and the no-JavaScript Find. */
  relatedKnown: PickOption[];
  relatedFind: { query: string; matches: PickOption[]; keep: Record<string, string> };
  siteName: string;
};

/**
 * "Edit Blog" (its own address, /admin/blogs/ID): every field of the post, Save and Cancel; a Draft
 * or Scheduled post's Preview. The browser keeps a copy of what is typed (autosave.tsx).
 */
export function PostEditDialog(props: EditProps) {
  const { listUrl, post } = props;
  // The copy belongs to the version the form was opened at (after a refused save: the one it sent).
  const openedAt = Number(props.lastResult?.initialValue?.version ?? post.version);
  const autosave = useAutosave(
    `edit-post-${post.id}`,
    { item: `post:${post.id}`, version: openedAt },
    props.lastResult,
  );
  const { count, draft } = autosave.restored;
  const cancelForm = `cancel-edit-post-${post.id}`;
  const findForm = `find-related-${post.id}`;
  return (
    <Modal title="Edit Blog" closeTo={listUrl} wide>
      <CloseModalForm id={cancelForm} to={listUrl} />
      <PickerFindForm id={findForm} keep={props.relatedFind.keep} />
      {post.values.status === "published" ? null : (
        <p className="mb-4 text-sm text-gray-600">
          <Link to={`/admin/blogs/${post.id}/preview`} className="font-semibold text-brand-700 underline">
            Preview
          </Link>{" "}
          the post as it was last saved, exactly as the blog will show it.
        </p>
      )}
      <DraftOffer draft={autosave.offer} onRestore={autosave.restore} onDiscard={autosave.discard} />
      <EditPostForm
        // A restored copy starts the form again from it.
        key={count}
        {...props}
        lastResult={autosave.lastResult}
        restored={draft ? postFromDraft(draft, post.values) : null}
        cancelForm={cancelForm}
        findForm={findForm}
      />
    </Modal>
  );
}

function EditPostForm({
  listUrl,
  post,
  lastResult,
  message,
  stale,
  relatedKnown,
  relatedFind,
  siteName,
  restored,
  cancelForm,
  findForm,
}: EditProps & {
  restored: { values: PostFormInput; known: PickOption[] } | null;
  cancelForm: string;
  findForm: string;
}) {
  const { form, fields, submitting, guard } = useConsoleForm<PostForm>({
    id: `edit-post-${post.id}`,
    lastResult,
    defaultValue: { ...(restored?.values ?? post.values), version: post.version },
  });
  const [uploading, setUploading] = useState(false);
  // This address again, afresh: the modal with the post as saved now.
  const latest = `/admin/blogs/${post.id}${listUrl.slice("/admin/blogs".length)}`;
  return (
    <Form
      id={form.id}
      method="post"
      encType="multipart/form-data"
      noValidate
      preventScrollReset
      onSubmit={guard}
      aria-label="Edit Blog"
    >
      <SaveFailure error={lastResult ? message : undefined} conflict={stale} latest={latest} />
      <input type="hidden" name={fields.version.name} value={fields.version.defaultValue ?? ""} />
      <PostFields
        fields={fields}
        lastResult={lastResult}
        relatedPick={{
          known: [...relatedKnown, ...(restored?.known ?? [])],
          fallback: { form: findForm, param: RELATED_FIND, ...relatedFind },
        }}
        ownSlug={post.slug}
        suggestSlug={false}
        siteName={siteName}
        onUploadBusy={setUploading}
      />
      <EditFormButtons cancelForm={cancelForm} saving={submitting} busy={uploading} />
    </Form>
  );
}

/** The confirmation before a post is deleted: the spec's question, Cancel and Delete. */
export function PostDeleteDialog({ listUrl, id, title }: { listUrl: string; id: number; title: string }) {
  return (
    <ConfirmDeleteDialog
      screen={listUrl}
      fields={{ id }}
      title="Delete this blog post?"
      description={
        <p>
          “{title}” will be removed from the site, together with its links from related posts. {toTrash(1)}
        </p>
      }
    />
  );
}

/** "Delete N posts?": the bulk delete's one confirmation. */
export function PostBulkDeleteDialog({
  listUrl,
  posts,
}: {
  listUrl: string;
  posts: Array<{ id: number; title: string }>;
}) {
  return (
    <BulkDeleteDialog
      noun={["post", "posts"]}
      items={posts.map((p) => ({ id: p.id, label: p.title }))}
      consequence="They will be removed from the site, together with their links from related posts"
      listUrl={listUrl}
    />
  );
}
