import { useId } from "react";
import { Form } from "react-router";
import {
  buttonClass,
  CancelButton,
  CloseModalForm,
  useSubmittingIntent,
} from "#app/components/admin/console-kit.tsx";
import { Modal } from "#app/components/dialog.tsx";
import { formatIndiaDateTime } from "#app/lib/dates.ts";

/**
 * The confirmation before a version is restored (?v=N&restore=1, so it works without JavaScript):
 * "Restore this version?", Cancel and Restore. The form carries the current version it showed, so
 * a save by someone else meanwhile refuses the restore.
 */
export function RestoreDialog({
  title,
  version,
  current,
  savedBy,
  savedAt,
  action,
  closeTo,
}: {
  title: string;
  version: number;
  current: number;
  savedBy: string | null;
  savedAt: string;
  /** Where the form posts: the History page with this version open. */
  action: string;
  closeTo: string;
}) {
  const restoring = useSubmittingIntent("restore");
  const cancelId = useId();
  return (
    <Modal
      title="Restore this version?"
      role="alertdialog"
      closeTo={closeTo}
      description={
        <>
          <p>
            Version {version} of <strong>{title}</strong>, saved by {savedBy ?? "someone (not recorded)"} on{" "}
            {formatIndiaDateTime(savedAt)} IST, becomes the current version again.
          </p>
          <p className="mt-2">The current version ({current}) stays in History, so you can go back to it.</p>
        </>
      }
    >
      <Form method="post" action={action} preventScrollReset className="flex justify-end gap-3">
        <input type="hidden" name="version" value={version} />
        <input type="hidden" name="current" value={current} />
        <CancelButton form={cancelId} disabled={restoring} initialFocus />
        <button
          type="submit"
          name="intent"
          value="restore"
          disabled={restoring}
          className={`${buttonClass("primary")} min-w-24`}
        >
          {restoring ? "Restoring..." : "Restore"}
        </button>
      </Form>
      <CloseModalForm id={cancelId} to={closeTo} />
    </Modal>
  );
}
