import { useEffect, useRef } from "react";
import { useNavigate } from "react-router";

const cancelClass =
  "inline-flex items-center justify-center rounded-lg border border-gray-300 bg-white px-4 py-2 text-sm font-semibold text-gray-800 hover:bg-gray-50 disabled:cursor-not-allowed disabled:opacity-60";

/**
 * The target of a modal's Cancel button without JavaScript: a GET form that leads back to `to`
 * (the page without ?edit= / ?delete=). Render it outside any other form; the button points at it
 * by id, so it can sit next to the modal's own submit button.
 */
export function CancelForm({ id, to }: { id: string; to: string }) {
  const url = new URL(to, "http://localhost");
  return (
    <form id={id} method="get" action={url.pathname} hidden>
      {[...url.searchParams].map(([name, value]) => (
        <input key={`${name}=${value}`} type="hidden" name={name} value={value} />
      ))}
    </form>
  );
}

/** "Cancel" of a modal: a button (the console's confirmations have Cancel and Delete buttons). */
export function CancelButton({
  formId,
  to,
  disabled,
  initialFocus,
}: {
  formId: string;
  to: string;
  disabled?: boolean;
  /** The safe choice of a confirmation gets the focus when the modal opens. */
  initialFocus?: boolean;
}) {
  const navigate = useNavigate();
  const ref = useRef<HTMLButtonElement>(null);
  // The native dialog focuses its `autofocus` element on showModal(); this effect runs before the
  // Modal's (children first), so the attribute is there in time.
  useEffect(() => {
    if (initialFocus) ref.current?.setAttribute("autofocus", "");
  }, [initialFocus]);
  return (
    <button
      ref={ref}
      type="submit"
      form={formId}
      disabled={disabled}
      className={cancelClass}
      onClick={(event) => {
        event.preventDefault();
        navigate(to, { replace: true, preventScrollReset: true });
      }}
    >
      Cancel
    </button>
  );
}

/** "Delete" of a confirmation: submits `intent` (`delete`) with the form's hidden fields. */
export function ConfirmDeleteButton({ deleting, intent = "delete" }: { deleting: boolean; intent?: string }) {
  return (
    <button
      type="submit"
      name="intent"
      value={intent}
      disabled={deleting}
      className="inline-flex min-w-24 items-center justify-center rounded-lg bg-red-700 px-4 py-2 text-sm font-semibold text-white hover:bg-red-800 disabled:cursor-wait disabled:opacity-70"
    >
      {deleting ? "Deleting..." : "Delete"}
    </button>
  );
}
