import type { SubmissionResult } from "@conform-to/react";
import { Form } from "react-router";
import { useConsoleForm } from "#app/components/admin/console-form.ts";
import { AddSection, buttonClass } from "#app/components/admin/console-kit.tsx";
import {
  type ChapterFind,
  NoteFields,
  type NoteFormFields,
  noteFormAction,
} from "#app/components/admin/note-fields.tsx";
import { PickerFindForm } from "#app/components/admin/search-picker.tsx";

type Props = { listUrl: string; chapterFind: ChapterFind; lastResult?: SubmissionResult<string[]> | null };

/** "Add New Note": empty again after a note is added; a refused one keeps what was typed. */
export function AddNoteForm({ listUrl, chapterFind, lastResult }: Props) {
  const { form, fields, submitting, guard, key } = useConsoleForm<NoteFormFields>({
    id: "add-note-form",
    lastResult,
    intent: "add",
  });
  const find = { ...chapterFind, form: "find-chapter-add" };
  return (
    <AddSection id="add-note" title="Add New Note">
      <PickerFindForm id={find.form} keep={find.keep} />
      <Form
        key={key}
        id={form.id}
        method="post"
        action={noteFormAction(listUrl, find)}
        noValidate
        preventScrollReset
        aria-labelledby="add-note-heading"
        onSubmit={guard}
        className="mt-5"
      >
        <input type="hidden" name="intent" value="add" />
        <NoteFields fields={fields} find={find} />
        <div className="mt-6 border-t border-gray-200 pt-5">
          <button type="submit" disabled={submitting} className={buttonClass("primary")}>
            {submitting ? "Adding..." : "Add Note"}
          </button>
        </div>
      </Form>
    </AddSection>
  );
}
