// Edit Resource's loader and action, beside its route (app/routes/admin/chapter-edit.tsx).
import type { RouterContextProvider } from "react-router";
import { DASHBOARD_LIST, listHref } from "#app/components/admin/dashboard/list-state.tsx";
import { services } from "#app/context.ts";
import { changedFields } from "#app/lib/activity-words.ts";
import { editChapterForm } from "#app/lib/chapter-form.ts";
import { pathId } from "#app/lib/form-fields.ts";
import { readListQuery } from "#app/lib/list-query.ts";
import { makeToast } from "#app/lib/toast.ts";
import { chapterRefusal } from "#app/server/catalogue/chapter-form.server.ts";
import { getChapter, updateChapter } from "#app/server/catalogue/chapters.server.ts";
import { type ActivityNote, activityItem } from "#app/server/console/activity.server.ts";
import {
  notUnderstood,
  parseConsoleForm,
  readConsoleForm,
  refused,
  saved,
  shownAgain,
  UNKNOWN_REQUEST,
} from "#app/server/console/console-form.server.ts";
import type { Database } from "#app/server/db.server.ts";
import { ConflictError, NotFoundError } from "#app/server/errors.server.ts";

type Context = Readonly<RouterContextProvider>;

/** The one chapter of /admin/chapters/ID; a chapter that is gone leaves the list with a notice. */
export async function loadChapterEdit(db: Database, idParam: string | undefined) {
  const id = pathId(idParam);
  const chapter = id === null ? null : await getChapter(db, id);
  return { chapter, notice: chapter ? null : makeToast("error", new NotFoundError("chapter").message) };
}

const NOT_SAVED = "Changes not saved.";

/** What Activity says an edit of a chapter changed. */
const CHAPTER_FIELDS = { title: "title", grade: "class", subjectCode: "subject", links: "links" } as const;

/** Save Changes (and, without JavaScript, its row buttons): back to the same list page when saved. */
export async function editChapterAction(context: Context, request: Request, idParam: string | undefined) {
  let submission: ReturnType<typeof parseConsoleForm<typeof editChapterForm>>;
  try {
    submission = parseConsoleForm(await readConsoleForm(request), editChapterForm);
  } catch (err) {
    return refused(context, null, err, NOT_SAVED);
  }
  if (submission.status !== "success") return shownAgain(context, submission, NOT_SAVED);
  const { id, version, change, place } = submission.value;
  // The chapter is the one of the address; a form naming another was not sent by this page.
  if (id !== pathId(idParam)) return notUnderstood(context, `${NOT_SAVED} ${UNKNOWN_REQUEST}`);
  const { db } = services(context);
  let what: ActivityNote;
  try {
    const before = await getChapter(db, id);
    await updateChapter(db, id, version, change);
    const after = await getChapter(db, id);
    what = {
      action: "chapter.update",
      item: await activityItem(db, "chapter", [id]),
      summary: before && after ? changedFields(before, after, CHAPTER_FIELDS) : undefined,
    };
  } catch (err) {
    // "Changed by someone else" and "no longer exists" say themselves that nothing was saved.
    const stale = err instanceof ConflictError || err instanceof NotFoundError;
    return refused(context, submission, chapterRefusal(err, [place]), stale ? "" : NOT_SAVED);
  }
  const list = readListQuery(new URL(request.url).searchParams, DASHBOARD_LIST);
  return saved(context, "Chapter updated successfully.", listHref(list), what);
}
