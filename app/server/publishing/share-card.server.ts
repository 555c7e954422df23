import { createHash } from "node:crypto";
import type { Lang } from "#app/lib/language.ts";
import { SHARE_CARD_SIZE } from "#app/lib/share.ts";
import { type Database, now } from "#app/server/db.server.ts";
import { escapeXml } from "#app/server/publishing/feeds.server.ts";
// Loaded at the first card, not at start (decision 0016): a server that draws none holds no libvips.
import { loadSharp } from "#app/server/publishing/media.server.ts";

// A chapter's share card (DESIGN.md 8.3): the 1200 × 630 picture WhatsApp, Telegram and the rest
// show under a shared link (og:image), with the chapter's title, its class and subject and the
// site's name, in the page's language. Drawn on the server from SVG by sharp (librsvg with the
// system's Noto fonts, which shape Devanagari), about 100 ms of one core: so each card is drawn once
// per title and kept in the database (the most recently asked also in memory), cards are drawn one at
// a time, and a crowd of new ones is told to come back later rather than let anyone keep the server
// busy drawing.

const KEPT = 64;
/** Cards waiting to be drawn beyond this many: the next is refused (503, Retry-After). */
const MAX_WAITING = 8;
const FONTS = "Noto Sans, Noto Sans Devanagari, sans-serif";
const TITLE_LINE_CHARS = 26;
const TITLE_LINES = 3;

export type ShareCard = { title: string; kicker: string; siteName: string };

export class CardsBusyError extends Error {
  constructor() {
    super("Too many share cards are being drawn; try again shortly.");
  }
}

/**
 * The title in at most three lines of about 26 characters, broken between words (a word longer than
 * a line stands alone), an ellipsis when it does not fit.
 */
export function titleLines(title: string, perLine = TITLE_LINE_CHARS, lines = TITLE_LINES): string[] {
  const out: string[] = [];
  let line = "";
  for (const word of title.trim().split(/\s+/).filter(Boolean)) {
    const next = line ? `${line} ${word}` : word;
    if ([...next].length <= perLine || !line) {
      line = next;
      continue;
    }
    out.push(line);
    line = word;
  }
  if (line) out.push(line);
  if (out.length <= lines) return out;
  const kept = out.slice(0, lines);
  kept[lines - 1] = `${[...(kept[lines - 1] ?? "")].slice(0, perLine - 1).join("")}…`;
  return kept;
}

/** The card as an SVG document (exported for its test). */
export function shareCardSvg(card: ShareCard): string {
  const lines = titleLines(card.title);
  const titleSize = lines.length > 2 ? 64 : 72;
  const title = lines
    .map((line, i) => `<tspan x="80" dy="${i === 0 ? 0 : titleSize * 1.2}">${escapeXml(line)}</tspan>`)
    .join("");
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${SHARE_CARD_SIZE.width}" height="${SHARE_CARD_SIZE.height}" viewBox="0 0 ${SHARE_CARD_SIZE.width} ${SHARE_CARD_SIZE.height}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#1c44ad"/><stop offset="1" stop-color="#2456d6"/></linearGradient></defs>
<rect width="1200" height="630" fill="url(#g)"/>
<rect x="80" y="96" width="96" height="8" rx="4" fill="#f59e0b"/>
<text x="80" y="168" font-family="${FONTS}" font-size="36" font-weight="600" fill="#dbe6fe">${escapeXml(card.kicker)}</text>
<text x="80" y="${168 + 40 + titleSize}" font-family="${FONTS}" font-size="${titleSize}" font-weight="800" fill="#ffffff">${title}</text>
<text x="80" y="566" font-family="${FONTS}" font-size="40" font-weight="800" fill="#ffffff">${escapeXml(card.siteName)}</text>
</svg>`;
}

const kept = new Map<string, Promise<Buffer>>();
let drawing: Promise<unknown> = Promise.resolve();
let waiting = 0;

/**
 * What a card shows, as a short key: a new title, class, subject or site name is a new card. The
 * drawing's own version is part of it, so changing `shareCardSvg` draws every card again.
 */
export function cardKey(card: ShareCard): string {
  return createHash("sha256")
    .update(`${CARD_DRAWING}\n${card.title}\n${card.kicker}\n${card.siteName}`)
    .digest("base64url")
    .slice(0, 22);
}

/** Bump when `shareCardSvg` draws differently: every kept card is then drawn again on its next request. */
const CARD_DRAWING = "1";

/** Draws a card, after the ones already waiting; a crowd is refused (CardsBusyError). */
function draw(card: ShareCard): Promise<Buffer> {
  if (waiting >= MAX_WAITING) return Promise.reject(new CardsBusyError());
  waiting++;
  const drawn = drawing.then(async () =>
    (await loadSharp())(Buffer.from(shareCardSvg(card)))
      .png()
      .toBuffer(),
  );
  drawing = drawn.catch(() => {});
  return drawn.finally(() => {
    waiting--;
  });
}

/**
 * A chapter's card in one language as a PNG: the one this process holds, else the one kept in the
 * database for this title, else drawn now and kept there in place of the old title's. Drawn once per
 * title, whatever restarts or how many instances serve it (two drawing it at once keep the same bytes).
 */
export function shareCardPng(
  db: Database,
  chapter: { id: number; lang: Lang },
  card: ShareCard,
): Promise<Buffer> {
  const key = cardKey(card);
  const held = `${chapter.id}:${chapter.lang}:${key}`;
  const hit = kept.get(held);
  if (hit) {
    kept.delete(held);
    kept.set(held, hit);
    return hit;
  }
  const found = (async () => {
    const stored = await db
      .selectFrom("share_cards")
      .select("png")
      .where("chapter_id", "=", chapter.id)
      .where("lang", "=", chapter.lang)
      .where("card_key", "=", key)
      .executeTakeFirst();
    if (stored) return Buffer.from(stored.png);
    const png = await draw(card);
    const row = { card_key: key, png, created_at: now() };
    await db
      .insertInto("share_cards")
      .values({ chapter_id: chapter.id, lang: chapter.lang, ...row })
      .onConflict((oc) => oc.columns(["chapter_id", "lang"]).doUpdateSet(row))
      .execute();
    return png;
  })();
  if (kept.size >= KEPT) kept.delete(kept.keys().next().value ?? "");
  kept.set(held, found);
  found.catch(() => kept.delete(held));
  return found;
}
