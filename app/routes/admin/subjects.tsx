import { useState } from "react";
import { Link, useSearchParams } from "react-router";
import {
  AddSubjectForm,
  ClassPicker,
  DeleteSubjectModal,
  SubjectTable,
} from "#app/components/admin/subjects/subject-parts.tsx";
import { Toasts } from "#app/components/toasts.tsx";
import { services } from "#app/context.ts";
import { parseGrade } from "#app/lib/grades.ts";
import { makeToast, type Toast } from "#app/lib/toast.ts";
import { badRequest, failure, success } from "#app/server/action-result.server.ts";
import { requireAdmin } from "#app/server/auth.server.ts";
import { NotFoundError } from "#app/server/errors.server.ts";
import { readFormData } from "#app/server/form-data.server.ts";
import {
  addSubject,
  countChaptersOfSubject,
  deleteSubject,
  listSubjects,
} from "#app/server/subjects.server.ts";
import type { Route } from "./+types/subjects";

export function meta({ matches }: Route.MetaArgs) {
  const site = matches[0]?.loaderData?.siteName ?? "ChapterWise";
  return [{ title: `Manage Subjects | Admin | ${site}` }, { name: "robots", content: "noindex, nofollow" }];
}

const GONE = new NotFoundError("subject").message;

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
