/** The fixed words of a class page (/class/N); its Hindi twin is app/content/hi/class-page-copy.ts. */
import { formatCount } from "#app/lib/numbers.ts";

export type ClassPageCopy = typeof classPageCopy;

export const classPageCopy = {
  meta: {
    title: (grade: number, subject: string | undefined) =>
      `Class ${grade}${subject ? ` ${subject}` : ""} Resources – Notes, Questions and Lectures`,
    description: (subtitle: string, grade: number, subject: string | undefined) =>
      `${subtitle} Free chapter-wise ${subject ? `${subject} ` : ""}notes, important questions and video lectures for CBSE Class ${grade}.`,
    keywords: (grade: number, subject: string | undefined) => [
      `class ${grade} notes`,
      `cbse class ${grade}`,
      ...(subject ? [`class ${grade} ${subject.toLowerCase()}`] : []),
      "chapter-wise notes",
      "important questions",
      "video lectures",
    ],
  },
  home: "Home",
  classLabel: (grade: number) => `Class ${grade}`,
  heading: (grade: number) => `Class ${grade} Resources`,
  findChapters: "Find chapters",
  /** The subject selector's label (tests find the selector by it). */
  subject: "Subject",
  searchLabel: "Search chapters",
  searchPlaceholder: "Search chapters...",
  showChapters: "Show chapters",
  chaptersHeading: (subject: string | undefined) => (subject ? `${subject} chapters` : "Chapters"),
  chapterCount: (count: number) => `${formatCount(count)} ${count === 1 ? "chapter" : "chapters"}`,
  matchCount: (shown: number, all: number) => `${formatCount(shown)} of ${formatCount(all)} chapters match`,
  chapterPages: "Chapter pages",
  empty: {
    heading: "No Resources Available",
    text: (grade: number, subject: string | undefined) =>
      subject
        ? `No resources found for Class ${grade} - ${subject}`
        : `No resources found for Class ${grade}`,
    noMatch: (query: string) => `No chapter title contains “${query}”.`,
    clear: "Clear search",
    home: "Back to Home",
  },
};
