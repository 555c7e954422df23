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

function DeleteButtons({ grade, subjects }: { grade: Grade; subjects: SubjectRow[] }) {
  return (
    <Form method="get" preventScrollReset>
      <input type="hidden" name="grade" value={grade} />
      <div className="overflow-x-auto rounded-xl border border-gray-200 bg-white shadow-sm">
        <table className="w-full text-left text-sm">
          <thead className="bg-gray-100 text-xs font-semibold tracking-wide text-gray-700 uppercase">
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
          <tbody>
            {subjects.map((s) => (
              <tr key={s.code} className="border-t border-gray-100">
                <td className="px-3 py-2.5 font-mono text-gray-800">{s.code}</td>
                <td id={`subject-${s.code}-label`} className="px-3 py-2.5 font-medium text-gray-900">
                  {s.label}
                </td>
                <td className="px-3 py-1.5">
                  <div className="flex items-center gap-2">
                    <select
                      name="medium"
                      form={`medium-${s.code}`}
                      key={s.medium}
                      defaultValue={s.medium}
                      aria-label={`Medium of ${s.label}`}
                      className="min-h-9 rounded-lg border border-gray-300 bg-white px-2 py-1 text-sm"
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
                <td className="px-3 py-1.5">
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
