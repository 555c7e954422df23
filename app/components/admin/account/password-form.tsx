import type { SubmissionResult } from "@conform-to/react";
import { Form } from "react-router";
import { useConsoleForm } from "#app/components/admin/console-form.ts";
import { buttonClass } from "#app/components/admin/console-kit.tsx";
import { Field, inputClass } from "#app/components/field.tsx";
import { NewPasswordFields } from "#app/components/password-fields.tsx";

/** One's own password, asked before a change to the account ("Current password", "Password"). */
export function OwnPasswordField({ label, name, error }: { label: string; name: string; error?: string }) {
  return (
    <Field label={label} error={error}>
      {(control) => (
        <input
          {...control}
          name={name}
          type="password"
          autoComplete="current-password"
          className={inputClass}
        />
      )}
    </Field>
  );
}

/** "Change password": the current one, then the new one twice. Other sessions end; this one stays. */
export function ChangePasswordForm({
  email,
  commonPasswords,
  lastResult,
}: {
  email: string;
  commonPasswords: readonly string[];
  lastResult: SubmissionResult<string[]> | null | undefined;
}) {
  const { form, fields, submitting, guard, key } = useConsoleForm<{
    current: string;
    password: string;
    confirm: string;
  }>({ id: "change-password", lastResult, intent: "change-password" });
  return (
    <Form key={key} id={form.id} method="post" noValidate onSubmit={guard} className="max-w-md space-y-4">
      <input type="hidden" name="intent" value="change-password" />
      <OwnPasswordField
        label="Current password"
        name={fields.current.name}
        error={fields.current.errors?.[0]}
      />
      <NewPasswordFields
        email={email}
        common={commonPasswords}
        password={fields.password}
        confirm={fields.confirm}
      />
      <button type="submit" disabled={submitting} className={buttonClass("primary")}>
        {submitting ? "Changing..." : "Change password"}
      </button>
    </Form>
  );
}
