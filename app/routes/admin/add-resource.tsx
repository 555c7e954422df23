import { useEffect, useRef, useState } from "react";
import { data, Form, Link, useNavigation } from "react-router";
import { AddChapterButton, ChapterCard } from "~/components/admin/chapter-form/chapter-fields";
import { ClassSubjectFields } from "~/components/admin/chapter-form/class-subject-fields";
import { type FormResult, useChapterRows } from "~/components/admin/chapter-form/use-chapter-rows";
import { asCsvImportState, CsvImport } from "~/components/admin/csv-import/csv-import";
import { Toasts } from "~/components/toasts";
import { services } from "~/context";
import {
  type AddDataDraft,
  applyRowIntent,
  asAddDataDraft,
  type ChapterDraft,
  draftErrors,
  emptyChapterDraft,
  FILL_OUT_MESSAGE,
  FormShapeError,
  hasChapterTitle,
  parseRowIntent,
  readAddDataDraft,
  summarizeErrors,
  toChapterInputs,
} from "~/lib/chapter-form";
import { parseGrade } from "~/lib/grades";
import { type ActionResult, badRequest, failure, success } from "~/server/action-result.server";
import { requireAdmin } from "~/server/auth.server";
import { createChapters } from "~/server/chapters.server";
import { chaptersCsvAction } from "~/server/chapters-csv.server";
import type { Database } from "~/server/db.server";
import { ValidationError } from "~/server/errors.server";
import { readFormData } from "~/server/form-data.server";
import { listAllSubjects } from "~/server/subjects.server";
import type { Route } from "./+types/add-resource";

const FAILED = "Something went wrong.";

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

/** The form shown again as changed by a row button (used without JavaScript): nothing saved. */
function showAgain(values: AddDataDraft) {
  return data<ActionResult>({ ok: true, values });
}

async function save(db: Database, draft: AddDataDraft) {
  const grade = parseGrade(draft.grade);
  const titled = hasChapterTitle(draft.chapters);
  if (!grade || !draft.subject || !titled) {
    const errors: Record<string, string> = {};
    if (!grade) errors.grade = "Class: choose Class 9, 10, 11 or 12.";
    if (!draft.subject) errors.subject = "Subject: choose the subject these chapters belong to.";
    if (!titled) errors["chapters.0.title"] = "Chapter Title: enter the name of at least one chapter.";
    return badRequest(FILL_OUT_MESSAGE, { errors, values: draft });
  }
  const { inputs, places } = toChapterInputs(draft.chapters);
  try {
    const created = await createChapters(db, grade, draft.subject, inputs);
    // Class and subject stay chosen: a teacher adding a whole book goes on with the next chapters.
    return success("Data successfully added!", {
      values: {
        grade: draft.grade,
        subject: draft.subject,
        chapters: [],
        added: created.map((c) => ({ title: c.title, slug: c.slug })),
      },
    });
  } catch (err) {
    if (err instanceof ValidationError) {
      // The domain numbers the chapters it was given; the screen shows the draft's rows.
      const errors = draftErrors(err.fields, places);
      return failure(new ValidationError(errors, summarizeErrors(errors)), FAILED, { values: draft });
    }
    return failure(err, FAILED, { values: draft });
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  requireAdmin(context);
  const { db } = services(context);
  let draft: AddDataDraft;
  let intent: string;
  try {
    const form = await readFormData(request);
    intent = String(form.get("intent") ?? "");
    // Import CSV (its own form on this page): preview, then the confirmed import.
    if (intent === "csv-preview" || intent === "csv-import") return chaptersCsvAction(db, form, intent);
    draft = readAddDataDraft(form);
  } catch (err) {
    if (err instanceof FormShapeError) {
      return badRequest(`${FAILED} ${err.message} Nothing was saved; reload the page and try again.`);
    }
    return failure(err, FAILED);
  }
  if (intent === "save") return save(db, draft);
  if (intent === "show-subjects") return showAgain(draft);
  const op = parseRowIntent(intent);
  if (op) {
    const chapters = draft.chapters.length > 0 ? draft.chapters : [emptyChapterDraft()];
    return showAgain({
      ...draft,
      chapters: applyRowIntent(chapters, op, {
        chapter: emptyChapterDraft,
        link: () => ({ title: "", url: "" }),
      }),
    });
  }
  return badRequest(
    `${FAILED} The form sent an unknown request, so nothing was saved. Reload the page and try again.`,
    {
      values: draft,
    },
  );
}

type Added = { title: string; slug: string };

function addedChapters(values: unknown): Added[] {
  const list = (values as { added?: unknown } | undefined)?.added;
  if (!Array.isArray(list)) return [];
  return list.filter((a): a is Added => typeof a?.title === "string" && typeof a?.slug === "string");
}

function ChapterList({
  initial,
  result,
  busy,
  saving,
  grade,
}: {
  initial: ChapterDraft[];
  result: FormResult;
  busy: boolean;
  saving: boolean;
  grade: string;
}) {
  const rows = useChapterRows(initial, result, true);
  return (
    <>
      <div className="space-y-4">
        {rows.chapters.map((chapter, index) => (
          <ChapterCard
            key={chapter.key}
            chapter={chapter}
            index={index}
            count={rows.chapters.length}
            rows={rows}
            busy={busy}
            grade={grade}
          />
        ))}
      </div>
      <div className="sticky bottom-0 z-10 -mx-4 mt-6 flex flex-wrap items-center justify-between gap-3 border-t border-gray-200 bg-gray-50/95 px-4 py-3 backdrop-blur sm:mx-0 sm:rounded-xl sm:border sm:bg-white/95">
        <AddChapterButton rows={rows} busy={busy} />
        <div className="flex items-center gap-3">
          <p className="hidden text-xs text-gray-500 sm:block">Empty link rows are skipped.</p>
          <button
            type="submit"
            name="intent"
            value="save"
            disabled={busy}
            className="inline-flex min-w-28 items-center justify-center rounded-lg bg-brand-700 px-5 py-2.5 text-sm font-semibold text-white hover:bg-brand-800 disabled:cursor-wait disabled:opacity-70"
          >
            {saving ? "Saving..." : "Submit"}
          </button>
        </div>
      </div>
    </>
  );
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
