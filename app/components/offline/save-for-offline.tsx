import { useEffect, useState } from "react";
import { Link } from "react-router";
import { offlineSupported } from "#app/components/offline/register.ts";
import {
  isSaved,
  MOST_SAVED,
  removeChapter,
  type SavedChapter,
  type SaveRefusal,
  saveChapter,
} from "#app/components/offline/worker.ts";
import { Icon } from "#app/components/site/icons.tsx";
import type { ChapterPageCopy } from "#app/content/chapter-page-copy.ts";

type State =
  | { is: "unknown" }
  | { is: "not-saved"; refused?: SaveRefusal }
  | { is: "saving" }
  | { is: "saved" };

const pill =
  "inline-flex min-h-11 items-center gap-2 rounded-full border border-white/40 bg-white/10 px-4 text-sm font-semibold text-white hover:bg-white/20 aria-disabled:opacity-70 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white";

/**
 * "Save for offline" on a chapter page (DESIGN 8.3): keeps the page on this device through the
 * service worker, then reads "Saved for offline" with "Remove from offline". Shown only once the
 * page runs JavaScript in a browser that can keep pages: without it there is nothing to press.
 */
export function SaveForOffline({
  chapter,
  savedList,
  copy,
}: {
  chapter: SavedChapter;
  /** /saved in the page's language. */
  savedList: string;
  copy: ChapterPageCopy["offline"];
}) {
  const [state, setState] = useState<State>({ is: "unknown" });
  const { path, id, title, grade, subject } = chapter;
  useEffect(() => {
    if (!offlineSupported()) return;
    let current = true;
    setState({ is: "not-saved" });
    isSaved({ path, id, title, grade, subject }).then((saved) => {
      if (current && saved) setState({ is: "saved" });
    });
    return () => {
      current = false;
    };
  }, [path, id, title, grade, subject]);
  if (state.is === "unknown") return null;

  async function save() {
    setState({ is: "saving" });
    const saved = await saveChapter(chapter);
    setState(saved.ok ? { is: "saved" } : { is: "not-saved", refused: saved.reason });
  }
  async function remove() {
    if (await removeChapter(chapter)) setState({ is: "not-saved" });
  }
  const refused = state.is === "not-saved" ? state.refused : undefined;
  return (
    <div className="mt-3 print:hidden">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
        <p
          role="status"
          className={
            state.is === "saved" ? "inline-flex min-h-11 items-center gap-2 text-sm font-semibold" : "sr-only"
          }
        >
          {state.is === "saved" ? (
            <>
              <Icon name="check-circle" className="size-5 text-accent-500" />
              {copy.saved}
            </>
          ) : null}
        </p>
        {/* One button that stays in place (Save, then Remove): the keyboard's focus stays on it. */}
        <button
          type="button"
          onClick={state.is === "saved" ? remove : state.is === "saving" ? undefined : save}
          // Not `disabled` while saving: a disabled button would drop the keyboard's focus.
          aria-disabled={state.is === "saving"}
          className={pill}
        >
          {state.is === "saved" ? null : <Icon name="download" className="size-4" />}
          {state.is === "saved" ? copy.remove : state.is === "saving" ? copy.saving : copy.save}
        </button>
        {state.is === "saved" ? (
          <Link to={savedList} className="inline-flex min-h-11 items-center text-sm underline">
            {copy.list}
          </Link>
        ) : null}
      </div>
      {refused ? (
        <p role="alert" className="mt-2 max-w-xl rounded-lg bg-white px-3 py-2 text-sm text-red-800">
          {refused === "full" ? copy.refused.full(MOST_SAVED) : copy.refused[refused]}
          {refused === "full" ? (
            <>
              {" "}
              <Link to={savedList} className="font-semibold underline">
                {copy.list}
              </Link>
            </>
          ) : null}
        </p>
      ) : null}
    </div>
  );
}
