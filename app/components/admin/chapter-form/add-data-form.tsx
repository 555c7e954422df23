import type { SubmissionResult } from "@conform-to/react";
import { useEffect, useState } from "react";
import { Form, Link } from "react-router";
import {
  AddChapterButton,
  ChapterCard,
  SaveButton,
  submitOnEnter,
} from "#app/components/admin/chapter-form/chapter-fields.tsx";
import {
  ClassSubjectFields,
  type SubjectOption,
} from "#app/components/admin/chapter-form/class-subject-fields.tsx";
import { useFocusAfter } from "#app/components/admin/chapter-form/use-focus-after.ts";
import { rowsOf, useConsoleForm } from "#app/components/admin/console-form.ts";
import type { AddDataFields } from "#app/lib/chapter-form.ts";

// Add Data's chapter form (class, subject, chapters with their links, Submit) and the box naming
// the chapters it just added.

const FORM_ID = "add-data";

export function AddDataForm({
  subjects,
  grade,
  subject,
  session,
  lastResult,
}: {
  subjects: readonly SubjectOption[];
  grade: string;
  subject: string;
  /** The current session ("2026-27"), whose syllabus status each chapter gets. */
  session: string;
  lastResult?: SubmissionResult<string[]> | null;
}) {
  const { form, fields, submitting, guard, key } = useConsoleForm<AddDataFields>({
    id: FORM_ID,
    lastResult,
    intent: "save",
    // Class and subject stay chosen after an add: a teacher adding a whole book goes on with the next.
    defaultValue: { grade, subject, chapters: [{}] },
  });
  const focusAfter = useFocusAfter(form.id);
  const [shownGrade, setShownGrade] = useState(fields.grade.initialValue ?? grade);
  // After a successful add, the next chapter's title is ready for typing.
  useEffect(() => {
    if (key === `${FORM_ID}-0`) return;
    const title = document.forms.namedItem(FORM_ID)?.elements.namedItem("chapters[0].title");
    if (title instanceof HTMLElement) title.focus();
  }, [key]);
  const chapters = rowsOf(fields.chapters);
  const rows = { form, busy: submitting, focusAfter };
  return (
    <Form
      key={key}
      id={form.id}
      method="post"
      noValidate
      preventScrollReset
      onSubmit={guard}
      onKeyDown={submitOnEnter}
      className="mt-6"
    >
      <input type="hidden" name="intent" value="save" />
      <div className="rounded-xl border border-gray-200 bg-white p-4 shadow-sm sm:p-5">
        <ClassSubjectFields
          form={form}
          fields={fields}
          subjects={subjects}
          busy={submitting}
          onGradeChange={setShownGrade}
        />
      </div>
      <div className="mt-4 space-y-4">
        {chapters.map((chapter, index) => (
          <ChapterCard
            key={chapter.key ?? chapter.name}
            {...rows}
            chapters={fields.chapters.name}
            chapter={chapter}
            index={index}
            count={chapters.length}
            grade={shownGrade}
            session={session}
          />
        ))}
      </div>
      <div
        data-sticky-actions
        className="sticky bottom-0 z-10 -mx-4 mt-6 flex flex-wrap items-center justify-between gap-3 border-t border-gray-200 bg-gray-50/95 px-4 py-3 backdrop-blur sm:mx-0 sm:rounded-xl sm:border sm:bg-white/95"
      >
        <AddChapterButton {...rows} chapters={fields.chapters.name} count={chapters.length} />
        <div className="flex items-center gap-3">
          <p className="hidden text-xs text-gray-500 sm:block">Empty link rows are skipped.</p>
          <SaveButton saving={submitting} label="Submit" />
        </div>
      </div>
    </Form>
  );
}

export type AddedChapter = { id: number; title: string; slug: string };

/** The chapters the last add made (?added=ID&added=…), with links to their public pages. */
export function AddedChapters({
  grade,
  label,
  added,
}: {
  grade: number;
  label?: string;
  added: AddedChapter[];
}) {
  if (added.length === 0) return null;
  return (
    <section
      aria-labelledby="added-heading"
      className="mt-5 rounded-xl border border-green-200 bg-green-50 p-4 text-sm text-green-900"
    >
      <h2 id="added-heading" className="font-semibold">
        Added to Class {grade}
        {label ? ` ${label}` : ""}:
      </h2>
      <ul className="mt-1 list-disc pl-5">
        {added.map((a) => (
          <li key={a.id}>
            <Link
              to={`/class/${grade}/chapter/${a.slug}`}
              target="_blank"
              rel="noopener noreferrer"
              className="underline"
            >
              {a.title}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
