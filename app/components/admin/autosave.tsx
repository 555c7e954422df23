import { useCallback, useEffect, useRef, useState } from "react";
import { buttonClass } from "#app/components/admin/console-kit.tsx";

// Autosave (issue 15): while a post or a note is edited, the browser keeps a copy of the form in
// localStorage every few seconds, so a crash, a closed tab or a failed save loses nothing: opening
// the form again offers "Restore unsaved changes from HH:MM?". JavaScript only; nothing goes to
// the server. A copy belongs to one form, one item and the version it was opened at: a copy of an
// older version is dropped (the item was saved since, by this person or someone else).

const PREFIX = "cw-draft:";
const EVERY_MS = 3_000;
/** Copies nobody came back for are dropped after a week. */
const KEEP_MS = 7 * 24 * 3600_000;
/** Bookkeeping fields of the forms: not what the admin typed. */
const NOT_TYPED = new Set(["intent", "id", "version", "__intent__"]);

export type Draft = {
  savedAt: number;
  fields: Array<[string, string]>;
  /** Titles of chosen picker items (chapter, related posts), so a restored choice reads as before. */
  labels: Record<string, string>;
};

/** Where a form's copy lives: the form's kind and item ("post:12", "note:new") and its version. */
export type DraftKey = { item: string; version?: number };

const storageKey = ({ item, version }: DraftKey) => `${PREFIX}${item}@${version ?? 0}`;

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    // Storage turned off (private mode, a policy): no autosave, nothing breaks.
    return null;
  }
}

function read(key: string): Draft | null {
  try {
    const draft = JSON.parse(storage()?.getItem(key) ?? "null") as Draft | null;
    return draft && Array.isArray(draft.fields) && typeof draft.savedAt === "number" ? draft : null;
  } catch {
    return null;
  }
}

/** Drops copies older than a week and copies of other versions of this item (`own`'s). */
function prune(own: string) {
  const store = storage();
  if (!store) return;
  const sameItem = own.slice(0, own.lastIndexOf("@") + 1);
  for (let i = store.length - 1; i >= 0; i--) {
    const name = store.key(i);
    if (!name?.startsWith(PREFIX) || name === own) continue;
    if (name.startsWith(sameItem) || (read(name)?.savedAt ?? 0) < Date.now() - KEEP_MS)
      store.removeItem(name);
  }
}

/** What the form would send now (files and bookkeeping left out), and the titles of its choices. */
function snapshot(form: HTMLFormElement): Omit<Draft, "savedAt"> {
  const fields: Array<[string, string]> = [];
  for (const [name, value] of new FormData(form)) {
    if (typeof value === "string" && !NOT_TYPED.has(name)) fields.push([name, value]);
  }
  const labels: Record<string, string> = {};
  for (const input of form.querySelectorAll<HTMLInputElement>("input[data-label]"))
    if (input.value && input.dataset.label) labels[input.value] = input.dataset.label;
  return { fields, labels };
}

/** A copy's fields by name: a name sent more than once (related posts) becomes a list. */
export function draftValues(draft: Draft): Record<string, string | string[]> {
  const values: Record<string, string | string[]> = {};
  for (const [name, value] of draft.fields) {
    const before = values[name];
    values[name] = before === undefined ? value : [...(Array.isArray(before) ? before : [before]), value];
  }
  return values;
}

/** A form's values `base` with the text fields of the copy over them (other names are left out). */
export function draftOver<Values extends object>(base: Values, draft: Draft): Values {
  const texts = Object.entries(draftValues(draft)).filter(
    ([name, value]) => typeof value === "string" && typeof base[name as keyof Values] === "string",
  );
  return { ...base, ...Object.fromEntries(texts) };
}

/** The chosen picker items of a copy among `values`, with their titles. */
export function draftChoices(
  draft: Draft,
  values: readonly string[],
): Array<{ value: string; label: string }> {
  return values.flatMap((value) => {
    const label = draft.labels[value];
    return label ? [{ value, label }] : [];
  });
}

/**
 * Keeps a copy of form `formId` while it is edited. `offer` is a copy left from before (shown as
 * "Restore unsaved changes from HH:MM?"); `restore` hands it over (the form then starts again from
 * it: `restored` counts, for a React key) and `discard` drops it; `clear` after a successful save.
 * `lastResult` is the form's last refusal: the one shown before a restore is not shown after it.
 */
export function useAutosave<Reply>(formId: string, key: DraftKey, lastResult: Reply | null | undefined) {
  const name = storageKey(key);
  const [offer, setOffer] = useState<Draft | null>(null);
  const [restored, setRestored] = useState<{ count: number; draft: Draft | null; over?: unknown }>({
    count: 0,
    draft: null,
  });
  const pending = useRef(false);
  const written = useRef<string | null>(null);

  useEffect(() => {
    const form = () => document.forms.namedItem(formId);
    const start = form();
    if (!start) return;
    prune(name);
    // What the form held when it opened: a copy is kept only once something differs from it.
    const opened = JSON.stringify(snapshot(start).fields);
    const left = read(name);
    pending.current = left !== null && JSON.stringify(left.fields) !== opened;
    setOffer(pending.current ? left : null);
    written.current = null;

    const keep = () => {
      const element = form();
      const store = storage();
      // While a copy from before waits for an answer, it is not overwritten.
      if (!element || !store || pending.current) return;
      const now = snapshot(element);
      const text = JSON.stringify(now.fields);
      if (text === written.current) return;
      try {
        if (text === opened) store.removeItem(name);
        else store.setItem(name, JSON.stringify({ savedAt: Date.now(), ...now } satisfies Draft));
        written.current = text;
      } catch {
        // Storage full: the form itself still works.
      }
    };
    const timer = setInterval(keep, EVERY_MS);
    addEventListener("pagehide", keep);
    return () => {
      clearInterval(timer);
      removeEventListener("pagehide", keep);
    };
  }, [formId, name]);

  const answer = (restore: boolean) => {
    pending.current = false;
    if (restore && offer) setRestored((r) => ({ count: r.count + 1, draft: offer, over: lastResult }));
    else storage()?.removeItem(name);
    setOffer(null);
  };

  const clear = useCallback(() => {
    storage()?.removeItem(name);
    written.current = null;
    // The restored copy is saved now: the form starts empty again, not from it.
    setRestored((r) => (r.draft ? { count: r.count + 1, draft: null } : r));
  }, [name]);

  return {
    offer,
    restore: () => answer(true),
    discard: () => answer(false),
    clear,
    /** The copy the admin chose to restore (null until then), and a count for the form's key. */
    restored,
    lastResult: restored.count > 0 && lastResult === restored.over ? undefined : lastResult,
  };
}

/** "14:05": the hour and minute a copy was kept, in the browser's own time. */
function clock(ms: number): string {
  const at = new Date(ms);
  return `${String(at.getHours()).padStart(2, "0")}:${String(at.getMinutes()).padStart(2, "0")}`;
}

/** "Restore unsaved changes from HH:MM?" with Restore and Discard. */
export function DraftOffer({
  draft,
  onRestore,
  onDiscard,
}: {
  draft: Draft | null;
  onRestore: () => void;
  onDiscard: () => void;
}) {
  if (!draft) return null;
  return (
    <div
      role="status"
      className="mb-4 flex flex-wrap items-center gap-3 rounded-lg border border-sky-300 bg-sky-50 px-4 py-3 text-sm text-sky-950"
    >
      <p className="min-w-0 flex-1 basis-56 font-semibold">
        Restore unsaved changes from {clock(draft.savedAt)}?
      </p>
      <div className="flex gap-2">
        <button type="button" onClick={onRestore} className={buttonClass("primary", "sm")}>
          Restore
        </button>
        <button type="button" onClick={onDiscard} className={buttonClass("cancel", "sm")}>
          Discard
        </button>
      </div>
    </div>
  );
}
