import { data, Form, redirect, useNavigation } from "react-router";
import { requestContext, services } from "#app/context.ts";
import { DomainError } from "#app/server/errors.server.ts";
import { readFormData } from "#app/server/form-data.server.ts";
import { deviceCookie, readDeviceToken, signIn } from "#app/server/login-limits.server.ts";
import { endSession, sessionCookie, startSession } from "#app/server/sessions.server.ts";
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

export function loader({ context }: Route.LoaderArgs) {
  const { user } = context.get(requestContext);
  if (user?.isAdmin) throw redirect("/admin");
  return null;
}

export async function action({ request, context }: Route.ActionArgs) {
  const { db, config } = services(context);
  let form: FormData;
  try {
    form = await readFormData(request);
  } catch (err) {
    const error = err instanceof DomainError ? err.message : LOGIN_FAILED;
    return data({ error, email: "" }, { status: err instanceof DomainError ? err.status : 400 });
  }
  const email = String(form.get("email") ?? "").slice(0, 320);
  const password = String(form.get("password") ?? "").slice(0, 1024);
  const { clientAddress, sessionId } = context.get(requestContext);
  const deviceToken = readDeviceToken(request.headers.get("Cookie"));
  // Counted before the password is checked (docs/decisions/0006, "Login limits").
  const outcome = await signIn(db, { email, password, address: clientAddress, deviceToken });
  if (outcome.status === "limited") {
    const wait = outcome.retryMinutes;
    const error = `Too many failed logins. Please try again in ${wait} minute${wait === 1 ? "" : "s"}.`;
    return data({ error, email }, { status: 429, headers: { "Retry-After": String(wait * 60) } });
  }
  if (outcome.status === "failed") {
    // Logged without the e-mail or password: only that a login failed.
    console.log("login failed");
    return data({ error: LOGIN_FAILED, email }, { status: 401 });
  }
  // A fresh session id at every login; any session this browser had before ends.
  await endSession(db, sessionId);
  const session = await startSession(db, outcome.user.id);
  const headers = new Headers();
  headers.append("Set-Cookie", sessionCookie(session.id, session.expires, config.https));
  headers.append("Set-Cookie", deviceCookie(outcome.deviceToken, config.https));
  return redirect("/admin", { headers });
}

export default function Login({ actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting" && navigation.formAction === "/login";
  return (
    <main className="flex min-h-screen items-center justify-center bg-gray-50 px-4 py-12">
      <div className="w-full max-w-[400px] rounded-2xl border border-gray-200 bg-white p-6 shadow-sm sm:p-8">
        <h1 className="text-center text-2xl font-bold text-gray-900">Admin Login</h1>
        {actionData?.error ? (
          <p
            role="alert"
            className="mt-5 rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm font-medium text-red-800"
          >
            {actionData.error}
          </p>
        ) : null}
        <Form method="post" className="mt-6 space-y-5" replace>
          <div>
            <label htmlFor="email" className="block text-sm font-semibold text-gray-800">
              Email
            </label>
            <input
              id="email"
              name="email"
              type="email"
              required
              autoComplete="username"
              defaultValue={actionData?.email ?? ""}
              className="mt-1.5 block w-full rounded-lg border border-gray-300 px-3 py-2.5 text-base focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-100"
            />
          </div>
          <div>
            <label htmlFor="password" className="block text-sm font-semibold text-gray-800">
              Password
            </label>
            <input
              id="password"
              name="password"
              type="password"
              required
              autoComplete="current-password"
              className="mt-1.5 block w-full rounded-lg border border-gray-300 px-3 py-2.5 text-base focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-100"
            />
          </div>
          <button
            type="submit"
            disabled={submitting}
            className="w-full rounded-lg bg-brand-700 px-4 py-2.5 font-semibold text-white hover:bg-brand-800 disabled:cursor-wait disabled:opacity-70"
          >
            {submitting ? "Logging in..." : "Login"}
          </button>
        </Form>
      </div>
    </main>
  );
}
