import { type FormEvent, useEffect, useRef, useState } from "react";
import { useNavigation } from "react-router";
import type { Toast } from "#app/lib/toast.ts";

type Result = {
  ok: boolean;
  toast?: Toast;
  values?: Record<string, unknown>;
  errors?: Record<string, string>;
};

/**
 * The add/edit form behaviour shared by the console's post and note screens:
 * - which intent is being submitted (for "Adding..." labels);
 * - a guard that ignores a second submit while the first is on its way (one click, one record);
 * - a key that resets the add form after a successful add (and only then);
 * - after a failed save, focus on the first field that needs attention, in the add form
 *   (`addFormSelector`) or in the open edit dialog.
 */
export function useConsoleForm(actionData: Result | undefined, addFormSelector: string) {
  const navigation = useNavigation();
  const submittingIntent =
    navigation.state !== "idle" && navigation.formMethod?.toUpperCase() === "POST"
      ? String(navigation.formData?.get("intent") ?? "")
      : "";
  const lastIntent = useRef("");
  const pending = useRef(false);
  const [addFormKey, setAddFormKey] = useState(0);
  useEffect(() => {
    if (navigation.state === "idle") pending.current = false;
  }, [navigation.state]);
  useEffect(() => {
    if (actionData?.ok && lastIntent.current === "add") {
      lastIntent.current = "";
      setAddFormKey((k) => k + 1);
    }
  }, [actionData]);

  const guard = (intent: string) => (event: FormEvent<HTMLFormElement>) => {
    if (pending.current) {
      event.preventDefault();
      return;
    }
    pending.current = true;
    lastIntent.current = intent;
  };

  const values = actionData?.values;
  const failedIntent = actionData && !actionData.ok ? values?.intent : undefined;
  useEffect(() => {
    if (!actionData || actionData.ok) return;
    const scope = document.querySelector(failedIntent === "update" ? "dialog[open]" : addFormSelector);
    scope?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [actionData, failedIntent, addFormSelector]);

  return { submittingIntent, addFormKey, guard, values, failedIntent };
}
