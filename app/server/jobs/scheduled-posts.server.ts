import { formatIndiaDateTime, todayIso } from "#app/lib/dates.ts";
import { recordActivity } from "#app/server/console/activity.server.ts";
import { saveVersion } from "#app/server/console/versioned-save.server.ts";
import { contentChanged } from "#app/server/content-changes.server.ts";
import { type Database, inTransaction } from "#app/server/db.server.ts";
import { ConflictError, NotFoundError } from "#app/server/errors.server.ts";
import type { JobDefinition } from "#app/server/jobs/lease.server.ts";

// Scheduled posts go public by themselves (issue 15): every instance runs this job, one at a time
// (./lease.server.ts), so a due post is published once, within a minute of its time.

/** How often due posts are looked for unless SCHEDULED_POSTS_POLL_MS says otherwise. */
export const SCHEDULED_POSTS_EVERY_MS = 30_000;

/** Posts published in one round at most; any others go out in the next round. */
const BATCH = 100;

export type PublishedPost = { id: number; title: string };

/**
 * Publishes the Scheduled posts whose time has come, in one transaction: each is a save (a new
 * version, so History keeps the scheduled one and an edit form opened before cannot undo it),
 * noted in Activity, and the public site (blog, post page, sitemap, RSS, search) shows them at once.
 * A post's date is the day it went out, unless the admin gave a later one.
 */
export async function publishDuePosts(db: Database, now: Date): Promise<PublishedPost[]> {
  return inTransaction(db, async (trx) => {
    const due = await trx
      .selectFrom("posts")
      .select(["id", "title", "date", "version", "publish_at"])
      .where("status", "=", "scheduled")
      .where("publish_at", "<=", now.toISOString())
      .orderBy("publish_at")
      .orderBy("id")
      .limit(BATCH)
      .execute();
    const published: PublishedPost[] = [];
    for (const post of due) {
      const at = post.publish_at ?? now.toISOString();
      const day = todayIso(new Date(at));
      try {
        await saveVersion(trx, "posts", post.id, post.version, {
          status: "published",
          publish_at: null,
          // Dates are YYYY-MM-DD: the later one sorts last.
          date: [post.date, day].sort()[1] ?? day,
        });
      } catch (err) {
        // Saved or deleted by someone else this very moment: the next round looks at it again.
        if (err instanceof ConflictError || err instanceof NotFoundError) continue;
        throw err;
      }
      await recordActivity(
        trx,
        {
          action: "post.publish-scheduled",
          item: `post ${post.id} "${post.title}"`,
          summary: `scheduled for ${formatIndiaDateTime(at)}`,
        },
        now,
      );
      published.push({ id: post.id, title: post.title });
    }
    if (published.length > 0) await contentChanged(trx);
    return published;
  });
}

/** The job every instance starts (app/server/jobs/site-jobs.server.ts). */
export function scheduledPostsJob(everyMs = SCHEDULED_POSTS_EVERY_MS): JobDefinition {
  return {
    name: "scheduled-posts",
    everyMs,
    leaseMs: 2 * 60_000,
    run: async (db, now) => {
      const published = await publishDuePosts(db, now);
      if (published.length === 0) return undefined;
      return `${published.length} scheduled ${published.length === 1 ? "post" : "posts"} published`;
    },
  };
}
