// Sharing a chapter with a class (DESIGN 8.3, docs/decisions/0028): WhatsApp is how students and
// teachers pass links around, and its link works without JavaScript and without an app of ours.

/** What a shared chapter reads: "Real Numbers – https://site/class/10/chapter/real-numbers". */
export function shareText(title: string, address: string): string {
  return `${title} \u2013 ${address}`;
}

/** WhatsApp's own share link (its app where installed, its website elsewhere) with the chapter's text. */
export function whatsAppShareLink(title: string, address: string): string {
  return `https://wa.me/?text=${encodeURIComponent(shareText(title, address))}`;
}

/** A chapter's short address (`/c/ID`): printed under its QR codes, it outlives renames and moves. */
export function shortChapterPath(id: number): string {
  return `/c/${id}`;
}

/** A chapter's share card (og:image): the size link previews show wide (app/server/publishing/share-card.server.ts). */
export const SHARE_CARD_SIZE = { width: 1200, height: 630 } as const;
