// Manage Notes' loader data and actions, kept beside the thin route module (app/routes/admin/notes.tsx).
import { listSearch, readListQuery, selectedIds } from "#app/lib/list-query.ts";
import { CHAPTER_FIND, NOTE_LIST } from "#app/lib/note-list.ts";
import { pickQuery } from "#app/lib/pick.ts";
import { type NoteFormValues, parseNoteForm, parseRecordId, parseVersion } from "#app/lib/post-form.ts";
import { badRequest, failure, success } from "#app/server/action-result.server.ts";
import type { Database } from "#app/server/db.server.ts";
import { ConflictError } from "#app/server/errors.server.ts";
import {
  addNote,
  deleteNote,
  deleteNotes,
  existingNoteIds,
  getNote,
  listNotePage,
  updateNote,
} from "#app/server/notes.server.ts";
import { chapterChoice, pickChapters } from "#app/server/pickers.server.ts";
import { listAllSubjects } from "#app/server/subjects.server.ts";

const noteCount = (n: number) => `${n} ${n === 1 ? "note" : "notes"}`;

/** One page of the list, its filters' choices, and the modal the address asks for (each read alone). */
export async function notesPage(db: Database, url: URL) {
  const params = url.searchParams;
  const query = readListQuery(params, NOTE_LIST);
  const editParam = params.get("edit");
  const deleteParam = params.get("delete");
  const bulkDelete = params.get("confirm") === "delete";
  const bulkIds = bulkDelete ? selectedIds(params) : null;
  const find = pickQuery(params, CHAPTER_FIND);
  const [list, subjects, editing, deleting, matches, bulk] = await Promise.all([
    listNotePage(db, query),
    listAllSubjects(db),
    withChapter(db, parseRecordId(editParam)),
    withChapter(db, parseRecordId(deleteParam)),
    pickChapters(db, find),
    bulkIds === null ? [] : existingNoteIds(db, bulkIds),
  ]);
  const shown = { ...query, page: list.page };
  const listUrl = `/admin/notes${listSearch(shown, NOTE_LIST)}`;
  // "Find" reloads this same address with its search text: every other parameter goes along.
  const keep = Object.fromEntries([...params].filter(([name]) => name !== CHAPTER_FIND));
  return {
    query: shown,
    list,
    subjectChoices: [...new Map(subjects.map((s) => [s.code, s.label])).entries()].sort((a, b) =>
      a[1].localeCompare(b[1]),
    ),
    chapterFind: { query: find, matches, keep },
    editing: editing
      ? {
          id: editing.note.id,
          version: editing.note.version,
          chapter: editing.chapter,
          values: {
            chapterId: String(editing.note.chapterId),
            content: editing.note.content,
            seoDescription: editing.note.seoDescription,
            seoKeywords: editing.note.seoKeywords.join(", "),
          } satisfies NoteFormValues,
        }
      : null,
    deleting: deleting ? { id: deleting.note.id, chapterTitle: deleting.chapter?.label ?? "" } : null,
    bulkDelete: bulkDelete ? { ids: bulk } : null,
    missing: (editParam !== null && !editing) || (deleteParam !== null && !deleting),
    /** Where modals close to and forms post to, so the same list page comes back. */
    listUrl,
  };
}

/** One note (the modal's, never the whole table) with its chapter as the picker shows it. */
async function withChapter(db: Database, id: number | null) {
  const note = id === null ? null : await getNote(db, id);
  return note ? { note, chapter: await chapterChoice(db, note.chapterId) } : null;
}

/** Add or Update: the typed values (with the chosen chapter's name) come back when it fails. */
export async function saveNote(db: Database, form: FormData, intent: "add" | "update") {
  const { input, values } = parseNoteForm(form);
  const id = parseRecordId(form.get("id"));
  const version = parseVersion(form.get("version"));
  const chapter = await chapterChoice(db, input.chapterId);
  const shown = { ...values, intent, id, version, chapter };
  // The spec's own words when no chapter is chosen, at the field and as the alert.
  if (input.chapterId === 0) {
    return badRequest("Select chapter", { errors: { chapterId: "Select chapter" }, values: shown });
  }
  if (intent === "add") {
    try {
      await addNote(db, input);
      return success("Note added");
    } catch (err) {
      return failure(err, "Failed to add note.", { values: shown });
    }
  }
  if (id === null || version === null) {
    return badRequest(
      "Failed to update note. The form did not say which note it is: reload the page and open Edit again.",
    );
  }
  try {
    await updateNote(db, id, version, input);
    return success("Note updated.", { target: id });
  } catch (err) {
    const conflict = err instanceof ConflictError;
    return failure(err, "Failed to update note.", { values: { ...shown, conflict }, target: id });
  }
}

export async function removeNote(db: Database, form: FormData) {
  const id = parseRecordId(form.get("id"));
  if (id === null) return badRequest("Failed to delete note. Reload the page and try again.");
  try {
    await deleteNote(db, id);
    return success("Note deleted.");
  } catch (err) {
    return failure(err, "Failed to delete note.");
  }
}

/** Delete the notes confirmed in "Delete N notes?": all of them or, with the reason, none. */
export async function removeSelected(db: Database, form: FormData) {
  const ids = selectedIds(form);
  if (ids === null) return badRequest("Select at least one note first (at most one page of them).");
  try {
    return success(`${noteCount(await deleteNotes(db, ids))} deleted.`);
  } catch (err) {
    return failure(err, `Could not delete ${noteCount(ids.length)}.`);
  }
}
