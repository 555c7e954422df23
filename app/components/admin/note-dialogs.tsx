import { Form } from "react-router";
import { Modal } from "~/components/dialog";
import type { NoteFormValues } from "~/lib/post-form";
import { type ChapterGroup, NoteFields } from "./note-fields.tsx";
import { CloseModalForm, ConfirmDeleteDialog, EditFormButtons, SaveFailure } from "./post-note-actions.tsx";

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
      <SaveFailure error={error} conflict={conflict} latest={`${SCREEN}?edit=${id}`} />
      <CloseModalForm id={cancelForm} to={SCREEN} />
      <Form method="post" action={SCREEN} preventScrollReset onSubmit={onSubmit}>
        <input type="hidden" name="intent" value="update" />
        <input type="hidden" name="id" value={id} />
        <input type="hidden" name="version" value={version} />
        <NoteFields values={values} errors={errors} chapterGroups={chapterGroups} />
        <EditFormButtons cancelForm={cancelForm} saving={saving} />
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
  return (
    <ConfirmDeleteDialog
      screen={SCREEN}
      id={id}
      title="Delete note?"
      description={<p>This note of “{chapterTitle}” will be removed from the chapter page for good.</p>}
      deleting={deleting}
      onSubmit={onSubmit}
    />
  );
}
