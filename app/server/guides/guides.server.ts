import type { Grade } from "#app/lib/grades.ts";
import { guideFormValues, guideProblems } from "#app/lib/guide-form.ts";
import {
  type Guide,
  type HindiTexts,
  hindiGuide,
  readGuide,
  readHindi,
  type SavedGuide,
} from "#app/lib/guide-record.ts";
import { replaceVersion } from "#app/server/console/versioned-save.server.ts";
import { contentChanged } from "#app/server/content-changes.server.ts";
import { type Database, inTransaction, toNumber } from "#app/server/db.server.ts";
import { DomainError, NotFoundError } from "#app/server/errors.server.ts";
import { changeSummary } from "#app/server/history/changes.server.ts";
import { type KeptHistory, keptVersion, restoreVersions } from "#app/server/history/item-history.server.ts";
import type { GuideRow } from "#app/server/schema.server.ts";

// The study guides (docs/decisions/0026): one per class, its English record and Hindi texts saved
// whole, versioned like chapters, notes and posts (a save based on an older version is refused,
// History keeps the one it replaces). Every database has all four from migration 0026 on; nothing
// deletes one, and a backup without guides leaves them as they are.

function parse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return {};
  }
}

export function toSavedGuide(row: GuideRow): SavedGuide {
  return {
    grade: row.id as Grade,
    english: readGuide(parse(row.english)),
    hindi: readHindi(parse(row.hindi)),
    version: toNumber(row.version),
    updatedAt: row.updated_at,
    updatedBy: row.updated_by,
  };
}

/** A class's guide as saved. */
export async function getGuide(db: Database, grade: Grade): Promise<SavedGuide> {
  const row = await db.selectFrom("guides").selectAll().where("id", "=", grade).executeTakeFirst();
  if (!row) throw new NotFoundError("guide");
  return toSavedGuide(row);
}

/** The guide the English page shows (/guide/N). */
export async function englishGuide(db: Database, grade: Grade): Promise<Guide> {
  return (await getGuide(db, grade)).english;
}

/** The guide the Hindi page shows (/hi/guide/N): each Hindi field, or the English one where it is blank. */
export async function hindiGuideOf(db: Database, grade: Grade): Promise<Guide> {
  const { english, hindi } = await getGuide(db, grade);
  return hindiGuide(english, hindi);
}

/**
 * Saves a class's guide over version `expectedVersion` (what the form was read at): the guide's
 * rules are checked again (Restore brings a version back through here), History keeps the version
 * it replaces, and the public guide is stored afresh. Answers what the save changed, in a few words.
 */
export async function saveGuide(
  db: Database,
  grade: Grade,
  expectedVersion: number,
  guide: { english: Guide; hindi: HindiTexts },
): Promise<{ after: SavedGuide; changed: string }> {
  const problem = guideProblems(guideFormValues(guide.english, guide.hindi))[0];
  if (problem) throw new DomainError(problem[1]);
  return inTransaction(db, async (trx) => {
    const { after, replaced } = await replaceVersion(trx, "guides", grade, expectedVersion, {
      english: JSON.stringify(guide.english),
      hindi: JSON.stringify(guide.hindi),
    });
    await contentChanged(trx);
    const saved = toSavedGuide(after);
    const now = { grade, english: saved.english, hindi: saved.hindi };
    return { after: saved, changed: changeSummary("guide", replaced, now, saved.version) };
  });
}

/** A guide as a backup carries it (app/server/backup/): checked there by the same rules as a save. */
export type GuideBackup = {
  grade: number;
  english: unknown;
  hindi: unknown;
  createdAt: string;
  updatedAt: string;
} & KeptHistory;

/**
 * Puts a backup's guides in place of the ones here (each class's row is always there, from
 * migration 0026), with their version, last editor and History, inside the restore's transaction.
 */
export async function restoreGuides(db: Database, guides: readonly GuideBackup[]): Promise<void> {
  for (const g of guides) {
    const row = {
      english: JSON.stringify(readGuide(g.english)),
      hindi: JSON.stringify(readHindi(g.hindi)),
      version: keptVersion(g),
      created_at: g.createdAt,
      updated_at: g.updatedAt,
      updated_by: g.updatedBy ?? null,
    };
    const updated = await db.updateTable("guides").set(row).where("id", "=", g.grade).executeTakeFirst();
    if (Number(updated.numUpdatedRows) === 0)
      await db
        .insertInto("guides")
        .values({ id: g.grade, ...row })
        .execute();
    // The guide's History is the backup's: what was kept here of the guide it replaces goes.
    await db.deleteFrom("versions").where("item_kind", "=", "guide").where("item_id", "=", g.grade).execute();
    await restoreVersions(db, "guide", [{ itemId: g.grade, history: g.history ?? [] }]);
  }
}
