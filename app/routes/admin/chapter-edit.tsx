import { type ShouldRevalidateFunctionArgs, useOutletContext } from "react-router";
import { consoleMeta } from "#app/components/admin/console-kit.tsx";
import { type EditContext, EditModal } from "#app/components/admin/dashboard/edit-modal.tsx";
import { services } from "#app/context.ts";
import { editChapterAction, loadChapterEdit } from "#app/routes/admin/chapter-edit.server.ts";
import { requireConsoleUser } from "#app/server/auth.server.ts";
import type { Route } from "./+types/chapter-edit";

// Edit Resource at its own address (/admin/chapters/ID, with the list's page, sort, filters and
// search): a modal over that Dashboard page (app/routes/admin/dashboard.tsx), loading only this one
// chapter. It can be bookmarked; closing it, or saving, returns to the same list page.

export function meta({ matches }: Route.MetaArgs) {
  return consoleMeta(matches, "Edit Resource");
}

export async function loader({ params, context }: Route.LoaderArgs) {
  requireConsoleUser(context);
  return loadChapterEdit(services(context).db, params.id);
}

/** After a refused save too: the chapter as saved now tells whether someone else saved it meanwhile. */
export function shouldRevalidate({ formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return formMethod?.toUpperCase() === "POST" ? true : defaultShouldRevalidate;
}

export async function action({ request, params, context }: Route.ActionArgs) {
  requireConsoleUser(context);
  return editChapterAction(context, request, params.id);
}

export default function EditResource({ loaderData, actionData }: Route.ComponentProps) {
  const { subjects, query } = useOutletContext<EditContext>();
  // A chapter deleted meanwhile: the list stays, and the layout shows the loader's notice.
  const { chapter } = loaderData;
  if (!chapter) return null;
  // The version this form was opened at: after a refused save, the one it sent.
  const openedAt = String(actionData?.result.initialValue?.version ?? chapter.version);
  return (
    <EditModal
      // The modal stays as it is while its save is refused (what was typed, the focus on the first
      // error); "Open the latest version" starts it again from the chapter as saved now.
      key={`${chapter.id}:${openedAt}`}
      chapter={chapter}
      reply={actionData}
      stale={openedAt !== String(chapter.version)}
      subjects={subjects}
      query={query}
      session={loaderData.session}
    />
  );
}
