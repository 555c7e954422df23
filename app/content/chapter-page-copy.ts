/**
 * The fixed words of a chapter page (/class/G/chapter/SLUG) and of its printable QR code page
 * (…/qr), in English; the Hindi twin is app/content/hi/chapter-page-copy.ts. The route module of
 * each language hands its words to the shared components (docs/decisions/0030).
 */
import type { ReportOutcome } from "#app/lib/link-report.ts";
import { LINK_LANGUAGES, LINK_TYPES, type LinkLanguage, type LinkType } from "#app/lib/link-types.ts";
import { formatCount } from "#app/lib/numbers.ts";

export type ChapterPageCopy = typeof chapterPageCopy;

export const chapterPageCopy = {
  meta: {
    /** The spec words the chapter page's title exactly, without the site's name. */
    title: (title: string, grade: number) => `${title} \u2013 Class ${grade} Notes`,
    /** Without a note to take it from, the page's description is made from the chapter. */
    description: (grade: number, subject: string, title: string) =>
      `Class ${grade} ${subject} \u2013 ${title}: free chapter notes, important questions and video lectures for CBSE students.`,
    keywords: (grade: number, subject: string, title: string) => [
      title,
      `class ${grade} ${subject.toLowerCase()}`,
      `${title} notes`,
      "cbse",
    ],
    notFoundTitle: (grade: number) => `Chapter not found \u2013 Class ${grade}`,
  },
  home: "Home",
  classLabel: (grade: number) => `Class ${grade}`,
  /** The small label over the chapter's title. */
  chapter: "Chapter",
  classAndSubject: (grade: number, subject: string) => `Class ${grade} · ${subject}`,
  /** What the app offers, as chips under the title (a list named `featuresLabel`). */
  features: ["AI-Powered Learning", "Reward Based Learning", "Track Your Progress"],
  featuresLabel: "In the app",
  whatChanged: "What changed:",
  downloadApp: "Download App",
  backToClass: (grade: number) => `Back to Class ${grade}`,
  /** On paper only: the chapter's short address as a QR code. */
  printedQrAlt: "QR code of this chapter's address",
  loading: "Loading chapter…",
  notesHeading: "Notes",
  /** The headings of the chapter's link lists, by list. */
  lists: {
    official: "Official resources",
    notes: "Other Notes",
    questions: "Questions",
    lectures: "Lectures",
  },
  onTheirWay: (siteName: string) =>
    `Resources for this chapter are on their way. Meanwhile, practise it in the ${siteName} app.`,
  closing: {
    heading: (title: string) => `Keep going with ${title}`,
    text: (siteName: string, grade: number, subject: string) =>
      `Practise with AI help and earn rewards in the ${siteName} app, or explore more Class ${grade} ${subject} chapters.`,
    explore: "Explore More Chapters",
  },
  links: {
    /** A link's button (screen readers hear the link's title and "(opens in a new tab)" after it). */
    open: "Open",
    /** A link's Type and Language as students see them, keyed like app/lib/link-types.ts. */
    types: Object.fromEntries(LINK_TYPES.map((t) => [t.slug, t.label])) as Record<LinkType, string>,
    languages: Object.fromEntries(LINK_LANGUAGES.map((l) => [l.code, l.label])) as Record<
      LinkLanguage,
      string
    >,
  },
  filters: {
    label: "Filter links",
    language: "Language",
    allLanguages: "All languages",
    type: "Type",
    allTypes: "All types",
    hidden: (count: number) =>
      `${count === 1 ? "1 link hidden" : `${formatCount(count)} links hidden`} by this filter.`,
    showAll: "Show all links",
  },
  report: {
    summary: "Say what is wrong",
    legend: "What is wrong? (optional)",
    /** The reasons a report may give (the values app/routes/report-link.ts takes). */
    reasons: { broken: "Broken", "wrong-content": "Wrong content", other: "Other" },
    hint: "Then press “Report broken link” below.",
    button: "Report broken link",
    sending: "Sending...",
    /** What the visitor reads after a report, by its answer (app/lib/link-report.ts). */
    answers: {
      thanks: "Thanks! We'll check this link.",
      later:
        "Thanks for helping! You have sent a lot of reports just now, so please try again in a little while.",
      gone: "This link is no longer on our site. Reload the page to see the latest links.",
      failed: "Sorry, your report could not be sent just now. Please try again in a moment.",
    } satisfies Record<ReportOutcome, string>,
  },
  share: {
    label: "Share this chapter",
    share: "Share",
    qrCode: "QR code",
    /** The share sheet's line beside the address. */
    text: (title: string, grade: number, subject: string) => `${title} \u2013 Class ${grade} ${subject}`,
  },
  /** "Save for offline" (with JavaScript, where the browser can keep pages: app/components/offline). */
  offline: {
    save: "Save for offline",
    saving: "Saving…",
    saved: "Saved for offline",
    remove: "Remove from offline",
    /** Where the saved chapters are listed (/saved). */
    list: "See saved chapters",
    /** Why a chapter could not be saved (app/components/offline/worker.ts SaveRefusal). */
    refused: {
      full: (most: number) =>
        `This phone already keeps ${most} saved chapters, the most it can. Remove one to save this chapter.`,
      quota: "This phone has no space left to save the chapter. Free some space, or remove a saved chapter.",
      offline: "You are offline: the chapter can be saved once you are connected again.",
      failed: "Sorry, the chapter could not be saved just now. Please try again.",
      unsupported: "This browser cannot keep pages for offline. Chrome on Android can.",
    },
  },
  neighbours: {
    label: "Chapters of this subject",
    previous: (title: string) => `Previous: ${title}`,
    next: (title: string) => `Next: ${title}`,
  },
  notFound: {
    label: "Error 404",
    heading: "Chapter not found.",
    text: "This chapter may have been renamed or removed. The class page lists every chapter we have.",
  },
  qr: {
    meta: {
      title: (title: string, grade: number, subject: string) =>
        `QR code: ${title} – Class ${grade} ${subject}`,
      description: (title: string, grade: number, subject: string) =>
        `Print the QR code of the Class ${grade} ${subject} chapter ${title}: scanned, it opens the chapter's notes and links.`,
    },
    alt: (title: string) => `QR code of the chapter ${title}`,
    scan: (siteName: string) =>
      `Scan the code with a phone's camera, or type the address, to open this chapter's notes and links on ${siteName}.`,
    print: "Print",
    back: "Back to chapter",
  },
};
