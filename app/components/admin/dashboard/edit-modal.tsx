import { useEffect, useId, useRef } from "react";
import { Form, Link } from "react-router";
import {
  ChapterFields,
  SaveButton,
  submitOnEnter,
} from "#app/components/admin/chapter-form/chapter-fields.tsx";
import {
  ClassSubjectFields,
  type SubjectOption,
} from "#app/components/admin/chapter-form/class-subject-fields.tsx";
import { useFocusAfter } from "#app/components/admin/chapter-form/use-focus-after.ts";
import { useConsoleForm } from "#app/components/admin/console-form.ts";
import { CancelButton, CloseModalForm } from "#app/components/admin/console-kit.tsx";
import { type DashboardQuery, editHref, listHref } from "#app/components/admin/dashboard/list-state.tsx";
import { Modal } from "#app/components/dialog.tsx";
import { type EditChapterFields, LINK_KINDS, type LinkKind, linkFieldsOf } from "#app/lib/chapter-form.ts";
import type { LinkMeta } from "#app/lib/link-types.ts";
import type { FormReply } from "#app/server/console/console-form.server.ts";

export type EditedChapter = {
  id: number;
  version: number;
  grade: number;
  subjectCode: string;
  title: string;
  links: Record<LinkKind, Array<{ title: string; url: string } & LinkMeta>>;
  book: string;
  chapterNumber: number | null;
  /** Its syllabus status in the current session. */
  syllabus: { status: string; whatChanged: string };
};

/** What Edit Resource takes from the Dashboard it is shown over. */
export type EditContext = { subjects: readonly SubjectOption[]; query: DashboardQuery };

/** "Edit Resource": one chapter over the list (/admin/chapters/ID); closing it returns to the same list page. */
export function EditModal({
  chapter,
  reply,
  stale,
  subjects,
  query,
  session,
}: EditContext & {
  chapter: EditedChapter;
  /** The current session ("2026-27"), whose syllabus status the form sets. */
  session: string;
  /** The action's reply: a refused save, or a row button without JavaScript. */
  reply: FormReply | undefined;
  /** Someone else saved the chapter since this form was opened. */
  stale: boolean;
}) {
  const { form, fields, submitting, guard } = useConsoleForm<EditChapterFields>({
    id: `edit-chapter-${chapter.id}`,
    lastResult: reply?.result,
    intent: "update",
    defaultValue: {
      intent: "update",
      id: String(chapter.id),
      version: String(chapter.version),
      grade: String(chapter.grade),
      subject: chapter.subjectCode,
      title: chapter.title,
      ...Object.fromEntries(LINK_KINDS.map((kind) => [kind, chapter.links[kind].map(linkFieldsOf)])),
      syllabusStatus: chapter.syllabus.status,
      whatChanged: chapter.syllabus.whatChanged,
      book: chapter.book,
      chapterNumber: chapter.chapterNumber === null ? "" : String(chapter.chapterNumber),
    },
  });
  const focusAfter = useFocusAfter(form.id);
  const closeTo = listHref(query);
  const cancelId = useId();
  // The modal's own address: the form posts there, and opening it again loads the latest version.
  const here = editHref(query, chapter.id);
  // The refusal is said inside the modal too: the page behind it, with the toasts, is inert.
  const failed = reply?.message;
  // A refusal that is about no field (someone else saved or deleted the chapter): its message gets
  // the focus, so a screen reader says it (a field's message is focused with its field).
  const alert = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (reply?.message && !reply.result.error) alert.current?.focus();
  }, [reply]);
  return (
    <Modal title="Edit Resource" role="dialog" closeTo={closeTo} wide>
      <Form
        id={form.id}
        method="post"
        action={here}
        noValidate
        preventScrollReset
        onSubmit={guard}
        onKeyDown={submitOnEnter}
      >
        {failed ? (
          <div
            ref={alert}
            role="alert"
            tabIndex={-1}
            className="mb-4 rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm font-medium text-red-900"
          >
            <p>{failed}</p>
            {stale ? (
              <p className="mt-2 font-normal">
                <Link to={here} replace preventScrollReset className="font-semibold underline">
                  Open the latest version
                </Link>{" "}
                (what you typed here will be replaced by the saved chapter).
              </p>
            ) : null}
          </div>
        ) : null}
        <input type="hidden" name="intent" value="update" />
        <input type="hidden" name={fields.id.name} value={fields.id.initialValue ?? ""} />
        <input type="hidden" name={fields.version.name} value={fields.version.initialValue ?? ""} />
        <div className="space-y-5">
          <ClassSubjectFields form={form} fields={fields} subjects={subjects} busy={submitting} />
          <ChapterFields
            form={form}
            fieldset={fields}
            busy={submitting}
            focusAfter={focusAfter}
            grade={fields.grade.initialValue}
            session={session}
          />
        </div>
        <div className="sticky bottom-0 z-10 -mx-5 mt-6 -mb-5 flex justify-end gap-3 border-t border-gray-200 bg-white px-5 py-4 sm:-mx-6 sm:-mb-6 sm:px-6">
          <CancelButton form={cancelId} disabled={submitting} />
          <SaveButton saving={submitting} label="Save Changes" />
        </div>
      </Form>
      <CloseModalForm id={cancelId} to={closeTo} />
    </Modal>
  );
}
