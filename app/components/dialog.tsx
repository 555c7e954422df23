import { type ReactNode, useEffect, useId, useRef } from "react";
import { Link } from "react-router";

type ModalProps = {
  title: string;
  /** `dialog` for edit forms, `alertdialog` for confirmations. */
  role?: "dialog" | "alertdialog";
  /** Where Cancel, Escape and the close button lead (usually the same page without ?edit=…). */
  closeTo: string;
  description?: ReactNode;
  children: ReactNode;
  wide?: boolean;
};

/**
 * A modal on the native <dialog>: focus trap, Escape and the backdrop come from the
 * browser. It is opened by the URL (e.g. ?edit=12), so it also works without JavaScript
 * (rendered open, non-modal) and survives a reload.
 */
export function Modal({ title, role = "dialog", closeTo, description, children, wide }: ModalProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const descriptionId = useId();
  const closeLink = useRef<HTMLAnchorElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (dialog.open) dialog.close();
    dialog.showModal();
    const onCancel = (event: Event) => {
      event.preventDefault();
      closeLink.current?.click();
    };
    dialog.addEventListener("cancel", onCancel);
    return () => dialog.removeEventListener("cancel", onCancel);
  }, []);
  return (
    <dialog
      ref={ref}
      open
      role={role}
      aria-modal="true"
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      className={`fixed inset-0 z-40 m-auto max-h-[90vh] w-[calc(100%-1.5rem)] overflow-y-auto rounded-2xl border border-gray-200 bg-white p-0 text-gray-900 shadow-2xl backdrop:bg-gray-900/50 ${wide ? "max-w-3xl" : "max-w-md"}`}
    >
      <div className="p-5 sm:p-6">
        <h2 id={titleId} className="text-lg font-bold">
          {title}
        </h2>
        {description ? (
          <div id={descriptionId} className="mt-2 text-sm text-gray-700">
            {description}
          </div>
        ) : null}
        <div className="mt-4">{children}</div>
        <Link
          ref={closeLink}
          to={closeTo}
          preventScrollReset
          replace
          className="sr-only"
          tabIndex={-1}
          aria-hidden
        >
          Close
        </Link>
      </div>
    </dialog>
  );
}

/** "Cancel" for a modal: goes back to the page without the modal. */
export function CancelLink({ to }: { to: string }) {
  return (
    <Link
      to={to}
      preventScrollReset
      replace
      className="inline-flex items-center justify-center rounded-lg border border-gray-300 bg-white px-4 py-2 text-sm font-semibold text-gray-800 hover:bg-gray-50"
    >
      Cancel
    </Link>
  );
}
