/** Cards on one page of a subject's chapters: twenty rows of three on a wide screen. */
export const CHAPTERS_PER_PAGE = 60;

/**
 * Up to this many chapters, a subject's page carries every one of them, so "Search chapters" filters
 * them as the student types (a real subject has 10 to 30). Beyond it, only the page of cards shown,
 * filtered and paged on the server (docs/decisions/0018).
 */
export const WHOLE_LIST_LIMIT = 300;

/** The longest ?q= the class page reads. */
export const MAX_CHAPTER_QUERY = 100;

/** Pages of cards for this many chapters. */
export function pageCount(chapters: number): number {
  return Math.max(1, Math.ceil(chapters / CHAPTERS_PER_PAGE));
}

/** The class page's search rule: the chapter title contains the typed text, ignoring case. */
export function matchesChapterSearch(title: string, query: string): boolean {
  const wanted = query.trim().toLocaleLowerCase("en-IN");
  return wanted === "" || title.toLocaleLowerCase("en-IN").includes(wanted);
}

export function filterChapters<T extends { title: string }>(chapters: readonly T[], query: string): T[] {
  return chapters.filter((c) => matchesChapterSearch(c.title, query));
}
