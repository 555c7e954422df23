import { noteActivity } from "#app/server/console/activity.server.ts";
import type { JobDefinition } from "#app/server/jobs/lease.server.ts";
import { purgeTrash, TRASH_DAYS } from "#app/server/trash/trash.server.ts";

/**
 * Every hour, one instance deletes for good what has been in the Trash for more than 30 days
 * (docs/decisions/0014), and says so in Activity, as "system".
 */
export const trashPurgeJob: JobDefinition = {
  name: "trash-purge",
  everyMs: 3600_000,
  run: async (db, now) => {
    const purged = await purgeTrash(db, now);
    if (purged === 0) return undefined;
    const summary = `${purged} ${purged === 1 ? "item" : "items"} older than ${TRASH_DAYS} days`;
    await noteActivity(db, { action: "trash.purge", summary });
    return `${summary} deleted for good`;
  },
};
