import type { SubmissionResult } from "@conform-to/react";
import { Form } from "react-router";
import { DraftOffer, useAutosave } from "#app/components/admin/autosave.tsx";
import { useConsoleForm } from "#app/components/admin/console-form.ts";
import {
  CloseModalForm,
  ConfirmDeleteDialog,
  EditFormButtons,
  SaveFailure,
} from "#app/components/admin/console-kit.tsx";
import {
  type ChapterFind,
  NoteFields,
  type NoteFormFields,
  noteFormAction,
  noteFromDraft,
} from "#app/components/admin/note-fields.tsx";
import { NOTE_PREVIEW, PreviewButton, withPreview } from "#app/components/admin/preview-button.tsx";
import { PickerFindForm } from "#app/components/admin/search-picker.tsx";
import { Modal } from "#app/components/dialog.tsx";
import type { PickOption } from "#app/lib/pick.ts";
import { toTrash } from "#app/lib/trash-page.ts";

// Each modal sits over one page of the list (`listUrl`: its page, sort, filters and search):
// closing it, or the write it makes, returns to that same page.

/** The note being edited as it is saved now. */
export type EditedNote = {
  id: number;
  version: number;
  chapter: PickOption | null;
  values: NoteFormFields;
};

type EditProps = {
  listUrl: string;
  note: EditedNote;
  chapterFind: ChapterFind;
  lastResult?: SubmissionResult<string[]> | null;
  /** Why the last save was refused (the toast's text: toasts sit under the modal). */
  failure?: string;
};

/**
 * "Edit Note": chapter, content, SEO description and keywords; Preview, Save and Cancel. After a
 * refused save the form keeps the version it was opened at (and what was typed); once the latest
 * version is loaded (the reply is gone) it starts afresh from that one. The browser keeps a copy of
 * what is typed (autosave.tsx).
 */
export function NoteEditDialog(props: EditProps) {
  const { listUrl, note, chapterFind } = props;
  const sent = props.lastResult?.initialValue;
  const version = sent?.intent === "update" ? Number(sent.version) : note.version;
  const autosave = useAutosave(
    `edit-note-${note.id}`,
    { item: `note:${note.id}`, version },
    props.lastResult,
  );
  const { count, draft } = autosave.restored;
  const cancelForm = `cancel-edit-note-${note.id}`;
  const find = { ...chapterFind, form: "find-chapter-edit" };
  return (
    <Modal title="Edit Note" closeTo={listUrl} wide>
      <CloseModalForm id={cancelForm} to={listUrl} />
      <PickerFindForm id={find.form} keep={find.keep} />
      <DraftOffer draft={autosave.offer} onRestore={autosave.restore} onDiscard={autosave.discard} />
      <EditNoteForm
        key={`${note.id}:${version}:${count}`}
        {...props}
        lastResult={autosave.lastResult}
        version={version}
        restored={draft ? noteFromDraft(draft, note.values) : null}
        cancelForm={cancelForm}
      />
    </Modal>
  );
}

function EditNoteForm({
  listUrl,
  note,
  version,
  chapterFind,
  lastResult,
  failure,
  restored,
  cancelForm,
}: EditProps & { version: number; restored: ReturnType<typeof noteFromDraft> | null; cancelForm: string }) {
  const { form, fields, submitting, guard } = useConsoleForm<NoteFormFields & { version: string }>({
    id: `edit-note-${note.id}`,
    lastResult,
    defaultValue: restored?.values ?? note.values,
    intent: "update",
  });
  const find = { ...chapterFind, form: "find-chapter-edit" };
  // Any reply is a refused save (a save that succeeds goes back to the list).
  const refused = Boolean(lastResult);
  return (
    <Form
      id={form.id}
      method="post"
      action={noteFormAction(listUrl, find, note.id)}
      noValidate
      preventScrollReset
      onSubmit={withPreview(guard)}
    >
      {/* Someone else saved since this form was opened: its text stays, the latest can be loaded. */}
      <SaveFailure
        error={refused ? failure : undefined}
        conflict={refused && version !== note.version}
        latest={noteFormAction(listUrl, { ...chapterFind, query: "" }, note.id)}
      />
      <input type="hidden" name="intent" value="update" />
      <input type="hidden" name="id" value={note.id} />
      <input type="hidden" name={fields.version.name} value={version} />
      <NoteFields fields={fields} saved={restored?.chapter ?? note.chapter} find={find} />
      <EditFormButtons
        cancelForm={cancelForm}
        saving={submitting}
        extra={<PreviewButton action={NOTE_PREVIEW} />}
      />
    </Form>
  );
}

type DeleteProps = { listUrl: string; id: number; chapterTitle: string };

/** The confirmation before a note is deleted: the spec's question, Cancel and Delete. */
export function NoteDeleteDialog({ listUrl, id, chapterTitle }: DeleteProps) {
  return (
    <ConfirmDeleteDialog
      screen={listUrl}
      fields={{ id }}
      title="Delete note?"
      description={
        <p>
          This note of “{chapterTitle}” will be removed from the chapter page. {toTrash(1)}
        </p>
      }
    />
  );
}
