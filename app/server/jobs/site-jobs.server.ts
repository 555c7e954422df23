import type { Config } from "#app/server/config.server.ts";
import { activityRetentionJob } from "./activity-retention.server.ts";
import { backupJob } from "./backups.server.ts";
import { historyRetentionJob } from "./history-retention.server.ts";
import type { JobDefinition } from "./lease.server.ts";
import { scheduledPostsJob } from "./scheduled-posts.server.ts";
import { trashPurgeJob } from "./trash-purge.server.ts";

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
