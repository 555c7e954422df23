import type { SubmissionResult } from "@conform-to/react";
import type { InputHTMLAttributes, ReactNode } from "react";
import { Form, Link } from "react-router";
import { useConsoleForm } from "#app/components/admin/console-form.ts";

// The login page's frame and controls (app/routes/login.tsx): its password form and, for an account
// that uses two-step sign-in, the "Code" step after it.

const inputClass =
  "mt-1.5 block w-full rounded-lg border border-gray-300 px-3 py-2.5 text-base focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-100";

/** A labelled, required field of a login step; `className` adds to the input's look. */
export function SignInField({
  id,
  label,
  className = "",
  ...input
}: { id: string; label: string } & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-semibold text-gray-800">
        {label}
      </label>
      <input id={id} required {...input} className={`${inputClass} ${className}`.trim()} />
    </div>
  );
}

/** The centred card of the login page, titled as the spec says, with a way back to the site. */
export function SignInCard({ children }: { children: ReactNode }) {
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-4 bg-gray-50 px-4 py-12">
      <div className="w-full max-w-[400px] rounded-2xl border border-gray-200 bg-white p-6 shadow-sm sm:p-8">
        <h1 className="text-center text-2xl font-bold text-gray-900">Admin Login</h1>
        {children}
      </div>
      <Link
        to="/"
        className="inline-flex min-h-6 items-center text-sm font-semibold text-brand-700 underline-offset-2 hover:underline"
      >
        <span aria-hidden="true">←&nbsp;</span>Back to the site
      </Link>
    </main>
  );
}

/** Why the last attempt was refused (focused after a refusal: app/components/admin/console-form.ts). */
export function SignInFailure({ message }: { message: string | undefined }) {
  if (!message) return null;
  return (
    <p
      role="alert"
      tabIndex={-1}
      className="rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm font-medium text-red-800"
    >
      {message}
    </p>
  );
}

/** The step's one button: "Login", "Logging in..." while it is on its way. */
export function SignInButton({
  submitting,
  name,
  value,
}: {
  submitting: boolean;
  name?: string;
  value?: string;
}) {
  return (
    <button
      type="submit"
      name={name}
      value={value}
      disabled={submitting}
      className="w-full rounded-lg bg-brand-700 px-4 py-2.5 font-semibold text-white hover:bg-brand-800 disabled:cursor-wait disabled:opacity-70"
    >
      {submitting ? "Logging in..." : "Login"}
    </button>
  );
}

/**
 * The "Code" step: the password of `email` was right; a 6-digit code of the authenticator app, or
 * one of the recovery codes, signs in. "Start again" drops the waiting sign-in.
 */
export function CodeStepForm({
  email,
  lastResult,
}: {
  email: string;
  lastResult: SubmissionResult<string[]> | null | undefined;
}) {
  const { form, fields, submitting, guard } = useConsoleForm<{ code: string }>({
    id: "login-code",
    lastResult,
    intent: "code",
  });
  return (
    <>
      <Form id={form.id} method="post" noValidate replace onSubmit={guard} className="mt-6 space-y-5">
        <SignInFailure message={form.errors?.[0]} />
        <p className="text-sm text-gray-700">
          Two-step sign-in is on for <span className="font-semibold break-words text-gray-900">{email}</span>.
          Type the 6-digit code your authenticator app shows, or one of your recovery codes.
        </p>
        <input type="hidden" name="intent" value="code" />
        <SignInField
          id="code"
          label="Code"
          name={fields.code.name}
          type="text"
          // The one field of this step, right after the password.
          autoFocus
          autoComplete="one-time-code"
          autoCapitalize="none"
          spellCheck={false}
          maxLength={100}
          className="font-mono tracking-wider"
        />
        <SignInButton submitting={submitting} />
      </Form>
      <Form method="post" replace className="mt-4 text-center">
        <button
          type="submit"
          name="intent"
          value="start-again"
          className="text-sm font-semibold text-brand-700 underline hover:text-brand-800"
        >
          Start again
        </button>
      </Form>
    </>
  );
}
