import { Form } from "react-router";
import {
  CloseModalForm,
  ConfirmDeleteDialog,
  EditFormButtons,
  SaveFailure,
} from "#app/components/admin/console-kit.tsx";
import { type ChapterPick, NoteFields } from "#app/components/admin/note-fields.tsx";
import { PickerFindForm } from "#app/components/admin/search-picker.tsx";
import { Modal } from "#app/components/dialog.tsx";
import type { NoteFormValues } from "#app/lib/post-form.ts";

// Each modal sits over one page of the list (`listUrl`: its page, sort, filters and search):
// closing it, or the write it makes, returns to that same page.

type EditProps = {
  listUrl: string;
  id: number;
  version: number;
  values: NoteFormValues;
  chapter: ChapterPick;
  /** Parameters of the address for the picker's no-JavaScript "Find" to keep. */
  findKeep: Record<string, string>;
  error?: string;
  errors?: Record<string, string>;
  conflict?: boolean;
  saving: boolean;
  onSubmit: (event: React.FormEvent<HTMLFormElement>) => void;
};

/** "Edit Note": chapter, content, SEO description and keywords; Save and Cancel. */
export function NoteEditDialog({
  listUrl,
  id,
  version,
  values,
  chapter,
  findKeep,
  error,
  errors,
  conflict,
  saving,
  onSubmit,
}: EditProps) {
  const cancelForm = `cancel-edit-note-${id}`;
  return (
    <Modal title="Edit Note" closeTo={listUrl} wide>
      <SaveFailure error={error} conflict={conflict} latest={withParam(listUrl, "edit", id)} />
      <CloseModalForm id={cancelForm} to={listUrl} />
      <PickerFindForm id={chapter.fallback.form} keep={findKeep} />
      <Form method="post" action={listUrl} preventScrollReset onSubmit={onSubmit}>
        <input type="hidden" name="intent" value="update" />
        <input type="hidden" name="id" value={id} />
        <input type="hidden" name="version" value={version} />
        <NoteFields values={values} errors={errors} chapter={chapter} />
        <EditFormButtons cancelForm={cancelForm} saving={saving} />
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
  chapterTitle: string;
  deleting: boolean;
  onSubmit: (event: React.FormEvent<HTMLFormElement>) => void;
};

/** The confirmation before a note is deleted: the spec's question, Cancel and Delete. */
export function NoteDeleteDialog({ listUrl, id, chapterTitle, deleting, onSubmit }: DeleteProps) {
  return (
    <ConfirmDeleteDialog
      screen={listUrl}
      id={id}
      title="Delete note?"
      description={<p>This note of “{chapterTitle}” will be removed from the chapter page for good.</p>}
      deleting={deleting}
      onSubmit={onSubmit}
    />
  );
}
