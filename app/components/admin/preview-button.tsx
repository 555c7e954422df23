import type { FormEvent } from "react";
import { buttonClass } from "#app/components/admin/console-kit.tsx";

/** Where a note form's Preview sends what is typed (app/routes/admin/note-preview.tsx). */
export const NOTE_PREVIEW = "/admin/notes/preview";

/**
 * A form's "Preview": sends what is typed to `action` and shows the answer in a new tab, so the
 * form stays as it is. Without JavaScript the browser does it (formaction, formtarget); with it the
 * form's onSubmit must go through `withPreview`, or React Router would take the submission here.
 */
export function PreviewButton({ action }: { action: string }) {
  return (
    <button
      type="submit"
      formAction={action}
      formMethod="post"
      formTarget="_blank"
      formNoValidate
      className={buttonClass("cancel")}
    >
      Preview<span className="sr-only"> (opens in a new tab)</span>
    </button>
  );
}

/** A form's onSubmit that lets a PreviewButton's submission go to its new tab, and `guard` have the rest. */
export function withPreview(guard: (event: FormEvent<HTMLFormElement>) => void) {
  return (event: FormEvent<HTMLFormElement>) => {
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    const action =
      submitter?.getAttribute("formtarget") === "_blank" ? submitter.getAttribute("formaction") : null;
    if (!action) {
      guard(event);
      return;
    }
    event.preventDefault();
    // The browser's own submission (no submit event, so React Router stays out of it), then the
    // form's own address and target again.
    const form = event.currentTarget;
    const before = { action: form.getAttribute("action"), target: form.getAttribute("target") };
    form.setAttribute("action", action);
    form.setAttribute("target", "_blank");
    HTMLFormElement.prototype.submit.call(form);
    for (const [name, value] of Object.entries(before)) {
      if (value === null) form.removeAttribute(name);
      else form.setAttribute(name, value);
    }
  };
}
