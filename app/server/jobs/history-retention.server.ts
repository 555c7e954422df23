import { KEEP_DAYS, KEEP_LAST, pruneHistory } from "#app/server/history/versions.server.ts";
import type { JobDefinition } from "#app/server/jobs/lease.server.ts";

// History keeps each item's versions for a year, or its last 100, whichever keeps more. Every save
// lets go of what its own item no longer keeps; this daily round does it for items nobody saves.

export const historyRetentionJob: JobDefinition = {
  name: "history-retention",
  everyMs: 24 * 3600_000,
  run: async (db, now) => {
    const gone = await pruneHistory(db, now);
    return gone > 0
      ? `${gone} ${gone === 1 ? "version" : "versions"} older than ${KEEP_DAYS} days (beyond each item's last ${KEEP_LAST}) let go`
      : undefined;
  },
};
