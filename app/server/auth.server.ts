import { data, type RouterContextProvider, redirect } from "react-router";
import { requestContext } from "#app/context.ts";
import type { SessionUser } from "#app/server/sessions.server.ts";

/**
 * The console's gate, run on the server for every console loader and action:
 * signed out → /login; signed in without the admin flag → 403.
 */
export function requireAdmin(context: Readonly<RouterContextProvider>): SessionUser {
  const { user } = context.get(requestContext);
  if (!user) throw redirect("/login");
  if (!user.isAdmin) throw data("Unauthorized: Admins only.", { status: 403 });
  return user;
}
