import { AsyncLocalStorage } from "node:async_hooks";

// Which link addresses a page rendered afresh asked link health about (hiddenLinkUrls): the page
// store keeps them with the page, so that a link turning Broken, or back, drops only the pages
// showing it (content-changes.server.ts, linkVisibilityChanged). Recorded where the question is
// asked, so a page that comes to show links later is covered without anyone remembering to.

// The app's modules may be loaded twice (the bundled app and the server's own): one store per process.
const KEY = Symbol.for("chapterwise.shownLinks");
const holder = globalThis as { [KEY]?: AsyncLocalStorage<Set<string>> };
holder[KEY] ??= new AsyncLocalStorage<Set<string>>();
const storage = holder[KEY];

/** Runs `work` (rendering one page), noting the link addresses it shows. */
export async function recordingShownLinks<T>(
  work: () => Promise<T>,
): Promise<{ value: T; shownLinks: ReadonlySet<string> }> {
  const shownLinks = new Set<string>();
  const value = await storage.run(shownLinks, work);
  return { value, shownLinks };
}

/** Said by whatever decides how links look to students: this page shows these (normalised) addresses. */
export function showsLinks(urls: Iterable<string>): void {
  const shown = storage.getStore();
  if (shown) for (const url of urls) shown.add(url);
}
