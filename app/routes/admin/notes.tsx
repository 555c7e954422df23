import { Form } from "react-router";
import { NoteDeleteDialog, NoteEditDialog } from "~/components/admin/note-dialogs";
import { type ChapterGroup, NoteFields } from "~/components/admin/note-fields";
import { NoteTable } from "~/components/admin/note-table";
import { buttonClass } from "~/components/admin/post-note-actions";
import { useConsoleForm } from "~/components/admin/use-console-form";
import { Toasts } from "~/components/toasts";
import { services } from "~/context";
import { type NoteFormValues, parseNoteForm, parseRecordId, parseVersion, text } from "~/lib/post-form";
import { siteFromMatches } from "~/lib/seo";
import { badRequest, failure, success } from "~/server/action-result.server";
import { requireAdmin } from "~/server/auth.server";
import { listChapters } from "~/server/chapters.server";
import { ConflictError } from "~/server/errors.server";
import { readFormData } from "~/server/form-data.server";
import { addNote, deleteNote, listNotes, updateNote } from "~/server/notes.server";
import type { Route } from "./+types/notes";

export function meta({ matches }: Route.MetaArgs) {
  const { siteName } = siteFromMatches(matches);
  return [{ title: `Manage Notes | ${siteName} admin` }, { name: "robots", content: "noindex, nofollow" }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin(context);
  const { db } = services(context);
  const url = new URL(request.url);
  const [notes, chapters] = await Promise.all([listNotes(db), listChapters(db)]);

  const groups: ChapterGroup[] = [];
  const slugOf = new Map<number, string>();
  for (const chapter of chapters) {
    slugOf.set(chapter.id, `/class/${chapter.grade}/chapter/${chapter.slug}`);
    const label = `Class ${chapter.grade} · ${chapter.subjectLabel}`;
    let group = groups.at(-1);
    if (group?.label !== label) {
      group = { label, chapters: [] };
      groups.push(group);
    }
    group.chapters.push({ id: chapter.id, title: chapter.title });
  }

  const editParam = url.searchParams.get("edit");
  const deleteParam = url.searchParams.get("delete");
  const editing = notes.find((n) => n.id === parseRecordId(editParam));
  const deleting = notes.find((n) => n.id === parseRecordId(deleteParam));
  return {
    chapterGroups: groups,
    notes: notes.map((n) => ({
      id: n.id,
      chapterTitle: n.chapterTitle,
      place: `Class ${n.grade} · ${n.subjectLabel}`,
      href: slugOf.get(n.chapterId) ?? `/class/${n.grade}`,
      preview: n.preview,
    })),
    editing: editing
      ? {
          id: editing.id,
          version: editing.version,
          values: {
            chapterId: String(editing.chapterId),
            content: editing.content,
            seoDescription: editing.seoDescription,
            seoKeywords: editing.seoKeywords.join(", "),
          } satisfies NoteFormValues,
        }
      : null,
    deleting: deleting ? { id: deleting.id, chapterTitle: deleting.chapterTitle } : null,
    missing: (editParam !== null && !editing) || (deleteParam !== null && !deleting),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  requireAdmin(context);
  const { db } = services(context);
  let form: FormData;
  try {
    form = await readFormData(request);
  } catch (err) {
    return failure(err, "Failed to save note.");
  }
  const intent = text(form, "intent");

  if (intent === "add" || intent === "update") {
    const { input, values } = parseNoteForm(form);
    const id = parseRecordId(form.get("id"));
    const version = parseVersion(form.get("version"));
    const shown = { ...values, intent, id, version };
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

  if (intent === "delete") {
    const id = parseRecordId(form.get("id"));
    if (id === null) return badRequest("Failed to delete note. Reload the page and try again.");
    try {
      await deleteNote(db, id);
      return success("Note deleted.");
    } catch (err) {
      return failure(err, "Failed to delete note.");
    }
  }

  return badRequest("This request was not understood. Reload the page and try again.");
}

const EMPTY: NoteFormValues = { chapterId: "", content: "", seoDescription: "", seoKeywords: "" };

/** Values handed back by a failed save, read defensively (they travel as JSON). */
function noteValuesFrom(values: Record<string, unknown> | undefined): NoteFormValues {
  const read = (key: keyof NoteFormValues) => (typeof values?.[key] === "string" ? String(values[key]) : "");
  return {
    chapterId: read("chapterId"),
    content: read("content"),
    seoDescription: read("seoDescription"),
    seoKeywords: read("seoKeywords"),
  };
}

export default function ManageNotes({ loaderData, actionData }: Route.ComponentProps) {
  const { notes, chapterGroups, editing, deleting, missing } = loaderData;
  const { submittingIntent, addFormKey, guard, values, failedIntent } = useConsoleForm(
    actionData,
    "#add-note",
  );
  const addValues = failedIntent === "add" ? noteValuesFrom(values) : EMPTY;
  const addErrors = failedIntent === "add" ? actionData?.errors : undefined;
  const failedEdit =
    failedIntent === "update" && typeof values?.id === "number"
      ? { id: values.id, version: Number(values.version), values: noteValuesFrom(values) }
      : null;
  const edit = failedEdit ?? editing;
  const addBusy = submittingIntent === "add";

  return (
    <div className="mx-auto max-w-5xl">
      <Toasts from={[failedEdit ? null : actionData?.toast]} />
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold text-gray-900">Manage Notes</h1>
          <p className="mt-1 text-sm text-gray-600">
            Notes are shown on their chapter's page, under HTML Notes.
          </p>
        </div>
        <a href="#add-note" className={buttonClass("primary")}>
          New note ↓
        </a>
      </div>

      {missing ? (
        <p
          role="alert"
          className="mt-4 rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900"
        >
          That note no longer exists. It may have been deleted by someone else.
        </p>
      ) : null}

      <section aria-labelledby="notes-heading" className="mt-6">
        <h2 id="notes-heading" className="sr-only">
          All notes
        </h2>
        <NoteTable notes={notes} />
      </section>

      <section
        id="add-note"
        aria-labelledby="add-note-heading"
        className="mt-8 scroll-mt-4 rounded-2xl border border-gray-200 bg-white p-4 shadow-sm sm:p-6"
      >
        <h2 id="add-note-heading" className="text-xl font-bold text-gray-900">
          Add New Note
        </h2>
        <Form
          key={addFormKey}
          method="post"
          action="/admin/notes"
          preventScrollReset
          aria-labelledby="add-note-heading"
          onSubmit={guard("add")}
          className="mt-5"
        >
          <input type="hidden" name="intent" value="add" />
          <NoteFields values={addValues} errors={addErrors} chapterGroups={chapterGroups} />
          <div className="mt-6 border-t border-gray-200 pt-5">
            <button type="submit" disabled={addBusy} className={buttonClass("primary")}>
              {addBusy ? "Adding..." : "Add Note"}
            </button>
          </div>
        </Form>
      </section>

      {edit ? (
        <NoteEditDialog
          key={`${edit.id}:${edit.version}`}
          id={edit.id}
          version={edit.version}
          values={edit.values}
          chapterGroups={chapterGroups}
          error={failedEdit ? actionData?.toast?.message : undefined}
          errors={failedEdit ? actionData?.errors : undefined}
          conflict={failedEdit !== null && values?.conflict === true}
          saving={submittingIntent === "update"}
          onSubmit={guard("update")}
        />
      ) : null}
      {deleting && !edit ? (
        <NoteDeleteDialog
          id={deleting.id}
          chapterTitle={deleting.chapterTitle}
          deleting={submittingIntent === "delete"}
          onSubmit={guard("delete")}
        />
      ) : null}
    </div>
  );
}
