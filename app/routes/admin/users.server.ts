// The Users page's loader data and actions (app/routes/admin/users.tsx, admins only: app/lib/roles.ts):
// the accounts with their role, last sign-in and status; "Invite user"; and each row's role change,
// "Reset password" and "Deactivate"/"Reactivate" (the account module keeps an active admin).
import type { RouterContextProvider } from "react-router";
import { z } from "zod";
import { services } from "#app/context.ts";
import { formatIndiaDateTime } from "#app/lib/dates.ts";
import { addressId, recordId } from "#app/lib/form-fields.ts";
import { readListQuery } from "#app/lib/list-query.ts";
import { ROLE_WORDS, ROLES, type Role } from "#app/lib/roles.ts";
import { makeToast } from "#app/lib/toast.ts";
import {
  PASSWORD_LINK_HOURS,
  type ShownLink,
  USERS_LIST,
  type UsersPageQuery,
  usersHref,
} from "#app/lib/users-page.ts";
import {
  type IssuedLink,
  inviteUser,
  passwordLinkUrl,
  resetPassword,
} from "#app/server/accounts/password-links.server.ts";
import {
  resetTwoStep,
  setTwoStepRequired,
  twoStepRequired,
  usersWithTwoStep,
} from "#app/server/accounts/two-step.server.ts";
import {
  deactivateUser,
  EMAIL_RULE,
  findUser,
  listUsersPage,
  reactivateUser,
  setRole,
} from "#app/server/accounts/users.server.ts";
import { requireConsoleUser } from "#app/server/auth.server.ts";
import {
  consoleAction,
  sameList,
  UNKNOWN_REQUEST,
  type WriteDone,
} from "#app/server/console/console-form.server.ts";
import { DomainError, NotFoundError } from "#app/server/errors.server.ts";

type Context = Readonly<RouterContextProvider>;

/** The confirmations a row opens by the address: ?reset=ID, ?deactivate=ID. */
export const CONFIRMATIONS = ["reset", "deactivate", "two-step"] as const;
export type Confirmation = (typeof CONFIRMATIONS)[number];

const GONE = new NotFoundError("account").message;

/** One page of accounts, the person looking (who has no row actions on their own account), and an open confirmation. */
export async function usersPage(context: Context, url: URL) {
  const me = requireConsoleUser(context);
  const { db } = services(context);
  const params = url.searchParams;
  const query: UsersPageQuery = readListQuery(params, USERS_LIST);
  const asked = CONFIRMATIONS.map((kind) => ({ kind, id: addressId(params, kind) })).find(
    (c) => c.id !== null,
  );
  const [list, account] = await Promise.all([
    listUsersPage(db, { q: query.q, page: query.page }),
    asked?.id ? findUser(db, asked.id) : null,
  ]);
  const shown = { ...query, page: list.page };
  // Two-step sign-in: which rows use it (an admin may reset it), and whether admins must.
  const [twoStep, required] = await Promise.all([
    usersWithTwoStep(
      db,
      list.rows.map((u) => u.id),
    ),
    twoStepRequired(db),
  ]);
  return {
    query: shown,
    twoStepRequired: required,
    list: {
      ...list,
      rows: list.rows.map((u) => ({
        id: u.id,
        email: u.email,
        role: u.role,
        status: u.status,
        lastSignIn: u.lastSignInAt ? formatIndiaDateTime(u.lastSignInAt) : null,
        lastSignInAt: u.lastSignInAt,
        twoStep: twoStep.has(u.id),
      })),
    },
    myId: me.id,
    confirming: asked && account ? { kind: asked.kind, id: account.id, email: account.email } : null,
    // A confirmation opened from an old page may name an account that was removed meanwhile.
    notice: CONFIRMATIONS.some((kind) => params.has(kind)) && !account ? makeToast("error", GONE) : null,
    linkHours: PASSWORD_LINK_HOURS,
    /** Where the page's forms post and return to, so the same list page comes back. */
    listUrl: usersHref(shown),
  };
}

const NO_ACCOUNT =
  "The form did not say which account it is about, so nothing was changed. Reload the page and try again.";
const NO_ROLE = "Choose a role: Admin or Editor.";
const NO_EMAIL = "Enter the e-mail address of the person to invite.";

/** Every form of the page, one schema (docs/decisions/0004). */
const usersForm = z.discriminatedUnion(
  "intent",
  [
    z.object({
      intent: z.literal("invite"),
      email: z
        .string({ error: NO_EMAIL })
        .trim()
        .max(254, "This is longer than an e-mail address can be.")
        .regex(EMAIL_RULE, "This is not an e-mail address (name@example.com)."),
      role: z.enum(ROLES, { error: NO_ROLE }),
    }),
    z.object({
      intent: z.literal("role"),
      id: recordId(NO_ACCOUNT),
      role: z.enum(ROLES, { error: NO_ROLE }),
    }),
    z.object({
      intent: z.literal(["reset-password", "deactivate", "reactivate", "reset-two-step"]),
      id: recordId(NO_ACCOUNT),
    }),
    z.object({
      intent: z.literal("two-step-required"),
      required: z.enum(["yes", "no"], { error: UNKNOWN_REQUEST }),
    }),
  ],
  { error: UNKNOWN_REQUEST },
);
type UsersForm = z.output<typeof usersForm>;

const roleWord = (role: Role | null) => (role ? ROLE_WORDS[role].toLowerCase() : "no role");

/** What a new link's answer shows, this once: Activity never holds it. */
export type UsersShown = { link: ShownLink };

function shownLink(context: Context, kind: ShownLink["kind"], issued: IssuedLink): UsersShown {
  const { siteUrl } = services(context).config;
  const url = passwordLinkUrl(siteUrl, issued.token);
  return { link: { kind, email: issued.user.email, url, expires: formatIndiaDateTime(issued.expiresAt) } };
}

/** Reads a form of the page with its schema and makes its change; Activity never holds a link. */
export async function usersAction(context: Context, request: Request) {
  requireConsoleUser(context);
  const spec = {
    schema: usersForm,
    back: sameList(request, [...CONFIRMATIONS]),
    unread: "Nothing was changed.",
  };
  return consoleAction<typeof usersForm, UsersShown>(context, request, spec, (form) => ({
    failed: FAILED[form.intent],
    write: () => write(context, form),
  }));
}

/** Each form's write; a refusal (DomainError) is thrown to the runner. */
async function write(context: Context, form: UsersForm): Promise<WriteDone<UsersShown>> {
  const { db } = services(context);
  switch (form.intent) {
    case "invite": {
      const issued = await inviteUser(db, form.email, form.role);
      const what = {
        action: "user.invite",
        item: `account ${issued.user.email}`,
        summary: roleWord(form.role),
      };
      const message = `Invited ${issued.user.email}. Send them the link below.`;
      return { message, what, shown: shownLink(context, "invite", issued) };
    }
    case "reset-password": {
      const issued = await resetPassword(db, form.id);
      const item = `account ${issued.user.email}`;
      const what = { action: "user.reset-password", item, summary: "old password and sessions ended" };
      const message = `The password of ${issued.user.email} was reset. Send them the link below.`;
      return { message, what, shown: shownLink(context, "reset", issued) };
    }
    case "role": {
      const { before, after } = await setRole(db, form.id, form.role);
      const summary = `${roleWord(before.role)} → ${roleWord(after.role)}`;
      return {
        message: `${after.email} is now ${form.role === "admin" ? "an admin" : "an editor"}.`,
        what: { action: "user.role", item: `account ${after.email}`, summary },
      };
    }
    case "deactivate": {
      const user = await deactivateUser(db, form.id);
      return {
        message: `${user.email} is deactivated: signed out, and cannot sign in.`,
        what: { action: "user.deactivate", item: `account ${user.email}` },
      };
    }
    case "reset-two-step": {
      const user = await findUser(db, form.id);
      if (!user) throw new NotFoundError("account");
      // One's own is turned off in My account, with the password and a code.
      if (user.id === requireConsoleUser(context).id)
        throw new DomainError("Turn off your own two-step sign-in in My account.", { status: 409 });
      const had = await resetTwoStep(db, user.id);
      const summary = had ? "reset" : "was not on";
      return {
        message: had
          ? `Two-step sign-in of ${user.email} was reset: they sign in with their password, and may set it up again.`
          : `${user.email} had no two-step sign-in to reset.`,
        what: { action: "user.reset-two-step", item: `account ${user.email}`, summary },
      };
    }
    case "two-step-required": {
      const on = form.required === "yes";
      await setTwoStepRequired(db, on);
      return {
        message: on
          ? "Two-step sign-in is now required for admins."
          : "Two-step sign-in is no longer required for admins.",
        what: { action: "user.two-step-required", summary: on ? "required for admins" : "not required" },
      };
    }
    case "reactivate": {
      const user = await reactivateUser(db, form.id);
      return {
        message: `${user.email} can sign in again.`,
        what: { action: "user.reactivate", item: `account ${user.email}` },
      };
    }
  }
}

const FAILED: Record<UsersForm["intent"], string> = {
  invite: "Not invited.",
  "reset-password": "Password not reset.",
  role: "Role not changed.",
  deactivate: "Not deactivated.",
  reactivate: "Not reactivated.",
  "reset-two-step": "Two-step sign-in not reset.",
  "two-step-required": "Setting not changed.",
};
