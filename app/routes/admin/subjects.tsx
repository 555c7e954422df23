import { useId, useRef, useState } from "react";
import { Form, Link, useNavigation, useSearchParams, useSubmit } from "react-router";
import { CancelButton, CancelForm, ConfirmDeleteButton } from "~/components/admin/chapter-form/modal-cancel";
import { useHydrated } from "~/components/admin/chapter-form/use-hydrated";
import { Modal } from "~/components/dialog";
import { Field, inputClass } from "~/components/field";
import { Toasts } from "~/components/toasts";
import { services } from "~/context";
import { GRADES, type Grade, parseGrade } from "~/lib/grades";
import { slugify } from "~/lib/slug";
import { makeToast, type Toast } from "~/lib/toast";
import { badRequest, failure, success } from "~/server/action-result.server";
import { requireAdmin } from "~/server/auth.server";
import { NotFoundError } from "~/server/errors.server";
import { readFormData } from "~/server/form-data.server";
import { addSubject, countChaptersOfSubject, deleteSubject, listSubjects } from "~/server/subjects.server";
import type { Route } from "./+types/subjects";

export function meta({ matches }: Route.MetaArgs) {
  const site = matches[0]?.loaderData?.siteName ?? "ChapterWise";
  return [{ title: `Manage Subjects | Admin | ${site}` }, { name: "robots", content: "noindex, nofollow" }];
}

const GONE = new NotFoundError("subject").message;

/** The page for one class (?grade=, default 9), with ?delete=CODE opening the confirmation. */
function pagePath(grade: Grade, extra: Record<string, string> = {}): string {
  return `/admin/subjects?${new URLSearchParams({ grade: String(grade), ...extra })}`;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin(context);
  const { db } = services(context);
  const url = new URL(request.url);
  const grade = parseGrade(url.searchParams.get("grade")) ?? 9;
  const subjects = await listSubjects(db, grade);
  const code = url.searchParams.get("delete");
  const subject = code === null ? undefined : subjects.find((s) => s.code === code);
  let notice: Toast | null = null;
  if (code !== null && !subject) notice = makeToast("error", GONE);
  return {
    grade,
    subjects: subjects.map((s) => ({ code: s.code, label: s.label })),
    deleting: subject
      ? {
          code: subject.code,
          label: subject.label,
          chapters: await countChaptersOfSubject(db, grade, subject.code),
        }
      : null,
    notice,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  requireAdmin(context);
  const { db } = services(context);
  let form: FormData;
  try {
    form = await readFormData(request);
  } catch (err) {
    return failure(err, "");
  }
  const intent = String(form.get("intent") ?? "");
  const grade = parseGrade(form.get("grade"));
  const code = String(form.get("code") ?? "");
  const label = String(form.get("label") ?? "");
  if (!grade)
    return badRequest(
      "The form did not say which class it is for, so nothing was changed. Reload the page and try again.",
    );
  if (intent === "add") {
    try {
      await addSubject(db, grade, code, label);
      return success("Subject added.");
    } catch (err) {
      return failure(err, "Subject not added.", { values: { code, label } });
    }
  }
  if (intent === "delete") {
    if (!code)
      return badRequest(
        "The form did not say which subject to delete, so nothing was changed. Reload the page and try again.",
      );
    try {
      const subjects = await listSubjects(db, grade);
      const subject = subjects.find((s) => s.code === code);
      if (!subject) throw new NotFoundError("subject");
      await deleteSubject(db, grade, code);
      return success(`Subject "${subject.label}" deleted.`);
    } catch (err) {
      return failure(err, "");
    }
  }
  return badRequest(
    "The page sent a request it does not know, so nothing was changed. Reload the page and try again.",
  );
}

type LoaderData = Route.ComponentProps["loaderData"];

function ClassPicker({ grade }: { grade: Grade }) {
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

function SubjectTable({ grade, subjects }: { grade: Grade; subjects: LoaderData["subjects"] }) {
  if (subjects.length === 0) {
    return (
      <div className="rounded-xl border border-dashed border-gray-300 bg-white p-6 text-center text-sm text-gray-700">
        Class {grade} has no subjects yet. Add the first one below.
      </div>
    );
  }
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

function AddSubjectForm({
  grade,
  errors,
  values,
}: {
  grade: Grade;
  errors: Record<string, string>;
  values: { code?: string; label?: string };
}) {
  const navigation = useNavigation();
  const adding = navigation.state === "submitting" && navigation.formData?.get("intent") === "add";
  const keyRef = useRef<HTMLInputElement>(null);
  // The key follows the label (as a suggestion) until the admin types a key of their own.
  const [keyTouched, setKeyTouched] = useState(Boolean(values.code));
  return (
    <Form
      method="post"
      action={pagePath(grade)}
      noValidate
      preventScrollReset
      className="rounded-xl border border-gray-200 bg-white p-4 shadow-sm sm:p-5"
    >
      <h2 className="text-base font-bold text-gray-900">Add a subject to Class {grade}</h2>
      <input type="hidden" name="grade" value={grade} />
      <div className="mt-4 grid gap-4 md:grid-cols-2">
        <Field
          label="Label"
          error={errors.label}
          hint="Required. The name students see, e.g. Computer Science."
        >
          {(control) => (
            <input
              {...control}
              name="label"
              defaultValue={values.label ?? ""}
              autoComplete="off"
              onChange={(event) => {
                if (!keyTouched && keyRef.current) keyRef.current.value = slugify(event.currentTarget.value);
              }}
              className={inputClass}
            />
          )}
        </Field>
        <Field
          label="Subject key"
          error={errors.code}
          hint="Lowercase letters, digits and hyphens only, e.g. computer-science. Must be unique in the class; it appears in page addresses."
        >
          {(control) => (
            <input
              {...control}
              ref={keyRef}
              name="code"
              defaultValue={values.code ?? ""}
              autoComplete="off"
              autoCapitalize="none"
              spellCheck={false}
              onChange={() => setKeyTouched(true)}
              className={`${inputClass} font-mono`}
            />
          )}
        </Field>
      </div>
      <div className="mt-4 flex justify-end">
        <button
          type="submit"
          name="intent"
          value="add"
          disabled={adding}
          className="inline-flex min-w-32 items-center justify-center rounded-lg bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800 disabled:cursor-wait disabled:opacity-70"
        >
          {adding ? "Adding..." : "Add Subject"}
        </button>
      </div>
    </Form>
  );
}

function DeleteSubjectModal({
  grade,
  subject,
}: {
  grade: Grade;
  subject: NonNullable<LoaderData["deleting"]>;
}) {
  const navigation = useNavigation();
  const deleting = navigation.state === "submitting" && navigation.formData?.get("intent") === "delete";
  const closeTo = pagePath(grade);
  const cancelId = useId();
  return (
    <Modal
      title="Are you sure you want to delete this subject?"
      role="alertdialog"
      closeTo={closeTo}
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
    >
      <Form method="post" action={closeTo} preventScrollReset className="flex justify-end gap-3">
        <input type="hidden" name="grade" value={grade} />
        <input type="hidden" name="code" value={subject.code} />
        <CancelButton formId={cancelId} to={closeTo} disabled={deleting} initialFocus />
        <ConfirmDeleteButton deleting={deleting} />
      </Form>
      <CancelForm id={cancelId} to={closeTo} />
    </Modal>
  );
}

export default function Subjects({ loaderData, actionData }: Route.ComponentProps) {
  const { grade, subjects, notice } = loaderData;
  // The confirmation is opened by the URL (?delete=CODE); after a refused delete the page is back
  // at the list, while the loader data may still be the one from before the action.
  const [params] = useSearchParams();
  const deleting =
    loaderData.deleting && params.get("delete") === loaderData.deleting.code ? loaderData.deleting : null;
  const toast = actionData?.toast;
  // A subject added: the add form starts empty again (new key); a refusal keeps what was typed.
  const added = actionData?.ok && toast ? toast.id : "first";
  const [formKey, setFormKey] = useState(added);
  if (added !== "first" && added !== formKey) setFormKey(added);
  const failedAdd = actionData && !actionData.ok ? actionData : null;
  const values = (failedAdd?.values ?? {}) as { code?: string; label?: string };
  return (
    <div className="mx-auto max-w-3xl">
      <Toasts from={[toast, notice]} />
      <h1 className="text-2xl font-bold text-gray-900">Manage Subjects</h1>
      <p className="mt-1 text-sm text-gray-600">
        The subjects of each class, in the order students see them. Chapters are added to a subject in{" "}
        <Link to={`/admin/add-resource?grade=${grade}`} className="font-semibold text-brand-700 underline">
          Add Data
        </Link>
        .
      </p>
      <div className="mt-5">
        <ClassPicker grade={grade} />
      </div>
      <div className="mt-5">
        <SubjectTable grade={grade} subjects={subjects} />
      </div>
      <div className="mt-6">
        <AddSubjectForm
          key={`${grade}-${formKey}`}
          grade={grade}
          errors={failedAdd?.errors ?? {}}
          values={values}
        />
      </div>
      {deleting ? <DeleteSubjectModal key={deleting.code} grade={grade} subject={deleting} /> : null}
    </div>
  );
}
