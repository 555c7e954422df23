import { formatInTimeZone } from "#app/lib/dates.ts";
import { type ListQuery, type ListSpec, listSearch } from "#app/lib/list-query.ts";
import type { ToastAction } from "#app/lib/toast.ts";

// The Trash page's address and list state (README, The console: /admin/trash), and the "Undo" a
// delete's toast offers, which restores from the Trash.

export const TRASH_PATH = "/admin/trash";

/** How long deleted things wait in the Trash before the purge job deletes them for good. */
export const TRASH_DAYS = 30;

/** What a delete's confirmation says happens next, of one item or of several. */
export function toTrash(count: number): string {
  return count === 1
    ? `It waits in the Trash for ${TRASH_DAYS} days, where it can be restored.`
    : `They wait in the Trash for ${TRASH_DAYS} days, where they can be restored.`;
}

export type TrashKindName = "chapter" | "note" | "post";

/** Each kind as the Trash names it. */
export const TRASH_KIND_WORDS: Record<TrashKindName, string> = {
  chapter: "Chapter",
  note: "Note",
  post: "Blog post",
};

const isKind = (value: string): value is TrashKindName => value in TRASH_KIND_WORDS;

/** Newest deletion first, the one order; the filter `kind`, the search `q` and the page in the URL. */
export const TRASH_LIST: ListSpec<"deleted", "kind"> = {
  sorts: ["deleted"],
  defaultSort: "deleted",
  defaultDir: { deleted: "desc" },
  filters: { kind: isKind },
};

export type TrashPageQuery = ListQuery<"deleted", "kind">;

/** The kind a list state filters by, if any. */
export function trashKindOf(query: TrashPageQuery): TrashKindName | undefined {
  return isKind(query.filters.kind) ? query.filters.kind : undefined;
}

/** The Trash showing this list state (with `changes`). */
export function trashHref(query: TrashPageQuery, changes?: Parameters<typeof listSearch>[2]): string {
  return `${TRASH_PATH}${listSearch(query, TRASH_LIST, changes)}`;
}

/**
 * A console page to come back to after restoring: a path of the console (with its query), never
 * another site's address.
 */
export function consoleReturn(value: string | null | undefined): string | null {
  if (!value || value.length > 2000) return null;
  return /^\/admin(?:[/?#]|$)/.test(value) && !/[\\\s]|\/\//.test(value) ? value : null;
}

/** A delete's "Undo": restores these items of the Trash and comes back to `back` (the list it was on). */
export function undoDelete(trashIds: readonly number[], back: string): ToastAction {
  return restoreOffer("Undo", trashIds, back);
}

/** A form that restores items of the Trash, then shows `back`. */
export function restoreOffer(label: string, trashIds: readonly number[], back: string): ToastAction {
  return {
    label,
    to: TRASH_PATH,
    fields: [
      ["intent", "restore"],
      ...trashIds.map((id): [string, string] => ["ids", String(id)]),
      ["back", back],
    ],
  };
}

/** The day (India, YYYY-MM-DD) an item deleted at `deletedAt` leaves the Trash for good, `days` later. */
export function purgeDay(deletedAt: string, days: number): string {
  const ms = Date.parse(deletedAt);
  return Number.isNaN(ms) ? "" : formatInTimeZone(new Date(ms + days * 24 * 3600_000));
}
