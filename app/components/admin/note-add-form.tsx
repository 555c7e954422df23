import type { SubmissionResult } from "@conform-to/react";
import { useEffect, useRef } from "react";
import { Form } from "react-router";
import { DraftOffer, useAutosave } from "#app/components/admin/autosave.tsx";
import { useConsoleForm } from "#app/components/admin/console-form.ts";
import { AddSection, buttonClass } from "#app/components/admin/console-kit.tsx";
import {
  type ChapterFind,
  NoteFields,
  type NoteFormFields,
  noteFormAction,
  noteFromDraft,
} from "#app/components/admin/note-fields.tsx";
import { NOTE_PREVIEW, PreviewButton, withPreview } from "#app/components/admin/preview-button.tsx";
import { PickerFindForm } from "#app/components/admin/search-picker.tsx";

type Props = { listUrl: string; chapterFind: ChapterFind; lastResult?: SubmissionResult<string[]> | null };

const FORM_ID = "add-note-form";
const EMPTY: NoteFormFields = { chapterId: "", content: "", seoDescription: "", seoKeywords: "" };

/**
 * "Add New Note": empty again after a note is added; a refused one keeps what was typed. "Preview"
 * shows the note on its chapter's page; the browser keeps a copy of what is typed (autosave.tsx).
 */
export function AddNoteForm(props: Props) {
  const autosave = useAutosave(FORM_ID, { item: "note:new" }, props.lastResult);
  const { count, draft } = autosave.restored;
  const find = { ...props.chapterFind, form: "find-chapter-add" };
  return (
    <AddSection id="add-note" title="Add New Note">
      <PickerFindForm id={find.form} keep={find.keep} />
      <div className="mt-5">
        <DraftOffer draft={autosave.offer} onRestore={autosave.restore} onDiscard={autosave.discard} />
      </div>
      <AddNote
        // A restored copy starts the form again from it.
        key={count}
        {...props}
        lastResult={autosave.lastResult}
        restored={draft ? noteFromDraft(draft, EMPTY) : null}
        onAdded={autosave.clear}
      />
    </AddSection>
  );
}

function AddNote({
  listUrl,
  chapterFind,
  lastResult,
  restored,
  onAdded,
}: Props & { restored: ReturnType<typeof noteFromDraft> | null; onAdded: () => void }) {
  const { form, fields, submitting, guard, key } = useConsoleForm<NoteFormFields>({
    id: FORM_ID,
    lastResult,
    defaultValue: restored?.values,
    intent: "add",
  });
  // The key moves on once a note was added: its copy in the browser is no longer needed.
  const openedAs = useRef(key);
  useEffect(() => {
    if (key !== openedAs.current) onAdded();
  }, [key, onAdded]);
  const find = { ...chapterFind, form: "find-chapter-add" };
  return (
    <Form
      key={key}
      id={form.id}
      method="post"
      action={noteFormAction(listUrl, find)}
      noValidate
      preventScrollReset
      aria-labelledby="add-note-heading"
      onSubmit={withPreview(guard)}
    >
      <input type="hidden" name="intent" value="add" />
      <NoteFields fields={fields} saved={restored?.chapter} find={find} />
      <div className="mt-6 flex flex-wrap gap-3 border-t border-gray-200 pt-5">
        <button type="submit" disabled={submitting} className={buttonClass("primary")}>
          {submitting ? "Adding..." : "Add Note"}
        </button>
        <PreviewButton action={NOTE_PREVIEW} />
      </div>
    </Form>
  );
}
