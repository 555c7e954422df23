import type { ShouldRevalidateFunctionArgs } from "react-router";
import { AccountSection } from "#app/components/admin/account/account-section.tsx";
import { ChangePasswordForm } from "#app/components/admin/account/password-form.tsx";
import { SessionList } from "#app/components/admin/account/session-list.tsx";
import {
  RecoveryCodes,
  SetUpStep,
  TurnOffForm,
  TurnOnForm,
} from "#app/components/admin/account/two-step.tsx";
import { consoleMeta } from "#app/components/admin/console-kit.tsx";
import { accountAction, accountPage } from "#app/routes/admin/account.server.ts";
import { requireConsoleUser } from "#app/server/auth.server.ts";
import type { Route } from "./+types/account";

export function meta({ matches }: Route.MetaArgs) {
  return consoleMeta(matches, "My account");
}

export async function loader({ request, context }: Route.LoaderArgs) {
  requireConsoleUser(context);
  return accountPage(context, request);
}

export async function action({ request, context }: Route.ActionArgs) {
  requireConsoleUser(context);
  return accountAction(context, request);
}

/** After every form the page is read again (a refused code keeps the same set-up). */
export function shouldRevalidate({ formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return formMethod?.toUpperCase() === "POST" ? true : defaultShouldRevalidate;
}

export default function MyAccount({ loaderData, actionData }: Route.ComponentProps) {
  const { email, sessions, twoStep, setUp, required, commonPasswords } = loaderData;
  // A refused form's reply, or the confirming code's: the recovery codes, shown this once.
  const reply = actionData?.result;
  const recoveryCodes = actionData?.shown?.recoveryCodes;
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold text-gray-900">My account</h1>
        <p className="mt-1 text-sm break-words text-gray-600">Signed in as {email}</p>
      </div>

      <AccountSection
        id="two-step"
        title="Two-step sign-in"
        intro={
          required && !twoStep.on ? (
            <p role="alert" className="font-semibold text-red-800">
              Two-step sign-in is required for admin accounts. Turn it on to go on using the console.
            </p>
          ) : (
            "After your password, sign-in asks for a code from an app on your phone: a stolen password alone is not enough."
          )
        }
      >
        {recoveryCodes ? <RecoveryCodes codes={recoveryCodes} /> : null}
        {twoStep.on ? (
          <div className={recoveryCodes ? "mt-6" : undefined}>
            <TurnOffForm
              since={twoStep.since}
              recoveryCodesLeft={twoStep.recoveryCodesLeft}
              lastResult={reply}
            />
          </div>
        ) : setUp ? (
          <SetUpStep qrCode={setUp.qrCode} secret={setUp.secret} lastResult={reply} />
        ) : (
          <TurnOnForm />
        )}
      </AccountSection>

      <AccountSection
        id="password"
        title="Change password"
        intro="At least 12 characters; spaces and any letters are fine. Your other sessions end; this one stays."
      >
        <ChangePasswordForm email={email} commonPasswords={commonPasswords} lastResult={reply} />
      </AccountSection>

      <AccountSection
        id="sessions"
        title="Where you are signed in"
        intro="Your sessions that have not ended."
      >
        <SessionList sessions={sessions} />
      </AccountSection>
    </div>
  );
}
