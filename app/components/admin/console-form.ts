import { type DefaultValue, type Intent, parse, type SubmissionResult, useForm } from "@conform-to/react";
import { type FormEvent, useEffect, useMemo, useRef, useState } from "react";
import { useNavigation } from "react-router";

type Options<Schema extends Record<string, unknown>> = {
  /** Unique on the page: Conform derives every field's id from it. */
  id: string;
  /** The action's reply when it refused this form (`actionData?.result`). */
  lastResult?: SubmissionResult<string[]> | null;
  defaultValue?: DefaultValue<Schema>;
  /** The `intent` this form submits, to tell its own submission from the page's others. */
  intent?: string;
};

/**
 * The console's one form hook, over Conform's `useForm` (docs/decisions/0004). Validation happens
 * on the server only (the same messages with and without JavaScript); Conform puts each message at
 * its field, keeps what was typed and focuses the first error. Besides:
 * - `submitting`: this form's submission is on its way (for "Adding..." labels);
 * - `guard`: a second submit while the first is on its way is ignored (one click, one record);
 *   Conform's list buttons (add, remove, move a row) are applied by it in the browser;
 * - `key`: changes after this form's write succeeded (the action redirected), so an add form
 *   starts empty again; a refused form keeps what was typed.
 */
export function useConsoleForm<Schema extends Record<string, unknown>>(options: Options<Schema>) {
  const { id, defaultValue, intent } = options;
  // A page with several forms gets one reply: it belongs to the form whose intent was sent.
  const lastResult =
    intent === undefined || options.lastResult?.initialValue?.intent === intent ? options.lastResult : null;
  const [key, setKey] = useState(0);
  // After a successful write Conform starts afresh too (rows, values and messages from defaultValue).
  const fresh = useMemo<SubmissionResult<string[]> | undefined>(
    () => (key > 0 ? { initialValue: null } : undefined),
    [key],
  );
  const [form, fields] = useForm<Schema>({
    id,
    lastResult: lastResult ?? fresh,
    defaultValue,
    onValidate: ({ formData }) => applyListButtons<Schema>(formData),
  });
  const navigation = useNavigation();
  const mine = (data: FormData | undefined) =>
    Boolean(data) && (intent === undefined || data?.get("intent") === intent);
  const submitting =
    navigation.state !== "idle" &&
    navigation.formMethod?.toUpperCase() === "POST" &&
    mine(navigation.formData);

  const pending = useRef(false);
  const sent = useRef(false);
  useEffect(() => {
    if (submitting) sent.current = true;
    if (navigation.state !== "idle") return;
    pending.current = false;
    // Back at rest after our submission without a reply: the action redirected, the write is done.
    if (sent.current && !lastResult) setKey((k) => k + 1);
    sent.current = false;
  }, [navigation.state, submitting, lastResult]);

  // Conform focuses the first invalid field by its name; a picker or the rich-text editor posts
  // through a hidden field, so the control marked invalid is focused instead (after Conform has
  // rendered the errors), or else the form's own alert (a refusal not about one field).
  useEffect(() => {
    // Any reply is a refusal (a write that succeeds redirects), but for a list button's (no status).
    if (!lastResult?.status) return;
    const frame = requestAnimationFrame(() => {
      const element = document.forms.namedItem(id);
      const first =
        element?.querySelector<HTMLElement>('[aria-invalid="true"]') ??
        element?.querySelector<HTMLElement>('[role="alert"][tabindex="-1"]');
      first?.focus();
    });
    return () => cancelAnimationFrame(frame);
  }, [lastResult, id]);

  const guard = (event: FormEvent<HTMLFormElement>) => {
    if (isListButton(event)) {
      form.onSubmit(event);
      return;
    }
    if (pending.current) {
      event.preventDefault();
      return;
    }
    pending.current = true;
  };
  return { form, fields, submitting, guard, key: `${id}-${key}` };
}

const LIST_INTENTS: ReadonlySet<Intent["type"]> = new Set(["insert", "remove", "reorder"]);

/**
 * Conform's list buttons (add, remove or move a row) are submit buttons named `__intent__`: without
 * JavaScript the server applies them (`consoleAction`); with it, `guard` hands them to Conform, which
 * applies them here in the browser. Nothing is validated in the browser: every other submission
 * goes to the server (`error: null`).
 */
function isListButton(event: FormEvent<HTMLFormElement>): boolean {
  return (event.nativeEvent as SubmitEvent).submitter?.getAttribute("name") === "__intent__";
}

function applyListButtons<Schema>(formData: FormData) {
  return parse<Schema, string[]>(formData, {
    resolve: (_value, intent) => (intent && LIST_INTENTS.has(intent.type) ? {} : { error: null }),
  });
}

/**
 * The rows of a list field. A refused form is shown again with what was sent, and a request our
 * page did not make may send text where a list belongs (`chapters=abc`): Conform then throws, so
 * such a list is shown empty (the toast already says the form was not ours) instead of a 500.
 */
export function rowsOf<Row>(list: { getFieldList: () => Row[] }): Row[] {
  try {
    return list.getFieldList();
  } catch {
    return [];
  }
}
