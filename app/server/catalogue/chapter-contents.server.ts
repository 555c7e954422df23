import { type ExpressionBuilder, sql } from "kysely";
import { batches } from "#app/lib/batches.ts";
import type { ContentFilter } from "#app/lib/chapter-contents.ts";
import type { Database } from "#app/server/db.server.ts";
import type { DB } from "#app/server/schema.server.ts";

// What chapters hold (docs/decisions/0024): the class page's "2 notes · 6 links", the Dashboard's
// "Content" filter, and a chapter's neighbours in its subject (the chapter page's Previous / Next).

/**
 * How many links students are shown on each of these chapters: their link lists, less the links
 * link health hides (confirmed Broken, not marked fine: docs/decisions/0011). Grouped statements by
 * key, through the indexes on chapter_links (chapter) and link_uses (kind, ref_id). Chapters
 * without any are not in the map.
 */
export async function shownLinkCounts(
  db: Database,
  chapterIds: readonly number[],
): Promise<Map<number, number>> {
  const counts = new Map<number, number>();
  for (const part of batches(chapterIds, 500)) {
    const rows = await db
      .selectFrom("chapter_links")
      .select(["chapter_links.chapter_id as id", (eb) => eb.fn.countAll().as("n")])
      .where("chapter_links.chapter_id", "in", part)
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom("link_uses")
              .innerJoin("links", "links.id", "link_uses.link_id")
              .select("link_uses.link_id")
              .where("link_uses.kind", "=", "chapter-link")
              .whereRef("link_uses.ref_id", "=", "chapter_links.id")
              .where("links.status", "=", "broken")
              .where("links.marked_fine", "=", 0),
          ),
        ),
      )
      .groupBy("chapter_links.chapter_id")
      .execute();
    for (const r of rows) counts.set(r.id, Number(r.n));
  }
  return counts;
}

/**
 * The Dashboard's "Content" filter as a condition on `chapters`: Empty is a chapter without notes and
 * without links (what the team has saved, Broken or not: Link health looks after those). A test of
 * the count each chapter keeps (migration 0040), not a probe of two tables a chapter.
 */
export function contentCondition(eb: ExpressionBuilder<DB, "chapters">, filter: ContentFilter) {
  return eb("chapters.resources", filter === "empty" ? "=" : ">", 0);
}

/**
 * Gives the chapters that have notes their kept count again: for a load that wrote notes with the
 * row triggers off (a first Firestore import), whose chapters counted only their links. One
 * statement for the chapters with notes, not one for every chapter.
 */
export async function recountNotedChapters(db: Database): Promise<void> {
  await sql`update chapters set resources =
      (select count(*) from chapter_links l where l.chapter_id = chapters.id)
      + (select count(*) from notes n where n.chapter_id = chapters.id)
    where id in (select chapter_id from notes)`.execute(db);
}

export type Neighbour = { title: string; slug: string };

/**
 * The chapters before and after one in its subject, in the class page's order (position, then id):
 * two reads of the (grade, subject, position) index, one row each.
 */
export async function chapterNeighbours(
  db: Database,
  chapter: { id: number; grade: number; subjectCode: string; position: number },
): Promise<{ previous: Neighbour | null; next: Neighbour | null }> {
  const side = (before: boolean) => {
    const dir = before ? "desc" : "asc";
    const op = before ? "<" : ">";
    return (
      db
        .selectFrom("chapters")
        .select(["title", "slug"])
        .where("grade", "=", chapter.grade)
        .where("subject_code", "=", chapter.subjectCode)
        // As a row value, so both engines walk the (grade, subject, position) index from this
        // chapter: spelt out as "position < p or (position = p and id < i)", SQLite read every
        // chapter of the subject (3,125 at the bench's 100,000), ten times slower.
        .where((eb) => eb(eb.refTuple("position", "id"), op, eb.tuple(chapter.position, chapter.id)))
        .orderBy("position", dir)
        .orderBy("id", dir)
        .limit(1)
        .executeTakeFirst()
    );
  };
  const [previous, next] = await Promise.all([side(true), side(false)]);
  return { previous: previous ?? null, next: next ?? null };
}
