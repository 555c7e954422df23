import { dashboardAction } from "#app/routes/admin/dashboard.server.ts";
import { requireConsoleUser } from "#app/server/auth.server.ts";
import type { Route } from "./+types/dashboard-index";

// The Dashboard's own address (/admin): the list is its parent (app/routes/admin/dashboard.tsx),
// which also holds Edit Resource at /admin/chapters/ID. The list's forms post here (/admin?index).

export async function action({ request, context }: Route.ActionArgs) {
  requireConsoleUser(context);
  return dashboardAction(context, request);
}

export default function DashboardIndex() {
  return null;
}
