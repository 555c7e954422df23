import { Form, Link } from "react-router";
import { Modal } from "~/components/dialog";
import type { NoteFormValues } from "~/lib/post-form";
import { type ChapterGroup, NoteFields } from "./note-fields.tsx";
import { buttonClass, CancelButton, CloseModalForm } from "./post-note-actions.tsx";

const SCREEN = "/admin/notes";

type EditProps = {
  id: number;
  version: number;
  values: NoteFormValues;
  chapterGroups: ChapterGroup[];
  error?: string;
  errors?: Record<string, string>;
  conflict?: boolean;
  saving: boolean;
  onSubmit: (event: React.FormEvent<HTMLFormElement>) => void;
};

/** "Edit Note": chapter, content, SEO description and keywords; Save and Cancel. */
export function NoteEditDialog({
  id,
  version,
  values,
  chapterGroups,
  error,
  errors,
  conflict,
  saving,
  onSubmit,
}: EditProps) {
  const cancelForm = `cancel-edit-note-${id}`;
  return (
    <Modal title="Edit Note" closeTo={SCREEN} wide>
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
                className="font-semibold underline"
              >
                Load the latest version
              </Link>{" "}
              (this replaces what you typed here).
            </p>
          ) : null}
        </div>
      ) : null}
      <CloseModalForm id={cancelForm} to={SCREEN} />
      <Form method="post" action={SCREEN} preventScrollReset onSubmit={onSubmit}>
        <input type="hidden" name="intent" value="update" />
        <input type="hidden" name="id" value={id} />
        <input type="hidden" name="version" value={version} />
        <NoteFields values={values} errors={errors} chapterGroups={chapterGroups} />
        <div className="sticky bottom-0 -mx-5 mt-6 flex flex-wrap justify-end gap-3 border-t border-gray-200 bg-white px-5 py-4 sm:-mx-6 sm:px-6">
          <CancelButton form={cancelForm} />
          <button type="submit" disabled={saving} className={buttonClass("primary")}>
            {saving ? "Saving..." : "Save"}
          </button>
        </div>
      </Form>
    </Modal>
  );
}

type DeleteProps = {
  id: number;
  chapterTitle: string;
  deleting: boolean;
  onSubmit: (event: React.FormEvent<HTMLFormElement>) => void;
};

/** The confirmation before a note is deleted: the spec's question, Cancel and Delete. */
export function NoteDeleteDialog({ id, chapterTitle, deleting, onSubmit }: DeleteProps) {
  const cancelForm = `cancel-delete-note-${id}`;
  return (
    <Modal
      title="Delete note?"
      role="alertdialog"
      closeTo={SCREEN}
      description={<p>This note of “{chapterTitle}” will be removed from the chapter page for good.</p>}
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
