// The login's steps beyond the form of app/routes/login.tsx: how a refused attempt answers (a wrong
// password or code, or the login limits), the "Code" step of two-step sign-in (a sign-in waiting
// for its code is not a session: app/server/accounts/two-step.server.ts), and the end of every sign-in.
import type { Submission, SubmissionResult } from "@conform-to/react";
import { data, type RouterContextProvider, redirect } from "react-router";
import { z } from "zod";
import { requestContext, services } from "#app/context.ts";
import { makeToast } from "#app/lib/toast.ts";
import {
  deviceCookie,
  LOGIN_LIMIT,
  type LoginOutcome,
  readDeviceToken,
  signInCode,
} from "#app/server/accounts/login-limits.server.ts";
import {
  addFlash,
  cookieAttributes,
  endSession,
  readCookie,
  sessionCookie,
  startSession,
} from "#app/server/accounts/sessions.server.ts";
import {
  endSignInStep,
  SIGN_IN_STEP_MINUTES,
  signInStep,
  spendCode,
  startSignInStep,
  WRONG_CODE,
} from "#app/server/accounts/two-step.server.ts";
import { findUser, type User } from "#app/server/accounts/users.server.ts";
import { noteActivity } from "#app/server/console/activity.server.ts";
import { actingAs, person } from "#app/server/console/actor.server.ts";
import { parseConsoleForm, UNKNOWN_REQUEST } from "#app/server/console/console-form.server.ts";
import { DomainError } from "#app/server/errors.server.ts";
import { log } from "#app/server/platform/log.server.ts";

type Context = Readonly<RouterContextProvider>;

/** The browser's token of a sign-in waiting for its code. */
const STEP_COOKIE = "cw_sign_in";
const TIMED_OUT = `The sign-in waited more than ${SIGN_IN_STEP_MINUTES} minutes for its code. Please sign in again.`;

function stepCookie(token: string, secure: boolean): string {
  return `${STEP_COOKIE}=${token}; ${cookieAttributes(secure)}; Max-Age=${SIGN_IN_STEP_MINUTES * 60}`;
}

function clearedStepCookie(secure: boolean): string {
  return `${STEP_COOKIE}=; ${cookieAttributes(secure)}; Max-Age=0`;
}

/** A refused login form, shown again with its message and the e-mail typed (never a password or code). */
export function refusedLogin(
  submission: Submission<unknown> | null,
  message: string,
  init: { status: number; headers?: Record<string, string> },
) {
  const result = submission
    ? submission.reply({ formErrors: [message], hideFields: ["password", "code"] })
    : ({ status: "error", error: { "": [message] } } satisfies SubmissionResult<string[]>);
  return data({ result }, init);
}

/**
 * A wrong password or code (`failed`: the step's message), or an attempt the login limits refused.
 * A burst of failures is in the Activity log once per window, when the limits start refusing.
 */
export async function refusedAttempt(
  context: Context,
  submission: Submission<unknown>,
  outcome: Extract<LoginOutcome, { status: "limited" | "failed" }>,
  failed: string,
) {
  if (outcome.status === "limited") {
    const wait = outcome.retryMinutes;
    const error = `Too many failed logins. Please try again in ${wait} minute${wait === 1 ? "" : "s"}.`;
    return refusedLogin(submission, error, { status: 429, headers: { "Retry-After": String(wait * 60) } });
  }
  // Logged without the e-mail, password or code: only that a login failed.
  log.info("login failed");
  const { db } = services(context);
  const stranger = {
    userId: null,
    label: "not signed in",
    address: context.get(requestContext).clientAddress,
  };
  const window = `${LOGIN_LIMIT.windowMinutes} minutes`;
  for (const item of outcome.limitReached ?? [])
    await actingAs(stranger, () =>
      noteActivity(db, {
        action: "user.sign-in-blocked",
        item,
        summary: `too many failed sign-ins; refused for up to ${window}`,
      }),
    );
  return refusedLogin(submission, failed, { status: 401 });
}

/**
 * The sign-in succeeded (the password, and the code when the account uses two-step sign-in): a
 * fresh session (any this browser had before ends), recorded in the Activity log; on to the console.
 */
export async function signedIn(
  context: Context,
  request: Request,
  user: User,
  deviceToken: string,
  how?: { summary: string; toast?: string },
) {
  const { db, config } = services(context);
  const { clientAddress, sessionId } = context.get(requestContext);
  await actingAs(person(user, clientAddress), () =>
    noteActivity(db, { action: "user.sign-in", item: `account ${user.email}`, summary: how?.summary }),
  );
  await endSession(db, sessionId);
  const session = await startSession(db, user.id, {
    userAgent: request.headers.get("User-Agent"),
    address: clientAddress,
  });
  if (how?.toast) await addFlash(db, session.id, makeToast("success", how.toast));
  const headers = new Headers();
  headers.append("Set-Cookie", sessionCookie(session.id, session.expires, config.https));
  headers.append("Set-Cookie", deviceCookie(deviceToken, config.https));
  return redirect("/admin", { headers });
}

/** The password was right and the account uses two-step sign-in: the login page asks for its code next. */
export async function askForCode(context: Context, user: User) {
  const { db, config } = services(context);
  const token = await startSignInStep(db, user.id);
  return redirect("/login", { status: 303, headers: { "Set-Cookie": stepCookie(token, config.https) } });
}

/** The account whose sign-in waits for its code in this browser, or null: the login page's step. */
export async function waitingForCode(context: Context, request: Request): Promise<{ email: string } | null> {
  const waiting = await signInStep(
    services(context).db,
    readCookie(request.headers.get("Cookie"), STEP_COOKIE),
  );
  return waiting ? { email: waiting.email } : null;
}

/** The "Code" step's form: a code (of the app, or a recovery code), or "Start again". */
const codeForm = z.discriminatedUnion(
  "intent",
  [
    z.object({
      intent: z.literal("code"),
      code: z.string({ error: WRONG_CODE }).trim().min(1, WRONG_CODE).max(100, WRONG_CODE),
    }),
    z.object({ intent: z.literal("start-again") }),
  ],
  { error: UNKNOWN_REQUEST },
);

/** Is this the "Code" step's form (rather than the password's)? */
export function isCodeStep(form: FormData): boolean {
  return form.has("intent");
}

/**
 * The "Code" step: a right code signs the waiting account in (and ends the wait); a wrong one counts
 * against the same login limits as a wrong password. Like the password step, its own flow rather
 * than the console's runner: one message for every refusal, and no session yet to toast in.
 */
export async function codeStepAction(context: Context, request: Request, form: FormData) {
  const { db, config } = services(context);
  const token = readCookie(request.headers.get("Cookie"), STEP_COOKIE);
  let submission: ReturnType<typeof parseConsoleForm<typeof codeForm>>;
  try {
    submission = parseConsoleForm(form, codeForm);
  } catch (err) {
    return refusedLogin(null, err instanceof DomainError ? err.message : UNKNOWN_REQUEST, { status: 400 });
  }
  const cleared = { "Set-Cookie": clearedStepCookie(config.https) };
  if (submission.status === "success" && submission.value.intent === "start-again") {
    await endSignInStep(db, token);
    return redirect("/login", { status: 303, headers: cleared });
  }
  const waiting = await signInStep(db, token);
  if (!waiting) return refusedLogin(null, TIMED_OUT, { status: 401, headers: cleared });
  if (submission.status !== "success" || submission.value.intent !== "code")
    return refusedLogin(submission, WRONG_CODE, { status: 400 });
  const { code } = submission.value;
  // Which kind of code it was (a recovery code is used up: the person is told).
  const kind: { used: Awaited<ReturnType<typeof spendCode>> } = { used: null };
  const outcome = await signInCode(
    db,
    {
      email: waiting.email,
      address: context.get(requestContext).clientAddress,
      deviceToken: readDeviceToken(request.headers.get("Cookie")),
    },
    async () => {
      kind.used = await spendCode(db, waiting.userId, code);
      return kind.used ? findUser(db, waiting.userId) : null;
    },
  );
  if (outcome.status === "limited" || outcome.status === "failed")
    return refusedAttempt(context, submission, outcome, WRONG_CODE);
  if (outcome.status !== "signed-in") return refusedLogin(submission, WRONG_CODE, { status: 400 });
  await endSignInStep(db, token);
  const response = await signedIn(
    context,
    request,
    outcome.user,
    outcome.deviceToken,
    kind.used === "recovery"
      ? {
          summary: "with a recovery code",
          toast:
            "You signed in with a recovery code, which now no longer works. My account shows how many are left.",
        }
      : { summary: "with a two-step code" },
  );
  response.headers.append("Set-Cookie", clearedStepCookie(config.https));
  return response;
}
