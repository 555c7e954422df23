import { useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { offlineSupported } from "#app/components/offline/register.ts";
import {
  MOST_SAVED,
  removeChapter,
  type SavedChapter,
  savedChapters,
  storageState,
} from "#app/components/offline/worker.ts";
import { useLocalPath } from "#app/components/site/frame-copy.tsx";
import { buttonClass, Container } from "#app/components/site/ui.tsx";
import type { SavedPageCopy } from "#app/content/saved-page-copy.ts";
import { pageTitle, type Site } from "#app/lib/seo.ts";

/** /saved's tags: its title; never indexed (what it lists is on each device, not on the server). */
export function savedMeta(site: Site, copy: SavedPageCopy) {
  return [
    { title: pageTitle(site, copy.meta.title) },
    { name: "description", content: copy.meta.description },
    { name: "robots", content: "noindex, follow" },
  ];
}

type Shelf =
  | { is: "no-script" }
  | { is: "loading" }
  | { is: "listed"; chapters: SavedChapter[]; persisted: boolean; usedBytes: number | null };

/**
 * /saved (and /hi/saved): the chapters saved on this device (DESIGN 8.3), read from the service
 * worker once the page runs. Offline the worker answers this address itself with the same list
 * (public/sw.js). The server's page says what saving needs, for a browser that cannot.
 */
export function SavedPage({ copy }: { copy: SavedPageCopy }) {
  const local = useLocalPath();
  const [shelf, setShelf] = useState<Shelf>({ is: "no-script" });
  const shelfRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!offlineSupported()) return;
    let current = true;
    setShelf({ is: "loading" });
    Promise.all([savedChapters(), storageState()]).then(([chapters, storage]) => {
      if (!current) return;
      setShelf(chapters ? { is: "listed", chapters, ...storage } : { is: "no-script" });
    });
    return () => {
      current = false;
    };
  }, []);

  async function remove(chapter: SavedChapter) {
    if (!(await removeChapter(chapter))) return;
    // From the list as it is then: two quick removals each take their own chapter out.
    setShelf((now) =>
      now.is === "listed" ? { ...now, chapters: now.chapters.filter((c) => c.path !== chapter.path) } : now,
    );
    // Its button is gone with it: the keyboard's focus goes to what is left (the list, or "none").
    shelfRef.current?.focus();
  }

  return (
    <main className="flex-1">
      <header className="border-b border-gray-200 bg-brand-50">
        <Container className="max-w-3xl py-10 sm:py-12">
          <h1 className="text-3xl font-extrabold tracking-tight text-gray-900 sm:text-4xl">{copy.heading}</h1>
          <p className="mt-3 text-base leading-relaxed text-gray-700 sm:text-lg">{copy.intro}</p>
        </Container>
      </header>
      <Container className="max-w-3xl py-8 sm:py-10">
        <div ref={shelfRef} tabIndex={-1} className="outline-none">
          {shelf.is === "no-script" ? <p className="text-gray-700">{copy.needsScript}</p> : null}
          {shelf.is === "loading" ? (
            <p className="text-gray-700" role="status">
              {copy.loading}
            </p>
          ) : null}
          {shelf.is === "listed" && shelf.chapters.length === 0 ? (
            <div className="rounded-2xl border border-dashed border-gray-300 bg-white p-6 text-center">
              <p className="text-gray-700">{copy.none}</p>
              <Link to={local("/")} className={`${buttonClass.primary} mt-4`}>
                {copy.findChapter}
              </Link>
            </div>
          ) : null}
          {shelf.is === "listed" && shelf.chapters.length > 0 ? (
            <ul
              aria-label={copy.listLabel}
              className="divide-y divide-gray-200 rounded-2xl border border-gray-200 bg-white"
            >
              {shelf.chapters.map((chapter) => (
                <li
                  key={chapter.path}
                  className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between"
                >
                  <div className="min-w-0">
                    {/* A whole page load: offline, the worker answers it from the device. */}
                    <a
                      href={chapter.path}
                      className="text-lg font-semibold text-brand-700 underline-offset-2 hover:underline [overflow-wrap:anywhere]"
                    >
                      {chapter.title}
                    </a>
                    <p className="text-sm text-gray-600">
                      {copy.classAndSubject(chapter.grade, chapter.subject)}
                    </p>
                  </div>
                  <button
                    type="button"
                    onClick={() => remove(chapter)}
                    className={`${buttonClass.secondary} shrink-0`}
                  >
                    {copy.remove}
                  </button>
                </li>
              ))}
            </ul>
          ) : null}
          {shelf.is === "listed" ? (
            <p className="mt-6 text-sm text-gray-600">
              {copy.keeps(MOST_SAVED)} {shelf.persisted ? copy.persisted : copy.mayClear}
              {shelf.usedBytes ? ` ${copy.used((shelf.usedBytes / 1_000_000).toFixed(1))}` : ""}
            </p>
          ) : null}
        </div>
      </Container>
    </main>
  );
}
