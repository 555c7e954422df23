import type { ShouldRevalidateFunctionArgs } from "react-router";
import { TwoStepRequirement } from "#app/components/admin/account/two-step-admin.tsx";
import { ConfirmDeleteDialog, consoleMeta } from "#app/components/admin/console-kit.tsx";
import { InviteForm, PasswordLink } from "#app/components/admin/users/invite-form.tsx";
import { UserList } from "#app/components/admin/users/user-list.tsx";
import { type Confirmation, usersAction, usersPage } from "#app/routes/admin/users.server.ts";
import type { Route } from "./+types/users";

export function meta({ matches }: Route.MetaArgs) {
  return consoleMeta(matches, "Users");
}

// Admins only: app/lib/roles.ts (the console layout enforces it for the loader and every action).
export async function loader({ request, context }: Route.LoaderArgs) {
  return usersPage(context, new URL(request.url));
}

export async function action({ request, context }: Route.ActionArgs) {
  return usersAction(context, request);
}

/** After a refused form too the list is read again (another admin may have changed it). */
export function shouldRevalidate({ formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return formMethod?.toUpperCase() === "POST" ? true : defaultShouldRevalidate;
}

export default function Users({ loaderData, actionData }: Route.ComponentProps) {
  const { query, list, myId, confirming, linkHours, listUrl, twoStepRequired } = loaderData;
  const link = actionData?.shown?.link ?? null;
  // A new link's answer is a write that succeeded: the invite form starts afresh.
  const lastResult = link ? null : (actionData?.result ?? null);
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold text-gray-900">Users</h1>
        <p className="mt-1 max-w-2xl text-sm text-gray-600">
          Who can use the console. Admins can do everything; editors all content work, but not Users, Activity
          or deleting from the Trash for good.
        </p>
      </div>
      {link ? <PasswordLink link={link} linkHours={linkHours} /> : null}
      <InviteForm action={listUrl} lastResult={lastResult} linkHours={linkHours} />
      <TwoStepRequirement required={twoStepRequired} action={listUrl} />
      <section aria-labelledby="users-heading">
        <h2 id="users-heading" className="sr-only">
          Accounts
        </h2>
        <UserList query={query} list={list} myId={myId} listUrl={listUrl} />
      </section>
      {confirming ? <ConfirmDialog listUrl={listUrl} linkHours={linkHours} {...confirming} /> : null}
    </div>
  );
}

const DIALOGS: Record<
  Confirmation,
  { intent: string; title: (email: string) => string; confirm: string; text: (hours: number) => string }
> = {
  reset: {
    intent: "reset-password",
    title: (email) => `Reset the password of ${email}?`,
    confirm: "Reset password",
    text: (hours) =>
      `Their password stops working and they are signed out everywhere. You get a new one-time link to send them (valid ${hours} hours).`,
  },
  "two-step": {
    intent: "reset-two-step",
    title: (email) => `Reset the two-step sign-in of ${email}?`,
    confirm: "Reset two-step sign-in",
    text: () =>
      "For someone who lost their phone and recovery codes: they sign in with their password alone until they set it up again in My account.",
  },
  deactivate: {
    intent: "deactivate",
    title: (email) => `Deactivate ${email}?`,
    confirm: "Deactivate",
    text: () =>
      "They are signed out at once and cannot sign in until the account is reactivated. What they wrote stays.",
  },
};

/** A row's confirmation, opened by the address (?reset=ID, ?deactivate=ID), so it works without JavaScript. */
function ConfirmDialog({
  kind,
  id,
  email,
  listUrl,
  linkHours,
}: {
  kind: Confirmation;
  id: number;
  email: string;
  listUrl: string;
  linkHours: number;
}) {
  const dialog = DIALOGS[kind];
  return (
    <ConfirmDeleteDialog
      screen={listUrl}
      fields={{ id }}
      title={dialog.title(email)}
      description={<p>{dialog.text(linkHours)}</p>}
      confirmLabel={dialog.confirm}
      intent={dialog.intent}
    />
  );
}
