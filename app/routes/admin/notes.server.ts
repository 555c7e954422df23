// Manage Notes' loader data and actions, kept beside the thin route modules: the list
// (app/routes/admin/notes.tsx) and Edit Note at its own address (app/routes/admin/note-edit.tsx).
import { type RouterContextProvider, redirect } from "react-router";
import { z } from "zod";
import { services } from "#app/context.ts";
import { changedFields } from "#app/lib/activity-words.ts";
import {
  addressId,
  pathId,
  recordId,
  selectedIds,
  tickedIds,
  typedText,
  wholeNumber,
} from "#app/lib/form-fields.ts";
import { listSearch, readListQuery } from "#app/lib/list-query.ts";
import { CHAPTER_FIND, NOTE_LIST } from "#app/lib/note-list.ts";
import { pickQuery } from "#app/lib/pick.ts";
import { formTextToHtml } from "#app/lib/post-form.ts";
import { makeToast, type Toast } from "#app/lib/toast.ts";
import { undoDelete } from "#app/lib/trash-page.ts";
import {
  addNote,
  deleteNote,
  deleteNotes,
  existingNoteIds,
  getNote,
  listNotePage,
  MAX_NOTE_LENGTH,
  saveNote,
} from "#app/server/catalogue/notes.server.ts";
import { chapterChoice, pickChapters } from "#app/server/catalogue/pickers.server.ts";
import { listAllSubjects } from "#app/server/catalogue/subjects.server.ts";
import { activityItem } from "#app/server/console/activity.server.ts";
import { consoleAction, UNKNOWN_REQUEST } from "#app/server/console/console-form.server.ts";
import type { Database } from "#app/server/db.server.ts";
import { NotFoundError } from "#app/server/errors.server.ts";

type Context = Readonly<RouterContextProvider>;

const FAILED = "Failed to save note.";
const noteCount = (n: number) => `${n} ${n === 1 ? "note" : "notes"}`;
const gone = () => makeToast("error", new NotFoundError("note").message);

/** The list page an address is on (its page, sort, filters and search), where modals close to. */
function listAddress(params: URLSearchParams): string {
  return `/admin/notes${listSearch(readListQuery(params, NOTE_LIST), NOTE_LIST)}`;
}

/** The chapter picker's no-JavaScript "Find": its text, what it found, and the address it reloads. */
async function chapterFind(db: Database, params: URLSearchParams) {
  const query = pickQuery(params, CHAPTER_FIND);
  return {
    param: CHAPTER_FIND,
    query,
    matches: await pickChapters(db, query),
    // "Find" reloads this same address with its search text: every other parameter goes along.
    keep: Object.fromEntries([...params].filter(([name]) => name !== CHAPTER_FIND)),
  };
}

/** One page of the list, its filters' choices, and the confirmation its address asks for. */
export async function notesPage(db: Database, url: URL) {
  const params = url.searchParams;
  // The address Edit Note had before it had its own (?edit=ID): bookmarks of it still open it.
  const edit = addressId(params, "edit");
  if (edit !== null) {
    params.delete("edit");
    throw redirect(`/admin/notes/${edit}${params.size > 0 ? `?${params}` : ""}`);
  }
  const query = readListQuery(params, NOTE_LIST);
  const bulkDelete = params.get("confirm") === "delete";
  const bulkIds = bulkDelete ? tickedIds(params) : null;
  const [list, subjects, deleting, find, bulk] = await Promise.all([
    listNotePage(db, query),
    listAllSubjects(db),
    withChapter(db, addressId(params, "delete")),
    chapterFind(db, params),
    bulkIds === null ? [] : existingNoteIds(db, bulkIds),
  ]);
  const shown = { ...query, page: list.page };
  return {
    query: shown,
    list,
    subjectChoices: [...new Map(subjects.map((s) => [s.code, s.label])).entries()].sort((a, b) =>
      a[1].localeCompare(b[1]),
    ),
    chapterFind: find,
    deleting: deleting ? { id: deleting.note.id, chapterTitle: deleting.chapter?.label ?? "" } : null,
    bulkDelete: bulkDelete ? { ids: bulk } : null,
    // A stale address (a note deleted since, a mistyped id) shows the list and says why.
    notice: params.has("delete") && !deleting ? gone() : null,
    /** Where modals close to and forms post to, so the same list page comes back. */
    listUrl: `/admin/notes${listSearch(shown, NOTE_LIST)}`,
  };
}

/** One note (the modal's, never the whole table) with its chapter as the picker shows it. */
async function withChapter(db: Database, id: number | null) {
  const note = id === null ? null : await getNote(db, id);
  return note ? { note, chapter: await chapterChoice(db, note.chapterId) } : null;
}

/** Edit Note (/admin/notes/ID over the list): that one note, and where the modal closes to. */
export async function editNotePage(db: Database, idParam: string | undefined, url: URL) {
  const params = url.searchParams;
  const listUrl = listAddress(params);
  const [editing, find] = await Promise.all([withChapter(db, pathId(idParam)), chapterFind(db, params)]);
  if (!editing) return { note: null, notice: gone() as Toast | null, listUrl, chapterFind: find };
  const { note, chapter } = editing;
  return {
    note: {
      id: note.id,
      version: note.version,
      chapter,
      values: {
        chapterId: String(note.chapterId),
        content: note.content,
        seoDescription: note.seoDescription,
        seoKeywords: note.seoKeywords.join(", "),
      },
    },
    notice: null,
    listUrl,
    chapterFind: find,
  };
}

/** A note as its forms send it; the spec's own words when no chapter is chosen. */
const noteFields = {
  chapterId: recordId("Select chapter"),
  // Far above the domain's own limit, so that its clearer message is the one shown.
  content: typedText(2 * MAX_NOTE_LENGTH),
  seoDescription: typedText(2_000),
  seoKeywords: typedText(10_000),
};

/** The list page's forms: Add New Note, a row's delete and the bulk delete. */
const notesForm = z.discriminatedUnion(
  "intent",
  [
    z.object({ intent: z.literal("add"), ...noteFields }),
    z.object({
      intent: z.literal("delete"),
      id: recordId("Failed to delete note. Reload the page and try again."),
    }),
    z.object({
      intent: z.literal("delete-selected"),
      ids: selectedIds("Select at least one note first (at most one page of them)."),
    }),
  ],
  { error: UNKNOWN_REQUEST },
);

/** Edit Note's form: the note's fields and the version it was opened at. */
const editNoteForm = z.object({
  intent: z.literal("update", { error: UNKNOWN_REQUEST }),
  version: wholeNumber("Failed to update note. Reload the page and open Edit again.", 0),
  ...noteFields,
});

/** The note the domain saves: without JavaScript the Content box is plain text, made HTML here. */
function noteInput(form: z.output<z.ZodObject<typeof noteFields>>) {
  const { chapterId, content, seoDescription, seoKeywords } = form;
  return { chapterId, content: formTextToHtml(content), seoDescription, seoKeywords };
}

/** What Activity says an edit of a note changed. */
const NOTE_FIELDS = {
  chapterId: "chapter",
  content: "content",
  seoDescription: "SEO description",
  seoKeywords: "keywords",
} as const;

export async function notesAction(context: Context, request: Request) {
  const { db } = services(context);
  const back = listAddress(new URL(request.url).searchParams);
  return consoleAction(context, request, { schema: notesForm, back, unread: FAILED }, (form) => {
    switch (form.intent) {
      case "add":
        return {
          failed: "Failed to add note.",
          write: async () => {
            const note = await addNote(db, noteInput(form));
            const item = await activityItem(db, "note", [note.id]);
            return { message: "Note added", what: { action: "note.add", item } };
          },
        };
      case "delete":
        return {
          failed: "Failed to delete note.",
          write: async () => {
            const item = await activityItem(db, "note", [form.id]);
            const { trashId } = await deleteNote(db, form.id);
            const offer = undoDelete([trashId], back);
            return { message: "Note deleted.", what: { action: "note.delete", item }, offer };
          },
        };
      case "delete-selected":
        // All of them or, with the reason, none (deleteNotes runs in one transaction).
        return {
          failed: `Could not delete ${noteCount(form.ids.length)}.`,
          write: async () => {
            const item = await activityItem(db, "note", form.ids);
            const { deleted, trashed } = await deleteNotes(db, form.ids);
            const what = { action: "note.delete", item, summary: noteCount(deleted) };
            const offer = undoDelete(
              trashed.map((t) => t.trashId),
              back,
            );
            return { message: `${noteCount(deleted)} deleted.`, what, offer };
          },
        };
    }
  });
}

export async function editNoteAction(context: Context, request: Request, idParam: string | undefined) {
  const { db } = services(context);
  const back = listAddress(new URL(request.url).searchParams);
  return consoleAction(context, request, { schema: editNoteForm, back, unread: FAILED }, (form) => ({
    failed: "Failed to update note.",
    write: async () => {
      const id = pathId(idParam);
      if (id === null) throw new NotFoundError("note");
      // The save reads the note it replaces once; Activity's summary compares it with the new one.
      const { before, after } = await saveNote(db, id, form.version, noteInput(form));
      const item = await activityItem(db, "note", [id]);
      const summary = changedFields(before, after, NOTE_FIELDS);
      return { message: "Note updated.", what: { action: "note.update", item, summary } };
    },
  }));
}
