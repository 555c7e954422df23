import { ActivityList } from "#app/components/admin/activity/activity-list.tsx";
import { consoleMeta } from "#app/components/admin/console-kit.tsx";
import { services } from "#app/context.ts";
import { ACTIVITY_KEEP_DAYS } from "#app/lib/activity-words.ts";
import { activityPage } from "#app/routes/admin/activity.server.ts";
import { requireActivityReader } from "#app/server/console/activity.server.ts";
import type { Route } from "./+types/activity";

export function meta({ matches }: Route.MetaArgs) {
  return consoleMeta(matches, "Activity");
}

export async function loader({ request, context }: Route.LoaderArgs) {
  requireActivityReader(context);
  return activityPage(services(context).db, new URL(request.url));
}

export default function Activity({ loaderData }: Route.ComponentProps) {
  const { query, list, people, actions } = loaderData;
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold text-gray-900">Activity</h1>
        <p className="mt-1 max-w-2xl text-sm text-gray-600">
          Who changed what in the console, and when (India time): every save, delete and sign-in, and changes
          made from the command line. Kept for {ACTIVITY_KEEP_DAYS} days.
        </p>
      </div>
      <section aria-labelledby="activity-heading">
        <h2 id="activity-heading" className="sr-only">
          Entries
        </h2>
        <ActivityList query={query} list={list} people={people} actions={actions} />
      </section>
    </div>
  );
}
