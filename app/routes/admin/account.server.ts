// My account's loader data and actions (app/routes/admin/account.tsx): change password, one's
// sessions with "Sign out" (and "Sign out everywhere", which app/routes/logout.tsx does), and
// two-step sign-in: turn on (QR code, first code, recovery codes shown once) and turn off.
import { type RouterContextProvider, redirect } from "react-router";
import { z } from "zod";
import { requestContext, services } from "#app/context.ts";
import { changePassword } from "#app/server/accounts/my-account.server.ts";
import { commonPasswordsForHint } from "#app/server/accounts/password-policy.server.ts";
import {
  clearedSessionCookie,
  endSessionByKey,
  isSessionKey,
  listSessions,
} from "#app/server/accounts/sessions.server.ts";
import {
  confirmTwoStep,
  mustSetUpTwoStep,
  startTwoStep,
  turnOffTwoStep,
  twoStepState,
} from "#app/server/accounts/two-step.server.ts";
import { requireConsoleUser } from "#app/server/auth.server.ts";
import { noteActivity } from "#app/server/console/activity.server.ts";
import { consoleAction, type Outcome, UNKNOWN_REQUEST } from "#app/server/console/console-form.server.ts";
import { DomainError } from "#app/server/errors.server.ts";
import { qrCodeDataUrl } from "#app/server/platform/qr.server.ts";

type Context = Readonly<RouterContextProvider>;

export const ACCOUNT_PATH = "/admin/account";
/** The set-up step (QR code and first code) is shown at this address while it is under way. */
const SET_UP_PATH = `${ACCOUNT_PATH}?two-step=set-up`;

/** The secret as people copy it: groups of four ("ABCD EFGH …"); apps ignore the spaces. */
const inGroups = (secret: string) => secret.replace(/(.{4})(?=.)/g, "$1 ");

export async function accountPage(context: Context, request: Request) {
  const user = requireConsoleUser(context);
  const { db, config } = services(context);
  const asked = new URL(request.url).searchParams.get("two-step");
  const [sessions, twoStep, required] = await Promise.all([
    listSessions(db, user.id, context.get(requestContext).sessionId),
    twoStepState(db, user, config.siteName),
    mustSetUpTwoStep(db, user),
  ]);
  // The set-up is shown while it is asked for; left half-way, it starts afresh next time.
  const setUp =
    twoStep.status === "setting-up" && asked === "set-up"
      ? { secret: inGroups(twoStep.secret), qrCode: await qrCodeDataUrl(twoStep.uri, { keep: false }) }
      : null;
  return {
    email: user.email,
    sessions,
    twoStep:
      twoStep.status === "on"
        ? { on: true as const, since: twoStep.since, recoveryCodesLeft: twoStep.recoveryCodesLeft }
        : { on: false as const },
    setUp,
    required,
    /** The common passwords long enough to pass the length rule: the "New password" hint says so while typing. */
    commonPasswords: commonPasswordsForHint(),
  };
}

const CURRENT = "Type your current password.";
const NEW = "Type the new password.";
const CONFIRM = "Type the new password again.";
const NOT_SAME = "The two new passwords are not the same.";
const NO_SESSION = "The form did not say which session to sign out. Reload the page and try again.";
const CODE = "Type the 6-digit code your app shows.";
const PASSWORD = "Type your password.";

const secretText = (message: string) => z.string({ error: message }).min(1, message).max(1024, message);

/** Every form of the page, one schema (docs/decisions/0004). */
const accountForm = z.discriminatedUnion(
  "intent",
  [
    z
      .object({
        intent: z.literal("change-password"),
        current: secretText(CURRENT),
        password: secretText(NEW),
        confirm: secretText(CONFIRM),
      })
      .refine((form) => form.password === form.confirm, { message: NOT_SAME, path: ["confirm"] }),
    z.object({
      intent: z.literal("sign-out-session"),
      session: z.string({ error: NO_SESSION }).regex(/^[0-9a-f]{64}$/, NO_SESSION),
    }),
    z.object({ intent: z.literal("turn-on-two-step") }),
    z.object({
      intent: z.literal("confirm-two-step"),
      code: z.string({ error: CODE }).trim().min(1, CODE).max(100, CODE),
    }),
    z.object({
      intent: z.literal("turn-off-two-step"),
      password: secretText(PASSWORD),
      code: z.string({ error: CODE }).trim().min(1, CODE).max(100, CODE),
    }),
  ],
  { error: UNKNOWN_REQUEST },
);
type AccountForm = z.output<typeof accountForm>;

/** What the confirming code shows, this once: the recovery codes (never stored as text). */
export type AccountShown = { recoveryCodes: string[] };

export async function accountAction(context: Context, request: Request) {
  requireConsoleUser(context);
  const spec = { schema: accountForm, back: ACCOUNT_PATH, unread: "Nothing was changed." };
  return consoleAction<typeof accountForm, AccountShown>(context, request, spec, (form) => ({
    failed: FAILED[form.intent],
    write: () => write(context, form),
  }));
}

const FAILED: Record<AccountForm["intent"], string> = {
  "change-password": "Password not changed.",
  "sign-out-session": "Not signed out.",
  "turn-on-two-step": "Two-step sign-in not turned on.",
  "confirm-two-step": "Two-step sign-in not turned on.",
  "turn-off-two-step": "Two-step sign-in is still on.",
};

const sessions = (n: number) => `${n} ${n === 1 ? "session" : "sessions"}`;

/** Each form's write; a refusal (DomainError) is thrown to the runner. */
async function write(context: Context, form: AccountForm): Promise<Outcome<AccountShown>> {
  const user = requireConsoleUser(context);
  const { db, config } = services(context);
  const { sessionId } = context.get(requestContext);
  const item = `account ${user.email}`;
  switch (form.intent) {
    case "change-password": {
      const ended = await changePassword(db, user, form.current, form.password, sessionId);
      const others = ended > 0 ? ` ${sessions(ended)} on other devices ended.` : "";
      const summary = `other ${sessions(ended)} ended`;
      return { message: `Password changed.${others}`, what: { action: "account.password", item, summary } };
    }
    case "sign-out-session": {
      const session = (await listSessions(db, user.id, sessionId)).find((s) => s.key === form.session);
      if (!session || !(await endSessionByKey(db, user.id, form.session)))
        throw new DomainError("That session had already ended.", { status: 404 });
      const what = { action: "account.sign-out-session", item, summary: session.device };
      if (isSessionKey(sessionId, form.session)) {
        // This browser's own session: signed out here, as Logout does (no console page to toast on).
        await noteActivity(db, what);
        return redirect("/login", { headers: { "Set-Cookie": clearedSessionCookie(config.https) } });
      }
      return { message: `Signed out of ${session.device}.`, what };
    }
    case "turn-on-two-step":
      await startTwoStep(db, user.id);
      return {
        message: "Scan the QR code with your authenticator app, then type the code it shows.",
        what: { action: "account.two-step-set-up", item },
        to: SET_UP_PATH,
      };
    case "confirm-two-step": {
      const recoveryCodes = await confirmTwoStep(db, user.id, form.code);
      // Not a redirect: the recovery codes are in this one answer and nowhere else.
      const what = { action: "account.two-step-on", item };
      return { message: "Two-step sign-in is on.", what, shown: { recoveryCodes } };
    }
    case "turn-off-two-step":
      await turnOffTwoStep(db, user.id, form.password, form.code);
      return { message: "Two-step sign-in is off.", what: { action: "account.two-step-off", item } };
  }
}
