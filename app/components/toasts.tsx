import { useEffect, useState } from "react";
import { Form } from "react-router";
import type { Toast, ToastAction } from "#app/lib/toast.ts";

/**
 * Shows the toasts of the latest action results. Rendered on the server too, so a form
 * posted without JavaScript still shows its message. Success fades after 5 s; errors stay
 * until dismissed, because they tell the admin what to do, and so does a toast that offers
 * something ("Undo"): nobody should have to race a timer to take a delete back. A success
 * clears the failures shown before it: it answers them (the retry worked), and a red message
 * left beside it would say the opposite.
 * The stack sits at the top of the page's own flow and sticks there while the page scrolls, so
 * it pushes the page's header down instead of covering its buttons.
 */
export function Toasts({ from }: { from: Array<Toast | null | undefined> }) {
  const incoming = from.filter((t): t is Toast => Boolean(t));
  const [shown, setShown] = useState<Toast[]>(incoming);
  const [seen, setSeen] = useState(() => new Set(incoming.map((t) => t.id)));
  const fresh = incoming.filter((t) => !seen.has(t.id));
  if (fresh.length > 0) {
    setSeen(new Set([...seen, ...fresh.map((t) => t.id)]));
    const answered = fresh.some((t) => t.kind === "success");
    setShown([...(answered ? shown.filter((t) => t.kind === "success") : shown), ...fresh]);
  }
  const dismiss = (id: string) => setShown((list) => list.filter((t) => t.id !== id));
  return (
    <div className="pointer-events-none sticky top-3 z-30 flex flex-col items-end gap-2 empty:hidden [&:not(:empty)]:mb-4">
      {shown.map((t) => (
        <ToastItem key={t.id} toast={t} onDismiss={() => dismiss(t.id)} />
      ))}
    </div>
  );
}

function ToastItem({ toast, onDismiss }: { toast: Toast; onDismiss: () => void }) {
  const lasting = toast.kind !== "success" || Boolean(toast.action);
  useEffect(() => {
    if (lasting) return;
    const timer = setTimeout(onDismiss, 5000);
    return () => clearTimeout(timer);
  }, [lasting, onDismiss]);
  const success = toast.kind === "success";
  return (
    <div
      role={success ? "status" : "alert"}
      className={`pointer-events-auto flex w-full max-w-md items-start gap-3 rounded-xl border px-4 py-3 text-sm font-medium shadow-lg ${
        success ? "border-green-200 bg-green-50 text-green-900" : "border-red-200 bg-red-50 text-red-900"
      }`}
    >
      <span aria-hidden="true" className="mt-0.5 text-base leading-none">
        {success ? "\u2714" : "!"}
      </span>
      <span className="flex-1">{toast.message}</span>
      {toast.action ? <ToastForm action={toast.action} onSubmit={onDismiss} /> : null}
      <button
        type="button"
        onClick={onDismiss}
        className="-m-1 inline-flex size-7 shrink-0 items-center justify-center rounded text-current opacity-70 hover:opacity-100"
        aria-label="Dismiss message"
      >
        <span aria-hidden="true">×</span>
      </button>
    </div>
  );
}

/** What a toast offers: a real form and button (it works without JavaScript); used once, it goes. */
function ToastForm({ action, onSubmit }: { action: ToastAction; onSubmit: () => void }) {
  return (
    <Form method="post" action={action.to} onSubmit={onSubmit} className="-my-1 shrink-0">
      {action.fields.map(([name, value], i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a name may repeat (ids); the list never reorders.
        <input key={i} type="hidden" name={name} value={value} />
      ))}
      <button
        type="submit"
        className="rounded-md border border-current/30 bg-white/70 px-2.5 py-1 text-sm font-semibold underline-offset-2 hover:bg-white hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-current"
      >
        {action.label}
      </button>
    </Form>
  );
}
