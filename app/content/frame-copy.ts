/**
 * The words of the frame around every public page (top bar, mobile menu, footer, search box,
 * page links, the 404 page, the app prompt), in English. The English public layout hands it to
 * the frame's components (app/components/site/frame-copy.tsx); the Hindi layout hands them
 * app/content/hi/frame-copy.ts, so a page's JavaScript carries one language (docs/decisions/0030).
 */
import { type ErrorCopy, errorCopy } from "#app/content/error-copy.ts";
import { contentLine } from "#app/lib/chapter-contents.ts";
import type { Lang } from "#app/lib/language.ts";
import { formatCount } from "#app/lib/numbers.ts";
import { notInSyllabusHeading, type SyllabusStatus, syllabusBadge } from "#app/lib/sessions.ts";

/** A menu link: its English address (each language's pages show it in their own) and its words. */
export type NavItem = { to: string; label: string };

export type FrameCopy = {
  lang: Lang;
  skipToContent: string;
  nav: {
    /** The top bar's navigation landmark. */
    main: string;
    home: string;
    classes: string;
    guides: string;
    aboutUs: string;
    blog: string;
    /** The button that opens the mobile menu, and its landmark. */
    menu: string;
    closeMenu: string;
  };
  classLinks: NavItem[];
  guideLinks: NavItem[];
  search: {
    /** The top bar's box on tablets and up. */
    topBar: string;
    /** The mobile menu's box, and the default of the search field. */
    mobile: string;
    suggestions: string;
    kinds: { chapter: string; link: string; post: string };
    /** Said to screen readers as the list opens. */
    suggestionCount: (count: number) => string;
  };
  getTheApp: string;
  /** Added for screen readers to a link that opens a new tab (after its own name when it has one). */
  opensInNewTab: string;
  /** The link to the same page in the other language, and the language it leads to. */
  languageSwitch: { label: string; lang: Lang };
  footer: {
    tagline: string;
    madeInIndia: string;
    socialMedia: string;
    findOn: (siteName: string, network: string) => string;
    studyGuides: string;
    downloadTheApp: string;
    qrAlt: (siteName: string) => string;
    scanText: string;
    privacy: string;
    terms: string;
    /** The chapters saved on this device for offline (/saved). */
    saved: string;
  };
  breadcrumb: { label: string; home: string };
  /** A chapter's card (the class page). */
  cards: {
    /** The fixed line under every chapter's title (the spec's words). */
    description: string;
    viewResources: string;
    /** Completes "View Resources" for screen readers. */
    forChapter: (title: string) => string;
    /** "2 notes · 6 links", or "Coming soon" when it holds nothing yet. */
    contents: (notes: number, links: number) => string;
    loading: string;
  };
  /** The current session's badges ("Not in 2026-27 syllabus", "New in 2026-27"; none when in it). */
  syllabus: {
    badge: (status: SyllabusStatus, year: number) => string | null;
    /** The class page's heading over the chapters not in the syllabus. */
    outHeading: (year: number) => string;
  };
  pages: { previous: string; next: string; pageOf: (page: number, pages: number) => string };
  errors: ErrorCopy;
  notFound: {
    title: string;
    text: string;
    popular: string;
    suggestions: NavItem[];
  };
  promo: {
    close: string;
    appLabel: (siteName: string) => string;
    heading: string;
    text: (siteName: string) => string;
    /** After `text`, beside the QR code; left out where the code is not shown (a Save-Data page). */
    scanOrOpen: string;
    qrAlt: (siteName: string) => string;
    scan: string;
    continue: string;
  };
};

export const frameCopy: FrameCopy = {
  lang: "en",
  skipToContent: "Skip to content",
  nav: {
    main: "Main",
    home: "Home",
    classes: "Classes",
    guides: "Guides",
    aboutUs: "About Us",
    blog: "Blog",
    menu: "Menu",
    closeMenu: "Close menu",
  },
  classLinks: [
    { to: "/class/9", label: "Class 9 Resources" },
    { to: "/class/10", label: "Class 10 Resources" },
    { to: "/class/11", label: "Class 11 Resources" },
    { to: "/class/12", label: "Class 12 Resources" },
  ],
  // The guide titles of app/content/guides, kept here so the menu stays small.
  guideLinks: [
    { to: "/guide/9", label: "Class 9 Study Guide" },
    { to: "/guide/10", label: "Class 10 Exam Guide" },
    { to: "/guide/11", label: "Class 11 Study Guide" },
    { to: "/guide/12", label: "Class 12 Board Guide" },
  ],
  search: {
    topBar: "Search",
    mobile: "Search chapters, links and posts",
    suggestions: "Suggestions",
    kinds: { chapter: "Chapter", link: "Link", post: "Post" },
    suggestionCount: (count) => `${formatCount(count)} ${count === 1 ? "suggestion" : "suggestions"}.`,
  },
  getTheApp: "Get the App",
  opensInNewTab: "(opens in a new tab)",
  languageSwitch: { label: "हिन्दी", lang: "hi" },
  footer: {
    // One line under the product name (kept here, not with the home page's words: every page has it).
    tagline: "Free CBSE study resources for classes 9 to 12, chapter by chapter.",
    madeInIndia: "Made in India",
    socialMedia: "Social media",
    findOn: (siteName, network) => `Find ${siteName} on ${network}`,
    studyGuides: "Study Guides",
    downloadTheApp: "Download the App",
    qrAlt: (siteName) => `QR code to download the ${siteName} app`,
    scanText: "Scan the code with your phone camera to get AI help, rewards and mock tests.",
    privacy: "Privacy Policy",
    terms: "Terms and Conditions",
    saved: "Saved for offline",
  },
  breadcrumb: { label: "Breadcrumb", home: "Home" },
  cards: {
    description: "Notes, important questions and video lectures for this chapter.",
    viewResources: "View Resources",
    forChapter: (title) => ` for ${title}`,
    contents: contentLine,
    loading: "Loading chapters",
  },
  syllabus: { badge: syllabusBadge, outHeading: notInSyllabusHeading },
  pages: {
    previous: "Previous",
    next: "Next",
    pageOf: (page, pages) => `Page ${formatCount(page)} of ${formatCount(pages)}`,
  },
  errors: errorCopy,
  notFound: {
    title: "Page not found",
    text: "The page you are looking for doesn't exist or has moved.",
    popular: "Popular pages",
    suggestions: [
      { to: "/class/10", label: "Class 10 Resources" },
      { to: "/guide/12", label: "Class 12 Board Guide" },
      { to: "/blog", label: "Blog" },
      { to: "/about", label: "About Us" },
    ],
  },
  promo: {
    close: "Close",
    appLabel: (siteName) => `${siteName} app`,
    heading: "Ready to accelerate your learning?",
    text: (siteName) =>
      `AI help for your doubts, rewards for every lesson and progress tracking, free in the ${siteName} app.`,
    scanOrOpen: "Scan the code with your phone or open the store listing.",
    qrAlt: (siteName) => `QR code: download the ${siteName} app`,
    scan: "Scan to download",
    continue: "Continue to chapter",
  },
};
