import type { Submission, SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type RouterContextProvider, redirect } from "react-router";
import type { z } from "zod";
import { requestContext, services } from "#app/context.ts";
import { firstError } from "#app/lib/form-fields.ts";
import { makeToast, type Toast, type ToastAction } from "#app/lib/toast.ts";
import { addFlash } from "#app/server/accounts/sessions.server.ts";
import { type ActivityNote, noteActivity } from "#app/server/console/activity.server.ts";
import { readFormData } from "#app/server/console/form-data.server.ts";
import { DomainError, ValidationError } from "#app/server/errors.server.ts";
import { log } from "#app/server/platform/log.server.ts";

/**
 * The one form pattern of the console (docs/decisions/0004): every form is read by one Zod schema
 * with Conform, on the server only, so the messages are the same with and without JavaScript.
 * - A write that succeeds leaves its toast in the session and redirects (POST/redirect/GET), so a
 *   reload never repeats it.
 * - A form that is refused answers with Conform's reply (each message at its field, the typed
 *   values kept, focus on the first error) and leaves its toast in the session too: the console
 *   layout shows every toast, from one host.
 */

/**
 * What a refused console action answers: the form's state for `useForm({ lastResult })`, and the
 * toast's text for a form in a modal, which the browser shows above every toast. (Not as Conform's
 * form error: Conform would then focus the first field without a name, e.g. a picker's search box.)
 */
export type FormReply = { result: SubmissionResult<string[]>; message?: string };

type Context = Readonly<RouterContextProvider>;

/** Far above any form our pages send; more fields (or a list index beyond this) was not sent by us. */
const MAX_FIELDS = 5_000;
const MAX_LIST_INDEX = 999;
const LIST_INDEX = /\[(\d+)\]/g;

/**
 * The request's form, size-capped, and refused at once when its shape is not one our pages make:
 * Conform builds arrays from names like `chapters[7].title`, so an index of a billion would make
 * a billion-slot array. Throws a DomainError (400 or 413) that `refused` turns into a message.
 */
export async function readConsoleForm(request: Request): Promise<FormData> {
  const form = await readFormData(request);
  let fields = 0;
  for (const [name] of form) {
    if (++fields > MAX_FIELDS) throw notOurs(`more than ${MAX_FIELDS.toLocaleString("en-IN")} fields`);
    for (const match of name.matchAll(LIST_INDEX)) {
      const index = match[1] ?? "";
      if (index.length > 3 || Number(index) > MAX_LIST_INDEX) throw notOurs("a list longer than 1,000 rows");
    }
  }
  return form;
}

function notOurs(what: string): DomainError {
  return new DomainError(`The form holds ${what}, more than this page ever sends, so nothing was saved.`, {
    status: 400,
  });
}

/**
 * Reads a form with its schema (or a schema per intent). A list button's `__intent__` that Conform
 * cannot read or apply (not JSON, a row list that is not a list) was not sent by our page: a 400.
 */
export function parseConsoleForm<Schema extends z.ZodType>(form: FormData, schema: Schema) {
  try {
    return parseWithZod(form, { schema });
  } catch (err) {
    if (form.has("__intent__") || form.has("__state__")) throw new DomainError(UNKNOWN_REQUEST);
    throw err;
  }
}

/** Leaves a toast for the next console page; a failure to store it never fails the write it reports. */
async function flash(context: Context, toast: Toast): Promise<void> {
  const { db } = services(context);
  try {
    await addFlash(db, context.get(requestContext).sessionId, toast);
  } catch (err) {
    log.error(`toast not stored: ${err instanceof Error ? err.message : String(err)}`);
  }
}

/**
 * Where a successful write goes back to: the page the form was on, minus React Router's `index`
 * marker and the `.data` a JavaScript submission adds to the address (single fetch).
 */
export function sameList(request: Request, drop: string[] = []): string {
  const url = new URL(request.url);
  url.pathname = url.pathname.replace(/\/_\.data$/, "/").replace(/\.data$/, "");
  for (const name of ["index", "_data", "_routes", ...drop]) url.searchParams.delete(name);
  const search = url.searchParams.toString();
  return `${url.pathname}${search ? `?${search}` : ""}`;
}

/**
 * What a console write did: its toast's text and its line in the Activity log (and what its toast
 * offers, e.g. a delete's "Undo").
 */
export type WriteDone = { message: string; what: ActivityNote; offer?: ToastAction };

/**
 * A write succeeded: it goes into the Activity log as `what` (every console write says what it did;
 * a failure to record it never fails the write), its toast waits in the session and the browser is
 * sent to `to` (POST/redirect/GET).
 */
export async function saved(
  context: Context,
  message: string,
  to: string,
  what: ActivityNote,
  offer?: ToastAction,
): Promise<Response> {
  await noteActivity(services(context).db, what);
  await flash(context, makeToast("success", message, offer));
  return redirect(to, 303);
}

/**
 * A write whose answer shows something only once (a one-time link to set a password): recorded in
 * Activity and toasted like `saved`, but answered directly rather than redirected, so what it shows
 * is never stored anywhere, not even in the session's toasts. (A reload asks to send the form again.)
 */
export async function savedShownOnce<Body>(
  context: Context,
  message: string,
  what: ActivityNote,
  body: Body,
) {
  await noteActivity(services(context).db, what);
  await flash(context, makeToast("success", message));
  return data(body);
}

/**
 * The form is shown again as it was sent: after Conform's list buttons (a row added or removed
 * without JavaScript), or with the schema's messages at their fields and the first one in a toast
 * after the form's failure text (`prefix`).
 */
export async function shownAgain<Output>(
  context: Context,
  submission: Submission<unknown, string[], Output>,
  prefix = "",
) {
  if (submission.status !== "error") return data<FormReply>({ result: submission.reply() });
  const message = `${prefix} ${firstError(submission.error) ?? "Some fields need your attention."}`.trim();
  await flash(context, makeToast("error", message));
  return data<FormReply>({ result: submission.reply(), message }, { status: 400 });
}

/**
 * The write was refused. A rule of the domain becomes its message (after the form's failure text,
 * e.g. "Failed to add blog."), at its field when it names one; anything unexpected is logged and
 * reported without internals. Nothing is half written: domain writes run in transactions.
 */
export async function refused(
  context: Context,
  submission: Submission<unknown, string[], unknown> | null,
  err: unknown,
  prefix: string,
  fieldNames: (domainKey: string) => string = (key) => key,
) {
  let message: string;
  let status: number;
  let fieldErrors: Record<string, string[]> = {};
  if (err instanceof ValidationError) {
    message = err.message;
    status = err.status;
    fieldErrors = Object.fromEntries(
      Object.entries(err.fields).map(([key, text]) => [fieldNames(key), [text]]),
    );
  } else if (err instanceof DomainError) {
    message = err.message;
    status = err.status;
    if (err.field) fieldErrors = { [fieldNames(err.field)]: [err.message] };
  } else {
    log.error("a console write failed", { err });
    message = "The server could not save this; nothing was changed. Please try again.";
    status = 500;
  }
  const text = `${prefix} ${message}`.trim();
  // A refusal may come with a way out (e.g. "Restore the chapter" first).
  await flash(context, makeToast("error", text, err instanceof DomainError ? err.offer : undefined));
  const result = submission ? submission.reply({ fieldErrors }) : { status: "error" as const };
  return data<FormReply>({ result, message: text }, { status });
}

/** The intent of a form is not one the page knows. */
export const UNKNOWN_REQUEST =
  "The page sent a request it does not know, so nothing was changed. Reload the page and try again.";

/** A request no page of ours sends (an unknown intent, a missing id): a clear 400, nothing changed. */
export async function notUnderstood(context: Context, message: string) {
  return refused(context, null, new DomainError(message), "");
}
