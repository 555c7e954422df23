import {
  Form,
  isRouteErrorResponse,
  NavLink,
  Outlet,
  redirect,
  type ShouldRevalidateFunctionArgs,
  useLocation,
  useMatches,
  useNavigation,
} from "react-router";
import { consoleMeta } from "#app/components/admin/console-kit.tsx";
import { ErrorPage } from "#app/components/error-page.tsx";
import { Toasts } from "#app/components/toasts.tsx";
import { errorCopy } from "#app/content/error-copy.ts";
import { requestContext, services } from "#app/context.ts";
import { mayOpen } from "#app/lib/roles.ts";
import type { Toast } from "#app/lib/toast.ts";
import { takeFlash } from "#app/server/accounts/sessions.server.ts";
import { mustSetUpTwoStep } from "#app/server/accounts/two-step.server.ts";
import { requireConsoleUser, requireRouteRole } from "#app/server/auth.server.ts";
import { actingAs, person } from "#app/server/console/actor.server.ts";
import { brokenCount } from "#app/server/link-health/link-health.server.ts";
import type { Route } from "./+types/layout";

// Every console request (document or data, loader or action) passes this gate on the server: the
// role its route needs (app/lib/roles.ts, by the matched route's pattern), and runs as its user:
// History, Trash and Activity say who did what (app/server/console/actor.server.ts).
export const middleware: Route.MiddlewareFunction[] = [
  async ({ context, pattern }, next) => {
    const user = requireRouteRole(context, pattern);
    // While two-step sign-in is required for admins, an admin without it sets it up before anything else.
    if (!/^\/?admin\/account\/?$/.test(pattern) && (await mustSetUpTwoStep(services(context).db, user)))
      throw redirect("/admin/account?two-step=required");
    const { clientAddress } = context.get(requestContext);
    return actingAs(person(user, clientAddress), next);
  },
];

export async function loader({ context }: Route.LoaderArgs) {
  const { email, role } = requireConsoleUser(context);
  // The toasts the last writes left in the session (POST/redirect/GET), shown once.
  const { db } = services(context);
  const [toasts, broken] = await Promise.all([
    takeFlash(db, context.get(requestContext).sessionId),
    // The side menu's badge on "Link health".
    brokenCount(db),
  ]);
  return { email, role, toasts, broken };
}

/** After every form (a write that redirected or one that was refused) the layout collects its toasts. */
export function shouldRevalidate({ formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return formMethod?.toUpperCase() === "POST" ? true : defaultShouldRevalidate;
}

/**
 * The console's one toast host: the session's toasts, plus the `notice` a page's loader may give
 * (e.g. "That subject no longer exists" for a stale address).
 */
function ConsoleToasts({ flash }: { flash: Toast[] }) {
  const notices = useMatches().map((m) => (m.loaderData as { notice?: Toast | null } | undefined)?.notice);
  return <Toasts from={[...flash, ...notices]} />;
}

export function meta({ matches }: Route.MetaArgs) {
  return consoleMeta(matches, "Console");
}

const SECTIONS = [
  // The Dashboard's own pages: the list (/admin), a chapter's Edit Resource (/admin/chapters/ID)
  // and History (/admin/chapters/ID/history), and Searches (/admin/searches). (Manage Blogs and
  // Manage Notes stay marked on their items' pages by themselves: /admin/blogs/ID/history.)
  {
    to: "/admin",
    label: "Dashboard",
    end: true,
    also: /^\/admin\/(chapters\/[^/]+(\/history)?|searches)\/?$/i,
  },
  { to: "/admin/add-resource", label: "Add Data" },
  { to: "/admin/subjects", label: "Manage Subjects" },
  { to: "/admin/syllabus", label: "Syllabus" },
  // The catalogue's screens together; Link health stays right after Manage Notes.
  { to: "/admin/guides", label: "Guides" },
  { to: "/admin/blogs", label: "Manage Blogs" },
  { to: "/admin/notes", label: "Manage Notes" },
  { to: "/admin/links", label: "Link health", badge: true },
  { to: "/admin/trash", label: "Trash" },
  { to: "/admin/activity", label: "Activity" },
  { to: "/admin/users", label: "Users" },
  { to: "/admin/account", label: "My account" },
];

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const location = useLocation();
  // Moving to another console section re-checks the session on the server; saves do not show this.
  const loading =
    navigation.state === "loading" &&
    !navigation.formMethod &&
    navigation.location.pathname !== location.pathname &&
    navigation.location.pathname.startsWith("/admin");
  return (
    <div className="min-h-screen bg-gray-50 md:flex">
      <aside className="border-b border-gray-200 bg-white md:sticky md:top-0 md:h-screen md:w-60 md:shrink-0 md:overflow-y-auto md:border-r md:border-b-0">
        <nav aria-labelledby="admin-menu-title" className="p-4">
          <h2 id="admin-menu-title" className="text-lg font-bold text-gray-900">
            Admin Menu
          </h2>
          <p className="mt-1 truncate text-xs text-gray-500">{loaderData.email}</p>
          <ul className="mt-4 flex flex-wrap gap-1 md:flex-col">
            {/* Only what this person's role may open (app/lib/roles.ts): an editor sees no Activity or Users. */}
            {SECTIONS.filter((s) => mayOpen(loaderData.role, s.to)).map((s) => (
              <li key={s.to}>
                <NavLink
                  to={s.to}
                  end={s.end}
                  aria-label={
                    s.badge && loaderData.broken > 0 ? `${s.label}, ${loaderData.broken} broken` : undefined
                  }
                  className={({ isActive }) =>
                    `block rounded-lg px-3 py-2 text-sm font-medium ${isActive || s.also?.test(location.pathname) ? "bg-brand-700 text-white" : "text-gray-700 hover:bg-gray-100"}`
                  }
                >
                  {s.label}
                  {s.badge && loaderData.broken > 0 ? (
                    <span
                      aria-hidden="true"
                      className="ml-2 inline-flex min-w-5 items-center justify-center rounded-full bg-red-600 px-1.5 text-xs leading-5 font-bold text-white"
                    >
                      {loaderData.broken > 999 ? "999+" : loaderData.broken}
                    </span>
                  ) : null}
                </NavLink>
              </li>
            ))}
            <li>
              <Form method="post" action="/logout">
                <button
                  type="submit"
                  className="block w-full rounded-lg px-3 py-2 text-left text-sm font-medium text-red-700 hover:bg-red-50"
                >
                  Logout
                </button>
              </Form>
            </li>
          </ul>
        </nav>
      </aside>
      {/* Every screen has the same width, set here once. */}
      <main className="min-w-0 flex-1 p-4 sm:p-6 lg:p-8" aria-busy={loading}>
        <div className="mx-auto max-w-6xl">
          <ConsoleToasts flash={loaderData.toasts} />
          {loading ? (
            <p className="mb-3 text-sm text-gray-500" role="status">
              Checking permissions...
            </p>
          ) : null}
          <Outlet />
        </div>
      </main>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 403) return <ErrorPage status={403} copy={errorCopy} />;
  if (isRouteErrorResponse(error)) return <ErrorPage status={error.status} copy={errorCopy} />;
  return <ErrorPage status={500} copy={errorCopy} />;
}
