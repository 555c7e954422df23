import { type RefObject, useEffect, useRef, useState } from "react";
import {
  applyRowIntent,
  type ChapterDraft,
  chapterPrefix,
  emptyChapterDraft,
  type LinkDraft,
  type LinkKind,
  type RowIntent,
} from "#app/lib/chapter-form.ts";

/**
 * The rows of a chapter form on screen. Each chapter and link row has a stable key, so inputs keep
 * what was typed when rows are added, removed or reordered (the inputs are uncontrolled: the
 * browser holds the text, even text typed before the page's JavaScript ran).
 */
export type KeyedLink = LinkDraft & { key: string };
export type KeyedChapter = { key: string; title: string; links: Record<LinkKind, KeyedLink[]> };

/** The latest action result the form must show: its errors are keyed by field name. */
export type FormResult = { id: string; errors: Record<string, string> } | null;

/** Where keyboard focus goes after a row button: the new row, or the button that replaces the removed one. */
type FocusRequest = { target: string; n: number } | null;

function withKeys(drafts: readonly ChapterDraft[], nextKey: () => string): KeyedChapter[] {
  return drafts.map((d) => ({
    key: nextKey(),
    title: d.title,
    links: {
      notes: d.links.notes.map((l) => ({ ...l, key: nextKey() })),
      questions: d.links.questions.map((l) => ({ ...l, key: nextKey() })),
      lectures: d.links.lectures.map((l) => ({ ...l, key: nextKey() })),
    },
  }));
}

/**
 * Ties each error to the row it was about when it arrived, so the message stays with its row
 * when rows are added, removed or moved afterwards. Keys that are not about a row (e.g. "subject")
 * stay as they are.
 */
function errorsByRow(
  errors: Record<string, string>,
  chapters: readonly KeyedChapter[],
  prefixed: boolean,
): Record<string, string> {
  const byRow: Record<string, string> = {};
  for (const [key, message] of Object.entries(errors)) {
    let chapter: KeyedChapter | undefined;
    let rest = key;
    if (prefixed) {
      const match = /^chapters\.(\d+)\.(.+)$/.exec(key);
      if (match) {
        chapter = chapters[Number(match[1])];
        rest = match[2] ?? "";
      }
    } else {
      chapter = chapters[0];
    }
    const link = /^(notes|questions|lectures)\.(\d+)\.(title|url)$/.exec(rest);
    if (chapter && rest === "title") byRow[`${chapter.key}:title`] = message;
    else if (chapter && link) {
      const row = chapter.links[link[1] as LinkKind][Number(link[2])];
      byRow[row ? `${row.key}:${link[3]}` : key] = message;
    } else byRow[key] = message;
  }
  return byRow;
}

export type ChapterRows = ReturnType<typeof useChapterRows>;

export function useChapterRows(initial: readonly ChapterDraft[], result: FormResult, prefixed: boolean) {
  const counter = useRef(0);
  const nextKey = () => `r${++counter.current}`;
  const [state, setState] = useState(() => {
    const chapters = withKeys(initial.length > 0 ? initial : [emptyChapterDraft()], nextKey);
    return {
      chapters,
      errors: errorsByRow(result?.errors ?? {}, chapters, prefixed),
      seen: result?.id,
      focus: null as FocusRequest,
    };
  });
  // A new result arrived: its errors belong to the rows as they are now (the row buttons are
  // disabled while the form is being sent, so the rows are the ones that were sent).
  if (result && result.id !== state.seen) {
    setState({ ...state, errors: errorsByRow(result.errors, state.chapters, prefixed), seen: result.id });
  }

  function apply(op: RowIntent) {
    setState((s) => {
      let target = "";
      const chapters = applyRowIntent<KeyedLink, KeyedChapter>(s.chapters, op, {
        chapter: () => {
          const [fresh] = withKeys([emptyChapterDraft()], nextKey) as [KeyedChapter];
          target = `${fresh.key}:title`;
          return fresh;
        },
        link: () => {
          const key = nextKey();
          target = `${key}:title`;
          return { title: "", url: "", key };
        },
      });
      const chapter = "chapter" in op ? s.chapters[op.chapter] : undefined;
      if (op.type === "remove-chapter") target = "add-chapter";
      if (op.type === "remove-link" && chapter) target = `${chapter.key}:${op.kind}:add`;
      const focus = target ? { target, n: (s.focus?.n ?? 0) + 1 } : s.focus;
      return { ...s, chapters, focus };
    });
  }

  return {
    chapters: state.chapters,
    apply,
    focus: state.focus,
    /** The message for a row's field ("title" or "url"), or for a key like "subject". */
    errorFor: (rowKey: string, field?: string): string | undefined =>
      state.errors[field ? `${rowKey}:${field}` : rowKey],
    /** The field-name prefix of chapter `index`. */
    prefixOf: (index: number) => (prefixed ? chapterPrefix(index) : ""),
  };
}

/** Focuses the element when a row button asked for it (see FocusRequest). */
export function useFocusRequest(
  ref: RefObject<HTMLElement | null>,
  focus: FocusRequest,
  target: string,
): void {
  useEffect(() => {
    if (focus && focus.target === target) ref.current?.focus();
  }, [focus, target, ref]);
}
