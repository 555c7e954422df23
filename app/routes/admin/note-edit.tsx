import type { ShouldRevalidateFunctionArgs } from "react-router";
import { consoleMeta } from "#app/components/admin/console-kit.tsx";
import { NoteEditDialog } from "#app/components/admin/note-dialogs.tsx";
import { services } from "#app/context.ts";
import { editNoteAction, editNotePage } from "#app/routes/admin/notes.server.ts";
import { requireConsoleUser } from "#app/server/auth.server.ts";
import type { Route } from "./+types/note-edit";

// Edit Note at its own address (/admin/notes/ID, with the list's page, sort, filters and search):
// a modal over that list page (app/routes/admin/notes.tsx), loading only this one note. It can be
// bookmarked; closing it, or saving, returns to the same list page.

export function meta({ matches }: Route.MetaArgs) {
  return consoleMeta(matches, "Edit Note");
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  requireConsoleUser(context);
  return editNotePage(services(context).db, params.id, new URL(request.url));
}

export async function action({ request, params, context }: Route.ActionArgs) {
  requireConsoleUser(context);
  return editNoteAction(context, request, params.id);
}

/** After a refused save too the note is read again: its current version tells a save that came too late. */
export function shouldRevalidate({ formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return formMethod?.toUpperCase() === "POST" ? true : defaultShouldRevalidate;
}

export default function EditNote({ loaderData, actionData }: Route.ComponentProps) {
  const { note, listUrl, chapterFind } = loaderData;
  // A note deleted meanwhile: the list stays, and the layout shows the loader's notice.
  if (!note) return null;
  return (
    <NoteEditDialog
      listUrl={listUrl}
      note={note}
      chapterFind={chapterFind}
      lastResult={actionData?.result}
      failure={actionData?.message}
    />
  );
}
