/** A message for the admin: success is shown with role="status", error with role="alert". */
export type Toast = { id: string; kind: "success" | "error"; message: string };

export function makeToast(kind: Toast["kind"], message: string): Toast {
  return { id: crypto.randomUUID(), kind, message };
}
