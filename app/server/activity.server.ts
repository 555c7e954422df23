import type { Database } from "#app/server/db.server.ts";

/**
 * One line of the Activity log, as the code that did the write describes it: `action` is a stable
 * name ("chapter.delete", "post.publish", "user.sign-in"), `item` what it was done to ("chapter 12
 * Light"), `summary` a few words ("title; 2 links added"). Who, when and from where come from the
 * current actor (app/server/actor.server.ts). Never a password, token or session id.
 */
export type ActivityNote = { action: string; item?: string; summary?: string };

/** Records `note` as done now by the current actor. (Filled in by the Activity work: issue 15.) */
export async function recordActivity(_db: Database, _note: ActivityNote): Promise<void> {}
