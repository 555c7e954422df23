import { useEffect, useId, useRef } from "react";
import { data, Form, Link, useNavigation, useSearchParams, useSubmit } from "react-router";
import { ChapterFields } from "~/components/admin/chapter-form/chapter-fields";
import { ClassSubjectFields, type SubjectOption } from "~/components/admin/chapter-form/class-subject-fields";
import { CancelButton, CancelForm, ConfirmDeleteButton } from "~/components/admin/chapter-form/modal-cancel";
import { type FormResult, useChapterRows } from "~/components/admin/chapter-form/use-chapter-rows";
import { Modal } from "~/components/dialog";
import { inputClass } from "~/components/field";
import { Toasts } from "~/components/toasts";
import { services } from "~/context";
import {
  applyRowIntent,
  asEditDraft,
  draftErrorsForChapter,
  type EditDraft,
  emptyChapterDraft,
  FormShapeError,
  parseRowIntent,
  parseWholeNumber,
  readEditDraft,
  summarizeErrors,
  toChapterInput,
} from "~/lib/chapter-form";
import { GRADES, type Grade, parseGrade } from "~/lib/grades";
import { makeToast, type Toast } from "~/lib/toast";
import { type ActionResult, badRequest, failure, success } from "~/server/action-result.server";
import { requireAdmin } from "~/server/auth.server";
import {
  deleteChapter,
  getChapter,
  listChapters,
  moveChapter,
  updateChapter,
} from "~/server/chapters.server";
import type { Database } from "~/server/db.server";
import { ConflictError, NotFoundError, ValidationError } from "~/server/errors.server";
import { readFormData } from "~/server/form-data.server";
import { listAllSubjects, SUBJECT_CODE_RULE } from "~/server/subjects.server";
import type { Route } from "./+types/dashboard";

export function meta({ matches }: Route.MetaArgs) {
  const site = matches[0]?.loaderData?.siteName ?? "ChapterWise";
  return [{ title: `Dashboard | Admin | ${site}` }, { name: "robots", content: "noindex, nofollow" }];
}

// ---------------------------------------------------------------------------------------------
// The page's state lives in its URL: filters (?grade=&subject=) and which modal is open
// (?edit=ID, ?delete=ID), so every step works without JavaScript and survives a reload.
// ---------------------------------------------------------------------------------------------

type Filters = { grade: Grade | null; subject: string };

function readFilters(params: URLSearchParams): Filters {
  const subject = (params.get("subject") ?? "").trim();
  return {
    grade: parseGrade(params.get("grade")),
    subject: SUBJECT_CODE_RULE.test(subject) && subject.length <= 40 ? subject : "",
  };
}

function filterParams(filters: Filters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.grade) params.set("grade", String(filters.grade));
  if (filters.subject) params.set("subject", filters.subject);
  return params;
}

/** The dashboard with these filters and no modal. */
function listPath(filters: Filters, extra: Record<string, string> = {}): string {
  const params = filterParams(filters);
  for (const [k, v] of Object.entries(extra)) params.set(k, v);
  const qs = params.toString();
  return qs ? `/admin?${qs}` : "/admin";
}

/** Where the dashboard's forms post: this index route (?index), landing on the list without a modal. */
function actionPath(filters: Filters): string {
  const qs = filterParams(filters).toString();
  return qs ? `/admin?index&${qs}` : "/admin?index";
}

const GONE = new NotFoundError("chapter").message;

export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin(context);
  const { db } = services(context);
  const url = new URL(request.url);
  const filters = readFilters(url.searchParams);
  const [chapters, subjects] = await Promise.all([
    listChapters(db, { grade: filters.grade ?? undefined, subjectCode: filters.subject || undefined }),
    listAllSubjects(db),
  ]);
  let notice: Toast | null = null;

  const editParam = url.searchParams.get("edit");
  const editId = editParam === null ? null : parseWholeNumber(editParam);
  const editing = editId ? await getChapter(db, editId) : null;
  if (editParam !== null && !editing) notice = makeToast("error", GONE);

  const deleteParam = url.searchParams.get("delete");
  const deleteId = deleteParam === null ? null : parseWholeNumber(deleteParam);
  let deleting = deleteId ? (chapters.find((c) => c.id === deleteId) ?? null) : null;
  if (deleteId && !deleting) {
    // Not in the filtered list: look it up in its own subject (for the label and note count).
    const chapter = await getChapter(db, deleteId);
    if (chapter) {
      const siblings = await listChapters(db, { grade: chapter.grade, subjectCode: chapter.subjectCode });
      deleting = siblings.find((c) => c.id === deleteId) ?? null;
    }
  }
  if (deleteParam !== null && !deleting) notice = makeToast("error", GONE);

  return {
    filters,
    chapters: chapters.map((c) => ({
      id: c.id,
      grade: c.grade,
      subjectCode: c.subjectCode,
      subjectLabel: c.subjectLabel,
      title: c.title,
      slug: c.slug,
    })),
    subjects: subjects.map((s) => ({ grade: s.grade, code: s.code, label: s.label })),
    editing,
    deleting: deleting
      ? {
          id: deleting.id,
          title: deleting.title,
          grade: deleting.grade,
          subjectLabel: deleting.subjectLabel,
          noteCount: deleting.noteCount,
        }
      : null,
    notice,
  };
}

// ---------------------------------------------------------------------------------------------
// Actions: update (Edit Resource), delete, move-up:ID / move-down:ID, and the edit form's row
// buttons when the browser runs no JavaScript.
// ---------------------------------------------------------------------------------------------

const UNKNOWN_REQUEST =
  "The dashboard sent a request it does not know, so nothing was changed. Reload the page and try again.";
const NO_CHAPTER_ID =
  "The form did not say which chapter it is about, so nothing was changed. Reload the page and try again.";

type EditFailure = "conflict" | "gone";

async function update(db: Database, draft: EditDraft) {
  const id = parseWholeNumber(draft.id);
  if (!id) return badRequest(NO_CHAPTER_ID);
  const version = parseWholeNumber(draft.version, { min: 0 });
  if (version === null) {
    return badRequest(
      "The form lost track of which version of the chapter you opened. Reload the page and open it again.",
      {
        target: id,
        values: draft,
      },
    );
  }
  const grade = parseGrade(draft.grade);
  if (!grade || !draft.subject) {
    const errors: Record<string, string> = {};
    if (!grade) errors.grade = "Class: choose Class 9, 10, 11 or 12.";
    if (!draft.subject) errors.subject = "Subject: choose the chapter's subject.";
    return badRequest("Changes not saved. Choose the chapter's class and subject.", {
      target: id,
      values: draft,
      errors,
    });
  }
  const { input, place } = toChapterInput(draft.chapter);
  try {
    await updateChapter(db, id, version, { grade, subjectCode: draft.subject, ...input });
    return success("Chapter updated successfully.", { target: id });
  } catch (err) {
    if (err instanceof ValidationError) {
      const errors = draftErrorsForChapter(err.fields, place);
      return failure(new ValidationError(errors, summarizeErrors(errors)), "Changes not saved.", {
        target: id,
        values: draft,
      });
    }
    const reason: EditFailure | undefined =
      err instanceof ConflictError ? "conflict" : err instanceof NotFoundError ? "gone" : undefined;
    return failure(err, reason ? "" : "Changes not saved.", { target: id, values: { ...draft, reason } });
  }
}

async function remove(db: Database, form: FormData) {
  const id = parseWholeNumber(String(form.get("id") ?? ""));
  if (!id) return badRequest(NO_CHAPTER_ID);
  try {
    await deleteChapter(db, id);
    return success("Chapter deleted successfully.");
  } catch (err) {
    return failure(err, "Chapter not deleted.");
  }
}

async function move(db: Database, id: number, direction: "up" | "down") {
  try {
    const chapter = await getChapter(db, id);
    if (!chapter) throw new NotFoundError("chapter");
    await moveChapter(db, id, direction);
    return success(`Moved "${chapter.title}" ${direction}.`);
  } catch (err) {
    return failure(err, "Chapter not moved.");
  }
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
  if (intent === "delete") return remove(db, form);
  const moving = /^move-(up|down):(\d{1,12})$/.exec(intent);
  if (moving) {
    const id = parseWholeNumber(moving[2] ?? "");
    return id ? move(db, id, moving[1] as "up" | "down") : badRequest(NO_CHAPTER_ID);
  }
  let draft: EditDraft;
  try {
    draft = readEditDraft(form);
  } catch (err) {
    if (err instanceof FormShapeError) return badRequest(`Changes not saved. ${err.message}`);
    throw err;
  }
  if (intent === "update") return update(db, draft);
  // Without JavaScript, the edit form's row buttons come here: show the modal again, changed.
  const op = intent === "show-subjects" ? null : parseRowIntent(intent);
  if (intent === "show-subjects" || op) {
    const id = parseWholeNumber(draft.id);
    if (!id) return badRequest(NO_CHAPTER_ID);
    const [chapter] = op
      ? applyRowIntent([draft.chapter], op, {
          chapter: emptyChapterDraft,
          link: () => ({ title: "", url: "" }),
        })
      : [draft.chapter];
    return data<ActionResult>({
      ok: true,
      target: id,
      values: { ...draft, chapter: chapter ?? draft.chapter },
    });
  }
  return badRequest(UNKNOWN_REQUEST);
}

// ---------------------------------------------------------------------------------------------
// Screen
// ---------------------------------------------------------------------------------------------

type LoaderData = Route.ComponentProps["loaderData"];
type Row = LoaderData["chapters"][number];

function FilterForm({ filters, subjects }: { filters: Filters; subjects: readonly SubjectOption[] }) {
  const submit = useSubmit();
  const formRef = useRef<HTMLFormElement>(null);
  const subjectRef = useRef<HTMLSelectElement>(null);
  const gradeId = useId();
  const subjectId = useId();
  // With JavaScript the table follows each choice at once; without it, "Show" applies them.
  const options = filters.grade
    ? subjects.filter((s) => s.grade === filters.grade)
    : [...new Map(subjects.map((s) => [s.code, s])).values()];
  const apply = () => {
    if (formRef.current) submit(formRef.current, { replace: true, preventScrollReset: true });
  };
  return (
    <Form
      ref={formRef}
      method="get"
      action="/admin"
      aria-label="Filter chapters"
      className="flex flex-wrap items-end gap-3 rounded-xl border border-gray-200 bg-white p-4 shadow-sm"
    >
      <div className="min-w-36 flex-1 sm:flex-none">
        <label htmlFor={gradeId} className="block text-sm font-semibold text-gray-800">
          Class
        </label>
        <select
          id={gradeId}
          name="grade"
          defaultValue={filters.grade ? String(filters.grade) : ""}
          key={`g${filters.grade}`}
          onChange={(event) => {
            // A subject the new class does not have would show nothing: fall back to all subjects.
            const grade = Number(event.currentTarget.value);
            const subject = subjectRef.current;
            if (subject && grade && !subjects.some((s) => s.grade === grade && s.code === subject.value)) {
              subject.value = "";
            }
            apply();
          }}
          className={inputClass}
        >
          <option value="">All classes</option>
          {GRADES.map((g) => (
            <option key={g} value={String(g)}>
              Class {g}
            </option>
          ))}
        </select>
      </div>
      <div className="min-w-44 flex-1 sm:flex-none">
        <label htmlFor={subjectId} className="block text-sm font-semibold text-gray-800">
          Subject
        </label>
        <select
          id={subjectId}
          ref={subjectRef}
          name="subject"
          defaultValue={filters.subject}
          key={`s${filters.grade}-${filters.subject}`}
          onChange={apply}
          className={inputClass}
        >
          <option value="">All subjects</option>
          {options.map((s) => (
            <option key={s.code} value={s.code}>
              {s.label}
            </option>
          ))}
        </select>
      </div>
      <button
        type="submit"
        className="inline-flex items-center rounded-lg bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800"
      >
        Show
      </button>
      {filters.grade || filters.subject ? (
        <Link to="/admin" className="py-2 text-sm font-semibold text-brand-700 underline">
          Show all
        </Link>
      ) : null}
    </Form>
  );
}

/**
 * The rows' styles are set once on the table (child selectors), not repeated on every row: with
 * every class shown the table has hundreds of rows, and the page stays light.
 * From 992 px it is a table; below that each chapter is a small card: title, class and subject, actions.
 */
const tableBody = [
  "block lg:table-row-group",
  "[&>tr]:flex [&>tr]:flex-wrap [&>tr]:items-baseline [&>tr]:gap-x-1.5 [&>tr]:gap-y-1 [&>tr]:px-3 [&>tr]:py-3 lg:[&>tr]:table-row lg:[&>tr]:p-0",
  "[&>tr]:border-t [&>tr]:border-gray-100 [&>tr.grp]:border-t-2 [&>tr.grp]:border-gray-300 [&>tr:first-child]:border-t-0",
  "[&_td]:order-2 [&_td]:text-xs [&_td]:text-gray-600 lg:[&_td]:table-cell lg:[&_td]:px-3 lg:[&_td]:py-2 lg:[&_td]:align-middle lg:[&_td]:text-sm lg:[&_td]:text-gray-700",
  "max-lg:[&_td:nth-child(1)]:before:content-['Class_'] max-lg:[&_td:nth-child(2)]:before:content-['·_']",
  "[&_td:nth-child(3)]:order-1 [&_td:nth-child(3)]:w-full [&_td:nth-child(3)]:text-base [&_td:nth-child(3)]:font-semibold [&_td:nth-child(3)]:text-gray-900 lg:[&_td:nth-child(3)]:w-auto lg:[&_td:nth-child(3)]:text-sm lg:[&_td:nth-child(3)]:font-medium",
  "[&_td:nth-child(4)]:order-3 [&_td:nth-child(4)]:mt-1.5 [&_td:nth-child(4)]:w-full lg:[&_td:nth-child(4)]:mt-0 lg:[&_td:nth-child(4)]:w-auto",
  "[&_td>div]:flex [&_td>div]:flex-wrap [&_td>div]:gap-1.5 lg:[&_td>div]:flex-nowrap",
  "[&_.act]:inline-flex [&_.act]:min-h-9 [&_.act]:items-center [&_.act]:justify-center [&_.act]:rounded-lg [&_.act]:border [&_.act]:border-gray-300 [&_.act]:bg-white [&_.act]:px-3 [&_.act]:py-1.5 [&_.act]:text-sm [&_.act]:font-semibold [&_.act]:text-gray-800",
  "[&_.act:hover]:bg-gray-50 [&_.act:disabled]:cursor-not-allowed [&_.act:disabled]:opacity-40",
  "[&_.del]:border-red-200 [&_.del]:text-red-700 [&_.del:hover]:bg-red-50 [&_.mv]:w-9 [&_.mv]:px-0",
].join(" ");

function ChapterTable({ rows, filters }: { rows: readonly Row[]; filters: Filters }) {
  const navigation = useNavigation();
  const moving = navigation.state === "submitting" ? String(navigation.formData?.get("intent") ?? "") : "";
  // Move up/down works within a subject: the first and last chapter of each subject cannot go further.
  const groupOf = (r: Row) => `${r.grade}/${r.subjectCode}`;
  const post = actionPath(filters);
  return (
    <Form method="get" action="/admin" preventScrollReset>
      {filters.grade ? <input type="hidden" name="grade" value={filters.grade} /> : null}
      {filters.subject ? <input type="hidden" name="subject" value={filters.subject} /> : null}
      <div className="overflow-x-auto rounded-xl border border-gray-200 bg-white shadow-sm">
        <table className="block w-full text-left text-sm lg:table">
          <thead className="hidden bg-gray-100 text-xs font-semibold tracking-wide text-gray-700 uppercase lg:table-header-group [&_th]:px-3 [&_th]:py-2.5">
            <tr>
              <th scope="col">Class</th>
              <th scope="col">Subject</th>
              <th scope="col">Chapter</th>
              <th scope="col">Actions</th>
            </tr>
          </thead>
          <tbody className={tableBody}>
            {rows.map((row, i) => {
              const firstOfGroup = i === 0 || groupOf(rows[i - 1] as Row) !== groupOf(row);
              const lastOfGroup = i === rows.length - 1 || groupOf(rows[i + 1] as Row) !== groupOf(row);
              const titleId = `c${row.id}`;
              const up = `move-up:${row.id}`;
              const down = `move-down:${row.id}`;
              return (
                <tr key={row.id} className={firstOfGroup ? "grp" : undefined}>
                  <td>{row.grade}</td>
                  <td>{row.subjectLabel}</td>
                  <td id={titleId}>{row.title}</td>
                  <td>
                    <div>
                      <button
                        type="submit"
                        name="edit"
                        value={row.id}
                        aria-describedby={titleId}
                        className="act"
                      >
                        Edit
                      </button>
                      <button
                        type="submit"
                        name="delete"
                        value={row.id}
                        aria-describedby={titleId}
                        className="act del"
                      >
                        Delete
                      </button>
                      <button
                        type="submit"
                        formMethod="post"
                        formAction={post}
                        name="intent"
                        value={up}
                        disabled={firstOfGroup || moving === up}
                        aria-describedby={titleId}
                        className="act mv"
                      >
                        <span aria-hidden="true">↑</span>
                        <span className="sr-only">Move up</span>
                      </button>
                      <button
                        type="submit"
                        formMethod="post"
                        formAction={post}
                        name="intent"
                        value={down}
                        disabled={lastOfGroup || moving === down}
                        aria-describedby={titleId}
                        className="act mv"
                      >
                        <span aria-hidden="true">↓</span>
                        <span className="sr-only">Move down</span>
                      </button>
                    </div>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </Form>
  );
}

type EditState = {
  draft: EditDraft;
  /** The failed save to show in the modal (its message and field errors), if any. */
  failed: { toast: Toast; errors: Record<string, string>; reason?: EditFailure } | null;
};

function EditModal({
  state,
  subjects,
  filters,
}: {
  state: EditState;
  subjects: readonly SubjectOption[];
  filters: Filters;
}) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("id") === state.draft.id;
  const saving = busy && navigation.formData?.get("intent") === "update";
  const result: FormResult = state.failed ? { id: state.failed.toast.id, errors: state.failed.errors } : null;
  const rows = useChapterRows([state.draft.chapter], result, false);
  const [chapter] = rows.chapters;
  const closeTo = listPath(filters);
  const cancelId = useId();
  const alertRef = useRef<HTMLDivElement>(null);
  // Bring the message into view inside the (scrolling) modal.
  useEffect(() => {
    if (result?.id) alertRef.current?.scrollIntoView({ block: "nearest" });
  }, [result?.id]);
  return (
    <Modal title="Edit Resource" role="dialog" closeTo={closeTo} wide>
      {state.failed ? (
        <div
          ref={alertRef}
          role="alert"
          className="mb-4 rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm font-medium text-red-900"
        >
          <p>{state.failed.toast.message}</p>
          {state.failed.reason === "conflict" ? (
            <p className="mt-2 font-normal">
              <Link
                to={listPath(filters, { edit: state.draft.id })}
                replace
                preventScrollReset
                className="font-semibold underline"
              >
                Open the latest version
              </Link>{" "}
              (what you typed here will be replaced by the saved chapter).
            </p>
          ) : null}
        </div>
      ) : null}
      <Form
        method="post"
        action={actionPath(filters)}
        noValidate
        preventScrollReset
        onKeyDown={(event) => {
          // Enter in a text box saves, never a row button.
          if (event.key !== "Enter" || !(event.target instanceof HTMLInputElement)) return;
          event.preventDefault();
          const save = event.currentTarget.querySelector<HTMLButtonElement>('button[value="update"]');
          if (save && !save.disabled) event.currentTarget.requestSubmit(save);
        }}
      >
        <input type="hidden" name="id" value={state.draft.id} />
        <input type="hidden" name="version" value={state.draft.version} />
        <div className="space-y-5">
          <ClassSubjectFields
            subjects={subjects}
            grade={state.draft.grade}
            subject={state.draft.subject}
            errors={state.failed?.errors}
            busy={busy}
          />
          {chapter ? (
            <ChapterFields chapter={chapter} index={0} rows={rows} busy={busy} grade={state.draft.grade} />
          ) : null}
        </div>
        <div className="sticky bottom-0 z-10 -mx-5 mt-6 -mb-5 flex justify-end gap-3 border-t border-gray-200 bg-white px-5 py-4 sm:-mx-6 sm:-mb-6 sm:px-6">
          <CancelButton formId={cancelId} to={closeTo} disabled={saving} />
          <button
            type="submit"
            name="intent"
            value="update"
            disabled={busy}
            className="inline-flex min-w-32 items-center justify-center rounded-lg bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800 disabled:cursor-wait disabled:opacity-70"
          >
            {saving ? "Saving..." : "Save Changes"}
          </button>
        </div>
      </Form>
      <CancelForm id={cancelId} to={closeTo} />
    </Modal>
  );
}

function DeleteModal({
  chapter,
  filters,
}: {
  chapter: NonNullable<LoaderData["deleting"]>;
  filters: Filters;
}) {
  const navigation = useNavigation();
  const deleting =
    navigation.state === "submitting" &&
    navigation.formData?.get("intent") === "delete" &&
    navigation.formData?.get("id") === String(chapter.id);
  const closeTo = listPath(filters);
  const cancelId = useId();
  const notes =
    chapter.noteCount === 0
      ? "It has no notes."
      : `Its ${chapter.noteCount} note${chapter.noteCount === 1 ? "" : "s"} will be deleted too.`;
  return (
    <Modal
      title="Are you sure you want to delete this chapter?"
      role="alertdialog"
      closeTo={closeTo}
      description={
        <>
          <p>
            <strong>{chapter.title}</strong> (Class {chapter.grade}, {chapter.subjectLabel}) and its links
            will be removed from the site. {notes}
          </p>
          <p className="mt-2">This cannot be undone.</p>
        </>
      }
    >
      <Form method="post" action={actionPath(filters)} preventScrollReset className="flex justify-end gap-3">
        <input type="hidden" name="id" value={chapter.id} />
        <CancelButton formId={cancelId} to={closeTo} disabled={deleting} initialFocus />
        <ConfirmDeleteButton deleting={deleting} />
      </Form>
      <CancelForm id={cancelId} to={closeTo} />
    </Modal>
  );
}

function editStateFrom(
  loaderData: LoaderData,
  actionData: ActionResult | undefined,
  params: URLSearchParams,
): EditState | null {
  // A save that failed (or, without JavaScript, a row button) shows the modal again with what was typed.
  const typed = actionData && !(actionData.ok && actionData.toast) ? asEditDraft(actionData.values) : null;
  if (typed) {
    const reason = (actionData?.values as { reason?: EditFailure } | undefined)?.reason;
    const failed =
      actionData && !actionData.ok && actionData.toast
        ? { toast: actionData.toast, errors: actionData.errors ?? {}, reason }
        : null;
    return { draft: typed, failed };
  }
  // Opened by the URL; after a failed action the loader data may be the one from before it.
  const chapter = loaderData.editing;
  if (!chapter || params.get("edit") !== String(chapter.id)) return null;
  return {
    draft: {
      id: String(chapter.id),
      version: String(chapter.version),
      grade: String(chapter.grade),
      subject: chapter.subjectCode,
      chapter: { title: chapter.title, links: chapter.links },
    },
    failed: null,
  };
}

export default function Dashboard({ loaderData, actionData }: Route.ComponentProps) {
  const { filters, chapters, subjects, notice } = loaderData;
  const [params] = useSearchParams();
  const edit = editStateFrom(loaderData, actionData, params);
  const deleting =
    loaderData.deleting && params.get("delete") === String(loaderData.deleting.id)
      ? loaderData.deleting
      : null;
  const shownSubject = subjects.find(
    (s) => s.code === filters.subject && (!filters.grade || s.grade === filters.grade),
  );
  const scope = [
    filters.grade ? `Class ${filters.grade}` : "all classes",
    shownSubject?.label ?? (filters.subject || null),
  ]
    .filter(Boolean)
    .join(", ");
  return (
    <div className="mx-auto max-w-6xl">
      {/* A failed save is shown inside the open modal instead (the page behind it is inert). */}
      <Toasts from={[edit?.failed ? null : actionData?.toast, notice]} />
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold text-gray-900">Dashboard</h1>
          <p className="mt-1 text-sm text-gray-600">
            Every chapter with its class and subject. Move up and Move down set the order students see in each
            subject.
          </p>
        </div>
        <Link
          to="/admin/add-resource"
          className="inline-flex items-center rounded-lg bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800"
        >
          <span aria-hidden="true" className="mr-1">
            +
          </span>
          Add Data
        </Link>
      </div>

      <div className="mt-5">
        <FilterForm filters={filters} subjects={subjects} />
      </div>

      <p className="mt-4 mb-2 text-sm text-gray-600">
        {chapters.length} chapter{chapters.length === 1 ? "" : "s"} in {scope}.
      </p>
      {chapters.length > 0 ? (
        <ChapterTable rows={chapters} filters={filters} />
      ) : (
        <div className="rounded-xl border border-dashed border-gray-300 bg-white p-8 text-center">
          <p className="font-semibold text-gray-900">No chapters here yet.</p>
          <p className="mt-1 text-sm text-gray-600">
            Add them in{" "}
            <Link to="/admin/add-resource" className="font-semibold text-brand-700 underline">
              Add Data
            </Link>
            .
          </p>
        </div>
      )}

      {edit ? (
        <EditModal
          key={`edit-${edit.draft.id}-${edit.draft.version}`}
          state={edit}
          subjects={subjects}
          filters={filters}
        />
      ) : deleting ? (
        <DeleteModal key={`delete-${deleting.id}`} chapter={deleting} filters={filters} />
      ) : null}
    </div>
  );
}
