import { redirect } from "react-router";
import { requestContext, services } from "#app/context.ts";
import { clearedSessionCookie, endSession } from "#app/server/sessions.server.ts";
import type { Route } from "./+types/logout";

/** Logout ends the session on the server, not only in the browser, then goes home. */
export async function action({ context }: Route.ActionArgs) {
  const { db, config } = services(context);
  await endSession(db, context.get(requestContext).sessionId);
  return redirect("/", { headers: { "Set-Cookie": clearedSessionCookie(config.https) } });
}

export function loader() {
  return redirect("/");
}
