import { ConfirmDeleteDialog } from "#app/components/admin/console-kit.tsx";
import { actionHref, type DashboardQuery, listHref } from "#app/components/admin/dashboard/list-state.tsx";
import { toTrash } from "#app/lib/trash-page.ts";

/** The spec's confirmation before one chapter is deleted (?delete=ID). */
export function DeleteModal({
  chapter,
  query,
}: {
  chapter: { id: number; title: string; grade: number; subjectLabel: string; noteCount: number };
  query: DashboardQuery;
}) {
  const notes =
    chapter.noteCount === 0
      ? "It has no notes."
      : `Its ${chapter.noteCount} note${chapter.noteCount === 1 ? "" : "s"} will be deleted too.`;
  return (
    <ConfirmDeleteDialog
      title="Are you sure you want to delete this chapter?"
      screen={listHref(query)}
      action={actionHref(query)}
      fields={{ id: chapter.id }}
      description={
        <>
          <p>
            <strong>{chapter.title}</strong> (Class {chapter.grade}, {chapter.subjectLabel}) and its links
            will be removed from the site. {notes}
          </p>
          <p className="mt-2">{toTrash(1)}</p>
        </>
      }
    />
  );
}

/** One confirmation for the ticked chapters (?bulk=delete&ids=...), naming how many. */
export function BulkDeleteModal({
  selection,
  query,
}: {
  selection: { ids: number[]; titles: string[] };
  query: DashboardQuery;
}) {
  const count = selection.ids.length;
  const shown = selection.titles.slice(0, 5);
  const more = count - shown.length;
  return (
    <ConfirmDeleteDialog
      title={count === 1 ? "Delete 1 chapter?" : `Delete ${count} chapters?`}
      screen={listHref(query)}
      action={actionHref(query)}
      fields={{ ids: selection.ids }}
      intent="bulk-delete"
      description={
        <>
          <p>
            {shown.map((t) => `"${t}"`).join(", ")}
            {more > 0 ? ` and ${more} more` : ""} will be removed from the site with their links and notes.
          </p>
          <p className="mt-2">{toTrash(count)}</p>
        </>
      }
    />
  );
}
