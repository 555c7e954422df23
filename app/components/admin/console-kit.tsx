// The console's one kit of buttons and modal controls, used by every console screen. They are
// plain forms, so Edit, Delete and Cancel work without JavaScript too (the modal state is in the URL).
import { type ReactNode, useEffect, useRef } from "react";
import { Form, Link, useNavigation } from "react-router";
import { useConsoleForm } from "#app/components/admin/console-form.ts";
import { Modal } from "#app/components/dialog.tsx";
import { siteFromMatches } from "#app/lib/seo.ts";

/**
 * A console page's title and robots line, one format for every screen ("Manage Blogs | ChapterWise
 * admin"): the screen first, so a row of browser tabs tells them apart.
 */
export function consoleMeta(
  matches: ReadonlyArray<{ id: string; loaderData?: unknown } | undefined>,
  screen: string,
) {
  const { siteName } = siteFromMatches(matches);
  return [{ title: `${screen} | ${siteName} admin` }, { name: "robots", content: "noindex, nofollow" }];
}

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

/** Hidden fields for a query string: a GET form replaces its action's query, so it carries it as fields. */
export function QueryFields({ query }: { query: string }) {
  return [...new URLSearchParams(query)].map(([name, value], i) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: a name may repeat; the list never reorders.
    <input key={i} type="hidden" name={name} value={value} />
  ));
}

/** A form posting `intent` is on its way (for a "Deleting..." label and a disabled button). */
export function useSubmittingIntent(intent: string): boolean {
  const navigation = useNavigation();
  return navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
}

/**
 * One action of a list's row that needs no confirmation ("Restore", "Recheck"): a POST of `intent`
 * and the row's hidden fields to the list's address, so the same list page comes back.
 */
export function RowActionForm({
  action,
  intent,
  fields,
  label,
}: {
  action: string;
  intent: string;
  fields: Record<string, string | number>;
  label: string;
}) {
  return (
    <Form method="post" action={action} preventScrollReset className="inline">
      <input type="hidden" name="intent" value={intent} />
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <button type="submit" className={`${buttonClass("edit", "sm")} whitespace-nowrap`}>
        {label}
      </button>
    </Form>
  );
}

/**
 * A row's Edit or Delete: opens the modal by putting `?edit=ID` or `?delete=ID` in the URL (or at
 * the modal's own address, `route`), keeping the list's own state (`keep`, e.g. "?page=2&q=x") so
 * that closing it returns there.
 */
export function OpenModalButton({
  param,
  id,
  label,
  keep = "",
  route,
  look = param === "edit" ? "edit" : "delete",
}: {
  /** The address parameter that opens the modal: `edit`, `delete`, or a page's own (`deactivate`). */
  param: string;
  /** The button's look: by default an edit button for `edit`, a delete button otherwise. */
  look?: "edit" | "delete";
  id: number;
  label: string;
  keep?: string;
  /** The modal's own route, e.g. "/admin/blogs/12" (Edit Blog). */
  route?: string;
}) {
  return (
    <Form method="get" action={route} preventScrollReset className="inline">
      <QueryFields query={keep} />
      {route ? null : <input type="hidden" name={param} value={id} />}
      <button type="submit" className={buttonClass(look, "sm")}>
        {label}
      </button>
    </Form>
  );
}

/** The form a modal's Cancel button submits: back to the screen (`to` may hold the list's query) without the modal. */
export function CloseModalForm({ id, to }: { id: string; to: string }) {
  const [path = to, query = ""] = to.split("?");
  return (
    <Form id={id} method="get" action={path} preventScrollReset replace className="hidden">
      <QueryFields query={query} />
    </Form>
  );
}

/** "Cancel": may sit inside another form; it submits the CloseModalForm named by `form`. */
export function CancelButton({
  form,
  disabled,
  initialFocus,
}: {
  form: string;
  disabled?: boolean;
  /** The safe choice of a confirmation gets the focus when the modal opens. */
  initialFocus?: boolean;
}) {
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
      form={form}
      formNoValidate
      disabled={disabled}
      className={buttonClass("cancel")}
    >
      Cancel
    </button>
  );
}

/**
 * A list page's "Add New …" form, in its card below the list (the page's "New … ↓" link jumps to
 * `id`); the form inside names itself by the heading, `${id}-heading`.
 */
export function AddSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section
      id={id}
      aria-labelledby={`${id}-heading`}
      className="mt-8 scroll-mt-4 rounded-2xl border border-gray-200 bg-white p-4 shadow-sm sm:p-6"
    >
      <h2 id={`${id}-heading`} className="text-xl font-bold text-gray-900">
        {title}
      </h2>
      {children}
    </section>
  );
}

/**
 * Why the last save failed, above an edit form that still holds what was typed. After a
 * conflict (someone saved first) it offers to load the latest version instead.
 */
export function SaveFailure({
  error,
  conflict,
  latest,
}: {
  error?: string;
  conflict?: boolean;
  latest: string;
}) {
  if (!error) return null;
  return (
    <div
      role="alert"
      // Focused after a refused save when no single field is to blame (app/components/admin/console-form.ts).
      tabIndex={-1}
      className="mb-4 rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-900"
    >
      <p className="font-medium">{error}</p>
      {conflict ? (
        <p className="mt-2">
          Your text is still below.{" "}
          <Link to={latest} preventScrollReset replace className="font-semibold text-red-900 underline">
            Load the latest version
          </Link>{" "}
          (this replaces what you typed here).
        </p>
      ) : null}
    </div>
  );
}

/** An edit form's Cancel and Save, kept in view at the bottom of a long modal. */
export function EditFormButtons({
  cancelForm,
  saving,
  busy,
  extra,
}: {
  cancelForm: string;
  saving: boolean;
  busy?: boolean;
  /** Another button before Cancel (a note's Preview). */
  extra?: ReactNode;
}) {
  return (
    <div className="sticky bottom-0 -mx-5 mt-6 flex flex-wrap justify-end gap-3 border-t border-gray-200 bg-white px-5 py-4 sm:-mx-6 sm:px-6">
      {extra}
      <CancelButton form={cancelForm} />
      <button type="submit" disabled={saving || busy} className={buttonClass("primary")}>
        {saving ? "Saving..." : "Save"}
      </button>
    </div>
  );
}

type ConfirmDeleteProps = {
  /** The screen the modal sits on, e.g. "/admin/notes" (with the list's query, to return to it). */
  screen: string;
  /** Where the confirmation posts, when not to `screen` itself. */
  action?: string;
  /** The item's hidden fields: `{ id: 12 }`, or `{ ids: [1, 2] }` for several. */
  fields: Record<string, string | number | number[]>;
  title: string;
  description: ReactNode;
  /** The confirming button ("Delete") and the form's intent ("delete"). */
  confirmLabel?: string;
  intent?: string;
};

/**
 * The one confirmation of the console (README, The console): an alertdialog with the question,
 * Cancel (focused: the safe choice) and the confirming button, which is disabled, and says
 * "Deleting..." for a delete, while its form is on its way; a second click sends nothing.
 */
export function ConfirmDeleteDialog({
  screen,
  action = screen,
  fields,
  title,
  description,
  confirmLabel = "Delete",
  intent = "delete",
}: ConfirmDeleteProps) {
  const cancelForm = `cancel-${intent}-${screen.split("?")[0]?.split("/").pop()}`;
  const { submitting, guard } = useConsoleForm({ id: `confirm-${intent}`, intent });
  return (
    <Modal title={title} role="alertdialog" closeTo={screen} description={description}>
      <CloseModalForm id={cancelForm} to={screen} />
      <Form method="post" action={action} preventScrollReset onSubmit={guard}>
        <input type="hidden" name="intent" value={intent} />
        {Object.entries(fields).flatMap(([name, value]) =>
          (Array.isArray(value) ? value : [value]).map((v) => (
            <input key={`${name}-${v}`} type="hidden" name={name} value={v} />
          )),
        )}
        <div className="flex justify-end gap-3">
          <CancelButton form={cancelForm} disabled={submitting} initialFocus />
          <button
            type="submit"
            disabled={submitting}
            className={`${buttonClass("danger")} ${confirmLabel === "Delete" ? "min-w-24" : ""}`}
          >
            {submitting && confirmLabel === "Delete" ? "Deleting..." : confirmLabel}
          </button>
        </div>
      </Form>
    </Modal>
  );
}
