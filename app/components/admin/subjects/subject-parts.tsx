import type { SubmissionResult } from "@conform-to/react";
import { useId, useRef, useState } from "react";
import { Form, Link, useNavigation, useSubmit } from "react-router";
import { useHydrated } from "#app/components/admin/chapter-form/use-hydrated.ts";
import { useConsoleForm } from "#app/components/admin/console-form.ts";
import { ConfirmDeleteDialog } from "#app/components/admin/console-kit.tsx";
import { EmptyList } from "#app/components/admin/list-kit.tsx";
import { Field, inputClass } from "#app/components/field.tsx";
import { GRADES, type Grade, parseGrade } from "#app/lib/grades.ts";
import { DEFAULT_MEDIUM, MEDIUM_LABELS, MEDIUMS, type Medium } from "#app/lib/medium.ts";
import { slugify } from "#app/lib/slug.ts";

// The parts of Manage Subjects (app/routes/admin/subjects.tsx): the class picker, the table, the
// add form and the delete confirmation.

/** The page for one class (?grade=, default 9), with ?delete=CODE opening the confirmation. */
export function pagePath(grade: Grade, extra: Record<string, string> = {}): string {
  return `/admin/subjects?${new URLSearchParams({ grade: String(grade), ...extra })}`;
}

export type SubjectRow = { code: string; label: string; medium: Medium };

/**
 * The class the page shows, or the one the class picker has just asked for while its page is still
 * on its way: the add form follows the picker at once, so a subject typed meanwhile goes to the
 * class on screen, and nothing typed is lost when the page arrives.
 */
export function useChosenGrade(grade: Grade): Grade {
  const navigation = useNavigation();
  const next = navigation.location;
  // The picker's change is a GET of its form; a POST on its way (a save) is not a class change.
  const post = navigation.formMethod !== undefined && navigation.formMethod.toUpperCase() !== "GET";
  if (navigation.state !== "loading" || post || next?.pathname !== "/admin/subjects") return grade;
  return parseGrade(new URLSearchParams(next.search).get("grade")) ?? grade;
}
export type SubjectToDelete = Omit<SubjectRow, "medium"> & { chapters: number };

export function ClassPicker({ grade }: { grade: Grade }) {
  const submit = useSubmit();
  const hydrated = useHydrated();
  const id = useId();
  return (
    <Form method="get" className="flex flex-wrap items-end gap-3" aria-label="Choose the class">
      <div className="w-44">
        <label htmlFor={id} className="block text-sm font-semibold text-gray-800">
          Class
        </label>
        <select
          id={id}
          name="grade"
          key={grade}
          defaultValue={String(grade)}
          onChange={(event) => submit(event.currentTarget.form, { replace: true, preventScrollReset: true })}
          className={inputClass}
        >
          {GRADES.map((g) => (
            <option key={g} value={String(g)}>
              Class {g}
            </option>
          ))}
        </select>
      </div>
      {hydrated ? null : (
        <button
          type="submit"
          className="inline-flex items-center rounded-lg border border-gray-300 bg-white px-4 py-2 text-sm font-semibold text-gray-800 hover:bg-gray-50"
        >
          Show
        </button>
      )}
    </Form>
  );
}

/** The medium choices, as a select's options. */
function MediumOptions() {
  return MEDIUMS.map((m) => (
    <option key={m} value={m}>
      {MEDIUM_LABELS[m]}
    </option>
  ));
}

/**
 * The subjects of a class: key, label, medium (changed with its own Save, a small form of its own
 * after the table, which the row's select and button name with `form=`, as forms cannot nest) and
 * Delete (which opens the confirmation).
 */
export function SubjectTable({ grade, subjects }: { grade: Grade; subjects: SubjectRow[] }) {
  if (subjects.length === 0) {
    return <EmptyList>Class {grade} has no subjects yet. Add the first one below.</EmptyList>;
  }
  return (
    <>
      <MediumForms grade={grade} subjects={subjects} />
      <DeleteButtons grade={grade} subjects={subjects} />
    </>
  );
}

function MediumForms({ grade, subjects }: { grade: Grade; subjects: SubjectRow[] }) {
  return subjects.map((s) => (
    <Form
      key={s.code}
      id={`medium-${s.code}`}
      method="post"
      action={pagePath(grade)}
      preventScrollReset
      hidden
    >
      <input type="hidden" name="grade" value={grade} />
      <input type="hidden" name="code" value={s.code} />
    </Form>
  ));
}

// Narrow (the table's box under 30rem: a phone, or a tablet beside the console menu) each subject is a
// card, its cells named by their column's word (data-label, drawn before the value; the header row stays
// for screen readers); wider, the table. A container query, as the console menu takes room only on
// some screens. Nothing in a card is wider than the screen: a code or label breaks anywhere if it must.
const cardLabel =
  "before:mb-0.5 before:block before:font-sans before:text-xs before:font-semibold before:tracking-wide before:text-gray-600 before:uppercase before:content-[attr(data-label)] @min-[30rem]:before:content-none";

function DeleteButtons({ grade, subjects }: { grade: Grade; subjects: SubjectRow[] }) {
  return (
    <Form method="get" preventScrollReset className="@container">
      <input type="hidden" name="grade" value={grade} />
      <div className="rounded-xl border border-gray-200 bg-white shadow-sm @min-[30rem]:overflow-x-auto">
        <table className="block w-full text-left text-sm @min-[30rem]:table">
          <thead className="sr-only bg-gray-100 text-xs font-semibold tracking-wide text-gray-700 uppercase @min-[30rem]:not-sr-only @min-[30rem]:table-header-group">
            <tr>
              <th scope="col" className="px-3 py-2.5">
                Code
              </th>
              <th scope="col" className="px-3 py-2.5">
                Label
              </th>
              <th scope="col" className="px-3 py-2.5">
                Medium
              </th>
              <th scope="col" className="px-3 py-2.5">
                Action
              </th>
            </tr>
          </thead>
          <tbody className="block divide-y divide-gray-100 @min-[30rem]:table-row-group @min-[30rem]:divide-y-0">
            {subjects.map((s) => (
              <tr
                key={s.code}
                className="flex flex-wrap items-end gap-x-4 gap-y-3 px-4 py-3 @min-[30rem]:table-row @min-[30rem]:border-t @min-[30rem]:border-gray-100 @min-[30rem]:p-0"
              >
                <td
                  data-label="Code"
                  className={`block min-w-0 basis-[calc(50%-0.5rem)] self-start font-mono text-gray-800 wrap-anywhere @min-[30rem]:table-cell @min-[30rem]:px-3 @min-[30rem]:py-2.5 ${cardLabel}`}
                >
                  {s.code}
                </td>
                <td
                  data-label="Label"
                  className={`block min-w-0 basis-[calc(50%-0.5rem)] self-start font-medium text-gray-900 wrap-break-word @min-[30rem]:table-cell @min-[30rem]:px-3 @min-[30rem]:py-2.5 ${cardLabel}`}
                >
                  <span id={`subject-${s.code}-label`}>{s.label}</span>
                </td>
                <td className="block min-w-0 flex-1 @min-[30rem]:table-cell @min-[30rem]:px-3 @min-[30rem]:py-1.5">
                  <label
                    htmlFor={`subject-${s.code}-medium`}
                    className="mb-0.5 block text-xs font-semibold tracking-wide text-gray-600 uppercase @min-[30rem]:sr-only"
                  >
                    Medium<span className="sr-only"> of {s.label}</span>
                  </label>
                  <div className="flex items-center gap-2">
                    <select
                      id={`subject-${s.code}-medium`}
                      name="medium"
                      form={`medium-${s.code}`}
                      key={s.medium}
                      defaultValue={s.medium}
                      className="min-h-9 min-w-0 rounded-lg border border-gray-300 bg-white px-2 py-1 text-sm"
                    >
                      <MediumOptions />
                    </select>
                    <button
                      type="submit"
                      form={`medium-${s.code}`}
                      name="intent"
                      value="medium"
                      aria-label={`Save the medium of ${s.label}`}
                      className="inline-flex min-h-9 items-center rounded-lg border border-gray-300 bg-white px-3 py-1.5 text-sm font-semibold text-gray-800 hover:bg-gray-50"
                    >
                      Save
                    </button>
                  </div>
                </td>
                <td className="block @min-[30rem]:table-cell @min-[30rem]:px-3 @min-[30rem]:py-1.5">
                  <button
                    type="submit"
                    name="delete"
                    value={s.code}
                    aria-describedby={`subject-${s.code}-label`}
                    className="inline-flex min-h-9 items-center rounded-lg border border-red-200 bg-white px-3 py-1.5 text-sm font-semibold text-red-700 hover:bg-red-50"
                  >
                    Delete
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </Form>
  );
}

export function AddSubjectForm({
  grade,
  lastResult,
}: {
  grade: Grade;
  lastResult?: SubmissionResult<string[]> | null;
}) {
  // One form whatever the class: a class change must not re-mount it (what was typed would go).
  const { form, fields, submitting, guard, key } = useConsoleForm<{
    code: string;
    label: string;
    medium: string;
  }>({
    id: "add-subject",
    lastResult,
    intent: "add",
  });
  const keyRef = useRef<HTMLInputElement>(null);
  // The key follows the label (as a suggestion) until the admin types a key of their own.
  const [keyTouched, setKeyTouched] = useState(Boolean(fields.code.initialValue));
  return (
    <Form
      key={key}
      id={form.id}
      method="post"
      action={pagePath(grade)}
      noValidate
      preventScrollReset
      onSubmit={guard}
      className="rounded-xl border border-gray-200 bg-white p-4 shadow-sm sm:p-5"
    >
      <h2 className="text-base font-bold text-gray-900">Add a subject to Class {grade}</h2>
      <input type="hidden" name="grade" value={grade} />
      <div className="mt-4 grid gap-4 md:grid-cols-2">
        <Field
          label="Label"
          error={fields.label.errors?.[0]}
          hint="Required. The name students see, e.g. Computer Science."
        >
          {(control) => (
            <input
              {...control}
              name={fields.label.name}
              defaultValue={fields.label.initialValue ?? ""}
              autoComplete="off"
              onChange={(event) => {
                // The key stays ASCII (it is in addresses, ?subject=): no suggestion from a Devanagari label.
                const key = slugify(event.currentTarget.value);
                if (!keyTouched && keyRef.current) keyRef.current.value = /^[a-z0-9-]*$/.test(key) ? key : "";
              }}
              className={inputClass}
            />
          )}
        </Field>
        <Field
          label="Subject key"
          error={fields.code.errors?.[0]}
          hint="Lowercase letters, digits and hyphens only, e.g. computer-science. Must be unique in the class; it appears in page addresses."
        >
          {(control) => (
            <input
              {...control}
              ref={keyRef}
              name={fields.code.name}
              defaultValue={fields.code.initialValue ?? ""}
              autoComplete="off"
              autoCapitalize="none"
              spellCheck={false}
              onChange={() => setKeyTouched(true)}
              className={`${inputClass} font-mono`}
            />
          )}
        </Field>
        <Field
          label="Medium"
          error={fields.medium.errors?.[0]}
          hint="The class page opens on a subject of its language's medium: English pages on English or Both, Hindi pages on Hindi or Both."
        >
          {(control) => (
            <select
              {...control}
              name={fields.medium.name}
              defaultValue={fields.medium.initialValue ?? DEFAULT_MEDIUM}
              className={inputClass}
            >
              <MediumOptions />
            </select>
          )}
        </Field>
      </div>
      <div className="mt-4 flex justify-end">
        <button
          type="submit"
          name="intent"
          value="add"
          disabled={submitting}
          className="inline-flex min-w-32 items-center justify-center rounded-lg bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800 disabled:cursor-wait disabled:opacity-70"
        >
          {submitting ? "Adding..." : "Add Subject"}
        </button>
      </div>
    </Form>
  );
}

export function DeleteSubjectModal({ grade, subject }: { grade: Grade; subject: SubjectToDelete }) {
  return (
    <ConfirmDeleteDialog
      title="Are you sure you want to delete this subject?"
      screen={pagePath(grade)}
      fields={{ grade, code: subject.code }}
      description={
        <>
          <p>
            <strong>{subject.label}</strong> (key <code>{subject.code}</code>) will be removed from Class{" "}
            {grade}.
          </p>
          {subject.chapters > 0 ? (
            <p className="mt-2">
              It still has {subject.chapters} chapter{subject.chapters === 1 ? "" : "s"}, so it will be kept
              until {subject.chapters === 1 ? "that chapter is" : "they are"} deleted or moved to another
              subject in the{" "}
              <Link to={`/admin?grade=${grade}&subject=${subject.code}`} className="font-semibold underline">
                Dashboard
              </Link>
              .
            </p>
          ) : null}
        </>
      }
    />
  );
}
