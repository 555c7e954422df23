import { expect, it } from "vitest";
import { guides as specGuides } from "#app/content/guides.ts";
import { GRADES } from "#app/lib/grades.ts";
import { type Guide, type HindiTexts, hindiGuide, readHindi } from "#app/lib/guide-record.ts";
import { type Backup, exportContent, importContent } from "#app/server/backup/backup-reader.server.ts";
import { type Actor, actingAs } from "#app/server/console/actor.server.ts";
import { contentVersion } from "#app/server/content-changes.server.ts";
import { ConflictError, DomainError } from "#app/server/errors.server.ts";
import { getGuide, hindiGuideOf, saveGuide } from "#app/server/guides/guides.server.ts";
import { compareWithCurrent, historyItem, listHistory } from "#app/server/history/history.server.ts";
import { restoreVersion } from "#app/server/history/restore-version.server.ts";
import { HINDI } from "#migrations/0026-guide-texts.ts";
import { isPostgres } from "#migrations/columns.ts";
import { describeEachDatabase, freshDatabase } from "./databases.ts";

const site = { siteUrl: "https://chapterwise.example", siteName: "ChapterWise" };
const asha: Actor = { userId: 1, label: "asha@school.in", address: "10.0.0.1" };
const ravi: Actor = { userId: 2, label: "ravi@school.in", address: "10.0.0.2" };

async function caught(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (err) {
    return err;
  }
  throw new Error("expected a refusal");
}

/** Every text of a Hindi guide, for checking the translation is complete. */
function hindiTexts(h: HindiTexts): string[] {
  return [
    h.title,
    h.subtitle,
    h.description,
    h.examType,
    h.examDates,
    h.difficulty,
    h.importance,
    ...h.keySubjects,
    ...[...h.tips, ...h.strategies].flatMap((t) => [t.title, t.description]),
    h.examPattern.duration,
    ...h.examPattern.sections.map((s) => s.name),
    ...h.preparationTimeline.flatMap((p) => [p.month, p.focus, ...p.activities]),
  ];
}

describeEachDatabase("guides", (db) => {
  it("a new database starts with the spec's guides and their whole Hindi translation", async () => {
    for (const grade of GRADES) {
      const saved = await getGuide(db(), grade);
      expect(saved.english).toEqual(specGuides[grade]);
      expect(saved.hindi).toEqual(HINDI[grade]);
      expect(saved.version).toBe(1);
      // Row for row with the English, every text given, in Devanagari (product words may stay English).
      expect(saved.hindi.tips).toHaveLength(saved.english.tips.length);
      expect(saved.hindi.preparationTimeline.map((p) => p.activities.length)).toEqual(
        saved.english.preparationTimeline.map((p) => p.activities.length),
      );
      for (const text of hindiTexts(saved.hindi).filter((t) => t !== "33%"))
        expect(text, text).toMatch(/[\u0900-\u097F]/);
      expect(await hindiGuideOf(db(), grade)).toEqual(hindiGuide(saved.english, saved.hindi));
    }
  });

  it("saves a guide over its version, refuses a stale save, keeps History, and restores a version", async () => {
    const before = await getGuide(db(), 10);
    const shownAt = await contentVersion(db());
    const english: Guide = {
      ...before.english,
      examDates: "15 February 2027 onwards",
      tips: [
        { ...(before.english.tips[0] as Guide["tips"][0]), title: "Make NCERT your only base" },
        ...before.english.tips.slice(1),
      ],
    };
    const hindi: HindiTexts = { ...before.hindi, subtitle: "" };
    const { after, changed } = await actingAs(asha, () =>
      saveGuide(db(), 10, before.version, { english, hindi }),
    );
    expect(after.version).toBe(before.version + 1);
    expect(after.updatedBy).toBe("asha@school.in");
    expect(changed).toBe("exam dates; tips; Hindi subtitle");
    expect((await getGuide(db(), 10)).english.examDates).toBe("15 February 2027 onwards");
    // The public page store is told: the content version moved on.
    expect(await contentVersion(db())).toBeGreaterThan(shownAt);
    // The blank Hindi subtitle shows the English one on the Hindi page.
    expect((await hindiGuideOf(db(), 10)).subtitle).toBe(before.english.subtitle);

    // A second tab still at the old version: refused, nothing written.
    const stale = await caught(
      actingAs(ravi, () => saveGuide(db(), 10, before.version, { english: before.english, hindi })),
    );
    expect(stale).toBeInstanceOf(ConflictError);
    expect((stale as Error).message).toMatch(/This guide was changed by someone else after you opened it/);
    expect((await getGuide(db(), 10)).version).toBe(after.version);

    // The guide's rules hold for any save (Restore comes through here too).
    const broken = await caught(
      saveGuide(db(), 10, after.version, { english: { ...english, title: " " }, hindi }),
    );
    expect(broken).toBeInstanceOf(DomainError);
    expect((broken as Error).message).toBe("Title is required.");

    // History: the current version on top, the replaced one below, compared with the current.
    const item = await historyItem(db(), "guide", 10);
    expect(item).toMatchObject({
      title: "Class 10 Exam Guide",
      place: "Class 10 · Guide",
      publicUrl: "/guide/10",
    });
    if (!item) return;
    const list = await listHistory(db(), item, 1);
    expect(list.rows.map((r) => [r.version, r.current, r.summary])).toEqual([
      [after.version, true, "exam dates; tips; Hindi subtitle"],
      [before.version, false, "created"],
    ]);
    const comparison = await compareWithCurrent(db(), item, before.version);
    expect(comparison?.fields.map((f) => f.label)).toEqual(["Exam dates", "Tips", "Subtitle (Hindi)"]);

    // Restore: the old version becomes a new one, saved by whoever restores it.
    const restored = await actingAs(ravi, () =>
      restoreVersion(db(), site, "guide", 10, before.version, after.version),
    );
    expect(restored.title).toBe("Class 10 Exam Guide");
    const now = await getGuide(db(), 10);
    expect(now.english).toEqual(before.english);
    expect(now.hindi).toEqual(before.hindi);
    expect(now.version).toBe(after.version + 1);
    expect(now.updatedBy).toBe("ravi@school.in");
  });

  it("backups carry the guides with their History and restore them; older backups keep the seeded ones", async () => {
    const before = await getGuide(db(), 12);
    await actingAs(asha, () =>
      saveGuide(db(), 12, before.version, {
        english: { ...before.english, difficulty: "Very high" },
        hindi: { ...before.hindi, difficulty: "बहुत कठिन" },
      }),
    );
    const first = await exportContent(db());
    expect(first.guides?.map((g) => g.grade)).toEqual([9, 10, 11, 12]);
    const twelve = first.guides?.find((g) => g.grade === 12);
    expect(twelve).toMatchObject({ version: before.version + 1, updatedBy: "asha@school.in" });
    expect(twelve?.history?.length).toBeGreaterThanOrEqual(1);

    const target = await freshDatabase(isPostgres(db() as never) ? "postgres" : "sqlite");
    try {
      await importContent(target.db, JSON.parse(JSON.stringify(first)));
      const second = await exportContent(target.db);
      const withoutTime = (b: Backup) => ({ ...b, exportedAt: "" });
      expect(withoutTime(second)).toEqual(withoutTime(first));
      expect((await getGuide(target.db, 12)).english.difficulty).toBe("Very high");
      // Its History came along: the version before the save can be restored there.
      const restoredAt = (await getGuide(target.db, 12)).version;
      await restoreVersion(target.db, site, "guide", 12, before.version, restoredAt);
      expect((await getGuide(target.db, 12)).english.difficulty).toBe(before.english.difficulty);
    } finally {
      await target.drop();
    }

    // A backup from before guides were content: it restores, and the seeded guides stay.
    const older = JSON.parse(JSON.stringify(first)) as Backup;
    delete older.guides;
    const plain = await freshDatabase("sqlite");
    try {
      await importContent(plain.db, older);
      expect((await getGuide(plain.db, 12)).english).toEqual(specGuides[12]);
    } finally {
      await plain.drop();
    }

    // A backup whose guide breaks the console's rules is refused, naming it.
    const hostile = JSON.parse(JSON.stringify(first)) as Backup;
    const entry = hostile.guides?.find((g) => g.grade === 9) as { english: Record<string, unknown> };
    entry.english = {
      ...entry.english,
      title: "",
      examPattern: {
        duration: "3 hours",
        totalMarks: 80,
        sections: [{ name: "All", marks: 79 }],
        passingMarks: "33%",
      },
    };
    const spoilt = await freshDatabase("sqlite");
    try {
      const error = await caught(importContent(spoilt.db, hostile));
      expect((error as Error).message).toMatch(/guides\.0 \(class 9 guide\): Title is required\./);
      expect((error as Error).message).toMatch(/The sections' marks add up to 79, but Total marks is 80\./);
      expect(
        readHindi(
          JSON.parse(
            (
              await spoilt.db
                .selectFrom("guides")
                .select("hindi")
                .where("id", "=", 9)
                .executeTakeFirstOrThrow()
            ).hindi,
          ),
        ),
      ).toEqual(HINDI[9]);
    } finally {
      await spoilt.drop();
    }
  });
});
