import sharp from "sharp";
import { beforeEach, expect, it } from "vitest";
import { createChapters, deleteChapter, emptyLinks } from "#app/server/catalogue/chapters.server.ts";
import { addSubject } from "#app/server/catalogue/subjects.server.ts";
import type { Database } from "#app/server/db.server.ts";
import { cardKey, type ShareCard, shareCardPng } from "#app/server/publishing/share-card.server.ts";
import { deleteForever } from "#app/server/trash/trash.server.ts";
import { describeEachDatabase } from "./databases.ts";

// A chapter's share card is drawn once per title and kept in the database (DESIGN 8.3, 8.5).

let counter = 0;
async function chapterId(db: Database, title: string): Promise<number> {
  const code = `card${++counter}-${Math.random().toString(36).slice(2, 7)}`;
  await addSubject(db, 10, code, `Cards ${code}`);
  const [made] = await createChapters(db, 10, code, [{ title, links: emptyLinks() }]);
  return made?.id ?? 0;
}

function kept(db: Database, id: number) {
  return db
    .selectFrom("share_cards")
    .select(["lang", "card_key", "png"])
    .where("chapter_id", "=", id)
    .execute();
}

// Each test's own titles: the process also holds the cards it drew (by chapter id, which each engine's
// fresh database gives again), and these tests are about the database.
let run = "";
beforeEach(() => {
  run = Math.random().toString(36).slice(2, 8);
});
const card = (title: string): ShareCard => ({
  title: `${title} ${run}`,
  kicker: "Class 10 · Science",
  siteName: "ChapterWise",
});

describeEachDatabase("share cards", (database) => {
  it("draws a card once and keeps it; a new title draws a new one in its place", async () => {
    const db = database();
    const id = await chapterId(db, "Light");
    const png = await shareCardPng(db, { id, lang: "en" }, card("Light"));
    expect(await sharp(png).metadata()).toMatchObject({ format: "png", width: 1200, height: 630 });
    const rows = await kept(db, id);
    expect(rows.map((r) => [r.lang, r.card_key])).toEqual([["en", cardKey(card("Light"))]]);
    expect(Buffer.from(rows[0]?.png ?? [])).toEqual(png);

    await shareCardPng(db, { id, lang: "hi" }, card("Light"));
    const renamed = await shareCardPng(db, { id, lang: "en" }, card("Light and Shadows"));
    expect(renamed).not.toEqual(png);
    const after = await kept(db, id);
    expect(after.map((r) => [r.lang, r.card_key]).sort()).toEqual([
      ["en", cardKey(card("Light and Shadows"))],
      ["hi", cardKey(card("Light"))],
    ]);
  });

  it("serves what the database keeps without drawing it again (another instance drew it)", async () => {
    const db = database();
    const id = await chapterId(db, "Sound");
    const drawnElsewhere = await sharp({
      create: { width: 1200, height: 630, channels: 3, background: "#123456" },
    })
      .png()
      .toBuffer();
    await db
      .insertInto("share_cards")
      .values({
        chapter_id: id,
        lang: "en",
        card_key: cardKey(card("Sound")),
        png: drawnElsewhere,
        created_at: "2026-11-28T00:00:00.000Z",
      })
      .execute();
    expect(await shareCardPng(db, { id, lang: "en" }, card("Sound"))).toEqual(drawnElsewhere);
  });

  it("the key changes with anything the card shows", () => {
    const base = card("Motion");
    const keys = new Set([
      cardKey(base),
      cardKey({ ...base, title: "Motion!" }),
      cardKey({ ...base, kicker: "कक्षा 10 · Science" }),
      cardKey({ ...base, siteName: "Other" }),
    ]);
    expect(keys.size).toBe(4);
    expect(cardKey(base)).toMatch(/^[\w-]{22}$/);
  });

  it("a chapter deleted for good takes its cards with it", async () => {
    const db = database();
    const id = await chapterId(db, "Magnets");
    await shareCardPng(db, { id, lang: "en" }, card("Magnets"));
    const trashed = await deleteChapter(db, id);
    await deleteForever(db, [trashed.trashId]);
    expect(await kept(db, id)).toEqual([]);
  });
});
