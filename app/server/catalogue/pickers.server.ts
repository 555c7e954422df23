import type { PickOption } from "#app/lib/pick.ts";
import { MAX_PICK_RESULTS } from "#app/lib/pick.ts";
import { containsText } from "#app/server/console/list-page.server.ts";
import type { Database } from "#app/server/db.server.ts";

// What the console's search-as-you-type pickers offer: a few matches by title, never a whole table.

function chaptersWithPlace(db: Database) {
  return db
    .selectFrom("chapters")
    .innerJoin("subjects", (j) =>
      j.onRef("subjects.grade", "=", "chapters.grade").onRef("subjects.code", "=", "chapters.subject_code"),
    )
    .select(["chapters.id", "chapters.title", "chapters.grade", "subjects.label"]);
}

type ChapterPickRow = { id: number; title: string; grade: number; label: string };
const chapterOption = (r: ChapterPickRow): PickOption => ({
  value: String(r.id),
  label: r.title,
  detail: `Class ${r.grade} · ${r.label}`,
});

/** Chapters whose title contains `q` (ignoring case), in syllabus order; the first ones when `q` is empty. */
export async function pickChapters(db: Database, q: string): Promise<PickOption[]> {
  let query = chaptersWithPlace(db);
  if (q) query = query.where(containsText("chapters.title", q));
  const rows = await query
    .orderBy("chapters.grade")
    .orderBy("subjects.position")
    .orderBy("chapters.position")
    .orderBy("chapters.id")
    .limit(MAX_PICK_RESULTS)
    .execute();
  return rows.map(chapterOption);
}

/** The chosen chapter as a picker shows it, or null when there is none. */
export async function chapterChoice(db: Database, id: number): Promise<PickOption | null> {
  if (!Number.isSafeInteger(id) || id <= 0) return null;
  const row = await chaptersWithPlace(db).where("chapters.id", "=", id).executeTakeFirst();
  return row ? chapterOption(row) : null;
}

type PostPickRow = { slug: string; title: string; status: string };
const postOption = (r: PostPickRow): PickOption => ({
  value: r.slug,
  label: r.title,
  detail:
    r.status === "published" ? r.slug : `${r.status === "scheduled" ? "Scheduled" : "Draft"} · ${r.slug}`,
});

/**
 * Posts whose title or slug contains `q`, newest first, leaving out `except` (the post being edited).
 * A post whose slug is exactly `q` comes first, so the form can say at once that a slug is taken.
 */
export async function pickPosts(db: Database, q: string, except = ""): Promise<PickOption[]> {
  let query = db.selectFrom("posts").select(["slug", "title", "status"]);
  if (q) query = query.where((eb) => eb.or([containsText("title", q), containsText("slug", q)]));
  if (except) query = query.where("slug", "<>", except);
  const rows = await query
    .orderBy((eb) => eb.case().when("slug", "=", q).then(0).else(1).end())
    .orderBy("date", "desc")
    .orderBy("id", "desc")
    .limit(MAX_PICK_RESULTS)
    .execute();
  return rows.map(postOption);
}

/** The posts of `slugs` as a picker shows them, in that order (unknown slugs are left out). */
export async function postChoices(db: Database, slugs: string[]): Promise<PickOption[]> {
  if (slugs.length === 0) return [];
  const rows = await db
    .selectFrom("posts")
    .select(["slug", "title", "status"])
    .where("slug", "in", slugs.slice(0, 50))
    .execute();
  const bySlug = new Map(rows.map((r) => [r.slug, postOption(r)]));
  return slugs.flatMap((s) => bySlug.get(s) ?? []);
}
