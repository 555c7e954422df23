import { type DefaultValue, type SubmissionResult, useForm } from "@conform-to/react";
import { type FormEvent, useEffect, useRef, useState } from "react";
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
 * - `key`: changes after this form's write succeeded (the action redirected), so an add form
 *   starts empty again; a refused form keeps what was typed.
 */
export function useConsoleForm<Schema extends Record<string, unknown>>(options: Options<Schema>) {
  const { id, lastResult, defaultValue, intent } = options;
  const [form, fields] = useForm<Schema>({ id, lastResult: lastResult ?? undefined, defaultValue });
  const navigation = useNavigation();
  const mine = (data: FormData | undefined) =>
    Boolean(data) && (intent === undefined || data?.get("intent") === intent);
  const submitting =
    navigation.state !== "idle" &&
    navigation.formMethod?.toUpperCase() === "POST" &&
    mine(navigation.formData);

  const pending = useRef(false);
  const sent = useRef(false);
  const [key, setKey] = useState(0);
  useEffect(() => {
    if (submitting) sent.current = true;
    if (navigation.state !== "idle") return;
    pending.current = false;
    // Back at rest after our submission without a reply: the action redirected, the write is done.
    if (sent.current && !lastResult) setKey((k) => k + 1);
    sent.current = false;
  }, [navigation.state, submitting, lastResult]);

  const guard = (event: FormEvent<HTMLFormElement>) => {
    if (pending.current) {
      event.preventDefault();
      return;
    }
    pending.current = true;
  };
  return { form, fields, submitting, guard, key: `${id}-${key}` };
}
