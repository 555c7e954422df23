import type { SubmissionResult } from "@conform-to/react";
import { Form, redirect } from "react-router";
import { z } from "zod";
import { useConsoleForm } from "#app/components/admin/console-form.ts";
import {
  CodeStepForm,
  SignInButton,
  SignInCard,
  SignInFailure,
  SignInField,
} from "#app/components/sign-in/sign-in-parts.tsx";
import { requestContext, services } from "#app/context.ts";
import {
  askForCode,
  codeStepAction,
  isCodeStep,
  refusedAttempt,
  refusedLogin,
  signedIn,
  waitingForCode,
} from "#app/routes/login.server.ts";
import { readDeviceToken, signIn } from "#app/server/accounts/login-limits.server.ts";
import { usesTwoStep } from "#app/server/accounts/two-step.server.ts";
import { EMAIL_RULE } from "#app/server/accounts/users.server.ts";
import { parseConsoleForm, readConsoleForm } from "#app/server/console/console-form.server.ts";
import { DomainError } from "#app/server/errors.server.ts";
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

export async function loader({ request, context }: Route.LoaderArgs) {
  const { user } = context.get(requestContext);
  if (user?.role) throw redirect("/admin");
  // After a right password, an account that uses two-step sign-in is asked for its code.
  return { codeFor: (await waitingForCode(context, request))?.email ?? null };
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

/**
 * Not the console's runner (consoleAction): a refused sign-in says one message whatever was wrong,
 * never sends a password back, counts against the login limits, and has no session to leave a
 * toast in nor an Activity line of its own until someone is signed in.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { db } = services(context);
  let submission: ReturnType<typeof parseConsoleForm<typeof loginForm>>;
  try {
    const form = await readConsoleForm(request);
    if (isCodeStep(form)) return await codeStepAction(context, request, form);
    submission = parseConsoleForm(form, loginForm);
  } catch (err) {
    const refusal = err instanceof DomainError ? err : new DomainError(LOGIN_FAILED);
    return refusedLogin(null, refusal.message, { status: refusal.status });
  }
  if (submission.status !== "success") return refusedLogin(submission, LOGIN_FAILED, { status: 400 });
  const { email, password } = submission.value;
  const { clientAddress } = context.get(requestContext);
  const deviceToken = readDeviceToken(request.headers.get("Cookie"));
  // Counted before the password is checked (docs/decisions/0006, "Login limits").
  const outcome = await signIn(db, {
    email,
    password,
    address: clientAddress,
    deviceToken,
    secondStep: (user) => usesTwoStep(db, user.id),
  });
  if (outcome.status === "limited" || outcome.status === "failed")
    return refusedAttempt(context, submission, outcome, LOGIN_FAILED);
  if (outcome.status === "second-step") return askForCode(context, outcome.user);
  return signedIn(context, request, outcome.user, outcome.deviceToken);
}

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <SignInCard>
      {loaderData.codeFor ? (
        <CodeStepForm email={loaderData.codeFor} lastResult={actionData?.result} />
      ) : (
        <PasswordForm lastResult={actionData?.result} />
      )}
    </SignInCard>
  );
}

function PasswordForm({ lastResult }: { lastResult: SubmissionResult<string[]> | undefined }) {
  const { form, fields, submitting, guard } = useConsoleForm<{ email: string; password: string }>({
    id: "login",
    lastResult,
  });
  return (
    <Form id={form.id} method="post" noValidate replace onSubmit={guard} className="mt-6 space-y-5">
      <SignInFailure message={form.errors?.[0]} />
      <SignInField
        id="email"
        label="Email"
        name={fields.email.name}
        type="email"
        autoComplete="username"
        defaultValue={fields.email.initialValue ?? ""}
      />
      <SignInField
        id="password"
        label="Password"
        name={fields.password.name}
        type="password"
        autoComplete="current-password"
      />
      <SignInButton submitting={submitting} />
    </Form>
  );
}
