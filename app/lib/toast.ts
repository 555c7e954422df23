/**
 * A form a toast offers beside its message ("Undo"): a real POST form to `to` with these hidden
 * fields and one button, `label`, so it works without JavaScript too.
 */
export type ToastAction = { label: string; to: string; fields: Array<[string, string]> };

/** A message for the admin: success is shown with role="status", error with role="alert". */
export type Toast = { id: string; kind: "success" | "error"; message: string; action?: ToastAction };

export function makeToast(kind: Toast["kind"], message: string, action?: ToastAction): Toast {
  const toast: Toast = { id: crypto.randomUUID(), kind, message };
  return action ? { ...toast, action } : toast;
}
