import type { SubmissionResult } from "@conform-to/react";
import { data, Form, Link, redirect } from "react-router";
import { z } from "zod";
import { useConsoleForm } from "#app/components/admin/console-form.ts";
import { NewPasswordFields } from "#app/components/password-fields.tsx";
import { requestContext, services } from "#app/context.ts";
import {
  LINK_REFUSALS,
  passwordLinkState,
  setPasswordFromLink,
} from "#app/server/accounts/password-links.server.ts";
import { commonPasswordsForHint } from "#app/server/accounts/password-policy.server.ts";
import { endSession, sessionCookie, startSession } from "#app/server/accounts/sessions.server.ts";
import { noteActivity } from "#app/server/console/activity.server.ts";
import { actingAs, person } from "#app/server/console/actor.server.ts";
import { parseConsoleForm, readConsoleForm } from "#app/server/console/console-form.server.ts";
import { DomainError } from "#app/server/errors.server.ts";
import type { Route } from "./+types/set-password";

// The page of a one-time link to set a password (docs/decisions/0015; app/server/accounts/password-links.server.ts):
// "New password", "Confirm password", "Set password", then signed in and sent to the console. A link
// that no longer works says why, with a 410. The address holds a secret: it is private (never stored,
// never cached: app/server/platform/page-key.server.ts) and the request log shows its pattern only.

export function meta({ matches }: Route.MetaArgs) {
  const site = matches[0]?.loaderData?.siteName ?? "ChapterWise";
  return [{ title: `Set your password | ${site}` }, { name: "robots", content: "noindex, nofollow" }];
}

export async function loader({ params, context }: Route.LoaderArgs) {
  const state = await passwordLinkState(services(context).db, params.token);
  if (state.status !== "valid")
    return data({ refusal: LINK_REFUSALS[state.status], email: "", common: [] as string[] }, { status: 410 });
  return { refusal: null, email: state.email, common: commonPasswordsForHint() };
}

/** A password is capped far above the rules' 128 characters, so the rule's own message is shown. */
const LONGEST_SENT = 1024;

const setPasswordForm = z
  .object({
    password: z
      .string({ error: "Enter a new password." })
      .max(LONGEST_SENT, "This is far longer than a password can be."),
    confirm: z
      .string({ error: "Type the new password again." })
      .max(LONGEST_SENT, "This is far longer than a password can be."),
  })
  .refine((form) => form.password === form.confirm, {
    path: ["confirm"],
    message: "The two passwords are not the same. Type them again.",
  });

type Reply = { result: SubmissionResult<string[]>; gone?: boolean };

/** Passwords are never sent back to the page, not even a refused one. */
const HIDDEN = ["password", "confirm"];

/**
 * Not the console's runner (consoleAction): the person is not signed in yet, so there is no session
 * for a toast, the passwords are never sent back, and a link that stopped working says so (410).
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const { db, config } = services(context);
  let submission: ReturnType<typeof parseConsoleForm<typeof setPasswordForm>>;
  try {
    submission = parseConsoleForm(await readConsoleForm(request), setPasswordForm);
  } catch (err) {
    const refusal = err instanceof DomainError ? err : new DomainError("The form could not be read.");
    return data<Reply>(
      { result: { status: "error", error: { "": [refusal.message] } } },
      { status: refusal.status },
    );
  }
  if (submission.status !== "success")
    return data<Reply>({ result: submission.reply({ hideFields: HIDDEN }) }, { status: 400 });
  let user: Awaited<ReturnType<typeof setPasswordFromLink>>;
  try {
    user = await setPasswordFromLink(db, params.token, submission.value.password);
  } catch (err) {
    if (!(err instanceof DomainError)) throw err;
    const gone = err.status === 410;
    const result = gone
      ? submission.reply({ formErrors: [err.message], hideFields: HIDDEN })
      : submission.reply({ fieldErrors: { password: [err.message] }, hideFields: HIDDEN });
    return data<Reply>({ result, gone }, { status: err.status });
  }
  const { clientAddress, sessionId } = context.get(requestContext);
  await actingAs(person(user, clientAddress), () =>
    noteActivity(db, { action: "user.set-password", item: `account ${user.email}` }),
  );
  // Signed in as at a login: a fresh session, and any session this browser had before ends.
  await endSession(db, sessionId);
  const session = await startSession(db, user.id, {
    userAgent: request.headers.get("User-Agent"),
    address: clientAddress,
  });
  return redirect("/admin", {
    headers: { "Set-Cookie": sessionCookie(session.id, session.expires, config.https) },
  });
}

export default function SetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const { form, fields, submitting, guard } = useConsoleForm<{ password: string; confirm: string }>({
    id: "set-password",
    lastResult: actionData?.result,
  });
  const refusal = loaderData.refusal ?? (actionData?.gone ? form.errors?.[0] : null);
  return (
    <main className="flex min-h-screen items-center justify-center bg-gray-50 px-4 py-12">
      <div className="w-full max-w-[440px] rounded-2xl border border-gray-200 bg-white p-6 shadow-sm sm:p-8">
        {refusal ? (
          <>
            <h1 className="text-center text-2xl font-bold text-gray-900">This link does not work</h1>
            <p
              role="alert"
              className="mt-4 rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-950"
            >
              {refusal}
            </p>
            <p className="mt-6 text-center text-sm">
              <Link to="/login" className="font-semibold text-brand-700 underline">
                Go to the login page
              </Link>
            </p>
          </>
        ) : (
          <>
            <h1 className="text-center text-2xl font-bold text-gray-900">Set your password</h1>
            <p className="mt-2 text-center text-sm break-all text-gray-600">
              For <strong className="text-gray-900">{loaderData.email}</strong>
            </p>
            <Form id={form.id} method="post" noValidate replace onSubmit={guard} className="mt-6 space-y-5">
              {form.errors?.[0] ? (
                <p
                  role="alert"
                  tabIndex={-1}
                  className="rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm font-medium text-red-800"
                >
                  {form.errors[0]}
                </p>
              ) : null}
              {/* For password managers: the account the new password belongs to. */}
              <input type="hidden" name="username" autoComplete="username" value={loaderData.email} />
              <NewPasswordFields
                email={loaderData.email}
                common={loaderData.common}
                password={{ name: fields.password.name, errors: fields.password.errors }}
                confirm={{ name: fields.confirm.name, errors: fields.confirm.errors }}
              />
              <button
                type="submit"
                disabled={submitting}
                className="w-full rounded-lg bg-brand-700 px-4 py-2.5 font-semibold text-white hover:bg-brand-800 disabled:cursor-wait disabled:opacity-70"
              >
                {submitting ? "Setting..." : "Set password"}
              </button>
            </Form>
          </>
        )}
      </div>
    </main>
  );
}
