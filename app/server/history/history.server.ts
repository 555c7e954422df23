import type { Grade } from "#app/lib/grades.ts";
import { listSubjects } from "#app/server/catalogue/subjects.server.ts";
import { type ListPage, readPage } from "#app/server/console/list-page.server.ts";
import type { Database } from "#app/server/db.server.ts";
import {
  changeSummary,
  type FieldDiff,
  type Names,
  namesNeeded,
  sameAsCurrent,
  versionDiff,
} from "#app/server/history/changes.server.ts";
import { type ItemKind, itemData, type VersionData } from "#app/server/history/item-history.server.ts";
import {
  getVersion,
  type StoredVersion,
  versionBefore,
  versionCount,
  versionWindow,
} from "#app/server/history/versions.server.ts";
import type { ChapterRow, GuideRow, NoteRow, PostRow } from "#app/server/schema.server.ts";

// The History page of one item (app/routes/admin/history.tsx): the item, its versions newest first
// with what each changed, and one version compared with the current one.

export type HistoryItem = {
  kind: ItemKind;
  id: number;
  /** "Light", a note's chapter title, a post's or guide's title. */
  title: string;
  /** Where it is: "Class 10 · Science", "Note of Class 10 · Science", "Blog", "Class 10 · Guide". */
  place: string;
  version: number;
  /** Its public page, when it has one. */
  publicUrl: string | null;
  /** Everything it holds now. */
  data: VersionData;
  savedBy: string | null;
  savedAt: string;
};

async function placeOf(db: Database, grade: number, code: string): Promise<string> {
  const subject = (await listSubjects(db, grade as Grade)).find((s) => s.code === code);
  return `Class ${grade} · ${subject?.label ?? code}`;
}

/** The item as it is now, or null when it does not exist (deleted, or never was). */
export async function historyItem(db: Database, kind: ItemKind, id: number): Promise<HistoryItem | null> {
  const base = (row: { version: number; updated_by: string | null; updated_at: string }) => ({
    kind,
    id,
    version: row.version,
    savedBy: row.updated_by,
    savedAt: row.updated_at,
  });
  if (kind === "chapter") {
    const row = await db.selectFrom("chapters").selectAll().where("id", "=", id).executeTakeFirst();
    if (!row) return null;
    return {
      ...base(row),
      title: row.title,
      place: await placeOf(db, row.grade, row.subject_code),
      publicUrl: `/class/${row.grade}/chapter/${row.slug}`,
      data: await itemData(db, "chapter", row as ChapterRow),
    };
  }
  if (kind === "note") {
    const row = await db.selectFrom("notes").selectAll().where("id", "=", id).executeTakeFirst();
    if (!row) return null;
    const chapter = await db
      .selectFrom("chapters")
      .select(["title", "grade", "subject_code", "slug"])
      .where("id", "=", row.chapter_id)
      .executeTakeFirst();
    return {
      ...base(row),
      title: chapter?.title ?? "A note",
      place: chapter ? `Note · ${await placeOf(db, chapter.grade, chapter.subject_code)}` : "Note",
      publicUrl: chapter ? `/class/${chapter.grade}/chapter/${chapter.slug}` : null,
      data: await itemData(db, "note", row as NoteRow),
    };
  }
  if (kind === "guide") {
    const row = await db.selectFrom("guides").selectAll().where("id", "=", id).executeTakeFirst();
    if (!row) return null;
    const data = await itemData(db, "guide", row as GuideRow);
    const english = data.english as { title?: unknown } | undefined;
    return {
      ...base(row),
      title: typeof english?.title === "string" && english.title ? english.title : `Class ${id} guide`,
      place: `Class ${id} · Guide`,
      publicUrl: `/guide/${id}`,
      data,
    };
  }
  const row = await db.selectFrom("posts").selectAll().where("id", "=", id).executeTakeFirst();
  if (!row) return null;
  return {
    ...base(row),
    title: row.title,
    place: "Blog",
    publicUrl: row.status === "published" ? `/blog/${row.slug}` : null,
    data: await itemData(db, "post", row as PostRow),
  };
}

/** A line of the History list. */
export type HistoryRow = {
  version: number;
  current: boolean;
  savedBy: string | null;
  savedAt: string;
  /** What it changed against the version before it: "title; 2 links added". */
  summary: string;
  /** True when it holds what the current version holds: restoring it would change nothing. */
  sameAsNow?: true;
};

/**
 * One page of the item's versions, newest first, the current one at the top: 50 a page. Each says
 * what it changed, so one more version than is shown is read (the one the last row changed).
 */
export async function listHistory(
  db: Database,
  item: HistoryItem,
  page: number,
): Promise<ListPage<HistoryRow>> {
  const { kind, id } = item;
  return readPage(
    page,
    async () => (await versionCount(db, kind, id)) + 1,
    async ({ limit, offset }) => {
      // Row 0 of the whole list is the current version; row n (n ≥ 1) the n-th newest kept one.
      const first = offset === 0;
      const kept = await versionWindow(db, kind, id, {
        offset: first ? 0 : offset - 1,
        limit: (first ? limit - 1 : limit) + 1,
      });
      const current: StoredVersion = {
        version: item.version,
        savedBy: item.savedBy,
        savedAt: item.savedAt,
        replacedAt: "",
        data: item.data,
      };
      const line = first ? [current, ...kept] : kept;
      return line.slice(0, limit).map((v, i) => ({
        version: v.version,
        current: first && i === 0,
        savedBy: v.savedBy,
        savedAt: v.savedAt,
        summary: changeSummary(kind, line[i + 1]?.data ?? null, v.data, v.version),
        sameAsNow: !(first && i === 0) && sameAsCurrent(kind, v.data, item.data) ? true : undefined,
      }));
    },
  );
}

/** The subjects' labels and chapters' names a diff shows. */
async function namesFor(db: Database, kind: ItemKind, versions: VersionData[]): Promise<Names> {
  const needed = namesNeeded(kind, versions);
  const names: Names = { subjects: new Map(), chapters: new Map() };
  if (needed.subjects.length > 0) {
    const subjects = await db.selectFrom("subjects").select(["grade", "code", "label"]).execute();
    for (const s of subjects) names.subjects.set(`${s.grade}/${s.code}`, s.label);
  }
  if (needed.chapters.length > 0) {
    const chapters = await db
      .selectFrom("chapters")
      .select(["id", "title", "grade"])
      .where("id", "in", needed.chapters)
      .execute();
    for (const c of chapters) names.chapters.set(c.id, `${c.title} (Class ${c.grade})`);
  }
  return names;
}

/** A kept version compared with the current one. */
export type VersionComparison = {
  version: number;
  savedBy: string | null;
  savedAt: string;
  summary: string;
  fields: FieldDiff[];
};

/** Version `version` of the item against its current one, or null when that version is not kept. */
export async function compareWithCurrent(
  db: Database,
  item: HistoryItem,
  version: number,
): Promise<VersionComparison | null> {
  if (version >= item.version) return null;
  const kept = await getVersion(db, item.kind, item.id, version);
  if (!kept) return null;
  const before = await versionBefore(db, item.kind, item.id, version);
  const names = await namesFor(db, item.kind, [kept.data, item.data]);
  return {
    version,
    savedBy: kept.savedBy,
    savedAt: kept.savedAt,
    summary: changeSummary(item.kind, before?.data ?? null, kept.data, version),
    fields: versionDiff(item.kind, kept.data, item.data, names),
  };
}
