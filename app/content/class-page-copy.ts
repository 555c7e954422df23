/** The fixed words of a class page (/class/N), so it can get a Hindi twin. */
export const classPageCopy = {
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
  chapterCount: (count: number) => `${count} ${count === 1 ? "chapter" : "chapters"}`,
  matchCount: (shown: number, all: number) => `${shown} of ${all} chapters match`,
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
