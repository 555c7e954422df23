import type { SubmissionResult } from "@conform-to/react";
import { Form, Link } from "react-router";
import { OwnPasswordField } from "#app/components/admin/account/password-form.tsx";
import { useConsoleForm } from "#app/components/admin/console-form.ts";
import { buttonClass } from "#app/components/admin/console-kit.tsx";
import { Field, inputClass } from "#app/components/field.tsx";
import { formatIndiaDateTime } from "#app/lib/dates.ts";

// Two-step sign-in on My account: off ("Turn on two-step sign-in"), being set up (QR code, the secret
// as text, "Code" and "Confirm"), just turned on (the ten recovery codes, shown this once) and on
// ("Turn off" with the password and a code).

type Reply = SubmissionResult<string[]> | null | undefined;

export type TwoStepView = { on: false } | { on: true; since: string; recoveryCodesLeft: number };

const codeInput = `${inputClass} font-mono tracking-wider`;

/** The "Code" field of a form: the app's 6-digit code (or, where `recovery`, a recovery code). */
function CodeField({ name, error, recovery }: { name: string; error?: string; recovery?: boolean }) {
  return (
    <Field
      label="Code"
      error={error}
      hint={recovery ? "The 6-digit code your app shows now, or one of your recovery codes." : undefined}
    >
      {(control) => (
        <input
          {...control}
          name={name}
          type="text"
          inputMode={recovery ? "text" : "numeric"}
          autoComplete="one-time-code"
          autoCapitalize="none"
          spellCheck={false}
          maxLength={100}
          className={codeInput}
        />
      )}
    </Field>
  );
}

export function TurnOnForm() {
  return (
    <Form method="post" preventScrollReset>
      <button type="submit" name="intent" value="turn-on-two-step" className={buttonClass("primary")}>
        Turn on two-step sign-in
      </button>
    </Form>
  );
}

/** The set-up: scan (or type) the secret into an app, then confirm with its first code. */
export function SetUpStep({
  qrCode,
  secret,
  lastResult,
}: {
  qrCode: string;
  secret: string;
  lastResult: Reply;
}) {
  const { form, fields, submitting, guard } = useConsoleForm<{ code: string }>({
    id: "confirm-two-step",
    lastResult,
    intent: "confirm-two-step",
  });
  return (
    <div className="grid gap-6 md:grid-cols-[auto_1fr] md:items-start">
      <img
        src={qrCode}
        alt="QR code for your authenticator app"
        width={200}
        height={200}
        className="h-[200px] w-[200px] rounded-lg border border-gray-200"
      />
      <div className="min-w-0 space-y-4">
        <ol className="list-decimal space-y-1 pl-5 text-sm text-gray-700">
          <li>
            Open an authenticator app on your phone (Google Authenticator, Microsoft Authenticator, 2FAS…).
          </li>
          <li>Scan the QR code, or type this key into the app:</li>
        </ol>
        <p className="rounded-lg bg-gray-100 px-3 py-2 font-mono text-base text-gray-900">{secret}</p>
        <Form
          id={form.id}
          method="post"
          noValidate
          preventScrollReset
          onSubmit={guard}
          className="max-w-xs space-y-4"
        >
          <input type="hidden" name="intent" value="confirm-two-step" />
          <CodeField name={fields.code.name} error={fields.code.errors?.[0]} />
          <div className="flex flex-wrap items-center gap-3">
            <button type="submit" disabled={submitting} className={buttonClass("primary")}>
              {submitting ? "Confirming..." : "Confirm"}
            </button>
            <Link to="/admin/account" className={buttonClass("cancel")}>
              Cancel
            </Link>
          </div>
        </Form>
      </div>
    </div>
  );
}

/** The ten recovery codes, right after turning on: shown this once, so the page says to keep them. */
export function RecoveryCodes({ codes }: { codes: string[] }) {
  const file = `data:text/plain;charset=utf-8,${encodeURIComponent(`${codes.join("\n")}\n`)}`;
  return (
    <section
      aria-labelledby="recovery-codes-heading"
      className="rounded-xl border border-amber-300 bg-amber-50 p-4"
    >
      <h3 id="recovery-codes-heading" className="font-bold text-amber-900">
        Your recovery codes
      </h3>
      <p className="mt-1 text-sm text-amber-900">
        Keep them somewhere safe (printed, or in a password manager): each signs you in once if you lose your
        phone. They are shown only now.
      </p>
      <ul className="mt-3 grid max-w-md grid-cols-1 gap-x-8 gap-y-1 font-mono text-base text-gray-900 sm:grid-cols-2">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <a href={file} download="recovery-codes.txt" className={`${buttonClass("edit", "sm")} mt-3`}>
        Download as a text file
      </a>
    </section>
  );
}

/** On: since when, the recovery codes left, and "Turn off" (the password and a code). */
export function TurnOffForm({
  since,
  recoveryCodesLeft,
  lastResult,
}: {
  since: string;
  recoveryCodesLeft: number;
  lastResult: Reply;
}) {
  const { form, fields, submitting, guard, key } = useConsoleForm<{ password: string; code: string }>({
    id: "turn-off-two-step",
    lastResult,
    intent: "turn-off-two-step",
  });
  return (
    <div className="space-y-4">
      <p className="text-sm text-gray-700">
        <span className="font-semibold text-green-800">On</span> since {formatIndiaDateTime(since)}.{" "}
        {recoveryCodesLeft === 1 ? "1 recovery code" : `${recoveryCodesLeft} recovery codes`} left
        {recoveryCodesLeft < 3 ? ": to get new ones, turn two-step sign-in off and on again." : "."}
      </p>
      <Form
        key={key}
        id={form.id}
        method="post"
        noValidate
        preventScrollReset
        onSubmit={guard}
        className="max-w-xs space-y-4"
      >
        <h3 className="font-semibold text-gray-900">Turn off two-step sign-in</h3>
        <input type="hidden" name="intent" value="turn-off-two-step" />
        <OwnPasswordField label="Password" name={fields.password.name} error={fields.password.errors?.[0]} />
        <CodeField name={fields.code.name} error={fields.code.errors?.[0]} recovery />
        <button type="submit" disabled={submitting} className={buttonClass("delete")}>
          {submitting ? "Turning off..." : "Turn off"}
        </button>
      </Form>
    </div>
  );
}
