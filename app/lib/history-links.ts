// Addresses of the History pages (README, The console): one per chapter, note, post and guide, under
// the console section the item is managed in (a guide's id is its class: /admin/guides/10/history).

export type HistoryKind = "chapter" | "note" | "post" | "guide";

const SECTIONS: Record<HistoryKind, string> = {
  chapter: "chapters",
  note: "notes",
  post: "blogs",
  guide: "guides",
};

/** The console list an item's History belongs to, for the way back and the side menu. */
export const HISTORY_LISTS: Record<HistoryKind, { to: string; label: string; noun: string }> = {
  chapter: { to: "/admin", label: "Dashboard", noun: "chapter" },
  note: { to: "/admin/notes", label: "Manage Notes", noun: "note" },
  post: { to: "/admin/blogs", label: "Manage Blogs", noun: "post" },
  guide: { to: "/admin/guides", label: "Guides", noun: "guide" },
};

/** An item's edit form (Edit Resource, Edit Blog, Edit Note, a class's guide): its own address in the console. */
export function editHref(kind: HistoryKind, id: number): string {
  return `/admin/${SECTIONS[kind]}/${id}`;
}

/** An item's History page; `v` opens one version, `restore` its confirmation, `page` a page of the list. */
export function historyHref(
  kind: HistoryKind,
  id: number,
  open: { page?: number; v?: number; restore?: boolean } = {},
): string {
  const params = new URLSearchParams();
  if (open.page && open.page > 1) params.set("page", String(open.page));
  if (open.v) params.set("v", String(open.v));
  if (open.v && open.restore) params.set("restore", "1");
  const query = params.toString();
  return `${editHref(kind, id)}/history${query ? `?${query}` : ""}`;
}

/** The kind of item a History route pattern ("/admin/blogs/:id/history") is about. */
export function historyKindOf(pattern: string): HistoryKind | null {
  const section = /(?:^|\/)admin\/(chapters|notes|blogs|guides)\/:id\/history\/?$/i
    .exec(pattern)?.[1]
    ?.toLowerCase();
  const kinds = Object.entries(SECTIONS) as Array<[HistoryKind, string]>;
  return kinds.find(([, s]) => s === section)?.[0] ?? null;
}
