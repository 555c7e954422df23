import type { Submission, SubmissionResult } from "@conform-to/react";
import { data, Form, redirect } from "react-router";
import { z } from "zod";
import { useConsoleForm } from "#app/components/admin/console-form.ts";
import { requestContext, services } from "#app/context.ts";
import { parseConsoleForm, readConsoleForm } from "#app/server/console-form.server.ts";
import { DomainError } from "#app/server/errors.server.ts";
import { deviceCookie, readDeviceToken, signIn } from "#app/server/login-limits.server.ts";
import { endSession, sessionCookie, startSession } from "#app/server/sessions.server.ts";
import { EMAIL_RULE } from "#app/server/users.server.ts";
import type { Route } from "./+types/login";

export const LOGIN_FAILED = "Invalid email or password.";

export function meta({ matches }: Route.MetaArgs) {
  const site = matches[0]?.loaderData?.siteName ?? "ChapterWise";
  return [{ title: `Admin Login | ${site}` }, { name: "robots", content: "noindex, nofollow" }];
}

// The action's own headers (Retry-After on a 429) reach a document response only through here.
export function headers({ actionHeaders }: Route.HeadersArgs) {
  return actionHeaders;
}

export function loader({ context }: Route.LoaderArgs) {
  const { user } = context.get(requestContext);
  if (user?.isAdmin) throw redirect("/admin");
  return null;
}

/**
 * The login form's one schema. Any failure, whatever its cause, shows the one message of the spec
 * (a refused form does not say which field was wrong); a form that is not filled in is refused
 * before any password is checked, so it never counts against the login limits.
 */
const loginForm = z.object({
  email: z.string({ error: LOGIN_FAILED }).trim().max(320, LOGIN_FAILED).regex(EMAIL_RULE, LOGIN_FAILED),
  password: z.string({ error: LOGIN_FAILED }).max(1024, LOGIN_FAILED),
});

/** The refused form, shown again with its message and the e-mail typed (never the password). */
function refusedLogin(
  submission: Submission<unknown> | null,
  message: string,
  init: { status: number; headers?: Record<string, string> },
) {
  const result = submission
    ? submission.reply({ formErrors: [message], hideFields: ["password"] })
    : ({ status: "error", error: { "": [message] } } satisfies SubmissionResult<string[]>);
  return data({ result }, init);
}

export async function action({ request, context }: Route.ActionArgs) {
  const { db, config } = services(context);
  let submission: ReturnType<typeof parseConsoleForm<typeof loginForm>>;
  try {
    submission = parseConsoleForm(await readConsoleForm(request), loginForm);
  } catch (err) {
    const refusal = err instanceof DomainError ? err : new DomainError(LOGIN_FAILED);
    return refusedLogin(null, refusal.message, { status: refusal.status });
  }
  if (submission.status !== "success") return refusedLogin(submission, LOGIN_FAILED, { status: 400 });
  const { email, password } = submission.value;
  const { clientAddress, sessionId } = context.get(requestContext);
  const deviceToken = readDeviceToken(request.headers.get("Cookie"));
  // Counted before the password is checked (docs/decisions/0006, "Login limits").
  const outcome = await signIn(db, { email, password, address: clientAddress, deviceToken });
  if (outcome.status === "limited") {
    const wait = outcome.retryMinutes;
    const error = `Too many failed logins. Please try again in ${wait} minute${wait === 1 ? "" : "s"}.`;
    return refusedLogin(submission, error, { status: 429, headers: { "Retry-After": String(wait * 60) } });
  }
  if (outcome.status === "failed") {
    // Logged without the e-mail or password: only that a login failed.
    console.log("login failed");
    return refusedLogin(submission, LOGIN_FAILED, { status: 401 });
  }
  // A fresh session id at every login; any session this browser had before ends.
  await endSession(db, sessionId);
  const session = await startSession(db, outcome.user.id);
  const headers = new Headers();
  headers.append("Set-Cookie", sessionCookie(session.id, session.expires, config.https));
  headers.append("Set-Cookie", deviceCookie(outcome.deviceToken, config.https));
  return redirect("/admin", { headers });
}

export default function Login({ actionData }: Route.ComponentProps) {
  const { form, fields, submitting, guard } = useConsoleForm<{ email: string; password: string }>({
    id: "login",
    lastResult: actionData?.result,
  });
  const failure = form.errors?.[0];
  return (
    <main className="flex min-h-screen items-center justify-center bg-gray-50 px-4 py-12">
      <div className="w-full max-w-[400px] rounded-2xl border border-gray-200 bg-white p-6 shadow-sm sm:p-8">
        <h1 className="text-center text-2xl font-bold text-gray-900">Admin Login</h1>
        <Form id={form.id} method="post" noValidate replace onSubmit={guard} className="mt-6 space-y-5">
          {failure ? (
            <p
              role="alert"
              tabIndex={-1}
              className="rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm font-medium text-red-800"
            >
              {failure}
            </p>
          ) : null}
          <div>
            <label htmlFor="email" className="block text-sm font-semibold text-gray-800">
              Email
            </label>
            <input
              id="email"
              name={fields.email.name}
              type="email"
              required
              autoComplete="username"
              defaultValue={fields.email.initialValue ?? ""}
              className="mt-1.5 block w-full rounded-lg border border-gray-300 px-3 py-2.5 text-base focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-100"
            />
          </div>
          <div>
            <label htmlFor="password" className="block text-sm font-semibold text-gray-800">
              Password
            </label>
            <input
              id="password"
              name={fields.password.name}
              type="password"
              required
              autoComplete="current-password"
              className="mt-1.5 block w-full rounded-lg border border-gray-300 px-3 py-2.5 text-base focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-100"
            />
          </div>
          <button
            type="submit"
            disabled={submitting}
            className="w-full rounded-lg bg-brand-700 px-4 py-2.5 font-semibold text-white hover:bg-brand-800 disabled:cursor-wait disabled:opacity-70"
          >
            {submitting ? "Logging in..." : "Login"}
          </button>
        </Form>
      </div>
    </main>
  );
}
