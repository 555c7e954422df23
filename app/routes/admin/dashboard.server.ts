import { data } from "react-router";
import { DASHBOARD_LIST } from "#app/components/admin/dashboard/list-state.tsx";
import {
  applyRowIntent,
  draftErrorsForChapter,
  type EditDraft,
  emptyChapterDraft,
  FormShapeError,
  parseRowIntent,
  parseWholeNumber,
  readEditDraft,
  summarizeErrors,
  toChapterInput,
} from "#app/lib/chapter-form.ts";
import { parseGrade } from "#app/lib/grades.ts";
import { readListQuery, selectedIds } from "#app/lib/list-query.ts";
import { makeToast, type Toast } from "#app/lib/toast.ts";
import { type ActionResult, badRequest, failure, success } from "#app/server/action-result.server.ts";
import {
  deleteChapter,
  deleteChapters,
  getChapter,
  getChapterSelection,
  listChapterPage,
  moveChapter,
  moveChapters,
  updateChapter,
} from "#app/server/chapters.server.ts";
import type { Database } from "#app/server/db.server.ts";
import { ConflictError, NotFoundError, ValidationError } from "#app/server/errors.server.ts";
import { readFormData } from "#app/server/form-data.server.ts";
import { listAllSubjects } from "#app/server/subjects.server.ts";

// The Dashboard's loader and action, beside its route (app/routes/admin/dashboard.tsx). The page's
// state lives in its URL: the list (page, sort, filters, search) and which modal is open (?edit=ID,
// ?delete=ID, ?bulk=delete&ids=...), so every step works without JavaScript and survives a reload.

const GONE = new NotFoundError("chapter").message;

export async function loadDashboard(db: Database, url: URL) {
  const params = url.searchParams;
  const query = readListQuery(params, DASHBOARD_LIST);
  const grade = parseGrade(query.filters.grade) ?? undefined;
  const [list, subjects] = await Promise.all([
    listChapterPage(db, {
      page: query.page,
      sort: query.sort,
      dir: query.dir,
      q: query.q,
      grade,
      subjectCode: query.filters.subject || undefined,
    }),
    listAllSubjects(db),
  ]);
  let notice: Toast | null = null;

  const editParam = params.get("edit");
  const editId = editParam === null ? null : parseWholeNumber(editParam);
  const editing = editId ? await getChapter(db, editId) : null;
  if (editParam !== null && !editing) notice = makeToast("error", GONE);

  const deleteParam = params.get("delete");
  const deleteId = deleteParam === null ? null : parseWholeNumber(deleteParam);
  const [deleting] = deleteId ? await getChapterSelection(db, [deleteId]) : [];
  if (deleteParam !== null && !deleting) notice = makeToast("error", GONE);

  // "Delete" of the bulk bar asks first: the confirmation is a page state, with or without JavaScript.
  let bulkDelete: { ids: number[]; titles: string[] } | null = null;
  if (params.get("bulk") === "delete") {
    const ids = selectedIds(params);
    const chosen = ids ? await getChapterSelection(db, ids) : [];
    if (chosen.length > 0) bulkDelete = { ids: chosen.map((c) => c.id), titles: chosen.map((c) => c.title) };
    else notice = makeToast("error", "Select the chapters to delete first: tick them in the list.");
  }

  return {
    query: { ...query, page: list.page },
    list,
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
    bulkDelete,
    notice,
  };
}

const UNKNOWN_REQUEST =
  "The dashboard sent a request it does not know, so nothing was changed. Reload the page and try again.";
const NO_CHAPTER_ID =
  "The form did not say which chapter it is about, so nothing was changed. Reload the page and try again.";
const NO_SELECTION = "Select the chapters first: tick them in the list (at most one page of them).";

export type EditFailure = "conflict" | "gone";

function chapters(n: number): string {
  return `${n} chapter${n === 1 ? "" : "s"}`;
}

async function update(db: Database, draft: EditDraft) {
  const id = parseWholeNumber(draft.id);
  if (!id) return badRequest(NO_CHAPTER_ID);
  const version = parseWholeNumber(draft.version, { min: 0 });
  if (version === null) {
    return badRequest(
      "The form lost track of which version of the chapter you opened. Reload the page and open it again.",
      { target: id, values: draft },
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

async function bulkMove(db: Database, form: FormData) {
  const ids = selectedIds(form);
  if (!ids) return badRequest(NO_SELECTION);
  // The target is "GRADE:CODE", one option of the "Move to subject" select.
  const [gradeText, code] = String(form.get("to") ?? "").split(":");
  const grade = parseGrade(gradeText);
  if (!grade || !code) return badRequest("Choose the subject to move the chapters to.");
  try {
    const { moved, subjectLabel } = await moveChapters(db, ids, grade, code);
    return success(`${chapters(moved)} moved to ${subjectLabel}.`);
  } catch (err) {
    return failure(err, "");
  }
}

async function bulkDelete(db: Database, form: FormData) {
  const ids = selectedIds(form);
  if (!ids) return badRequest(NO_SELECTION);
  try {
    const { deleted } = await deleteChapters(db, ids);
    return success(`${chapters(deleted)} deleted.`);
  } catch (err) {
    return failure(err, "");
  }
}

/**
 * update (Edit Resource), delete, move-up:ID / move-down:ID, the bulk bar's bulk-move and
 * bulk-delete, and the edit form's row buttons when the browser runs no JavaScript.
 */
export async function dashboardAction(db: Database, request: Request) {
  let form: FormData;
  try {
    form = await readFormData(request);
  } catch (err) {
    return failure(err, "");
  }
  const intent = String(form.get("intent") ?? "");
  switch (intent) {
    case "delete":
      return remove(db, form);
    case "bulk-move":
      return bulkMove(db, form);
    case "bulk-delete":
      return bulkDelete(db, form);
  }
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
