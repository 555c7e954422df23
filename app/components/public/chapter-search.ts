/** The class page's search rule: the chapter title contains the typed text, ignoring case. */
export function matchesChapterSearch(title: string, query: string): boolean {
  const wanted = query.trim().toLocaleLowerCase("en-IN");
  return wanted === "" || title.toLocaleLowerCase("en-IN").includes(wanted);
}

export function filterChapters<T extends { title: string }>(chapters: readonly T[], query: string): T[] {
  return chapters.filter((c) => matchesChapterSearch(c.title, query));
}
