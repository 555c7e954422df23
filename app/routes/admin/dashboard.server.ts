import type { RouterContextProvider } from "react-router";
import { z } from "zod";
import { DASHBOARD_LIST } from "#app/components/admin/dashboard/list-state.tsx";
import { services } from "#app/context.ts";
import { isContentFilter } from "#app/lib/chapter-contents.ts";
import { addressId, recordId, selectedIds, tickedIds } from "#app/lib/form-fields.ts";
import { GRADES, type Grade, parseGrade } from "#app/lib/grades.ts";
import { readListQuery } from "#app/lib/list-query.ts";
import { makeToast, type Toast } from "#app/lib/toast.ts";
import { undoDelete } from "#app/lib/trash-page.ts";
import {
  deleteChapter,
  deleteChapters,
  getChapter,
  getChapterSelection,
  listChapterPage,
  moveChapter,
  moveChapters,
} from "#app/server/catalogue/chapters.server.ts";
import { listAllSubjects } from "#app/server/catalogue/subjects.server.ts";
import { activityItem } from "#app/server/console/activity.server.ts";
import {
  consoleAction,
  sameList,
  UNKNOWN_REQUEST,
  type WriteDone,
} from "#app/server/console/console-form.server.ts";
import type { Database } from "#app/server/db.server.ts";
import { NotFoundError } from "#app/server/errors.server.ts";

// The Dashboard's loader and action, beside its route (app/routes/admin/dashboard.tsx; the action is
// its index's, app/routes/admin/dashboard-index.tsx). The page's state lives in its URL: the list
// (page, sort, filters, search) and which confirmation is open (?delete=ID, ?bulk=delete&ids=...),
// so every step works without JavaScript and survives a reload. Edit Resource has its own address.

type Context = Readonly<RouterContextProvider>;

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
      content: isContentFilter(query.filters.content) ? query.filters.content : undefined,
    }),
    listAllSubjects(db),
  ]);
  let notice: Toast | null = null;

  const deleteId = addressId(params, "delete");
  const [deleting] = deleteId ? await getChapterSelection(db, [deleteId]) : [];
  if (params.has("delete") && !deleting) notice = makeToast("error", GONE);

  // "Delete" of the bulk bar asks first: the confirmation is a page state, with or without JavaScript.
  let bulkDelete: { ids: number[]; titles: string[] } | null = null;
  if (params.get("bulk") === "delete") {
    const ids = tickedIds(params);
    const chosen = ids ? await getChapterSelection(db, ids) : [];
    if (chosen.length > 0) bulkDelete = { ids: chosen.map((c) => c.id), titles: chosen.map((c) => c.title) };
    else notice = makeToast("error", "Select the chapters to delete first: tick them in the list.");
  }

  return {
    query: { ...query, page: list.page },
    list,
    subjects: subjects.map((s) => ({ grade: s.grade, code: s.code, label: s.label })),
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

const NO_CHAPTER =
  "The form did not say which chapter it is about, so nothing was changed. Reload the page and try again.";
const NO_SELECTION = "Select the chapters first: tick them in the list (at most one page of them).";
const NO_TARGET = "Choose the subject to move the chapters to.";

/** A subject of any class, as the bulk bar's "Move to subject" names it: "GRADE:CODE". */
const moveTarget = z
  .string({ error: NO_TARGET })
  .regex(new RegExp(`^(${GRADES.join("|")}):[a-z0-9-]{1,40}$`), NO_TARGET)
  .transform((value) => {
    const [grade, code] = value.split(":");
    return { grade: Number(grade) as Grade, code: code ?? "" };
  });

/** A row's Move up / Move down sends `move-up:ID` (one button, one value): read as a "move" with its id. */
function rowMove(payload: unknown): unknown {
  const intent = (payload as { intent?: unknown } | null)?.intent;
  const move = typeof intent === "string" ? /^move-(up|down):(.*)$/s.exec(intent) : null;
  return move ? { ...(payload as object), intent: "move", direction: move[1], id: move[2] } : payload;
}

/** The list's forms: a row's Delete and moves, the bulk bar's Move and Delete. */
const dashboardForm = z.preprocess(
  rowMove,
  z.discriminatedUnion(
    "intent",
    [
      z.object({ intent: z.literal("delete"), id: recordId(NO_CHAPTER) }),
      z.object({ intent: z.literal("move"), direction: z.enum(["up", "down"]), id: recordId(NO_CHAPTER) }),
      z.object({ intent: z.literal("bulk-move"), ids: selectedIds(NO_SELECTION), to: moveTarget }),
      z.object({ intent: z.literal("bulk-delete"), ids: selectedIds(NO_SELECTION) }),
    ],
    { error: UNKNOWN_REQUEST },
  ),
);

type DashboardForm = z.output<typeof dashboardForm>;

/** What a refused write's toast starts with (the domain's message follows). */
const NOT_DONE: Record<DashboardForm["intent"], string> = {
  delete: "Chapter not deleted.",
  move: "Chapter not moved.",
  "bulk-move": "",
  "bulk-delete": "",
};

function chapters(n: number): string {
  return `${n} chapter${n === 1 ? "" : "s"}`;
}

/** Does what the form asks, all or nothing; returns the toast's text and the Activity log's line. */
async function write(db: Database, form: DashboardForm, back: string): Promise<WriteDone> {
  // Named before the write: a deleted chapter has no title after it.
  const item = await activityItem(db, "chapter", "ids" in form ? form.ids : [form.id]);
  switch (form.intent) {
    case "delete": {
      const { trashId } = await deleteChapter(db, form.id);
      return {
        message: "Chapter deleted successfully.",
        what: { action: "chapter.delete", item },
        offer: undoDelete([trashId], back),
      };
    }
    case "move": {
      const chapter = await getChapter(db, form.id);
      if (!chapter) throw new NotFoundError("chapter");
      await moveChapter(db, form.id, form.direction);
      return {
        message: `Moved "${chapter.title}" ${form.direction}.`,
        what: { action: "chapter.move", item, summary: form.direction },
      };
    }
    case "bulk-move": {
      const { moved, subjectLabel } = await moveChapters(db, form.ids, form.to.grade, form.to.code);
      const summary = `${chapters(moved)} to ${subjectLabel} (class ${form.to.grade})`;
      return {
        message: `${chapters(moved)} moved to ${subjectLabel}.`,
        what: { action: "chapter.move-subject", item, summary },
      };
    }
    case "bulk-delete": {
      const { deleted, trashed } = await deleteChapters(db, form.ids);
      return {
        message: `${chapters(deleted)} deleted.`,
        what: { action: "chapter.delete", item, summary: chapters(deleted) },
        offer: undoDelete(
          trashed.map((t) => t.trashId),
          back,
        ),
      };
    }
  }
}

export async function dashboardAction(context: Context, request: Request) {
  // Back to the same list page, without the confirmation the form was in.
  const back = sameList(request, ["delete", "bulk", "ids"]);
  return consoleAction(context, request, { schema: dashboardForm, back }, (form) => ({
    failed: NOT_DONE[form.intent],
    write: () => write(services(context).db, form, back),
  }));
}
