// The Activity log's words: each action's stable name (what the code records and the URL filters
// by) in the console's words, and the short summaries writes give of what they changed.

/** Activity rows are kept this long (a daily job deletes older ones: app/server/jobs/activity-retention.server.ts). */
export const ACTIVITY_KEEP_DAYS = 365;

/** The actions the site records, in words. New ones read sensibly without an entry (see actionWords). */
const ACTION_WORDS: Record<string, string> = {
  "chapter.add": "Added chapters",
  "chapter.update": "Edited a chapter",
  "chapter.delete": "Deleted chapters",
  "chapter.move": "Moved a chapter",
  "chapter.move-subject": "Moved chapters to a subject",
  "chapter.import-csv": "Imported chapters from CSV",
  "chapter.syllabus-status": "Changed syllabus statuses",
  "syllabus.session": "Changed the current session",
  "subject.add": "Added a subject",
  "subject.delete": "Deleted a subject",
  "subject.medium": "Changed a subject's medium",
  "note.add": "Added a note",
  "note.update": "Edited a note",
  "note.delete": "Deleted notes",
  "post.add": "Added a post",
  "post.update": "Edited a post",
  "post.delete": "Deleted posts",
  "post.publish": "Published posts",
  "post.unpublish": "Moved posts to Draft",
  "link.recheck": "Asked for a recheck",
  "link.use-new-address": "Used a new address",
  "link.mark-fine": "Marked links as fine",
  "link.check-all": "Checked all links",
  "link.check": "Checked links (command line)",
  "link.report-resolve": "Resolved a link report",
  "link.report-dismiss": "Dismissed a link report",
  "post.publish-scheduled": "Published a scheduled post",
  "chapter.restore-version": "Restored a chapter's version",
  "note.restore-version": "Restored a note's version",
  "post.restore-version": "Restored a post's version",
  "guide.update": "Edited a guide",
  "guide.restore-version": "Restored a guide's version",
  "trash.restore": "Restored from the Trash",
  "trash.delete-forever": "Deleted forever",
  "synonyms.save": "Saved the synonyms",
  "media.upload": "Uploaded an image",
  "user.sign-in": "Signed in",
  "user.sign-in-blocked": "Sign-ins refused after failures",
  "user.sign-out": "Signed out",
  "user.add": "Added an account",
  "user.password": "Set a password",
  "user.remove": "Removed an account",
  "user.role": "Changed a role",
  "user.sign-out-everywhere": "Ended every session",
  "user.invite": "Invited someone",
  "user.reset-password": "Sent a new password link",
  "user.deactivate": "Deactivated an account",
  "user.reactivate": "Reactivated an account",
  "account.password": "Changed their password",
  "account.two-step-set-up": "Started two-step sign-in",
  "account.two-step-on": "Turned on two-step sign-in",
  "account.two-step-off": "Turned off two-step sign-in",
  "account.sign-out-session": "Ended a session",
  "account.sign-out-everywhere": "Signed out everywhere",
  "user.reset-two-step": "Reset someone's two-step sign-in",
  "user.two-step-required": "Changed whether admins need two-step sign-in",
  "trash.purge": "Emptied old items from the Trash",
  "user.set-password": "Set a password from a link",
  "content.import": "Restored a backup",
  "content.import-firestore": "Imported Firestore documents",
  "content.reindex": "Rebuilt the search index",
};

/** Longest action name: a stable dotted word, e.g. "chapter.restore-version". */
export const ACTION_NAME = /^[a-z][a-z0-9-]*(\.[a-z0-9-]+)*$/;

/** An action in words: "chapter.delete" → "Deleted chapters"; one without words → "Chapter: restore version". */
export function actionWords(action: string): string {
  const known = ACTION_WORDS[action];
  if (known) return known;
  const [thing = "", ...rest] = action.split(".");
  const what = rest.join(" ").replaceAll("-", " ");
  const head = `${thing.charAt(0).toUpperCase()}${thing.slice(1).replaceAll("-", " ")}`;
  return what ? `${head}: ${what}` : head;
}

/**
 * What an edit changed, by the names of the fields that differ: "title, links". Values are
 * compared as JSON, so lists and objects count as changed when any part of them is.
 */
export function changedFields<T extends Record<string, unknown>>(
  before: T,
  after: Partial<T>,
  names: Partial<Record<keyof T, string>>,
): string {
  const changed = (Object.keys(names) as Array<keyof T>).filter(
    (key) => key in after && JSON.stringify(before[key]) !== JSON.stringify(after[key]),
  );
  return changed.length > 0 ? changed.map((key) => names[key]).join(", ") : "nothing changed";
}
