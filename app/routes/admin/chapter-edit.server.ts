// Edit Resource's loader and action, beside its route (app/routes/admin/chapter-edit.tsx).
import type { RouterContextProvider } from "react-router";
import { DASHBOARD_LIST, listHref } from "#app/components/admin/dashboard/list-state.tsx";
import { services } from "#app/context.ts";
import { changedFields } from "#app/lib/activity-words.ts";
import { editChapterForm } from "#app/lib/chapter-form.ts";
import { pathId } from "#app/lib/form-fields.ts";
import { readListQuery } from "#app/lib/list-query.ts";
import { SYLLABUS_STATUS_WORDS, sessionName } from "#app/lib/sessions.ts";
import { makeToast } from "#app/lib/toast.ts";
import { chapterRefusal } from "#app/server/catalogue/chapter-form.server.ts";
import { getChapter, saveChapter } from "#app/server/catalogue/chapters.server.ts";
import { currentSession, statusesIn } from "#app/server/catalogue/syllabus-rows.server.ts";
import { activityItem } from "#app/server/console/activity.server.ts";
import { consoleAction, UNKNOWN_REQUEST } from "#app/server/console/console-form.server.ts";
import type { Database } from "#app/server/db.server.ts";
import { ConflictError, DomainError, NotFoundError } from "#app/server/errors.server.ts";

type Context = Readonly<RouterContextProvider>;

/** The one chapter of /admin/chapters/ID; a chapter that is gone leaves the list with a notice. */
export async function loadChapterEdit(db: Database, idParam: string | undefined) {
  const id = pathId(idParam);
  const found = id === null ? null : await getChapter(db, id);
  // Its syllabus status in the current session, which the form shows and sets.
  const year = await currentSession(db);
  const status = found ? (await statusesIn(db, [found.id], year)).get(found.id) : undefined;
  const chapter = found && {
    ...found,
    syllabus: { status: status?.status ?? "in", whatChanged: status?.whatChanged ?? "" },
  };
  return {
    chapter,
    session: sessionName(year),
    notice: chapter ? null : makeToast("error", new NotFoundError("chapter").message),
  };
}

const NOT_SAVED = "Changes not saved.";

/** What Activity says an edit of a chapter changed. */
const CHAPTER_FIELDS = {
  title: "title",
  grade: "class",
  subjectCode: "subject",
  links: "links",
  book: "book",
  chapterNumber: "chapter number",
} as const;

/** Save Changes (and, without JavaScript, its row buttons): back to the same list page when saved. */
export async function editChapterAction(context: Context, request: Request, idParam: string | undefined) {
  const { db } = services(context);
  const back = listHref(readListQuery(new URL(request.url).searchParams, DASHBOARD_LIST));
  const spec = { schema: editChapterForm, back, unread: NOT_SAVED, invalid: NOT_SAVED };
  return consoleAction(context, request, spec, ({ id, version, change, place }) => ({
    // "Changed by someone else" and "no longer exists" say themselves that nothing was saved.
    failed: (err) => (err instanceof ConflictError || err instanceof NotFoundError ? "" : NOT_SAVED),
    refusal: (err) => chapterRefusal(err, [place]),
    write: async () => {
      // The chapter is the one of the address; a form naming another was not sent by this page.
      if (id !== pathId(idParam)) throw new DomainError(UNKNOWN_REQUEST);
      // The save reads the chapter it replaces once; Activity's summary compares it with the new one.
      const year = await currentSession(db);
      const was = (await statusesIn(db, [id], year)).get(id)?.status ?? "in";
      const { before, after } = await saveChapter(db, id, version, change);
      const item = await activityItem(db, "chapter", [id]);
      const status = change.syllabus?.status ?? was;
      const fields = changedFields(before, after, CHAPTER_FIELDS);
      const syllabus = `syllabus status ${sessionName(year)}: ${SYLLABUS_STATUS_WORDS[status]}`;
      const summary =
        status === was ? fields : fields === "nothing changed" ? syllabus : `${fields}; ${syllabus}`;
      return { message: "Chapter updated successfully.", what: { action: "chapter.update", item, summary } };
    },
  }));
}
