import { Outlet, type ShouldRevalidateFunctionArgs } from "react-router";
import { BulkDeleteDialog } from "#app/components/admin/bulk-kit.tsx";
import { buttonClass, consoleMeta } from "#app/components/admin/console-kit.tsx";
import { AddNoteForm } from "#app/components/admin/note-add-form.tsx";
import { NoteDeleteDialog } from "#app/components/admin/note-dialogs.tsx";
import { NoteList } from "#app/components/admin/note-table.tsx";
import { services } from "#app/context.ts";
import { notesAction, notesPage } from "#app/routes/admin/notes.server.ts";
import { requireConsoleUser } from "#app/server/auth.server.ts";
import type { Route } from "./+types/notes";

export function meta({ matches }: Route.MetaArgs) {
  return consoleMeta(matches, "Manage Notes");
}

export async function loader({ request, context }: Route.LoaderArgs) {
  requireConsoleUser(context);
  return notesPage(services(context).db, new URL(request.url));
}

export async function action({ request, context }: Route.ActionArgs) {
  requireConsoleUser(context);
  return notesAction(context, request);
}

/** After a refused form too the list is read again, with the confirmation its address now asks for. */
export function shouldRevalidate({ formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return formMethod?.toUpperCase() === "POST" ? true : defaultShouldRevalidate;
}

export default function ManageNotes({ loaderData, actionData }: Route.ComponentProps) {
  const { list, query, subjectChoices, chapterFind, listUrl, deleting, bulkDelete } = loaderData;
  const result = actionData?.result;

  return (
    <div>
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

      <section aria-labelledby="notes-heading" className="mt-6">
        <h2 id="notes-heading" className="sr-only">
          Notes
        </h2>
        <NoteList query={query} list={list} subjectChoices={subjectChoices} />
      </section>

      <AddNoteForm listUrl={listUrl} chapterFind={chapterFind} lastResult={result} />

      {/* Edit Note (/admin/notes/ID), over this same list page. */}
      <Outlet />
      {deleting ? (
        <NoteDeleteDialog listUrl={listUrl} id={deleting.id} chapterTitle={deleting.chapterTitle} />
      ) : null}
      {bulkDelete && !deleting ? (
        <BulkDeleteDialog
          noun={["note", "notes"]}
          items={bulkDelete.ids.map((id) => ({ id }))}
          consequence="They will be removed from their chapter pages"
          listUrl={listUrl}
        />
      ) : null}
    </div>
  );
}
