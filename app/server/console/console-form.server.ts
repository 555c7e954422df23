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
 * What every console action answers when it does not redirect: the form's state for
 * `useForm({ lastResult })`, the toast's text for a form in a modal, which the browser shows above
 * every toast (not as Conform's form error: Conform would then focus the first field without a
 * name, e.g. a picker's search box), and what the answer shows this once (`shown`: a one-time link,
 * recovery codes, an import's preview), which is never stored anywhere.
 */
export type FormReply<Shown = never> = {
  result: SubmissionResult<string[]>;
  message?: string;
  shown?: Shown;
};

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
 * What a console write did: its toast's text, its line in the Activity log, what its toast offers
 * (e.g. a delete's "Undo"), where the browser goes next when not back to the form's page, and what
 * the answer shows this once instead of a redirect (a one-time link: never stored, not even in
 * the session's toasts; a reload asks to send the form again).
 */
export type WriteDone<Shown = never> = {
  message: string;
  what: ActivityNote;
  offer?: ToastAction;
  to?: string;
  shown?: Shown;
};

/** Nothing was written: the answer shows something (a preview). */
export type NothingWritten<Shown> = { shown: Shown };

/** What an intent's write ends with: its own response only where it truly ends elsewhere (signing out). */
export type Outcome<Shown> = WriteDone<Shown> | NothingWritten<Shown> | Response;

/** One intent of a console form: all that differs from one write to another. */
export type Intent<Shown = never> = {
  /** What a refusal's message starts with ("Failed to add note."), or by the error. */
  failed?: string | ((err: unknown) => string);
  /** Turns an error of the write into the refusal shown (e.g. a chapter form's row numbers). */
  refusal?: (err: unknown) => unknown;
  /** A refusal leaves the typed values out of the answer (a packed file is not sent back). */
  dropValues?: boolean;
  /** The write; what it throws (a DomainError) is the refusal, with nothing written. */
  write: () => Promise<Outcome<Shown>>;
};

/** How a console form is read and where its writes go back to. */
export type ConsoleForm<Schema extends z.ZodType> = {
  schema: Schema;
  /** The page a write goes back to (POST/redirect/GET) unless its outcome says `to`; default: the form's. */
  back?: string;
  /** What a form that cannot be read is refused with first. */
  unread?: string;
  /** What a form the schema refuses is shown with first (by its intent, as sent). */
  invalid?: string | ((payload: Record<string, unknown>) => string);
  /** Reads the request's form (default `readConsoleForm`); a `refusal` refuses the form as sent. */
  read?: (request: Request) => Promise<{ form: FormData; refusal?: unknown }>;
  /** An answer that is its own page, not the console's (a preview tab): no toast is left. */
  quiet?: boolean;
};

/**
 * The one runner of every console action: reads the form with its schema; a form that cannot be
 * read or is incomplete is shown again with the reason; a whole one makes its intent's write, whose
 * refusal (a DomainError) is shown at its field with what was typed; a write that succeeds is
 * recorded in Activity, toasted and redirected (or answered once, or its preview shown).
 */
export async function consoleAction<Schema extends z.ZodType, Shown = never>(
  context: Context,
  request: Request,
  spec: ConsoleForm<Schema>,
  intent: (value: z.output<Schema>) => Intent<Shown> | Promise<Intent<Shown>>,
): Promise<Response | ReturnType<typeof data<FormReply<Shown>>>> {
  const quiet = spec.quiet ?? false;
  let submission: ReturnType<typeof parseConsoleForm<Schema>>;
  let readRefusal: unknown;
  try {
    const read = spec.read ? await spec.read(request) : { form: await readConsoleForm(request) };
    submission = parseConsoleForm(read.form, spec.schema);
    readRefusal = read.refusal;
  } catch (err) {
    return refused<Shown>(context, null, err, spec.unread ?? "", quiet);
  }
  const invalid =
    typeof spec.invalid === "function"
      ? spec.invalid((submission.payload ?? {}) as Record<string, unknown>)
      : (spec.invalid ?? "");
  if (readRefusal) return refused<Shown>(context, submission, readRefusal, invalid, quiet);
  if (submission.status !== "success") return shownAgain<Shown>(context, submission, invalid, quiet);
  let chosen: Intent<Shown> | undefined;
  let outcome: Outcome<Shown>;
  try {
    chosen = await intent(submission.value);
    outcome = await chosen.write();
  } catch (err) {
    const refusal = chosen?.refusal ? chosen.refusal(err) : err;
    const failed = chosen?.failed;
    const prefix = typeof failed === "function" ? failed(err) : (failed ?? "");
    const sent = chosen?.dropValues ? null : submission;
    return refused<Shown>(context, sent, refusal, prefix, quiet);
  }
  if (outcome instanceof Response) return outcome;
  if (!("what" in outcome))
    return data<FormReply<Shown>>({ result: { status: "success" }, shown: outcome.shown });
  await noteActivity(services(context).db, outcome.what);
  await flash(context, makeToast("success", outcome.message, outcome.offer));
  if (outcome.shown !== undefined)
    return data<FormReply<Shown>>({
      result: { status: "success" },
      message: outcome.message,
      shown: outcome.shown,
    });
  return redirect(outcome.to ?? spec.back ?? sameList(request), 303);
}

/**
 * The form is shown again as it was sent: after Conform's list buttons (a row added or removed
 * without JavaScript), or with the schema's messages at their fields and the first one in a toast
 * after the form's failure text (`prefix`).
 */
async function shownAgain<Shown>(
  context: Context,
  submission: Submission<unknown, string[], unknown>,
  prefix: string,
  quiet: boolean,
) {
  if (submission.status !== "error") return data<FormReply<Shown>>({ result: submission.reply() });
  const message = `${prefix} ${firstError(submission.error) ?? "Some fields need your attention."}`.trim();
  if (!quiet) await flash(context, makeToast("error", message));
  return data<FormReply<Shown>>({ result: submission.reply(), message }, { status: 400 });
}

/**
 * A refusal that shows something with it (an import's preview listing the rows to fix), in the
 * answer's `shown`.
 */
export class RefusedWith<Shown> extends DomainError {
  readonly shown: Shown;
  constructor(message: string, shown: Shown, options?: ConstructorParameters<typeof DomainError>[1]) {
    super(message, options);
    this.shown = shown;
  }
}

/**
 * The write was refused. A rule of the domain becomes its message (after the form's failure text,
 * e.g. "Failed to add blog."), at its field when it names one; anything unexpected is logged and
 * reported without internals. Nothing is half written: domain writes run in transactions.
 */
async function refused<Shown>(
  context: Context,
  submission: Submission<unknown, string[], unknown> | null,
  err: unknown,
  prefix: string,
  quiet: boolean,
) {
  let message: string;
  let status: number;
  let fieldErrors: Record<string, string[]> = {};
  if (err instanceof ValidationError) {
    message = err.message;
    status = err.status;
    fieldErrors = Object.fromEntries(Object.entries(err.fields).map(([key, text]) => [key, [text]]));
  } else if (err instanceof DomainError) {
    message = err.message;
    status = err.status;
    if (err.field) fieldErrors = { [err.field]: [err.message] };
  } else {
    log.error("a console write failed", { err });
    message = "The server could not save this; nothing was changed. Please try again.";
    status = 500;
  }
  const text = `${prefix} ${message}`.trim();
  // A refusal may come with a way out (e.g. "Restore the chapter" first).
  const offer = err instanceof DomainError ? err.offer : undefined;
  if (!quiet) await flash(context, makeToast("error", text, offer));
  // A refusal at no field (someone else saved first) is still an error to Conform: it keeps what
  // was typed, and the form is not taken for saved (the message itself is the toast).
  const formErrors = Object.keys(fieldErrors).length > 0 ? undefined : [text];
  const result = submission ? submission.reply({ fieldErrors, formErrors }) : { status: "error" as const };
  const shown = err instanceof RefusedWith ? { shown: err.shown as Shown } : {};
  return data<FormReply<Shown>>({ result, message: text, ...shown }, { status });
}

/** The intent of a form is not one the page knows. */
export const UNKNOWN_REQUEST =
  "The page sent a request it does not know, so nothing was changed. Reload the page and try again.";
