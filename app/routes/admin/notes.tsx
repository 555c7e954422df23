import { Form } from "react-router";
import { BulkDeleteDialog } from "#app/components/admin/bulk-kit.tsx";
import { buttonClass } from "#app/components/admin/console-kit.tsx";
import { NoteDeleteDialog, NoteEditDialog } from "#app/components/admin/note-dialogs.tsx";
import { type ChapterPick, NoteFields } from "#app/components/admin/note-fields.tsx";
import { NoteList } from "#app/components/admin/note-table.tsx";
import { PickerFindForm } from "#app/components/admin/search-picker.tsx";
import { useConsoleForm } from "#app/components/admin/use-console-form.ts";
import { Toasts } from "#app/components/toasts.tsx";
import { services } from "#app/context.ts";
import { CHAPTER_FIND } from "#app/lib/note-list.ts";
import type { PickOption } from "#app/lib/pick.ts";
import type { NoteFormValues } from "#app/lib/post-form.ts";
import { text } from "#app/lib/post-form.ts";
import { siteFromMatches } from "#app/lib/seo.ts";
import { notesPage, removeNote, removeSelected, saveNote } from "#app/routes/admin/notes.server.ts";
import { badRequest, failure } from "#app/server/action-result.server.ts";
import { requireAdmin } from "#app/server/auth.server.ts";
import { readFormData } from "#app/server/form-data.server.ts";
import type { Route } from "./+types/notes";

export function meta({ matches }: Route.MetaArgs) {
  const { siteName } = siteFromMatches(matches);
  return [{ title: `Manage Notes | ${siteName} admin` }, { name: "robots", content: "noindex, nofollow" }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin(context);
  return notesPage(services(context).db, new URL(request.url));
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
  if (intent === "add" || intent === "update") return saveNote(db, form, intent);
  if (intent === "delete") return removeNote(db, form);
  if (intent === "delete-selected") return removeSelected(db, form);
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

function chosenFrom(values: Record<string, unknown> | undefined): PickOption | null {
  const chapter = values?.chapter as PickOption | null | undefined;
  return chapter && typeof chapter.value === "string" ? chapter : null;
}

export default function ManageNotes({ loaderData, actionData }: Route.ComponentProps) {
  const { list, query, subjectChoices, chapterFind, listUrl, editing, deleting, bulkDelete, missing } =
    loaderData;
  const { submittingIntent, addFormKey, guard, values, failedIntent } = useConsoleForm(
    actionData,
    "#add-note",
  );
  const addValues = failedIntent === "add" ? noteValuesFrom(values) : EMPTY;
  const addErrors = failedIntent === "add" ? actionData?.errors : undefined;
  const failedEdit =
    failedIntent === "update" && typeof values?.id === "number"
      ? {
          id: values.id,
          version: Number(values.version),
          values: noteValuesFrom(values),
          chapter: chosenFrom(values),
        }
      : null;
  const edit = failedEdit ?? editing;
  const addBusy = submittingIntent === "add";
  const picker = (form: string, chosen: PickOption | null): ChapterPick => ({
    chosen,
    fallback: { form, param: CHAPTER_FIND, query: chapterFind.query, matches: chapterFind.matches },
  });

  return (
    <div className="mx-auto max-w-6xl">
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
          Notes
        </h2>
        <NoteList
          query={query}
          list={list}
          subjectChoices={subjectChoices}
          resetKey={actionData?.ok ? (actionData.toast?.id ?? "") : "list"}
        />
      </section>

      <section
        id="add-note"
        aria-labelledby="add-note-heading"
        className="mt-8 scroll-mt-4 rounded-2xl border border-gray-200 bg-white p-4 shadow-sm sm:p-6"
      >
        <h2 id="add-note-heading" className="text-xl font-bold text-gray-900">
          Add New Note
        </h2>
        <PickerFindForm id="find-chapter-add" keep={chapterFind.keep} />
        <Form
          key={addFormKey}
          method="post"
          action={listUrl}
          preventScrollReset
          aria-labelledby="add-note-heading"
          onSubmit={guard("add")}
          className="mt-5"
        >
          <input type="hidden" name="intent" value="add" />
          <NoteFields
            values={addValues}
            errors={addErrors}
            chapter={picker("find-chapter-add", failedIntent === "add" ? chosenFrom(values) : null)}
          />
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
          listUrl={listUrl}
          id={edit.id}
          version={edit.version}
          values={edit.values}
          chapter={picker("find-chapter-edit", edit.chapter)}
          findKeep={chapterFind.keep}
          error={failedEdit ? actionData?.toast?.message : undefined}
          errors={failedEdit ? actionData?.errors : undefined}
          conflict={failedEdit !== null && values?.conflict === true}
          saving={submittingIntent === "update"}
          onSubmit={guard("update")}
        />
      ) : null}
      {deleting && !edit ? (
        <NoteDeleteDialog
          listUrl={listUrl}
          id={deleting.id}
          chapterTitle={deleting.chapterTitle}
          deleting={submittingIntent === "delete"}
          onSubmit={guard("delete")}
        />
      ) : null}
      {bulkDelete && !edit && !deleting ? (
        <BulkDeleteDialog
          noun={["note", "notes"]}
          items={bulkDelete.ids.map((id) => ({ id }))}
          consequence="They will be removed from their chapter pages for good"
          listUrl={listUrl}
          deleting={submittingIntent === "delete-selected"}
          onSubmit={guard("delete-selected")}
        />
      ) : null}
    </div>
  );
}
