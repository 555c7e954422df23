import { redirect } from "react-router";
import { requestContext, services } from "#app/context.ts";
import { clearedSessionCookie, endSession, endSessionsOfUser } from "#app/server/accounts/sessions.server.ts";
import { noteActivity } from "#app/server/console/activity.server.ts";
import { actingAs, person } from "#app/server/console/actor.server.ts";
import { readFormData } from "#app/server/console/form-data.server.ts";
import type { Route } from "./+types/logout";

/**
 * Logout ends the session on the server, not only in the browser, then goes home. My account's
 * "Sign out everywhere" (intent `sign-out-everywhere`) ends every session of the account, then
 * goes to the login page.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { db, config } = services(context);
  const { user, sessionId, clientAddress } = context.get(requestContext);
  const form = await readFormData(request, 10_000).catch(() => null);
  if (user && form?.get("intent") === "sign-out-everywhere") {
    const ended = await endSessionsOfUser(db, user.id);
    await actingAs(person(user, clientAddress), () =>
      noteActivity(db, {
        action: "account.sign-out-everywhere",
        item: `account ${user.email}`,
        summary: `${ended} ${ended === 1 ? "session" : "sessions"} ended`,
      }),
    );
    return redirect("/login", { headers: { "Set-Cookie": clearedSessionCookie(config.https) } });
  }
  if (user)
    await actingAs(person(user, clientAddress), () =>
      noteActivity(db, { action: "user.sign-out", item: `account ${user.email}` }),
    );
  await endSession(db, sessionId);
  return redirect("/", { headers: { "Set-Cookie": clearedSessionCookie(config.https) } });
}

export function loader() {
  return redirect("/");
}
