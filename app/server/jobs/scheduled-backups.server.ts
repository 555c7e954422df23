import { writeBackup } from "#app/server/backup/backup-files.server.ts";
import type { JobDefinition } from "#app/server/jobs/lease.server.ts";

/** Scheduled backups into `dir` every `hours`, by one instance (the job's lease). */
export function backupJob(dir: string, hours: number): JobDefinition {
  return {
    name: "backup",
    everyMs: hours * 3_600_000,
    // A large site's export takes a minute or two; another instance takes over only well after.
    leaseMs: 30 * 60_000,
    run: async (db, now) => {
      const { file, bytes } = await writeBackup(db, dir, now);
      return `written ${file} (${Math.round(bytes / 1024)} KB)`;
    },
  };
}
