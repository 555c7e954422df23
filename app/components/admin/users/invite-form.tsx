import type { SubmissionResult } from "@conform-to/react";
import { useState } from "react";
import { Form } from "react-router";
import { useHydrated } from "#app/components/admin/chapter-form/use-hydrated.ts";
import { useConsoleForm } from "#app/components/admin/console-form.ts";
import { buttonClass } from "#app/components/admin/console-kit.tsx";
import { Field, inputClass } from "#app/components/field.tsx";
import { ROLE_WORDS, ROLES } from "#app/lib/roles.ts";
import type { ShownLink } from "#app/lib/users-page.ts";

// "Invite user" (README, The console) and the one-time link it (or "Reset password") gives back.

/** "Invite user": Email and Role, then a pending account and its link to set a password. */
export function InviteForm({
  action,
  lastResult,
  linkHours,
}: {
  action: string;
  lastResult?: SubmissionResult<string[]> | null;
  linkHours: number;
}) {
  const { form, fields, submitting, guard, key } = useConsoleForm<{ email: string; role: string }>({
    id: "invite-user",
    lastResult,
    intent: "invite",
    // Most people invited write content; making an admin is a choice.
    defaultValue: { role: "editor" },
  });
  return (
    <section
      aria-labelledby="invite-heading"
      className="rounded-2xl border border-gray-200 bg-white p-4 shadow-sm sm:p-6"
    >
      <h2 id="invite-heading" className="text-lg font-bold text-gray-900">
        Invite user
      </h2>
      <p className="mt-1 text-sm text-gray-600">
        Makes an account and a one-time link for the person to set their password (valid {linkHours} hours).
        There is no e-mail: you send them the link.
      </p>
      <Form
        key={key}
        id={form.id}
        method="post"
        action={action}
        noValidate
        preventScrollReset
        onSubmit={guard}
        className="mt-4 flex flex-wrap items-start gap-4"
      >
        <Field label="Email" error={fields.email.errors?.[0]} className="min-w-0 flex-1 basis-64">
          {(control) => (
            <input
              {...control}
              name={fields.email.name}
              type="email"
              autoComplete="off"
              defaultValue={fields.email.initialValue ?? ""}
              className={inputClass}
            />
          )}
        </Field>
        <Field label="Role" error={fields.role.errors?.[0]} className="w-full sm:w-40">
          {(control) => (
            <select
              {...control}
              name={fields.role.name}
              defaultValue={fields.role.initialValue}
              className={`${inputClass} min-h-[2.625rem]`}
            >
              {ROLES.map((role) => (
                <option key={role} value={role}>
                  {ROLE_WORDS[role]}
                </option>
              ))}
            </select>
          )}
        </Field>
        <button
          type="submit"
          name="intent"
          value="invite"
          disabled={submitting}
          className={`${buttonClass("primary")} min-w-28 sm:mt-6`}
        >
          {submitting ? "Inviting..." : "Invite"}
        </button>
      </Form>
    </section>
  );
}

/**
 * The one-time link just made, as text (selectable without JavaScript) with "Copy link". It is in
 * this answer only: leaving the page loses it (a new one can always be made with Reset password).
 */
export function PasswordLink({ link, linkHours }: { link: ShownLink; linkHours: number }) {
  return (
    <section
      aria-labelledby="password-link-heading"
      className="rounded-2xl border border-green-200 bg-green-50 p-4 shadow-sm sm:p-6"
    >
      <h2 id="password-link-heading" className="text-lg font-bold text-green-950">
        {link.kind === "invite" ? "Invitation ready" : "New password link ready"}
      </h2>
      <p className="mt-1 text-sm text-green-950">
        Send this one-time link to <strong className="break-all">{link.email}</strong>. It sets their password
        once, within {linkHours} hours (until {link.expires}). It is shown only now: copy it before you leave
        this page.
      </p>
      <div className="mt-3 flex flex-wrap items-center gap-3">
        <code
          id="password-link"
          className="min-w-0 flex-1 basis-72 rounded-lg border border-green-300 bg-white px-3 py-2 font-mono text-sm break-all text-gray-900 select-all"
        >
          {link.url}
        </code>
        <CopyButton text={link.url} />
      </div>
    </section>
  );
}

/** "Copy link": only with JavaScript (without it the link is selected by a click and copied by hand). */
function CopyButton({ text }: { text: string }) {
  const hydrated = useHydrated();
  const [copied, setCopied] = useState<boolean | null>(null);
  if (!hydrated) return null;
  const copy = () =>
    navigator.clipboard?.writeText(text).then(
      () => setCopied(true),
      () => setCopied(false),
    ) ?? setCopied(false);
  return (
    <div className="flex items-center gap-2">
      <button type="button" onClick={copy} className={buttonClass("primary")}>
        Copy link
      </button>
      <span role="status" className="text-sm font-medium text-green-900">
        {copied === true ? "Copied." : copied === false ? "Could not copy: select the link and copy it." : ""}
      </span>
    </div>
  );
}
