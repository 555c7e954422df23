import type { Config } from "#app/server/config.server.ts";
import { activityRetentionJob } from "#app/server/jobs/activity-retention.server.ts";
import { historyRetentionJob } from "#app/server/jobs/history-retention.server.ts";
import type { JobDefinition } from "#app/server/jobs/lease.server.ts";
import { backupJob } from "#app/server/jobs/scheduled-backups.server.ts";
import { scheduledPostsJob } from "#app/server/jobs/scheduled-posts.server.ts";
import { trashPurgeJob } from "#app/server/jobs/trash-purge.server.ts";

/**
 * The jobs every instance starts, each run by one instance at a time (./lease.server.ts). The link
 * checker is apart: it leases links, not itself (./link-check.server.ts).
 */
export function siteJobs(config: Config): JobDefinition[] {
  return [
    scheduledPostsJob(config.scheduledPostsPollMs),
    activityRetentionJob,
    trashPurgeJob,
    historyRetentionJob,
    ...(config.backupDir ? [backupJob(config.backupDir, config.backupEveryHours)] : []),
  ];
}
