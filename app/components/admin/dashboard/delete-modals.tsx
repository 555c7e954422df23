import { useId } from "react";
import { Form, useNavigation } from "react-router";
import { CancelButton, CloseModalForm, ConfirmDeleteButton } from "#app/components/admin/console-kit.tsx";
import { actionHref, type DashboardQuery, listHref } from "#app/components/admin/dashboard/list-state.tsx";
import { Modal } from "#app/components/dialog.tsx";
import { toTrash } from "#app/lib/trash.ts";

function useSubmitting(intent: string): boolean {
  const navigation = useNavigation();
  return navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
}

/** The spec's confirmation before one chapter is deleted (?delete=ID). */
export function DeleteModal({
  chapter,
  query,
}: {
  chapter: { id: number; title: string; grade: number; subjectLabel: string; noteCount: number };
  query: DashboardQuery;
}) {
  const deleting = useSubmitting("delete");
  const closeTo = listHref(query);
  const cancelId = useId();
  const notes =
    chapter.noteCount === 0
      ? "It has no notes."
      : `Its ${chapter.noteCount} note${chapter.noteCount === 1 ? "" : "s"} will be deleted too.`;
  return (
    <Modal
      title="Are you sure you want to delete this chapter?"
      role="alertdialog"
      closeTo={closeTo}
      description={
        <>
          <p>
            <strong>{chapter.title}</strong> (Class {chapter.grade}, {chapter.subjectLabel}) and its links
            will be removed from the site. {notes}
          </p>
          <p className="mt-2">{toTrash(1)}</p>
        </>
      }
    >
      <Form method="post" action={actionHref(query)} preventScrollReset className="flex justify-end gap-3">
        <input type="hidden" name="id" value={chapter.id} />
        <CancelButton form={cancelId} disabled={deleting} initialFocus />
        <ConfirmDeleteButton deleting={deleting} />
      </Form>
      <CloseModalForm id={cancelId} to={closeTo} />
    </Modal>
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
  const deleting = useSubmitting("bulk-delete");
  const closeTo = listHref(query);
  const cancelId = useId();
  const count = selection.ids.length;
  const shown = selection.titles.slice(0, 5);
  const more = count - shown.length;
  return (
    <Modal
      title={count === 1 ? "Delete 1 chapter?" : `Delete ${count} chapters?`}
      role="alertdialog"
      closeTo={closeTo}
      description={
        <>
          <p>
            {shown.map((t) => `"${t}"`).join(", ")}
            {more > 0 ? ` and ${more} more` : ""} will be removed from the site with their links and notes.
          </p>
          <p className="mt-2">{toTrash(count)}</p>
        </>
      }
    >
      <Form method="post" action={actionHref(query)} preventScrollReset className="flex justify-end gap-3">
        {selection.ids.map((id) => (
          <input key={id} type="hidden" name="ids" value={id} />
        ))}
        <CancelButton form={cancelId} disabled={deleting} initialFocus />
        <ConfirmDeleteButton deleting={deleting} intent="bulk-delete" />
      </Form>
      <CloseModalForm id={cancelId} to={closeTo} />
    </Modal>
  );
}
