import { ACTIVITY_KEEP_DAYS } from "#app/lib/activity-words.ts";
import { deleteOldActivity } from "#app/server/console/activity.server.ts";
import type { JobDefinition } from "#app/server/jobs/lease.server.ts";

const DAY_MS = 24 * 3600_000;

/** Once a day, one instance deletes Activity rows older than 365 days (the log is kept a year). */
export const activityRetentionJob: JobDefinition = {
  name: "activity-retention",
  everyMs: DAY_MS,
  run: async (db, now) => {
    const deleted = await deleteOldActivity(db, now);
    return deleted > 0 ? `${deleted} activity rows older than ${ACTIVITY_KEEP_DAYS} days deleted` : undefined;
  },
};
