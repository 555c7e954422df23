// Small pieces shared by the Manage Blogs and Manage Notes screens. They are plain forms,
// so Edit, Delete and Cancel work without JavaScript too (the modal state is in the URL).
import { Form } from "react-router";

const buttonStyles = {
  edit: "border border-gray-300 bg-white text-gray-800 hover:bg-gray-50",
  delete: "border border-red-200 bg-white text-red-700 hover:bg-red-50",
  cancel: "border border-gray-300 bg-white text-gray-800 hover:bg-gray-50",
  danger: "bg-red-700 text-white hover:bg-red-800",
  primary: "bg-brand-700 text-white hover:bg-brand-800",
};

export function buttonClass(kind: keyof typeof buttonStyles, size: "sm" | "md" = "md"): string {
  const pad = size === "sm" ? "px-3 py-1.5" : "px-4 py-2";
  return `inline-flex items-center justify-center rounded-lg ${pad} text-sm font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:cursor-not-allowed disabled:opacity-60 ${buttonStyles[kind]}`;
}

/** A row's Edit or Delete: opens the modal by putting `?edit=ID` or `?delete=ID` in the URL. */
export function OpenModalButton({
  param,
  id,
  label,
}: {
  param: "edit" | "delete";
  id: number;
  label: string;
}) {
  return (
    <Form method="get" preventScrollReset className="inline">
      <input type="hidden" name={param} value={id} />
      <button type="submit" className={buttonClass(param, "sm")}>
        {label}
      </button>
    </Form>
  );
}

/** The empty form a modal's Cancel button submits: back to the screen without the modal. */
export function CloseModalForm({ id, to }: { id: string; to: string }) {
  return <Form id={id} method="get" action={to} preventScrollReset replace className="hidden" />;
}

/** "Cancel": may sit inside another form; it submits the CloseModalForm named by `form`. */
export function CancelButton({ form }: { form: string }) {
  return (
    <button type="submit" form={form} formNoValidate className={buttonClass("cancel")}>
      Cancel
    </button>
  );
}
