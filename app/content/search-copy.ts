/**
 * The fixed words of the search page (/search): its form, results, count line and empty states;
 * its Hindi twin is app/content/hi/search-copy.ts. Results are shown as their authors wrote them.
 */
import { formatCount } from "#app/lib/numbers.ts";

export type SearchCopy = typeof searchCopy;

export const searchCopy = {
  meta: {
    title: (q: string) => (q ? `“${q}” – Search` : "Search"),
    description: (siteName: string) =>
      `Search ${siteName}'s chapters, notes, links and posts for CBSE classes 9 to 12.`,
  },
  heading: "Search",
  intro: "Chapters, notes, links and posts for classes 9 to 12, in English and Hindi.",
  form: {
    /** Names the form's search landmark. */
    label: "Search and filters",
    submit: "Search",
    filters: "Filters",
    grade: "Class",
    allGrades: "All classes",
    subject: "Subject",
    allSubjects: "All subjects",
    kind: "Kind",
    /** The Kind filter's choices, by the value of `type` ("" is every kind). */
    kinds: { "": "Everything", chapters: "Chapters", links: "Links", posts: "Posts" },
  },
  /** A result's kind, on its card. */
  kinds: { chapter: "Chapter", link: "Link", post: "Post" },
  /** A class, in the filter and on a result's card. */
  grade: (grade: number) => `Class ${grade}`,
  /**
   * The results' count line, exactly as the contract says it. The search module stops counting
   * at 1,000 (`capped`): then it says so rather than a number it did not count, with its
   * estimate of all of them when it has one (`about`).
   */
  countLine: (total: number, q: string, capped = false, about?: number) => {
    if (total === 0) return `No results for "${q}"`;
    if (capped && about !== undefined) return `About ${formatCount(about)} results for "${q}"`;
    if (capped) return `More than ${formatCount(total)} results for "${q}"`;
    return `${formatCount(total)} ${total === 1 ? "result" : "results"} for "${q}"`;
  },
  pastLast: "This page is past the last result.",
  /** Names the navigation landmark of the results' pages. */
  resultPages: "Result pages",
  /** "Did you mean light, lights or sight?" around the near matches. */
  didYouMean: { before: "Did you mean", comma: ", ", or: " or ", after: "?" },
  filtersHide: "The filters may hide what you want.",
  searchEverything: (q: string) => `Search everything for “${q}”`,
  spelling: "Check the spelling, or try fewer or shorter words: a word's beginning is enough.",
  prompt: {
    heading: "What are you looking for?",
    text: "Type a chapter, a topic or a word from your notes, in English or Hindi. For example:",
    examples: ["Polynomials", "Electricity", "Thermodynamics"],
    end: ".",
  },
  browse: "Browse by class",
};
