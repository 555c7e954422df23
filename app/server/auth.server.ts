import { data, type RouterContextProvider, redirect } from "react-router";
import { requestContext } from "#app/context.ts";
import { hasRole, roleNeeded } from "#app/lib/roles.ts";
import type { SessionUser } from "#app/server/accounts/sessions.server.ts";

// Who may do what in the console (docs/decisions/0006 and 0015), checked on the server for every
// console loader and action. The role each console route needs is listed once, in
// app/lib/roles.ts (CONSOLE_ROLES), and enforced by the console layout's middleware.

/** The spec's answer to a signed-in account that may not do this. */
export const UNAUTHORIZED = "Unauthorized: Admins only.";

function forbidden(): never {
  throw data(UNAUTHORIZED, { status: 403 });
}

/**
 * The signed-in console user: signed out → /login; signed in without a console role → 403.
 * Routes call it for the user; the role their route needs was already checked (requireRouteRole).
 */
export function requireConsoleUser(context: Readonly<RouterContextProvider>): SessionUser {
  const { user } = context.get(requestContext);
  if (!user) throw redirect("/login");
  if (!user.role) forbidden();
  return user;
}

/**
 * The console's gate, for a request to the console route `pattern` (as React Router matched it,
 * e.g. "admin/users"): the console user, with the role that route needs, or a redirect or 403.
 */
export function requireRouteRole(context: Readonly<RouterContextProvider>, pattern: string): SessionUser {
  const user = requireConsoleUser(context);
  if (!hasRole(user.role, roleNeeded(pattern))) forbidden();
  return user;
}

/** Who may delete from the Trash for good (docs/decisions/0015: admins, not editors). */
export function mayDeleteForever(user: SessionUser): boolean {
  return hasRole(user.role, "admin");
}
