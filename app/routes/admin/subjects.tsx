import { Link, useSearchParams } from "react-router";
import { z } from "zod";
import { consoleMeta } from "#app/components/admin/console-kit.tsx";
import {
  AddSubjectForm,
  ClassPicker,
  DeleteSubjectModal,
  pagePath,
  SubjectTable,
  useChosenGrade,
} from "#app/components/admin/subjects/subject-parts.tsx";
import { services } from "#app/context.ts";
import { gradeField, typedText } from "#app/lib/form-fields.ts";
import { parseGrade } from "#app/lib/grades.ts";
import { asMedium, MEDIUM_LABELS } from "#app/lib/medium.ts";
import { makeToast, type Toast } from "#app/lib/toast.ts";
import { requireConsoleUser } from "#app/server/auth.server.ts";
import {
  addSubject,
  countChaptersOfSubject,
  deleteSubject,
  listSubjects,
  setSubjectMedium,
} from "#app/server/catalogue/subjects.server.ts";
import { consoleAction, UNKNOWN_REQUEST } from "#app/server/console/console-form.server.ts";
import { NotFoundError } from "#app/server/errors.server.ts";
import type { Route } from "./+types/subjects";

export function meta({ matches }: Route.MetaArgs) {
  return consoleMeta(matches, "Manage Subjects");
}

const GONE = new NotFoundError("subject").message;

export async function loader({ request, context }: Route.LoaderArgs) {
  requireConsoleUser(context);
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
    subjects: subjects.map((s) => ({ code: s.code, label: s.label, medium: asMedium(s.medium) })),
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

const NOT_SENT =
  "The form did not say which class it is for, so nothing was changed. Reload the page and try again.";
const NO_CODE =
  "The form did not say which subject to delete, so nothing was changed. Reload the page and try again.";
const NO_SUBJECT =
  "The form did not say which subject it is for, so nothing was changed. Reload the page and try again.";

/** Manage Subjects' two forms: add a subject, delete one (after its confirmation). */
const subjectForm = z.discriminatedUnion(
  "intent",
  [
    z.object({
      intent: z.literal("add"),
      grade: gradeField(NOT_SENT),
      code: typedText(200),
      label: typedText(200),
      medium: typedText(20),
    }),
    z.object({
      intent: z.literal("medium"),
      grade: gradeField(NOT_SENT),
      code: z.string({ error: NO_SUBJECT }),
      medium: typedText(20),
    }),
    z.object({
      intent: z.literal("delete"),
      grade: gradeField(NOT_SENT),
      code: z.string({ error: NO_CODE }),
    }),
  ],
  { error: UNKNOWN_REQUEST },
);

export async function action({ request, context }: Route.ActionArgs) {
  requireConsoleUser(context);
  const { db } = services(context);
  // Each write goes back to the class its form was for.
  return consoleAction(context, request, { schema: subjectForm }, (form) =>
    form.intent === "medium"
      ? {
          failed: "Medium not changed.",
          write: async () => {
            const changed = await setSubjectMedium(db, form.grade, form.code, form.medium);
            if (!changed) throw new NotFoundError("subject");
            const medium = MEDIUM_LABELS[asMedium(form.medium)];
            const item = `subject ${form.code} "${changed.label}" of class ${form.grade}: ${MEDIUM_LABELS[changed.before]} → ${medium}`;
            return {
              message: `Medium of ${changed.label}: ${medium}.`,
              what: { action: "subject.medium", item },
              to: pagePath(form.grade),
            };
          },
        }
      : form.intent === "add"
        ? {
            failed: "Subject not added.",
            write: async () => {
              // A form without a medium (one from before mediums, a script) adds a subject for both.
              const added = await addSubject(db, form.grade, form.code, form.label, form.medium || undefined);
              const item = `subject ${added.code} "${added.label}" of class ${added.grade}`;
              return {
                message: "Subject added.",
                what: { action: "subject.add", item },
                to: pagePath(form.grade),
              };
            },
          }
        : {
            write: async () => {
              const subject = (await listSubjects(db, form.grade)).find((s) => s.code === form.code);
              if (!subject) throw new NotFoundError("subject");
              await deleteSubject(db, form.grade, form.code);
              const item = `subject ${subject.code} "${subject.label}" of class ${form.grade}`;
              const what = { action: "subject.delete", item };
              return { message: `Subject "${subject.label}" deleted.`, what, to: pagePath(form.grade) };
            },
          },
  );
}

export default function Subjects({ loaderData, actionData }: Route.ComponentProps) {
  const { grade, subjects } = loaderData;
  const chosen = useChosenGrade(grade);
  // The confirmation is opened by the URL (?delete=CODE); after a refused delete the page is back
  // at the list, while the loader data may still be the one from before the action.
  const [params] = useSearchParams();
  const deleting =
    loaderData.deleting && params.get("delete") === loaderData.deleting.code ? loaderData.deleting : null;
  return (
    <div>
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
        <AddSubjectForm grade={chosen} lastResult={actionData?.result} />
      </div>
      {deleting ? <DeleteSubjectModal key={deleting.code} grade={grade} subject={deleting} /> : null}
    </div>
  );
}
