/**
 * The words of /saved, the chapters saved on this device for offline; the Hindi twin is
 * app/content/hi/saved-page-copy.ts. (Offline, the service worker shows the same list in its own
 * few words: public/sw.js.)
 */
export type SavedPageCopy = typeof savedPageCopy;

export const savedPageCopy = {
  meta: {
    title: "Saved for offline",
    description: "The chapters saved on this phone, to read without a connection.",
  },
  heading: "Saved for offline",
  intro:
    "Chapters you save open on this phone even without a connection. Press “Save for offline” on a chapter's page to keep it here.",
  /** Without JavaScript (or a browser that cannot keep pages) nothing can be saved or listed. */
  needsScript:
    "Saving chapters for offline needs JavaScript and a browser that can keep pages, such as Chrome on Android.",
  loading: "Looking for saved chapters…",
  none: "No chapters are saved on this phone yet.",
  findChapter: "Find a chapter",
  listLabel: "Saved chapters",
  classAndSubject: (grade: number, subject: string) => `Class ${grade} · ${subject}`,
  remove: "Remove from offline",
  /** How much is kept, and for how long (the browser decides; persist() asks it to keep them). */
  keeps: (most: number) => `This phone keeps up to ${most} chapters.`,
  persisted: "Your browser keeps them until you remove them.",
  mayClear: "Your browser may remove them if the phone runs short of space.",
  used: (megabytes: string) => `Saved pages take ${megabytes} MB of this phone's storage.`,
};
