import { useEffect, useRef, useState } from "react";
import { Form, Link, useNavigation } from "react-router";
import { addedChapters, ChapterList } from "#app/components/admin/chapter-form/chapter-list.tsx";
import { ClassSubjectFields } from "#app/components/admin/chapter-form/class-subject-fields.tsx";
import type { FormResult } from "#app/components/admin/chapter-form/use-chapter-rows.ts";
import { asCsvImportState, CsvImport } from "#app/components/admin/csv-import/csv-import.tsx";
import { Toasts } from "#app/components/toasts.tsx";
import { services } from "#app/context.ts";
import { asAddDataDraft } from "#app/lib/chapter-form.ts";
import { parseGrade } from "#app/lib/grades.ts";
import { addDataAction } from "#app/routes/admin/add-resource.server.ts";
import { requireAdmin } from "#app/server/auth.server.ts";
import { listAllSubjects } from "#app/server/subjects.server.ts";
import type { Route } from "./+types/add-resource";

export function meta({ matches }: Route.MetaArgs) {
  const site = matches[0]?.loaderData?.siteName ?? "ChapterWise";
  return [{ title: `Add Data | Admin | ${site}` }, { name: "robots", content: "noindex, nofollow" }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin(context);
  const { db } = services(context);
  const url = new URL(request.url);
  const subjects = await listAllSubjects(db);
  return {
    subjects: subjects.map((s) => ({ grade: s.grade, code: s.code, label: s.label })),
    // The spec's default class is 9; ?grade=&subject= preselect (e.g. from Manage Subjects).
    grade: String(parseGrade(url.searchParams.get("grade")) ?? 9),
    subject: url.searchParams.get("subject") ?? "",
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  requireAdmin(context);
  return addDataAction(services(context).db, request);
}

export default function AddResource({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy =
    navigation.state === "submitting" && navigation.formAction?.startsWith("/admin/add-resource") === true;
  const saving = busy && navigation.formData?.get("intent") === "save";
  const values = asAddDataDraft(actionData?.values);
  const toast = actionData?.toast;
  const csv = asCsvImportState(actionData?.values);

  // After a successful add the chapters start afresh (a new key); after anything else the form,
  // with everything typed, stays as it is.
  const succeeded = actionData?.ok && toast ? toast.id : null;
  const [generation, setGeneration] = useState(succeeded ?? "first");
  if (succeeded && succeeded !== generation) setGeneration(succeeded);

  const grade = values?.grade || loaderData.grade;
  const subject = values ? values.subject : loaderData.subject;
  const [shownGrade, setShownGrade] = useState(grade);
  const failed: FormResult =
    actionData && !actionData.ok && toast ? { id: toast.id, errors: actionData.errors ?? {} } : null;
  const added = actionData?.ok ? addedChapters(actionData.values) : [];
  const addedSubject = loaderData.subjects.find((s) => String(s.grade) === grade && s.code === subject);

  const formRef = useRef<HTMLFormElement>(null);
  // Show the admin what to fix: the first field with a message gets focus (with JavaScript).
  useEffect(() => {
    if (!failed?.id) return;
    const invalid = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    invalid?.focus();
  }, [failed?.id]);
  // After a successful add, the next chapter's title is ready for typing.
  useEffect(() => {
    if (generation === "first") return;
    formRef.current?.querySelector<HTMLInputElement>('input[name="chapters.0.title"]')?.focus();
  }, [generation]);

  return (
    <div className="mx-auto max-w-4xl">
      <Toasts from={[toast]} />
      <h1 className="text-2xl font-bold text-gray-900">Add Resources by Chapter</h1>
      <p className="mt-1 text-sm text-gray-600">
        Choose the class and subject, then add one or more chapters with their links. Each link needs a title
        and a web address starting with https://.
      </p>

      <CsvImport state={csv} busy={navigation.state === "submitting"} />

      {added.length > 0 ? (
        <section
          aria-labelledby="added-heading"
          className="mt-5 rounded-xl border border-green-200 bg-green-50 p-4 text-sm text-green-900"
        >
          <h2 id="added-heading" className="font-semibold">
            Added to Class {grade}
            {addedSubject ? ` ${addedSubject.label}` : ""}:
          </h2>
          <ul className="mt-1 list-disc pl-5">
            {added.map((a) => (
              <li key={a.slug}>
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
      ) : null}

      <Form
        ref={formRef}
        method="post"
        noValidate
        preventScrollReset
        className="mt-6"
        onKeyDown={(event) => {
          // Enter in a text box sends the form (Submit), never a row button.
          if (event.key !== "Enter" || !(event.target instanceof HTMLInputElement)) return;
          event.preventDefault();
          const submit = event.currentTarget.querySelector<HTMLButtonElement>('button[value="save"]');
          if (submit && !submit.disabled) event.currentTarget.requestSubmit(submit);
        }}
      >
        <div className="rounded-xl border border-gray-200 bg-white p-4 shadow-sm sm:p-5">
          <ClassSubjectFields
            subjects={loaderData.subjects}
            grade={grade}
            subject={subject}
            errors={failed ? actionData?.errors : undefined}
            busy={busy}
            onGradeChange={setShownGrade}
          />
        </div>
        <div className="mt-4">
          <ChapterList
            key={generation}
            initial={values?.chapters ?? []}
            result={failed}
            busy={busy}
            saving={saving}
            grade={shownGrade}
          />
        </div>
      </Form>
    </div>
  );
}
