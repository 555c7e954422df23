import { useMemo, useState } from "react";
import { Field, inputClass } from "#app/components/field.tsx";
import { type PasswordHint, passwordHint } from "#app/lib/password-rules.ts";

// "New password" with its strength hint, and "Confirm password" (docs/decisions/0015): for the
// one-time link's page and My account. The hint is a small enhancement (length, common, the
// e-mail's name part, by the same rules as the server: app/lib/password-rules.ts); without
// JavaScript it states the rules, and the server says what is wrong after submitting.

const TONES: Record<PasswordHint["tone"], string> = {
  neutral: "text-gray-600",
  problem: "text-red-700",
  fair: "text-amber-800",
  strong: "text-green-800",
};

type FieldState = { name: string; errors?: string[] };

export function NewPasswordFields({
  email,
  common,
  password,
  confirm,
}: {
  /** The account's e-mail: a password may not contain its name part. */
  email: string;
  /** The common passwords long enough to pass the length rule (the server's list, a few hundred). */
  common: readonly string[];
  password: FieldState;
  confirm: FieldState;
}) {
  const commonSet = useMemo(() => new Set(common), [common]);
  const [typed, setTyped] = useState("");
  const hint = passwordHint(typed, email, (p) => commonSet.has(p));
  const error = password.errors?.[0];
  return (
    <>
      <Field label="New password" error={error}>
        {(control) => (
          <>
            <input
              {...control}
              aria-describedby={[control["aria-describedby"], "password-hint"].filter(Boolean).join(" ")}
              name={password.name}
              type="password"
              autoComplete="new-password"
              onChange={(event) => setTyped(event.currentTarget.value)}
              className={inputClass}
            />
            <p id="password-hint" aria-live="polite" className={`mt-1 text-sm ${TONES[hint.tone]}`}>
              {hint.text}
            </p>
          </>
        )}
      </Field>
      <Field label="Confirm password" error={confirm.errors?.[0]}>
        {(control) => (
          <input
            {...control}
            name={confirm.name}
            type="password"
            autoComplete="new-password"
            className={inputClass}
          />
        )}
      </Field>
    </>
  );
}
