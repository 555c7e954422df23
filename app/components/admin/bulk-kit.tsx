import type { ReactNode } from "react";
import { useEffect, useRef, useState } from "react";
import { Form } from "react-router";
import {
  buttonClass,
  CancelButton,
  CloseModalForm,
  ConfirmDeleteDialog,
  QueryFields,
} from "#app/components/admin/console-kit.tsx";
import { Modal } from "#app/components/dialog.tsx";
import { toTrash } from "#app/lib/trash-page.ts";

// Selecting rows of a console list for one action on all of them. The rows' checkboxes belong to
// the bulk form through the `form` attribute, so they can sit in the table, outside the form; a
// bulk action is one POST of `intent` and the ticked `ids` (read by `selectedIds`, app/lib/form-fields.ts;
// its confirmation page has them in its address, read by `tickedIds`).

/** A row's checkbox, named for its row so a screen reader says what it selects. */
export function RowCheckbox({ formId, id, label }: { formId: string; id: number; label: string }) {
  return (
    <input
      type="checkbox"
      name="ids"
      value={id}
      form={formId}
      aria-label={`Select ${label}`}
      className="size-4 rounded border-gray-300 accent-brand-700"
    />
  );
}

function rowBoxes(formId: string): HTMLInputElement[] {
  return [...document.querySelectorAll<HTMLInputElement>(`input[type=checkbox][name=ids][form="${formId}"]`)];
}

/**
 * "Select all on this page" (needs JavaScript; without it the rows are ticked one by one): ticks or
 * clears every row of the page, and shows itself half-ticked when some are.
 */
export function SelectAllOnPage({ formId }: { formId: string }) {
  const box = useRef<HTMLInputElement>(null);
  const [ready, setReady] = useState(false);
  useEffect(() => {
    setReady(true);
    const sync = () => {
      const boxes = rowBoxes(formId);
      const ticked = boxes.filter((b) => b.checked).length;
      if (!box.current) return;
      box.current.checked = boxes.length > 0 && ticked === boxes.length;
      box.current.indeterminate = ticked > 0 && ticked < boxes.length;
    };
    document.addEventListener("change", sync);
    return () => document.removeEventListener("change", sync);
  }, [formId]);
  if (!ready) return null;
  return (
    <label className="inline-flex items-center gap-2 text-sm font-medium text-gray-800">
      <input
        ref={box}
        type="checkbox"
        className="size-4 rounded border-gray-300 accent-brand-700"
        onChange={(event) => {
          for (const b of rowBoxes(formId)) b.checked = event.currentTarget.checked;
        }}
      />
      Select all on this page
    </label>
  );
}

/**
 * The bar of bulk actions over a list: its form (posting to the list's own action) holds the
 * actions' controls; the ticked rows join it through their `form` attribute.
 */
export function BulkBar({
  formId,
  action,
  children,
}: {
  formId: string;
  /** Where the form posts: the list's address, so the list comes back as it was. */
  action: string;
  children: ReactNode;
}) {
  return (
    <Form
      id={formId}
      method="post"
      action={action}
      aria-label="Selected rows"
      className="flex flex-wrap items-center gap-3 rounded-xl border border-gray-200 bg-white px-4 py-3"
    >
      <SelectAllOnPage formId={formId} />
      <span className="text-sm text-gray-600">With the selected rows:</span>
      {children}
    </Form>
  );
}

/** How many ticked rows a bulk confirmation names before "and N more". */
const NAMED = 5;

/**
 * "Delete 3 posts?": the one confirmation of a bulk delete, naming how many (and which, when the
 * rows have names). It is a page state of its own (?confirm=delete&ids=…), so it works the same
 * without JavaScript; Cancel goes back to the same list page.
 */
export function BulkDeleteDialog({
  noun,
  items,
  consequence,
  listUrl,
}: {
  /** What the rows are, singular and plural: ["post", "posts"]. */
  noun: [string, string];
  /** The ticked rows that still exist. */
  items: Array<{ id: number; label?: string }>;
  /** What deleting does, as one sentence ("They will be removed from the site"); then where they go. */
  consequence: string;
  listUrl: string;
}) {
  const count = items.length;
  const named = items.filter((item) => item.label).slice(0, NAMED);
  if (count === 0) {
    return (
      <Modal
        title={`No ${noun[1]} selected`}
        role="alertdialog"
        closeTo={listUrl}
        description={
          <p>
            The selected {noun[1]} no longer exist, or none was ticked. Tick the {noun[1]} to delete first.
          </p>
        }
      >
        <CloseModalForm id={`cancel-delete-${noun[1]}`} to={listUrl} />
        <div className="mt-4 flex justify-end">
          <CancelButton form={`cancel-delete-${noun[1]}`} initialFocus />
        </div>
      </Modal>
    );
  }
  return (
    <ConfirmDeleteDialog
      screen={listUrl}
      fields={{ ids: items.map((item) => item.id) }}
      intent="delete-selected"
      title={`Delete ${count} ${count === 1 ? noun[0] : noun[1]}?`}
      description={
        <>
          <p>
            {consequence}
            {named.length > 0 ? ":" : "."}
          </p>
          {named.length > 0 ? (
            <ul className="mt-2 list-disc pl-5">
              {named.map((item) => (
                <li key={item.id} className="break-words">
                  {item.label}
                </li>
              ))}
              {count > named.length ? <li>and {count - named.length} more</li> : null}
            </ul>
          ) : null}
          <p className="mt-2">{toTrash(count)}</p>
        </>
      }
    />
  );
}

/**
 * The bulk bar's "Delete": asks first. It reloads the list (a GET carrying the list's own state
 * and the ticked rows) with `?confirm=delete`, which opens BulkDeleteDialog, with or without JavaScript.
 */
export function BulkDeleteButton({ listQuery }: { listQuery: string }) {
  return (
    <>
      {/* A GET submit replaces the query of the form's action: the list's state goes along as fields. */}
      <QueryFields query={listQuery} />
      <button
        type="submit"
        formMethod="get"
        name="confirm"
        value="delete"
        className={buttonClass("delete", "sm")}
      >
        Delete
      </button>
    </>
  );
}
