import { data } from "react-router";
import { makeToast, type Toast } from "#app/lib/toast.ts";
import { DomainError, ValidationError } from "#app/server/errors.server.ts";

/**
 * The one shape every console action returns. On failure `values` hands back what the
 * admin typed, so a form can be shown again with nothing lost, and `errors` puts each
 * message next to its field.
 */
export type ActionResult = {
  ok: boolean;
  toast?: Toast;
  errors?: Record<string, string>;
  values?: Record<string, unknown>;
  /** Which record the action was about (e.g. the chapter being edited), when the screen needs it. */
  target?: number;
};

export function success(message: string, extra: Partial<ActionResult> = {}) {
  return data<ActionResult>({ ok: true, toast: makeToast("success", message), ...extra });
}

/**
 * A failed action: rule violations become a clear message (prefixed with the spec's
 * failure text, e.g. "Failed to add blog."), anything unexpected is logged and reported
 * without internals. Nothing is half written: domain writes run in transactions.
 */
export function failure(err: unknown, prefix: string, extra: Partial<ActionResult> = {}) {
  if (err instanceof ValidationError) {
    return data<ActionResult>(
      {
        ok: false,
        toast: makeToast("error", `${prefix} ${err.message}`.trim()),
        errors: err.fields,
        ...extra,
      },
      { status: 400 },
    );
  }
  if (err instanceof DomainError) {
    return data<ActionResult>(
      {
        ok: false,
        toast: makeToast("error", `${prefix} ${err.message}`.trim()),
        errors: err.field ? { [err.field]: err.message } : {},
        ...extra,
      },
      { status: err.status },
    );
  }
  console.error(err instanceof Error ? (err.stack ?? err.message) : err);
  return data<ActionResult>(
    {
      ok: false,
      toast: makeToast(
        "error",
        `${prefix} The server could not save this; nothing was changed. Please try again.`.trim(),
      ),
      ...extra,
    },
    { status: 500 },
  );
}

/** A request the form could not have sent (missing id, unknown intent): a clear 400. */
export function badRequest(message: string, extra: Partial<ActionResult> = {}) {
  return data<ActionResult>({ ok: false, toast: makeToast("error", message), ...extra }, { status: 400 });
}
