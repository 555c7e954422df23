import type { Grade } from "#app/lib/grades.ts";
import { asMedium, DEFAULT_MEDIUM, isMedium, MEDIUMS, type Medium } from "#app/lib/medium.ts";
import { contentChanged } from "#app/server/content-changes.server.ts";
import { type Database, inTransaction, isUniqueViolation, toNumber } from "#app/server/db.server.ts";
import { DomainError } from "#app/server/errors.server.ts";
import type { Subject } from "#app/server/schema.server.ts";

export type { Subject };

export const SUBJECT_CODE_RULE = /^[a-z0-9]+(-[a-z0-9]+)*$/;

export function listSubjects(db: Database, grade: Grade): Promise<Subject[]> {
  return db
    .selectFrom("subjects")
    .selectAll()
    .where("grade", "=", grade)
    .orderBy("position")
    .orderBy("id")
    .execute();
}

export function listAllSubjects(db: Database): Promise<Subject[]> {
  return db.selectFrom("subjects").selectAll().orderBy("grade").orderBy("position").orderBy("id").execute();
}

const MEDIUM_REFUSED = `Medium: choose one of ${MEDIUMS.length} (English, Hindi or Both).`;

export async function addSubject(
  db: Database,
  grade: Grade,
  code: string,
  label: string,
  medium: string = DEFAULT_MEDIUM,
): Promise<Subject> {
  const key = code.trim();
  const name = label.trim();
  if (!isMedium(medium)) throw new DomainError(MEDIUM_REFUSED, { field: "medium" });
  if (!SUBJECT_CODE_RULE.test(key) || key.length > 40) {
    throw new DomainError(
      "Subject key: use lowercase letters, digits and hyphens only (e.g. maths or social-science), at most 40 characters.",
      { field: "code" },
    );
  }
  if (!name)
    throw new DomainError("Label: enter the subject's name as students should see it.", { field: "label" });
  if (name.length > 80) throw new DomainError("Label: at most 80 characters.", { field: "label" });
  try {
    return await inTransaction(db, async (trx) => {
      const last = await trx
        .selectFrom("subjects")
        .select((eb) => eb.fn.max("position").as("max"))
        .where("grade", "=", grade)
        .executeTakeFirst();
      const position = last?.max == null ? 0 : toNumber(last.max) + 1;
      const subject = await trx
        .insertInto("subjects")
        .values({ grade, code: key, label: name, position, medium })
        .returningAll()
        .executeTakeFirstOrThrow();
      await contentChanged(trx);
      return subject;
    });
  } catch (err) {
    if (isUniqueViolation(err)) {
      throw new DomainError(`Subject key "${key}" is already used in Class ${grade}. Choose another key.`, {
        field: "code",
      });
    }
    throw err;
  }
}

export async function countChaptersOfSubject(db: Database, grade: Grade, code: string): Promise<number> {
  const row = await db
    .selectFrom("chapters")
    .select((eb) => eb.fn.countAll().as("n"))
    .where("grade", "=", grade)
    .where("subject_code", "=", code)
    .executeTakeFirst();
  return toNumber(row?.n as number | string | undefined);
}

/**
 * A subject's medium (English, Hindi or Both): which class page opens on it when no subject is
 * named. Answers the subject as it was, or null when there is no such subject.
 */
export async function setSubjectMedium(
  db: Database,
  grade: Grade,
  code: string,
  medium: string,
): Promise<{ label: string; before: Medium } | null> {
  if (!isMedium(medium)) throw new DomainError(MEDIUM_REFUSED, { field: "medium" });
  return inTransaction(db, async (trx) => {
    const subject = await trx
      .selectFrom("subjects")
      .select(["label", "medium"])
      .where("grade", "=", grade)
      .where("code", "=", code)
      .executeTakeFirst();
    if (!subject) return null;
    if (subject.medium !== medium) {
      await trx
        .updateTable("subjects")
        .set({ medium })
        .where("grade", "=", grade)
        .where("code", "=", code)
        .execute();
      await contentChanged(trx);
    }
    return { label: subject.label, before: asMedium(subject.medium) };
  });
}

/**
 * A subject that still has chapters is kept: its chapters would have nowhere to live. (Chapters in
 * the Trash do not hold it; restoring one asks for its subject back first.)
 */
export async function deleteSubject(db: Database, grade: Grade, code: string): Promise<void> {
  await inTransaction(db, async (trx) => {
    const subject = await trx
      .selectFrom("subjects")
      .select("label")
      .where("grade", "=", grade)
      .where("code", "=", code)
      .executeTakeFirst();
    if (!subject) return;
    const chapters = await countChaptersOfSubject(trx, grade, code);
    if (chapters > 0) {
      throw new DomainError(
        `Cannot delete ${subject.label}: it still has ${chapters} chapter${chapters === 1 ? "" : "s"}. Move or delete ${chapters === 1 ? "it" : "them"} first.`,
        { status: 409 },
      );
    }
    const result = await trx
      .deleteFrom("subjects")
      .where("grade", "=", grade)
      .where("code", "=", code)
      .executeTakeFirst();
    if (Number(result.numDeletedRows) > 0) await contentChanged(trx);
  });
}

/** A backup's subjects, as they were (key, label, order, medium): restore only (backup/backup-reader.server.ts). */
export async function restoreSubjects(
  trx: Database,
  subjects: ReadonlyArray<{ grade: number; code: string; label: string; position: number; medium: Medium }>,
): Promise<void> {
  if (subjects.length > 0)
    await trx
      .insertInto("subjects")
      .values(subjects.map((s) => ({ ...s })))
      .execute();
}
