import { expect, it } from "vitest";
import { createChapters, deleteChapter, emptyLinks } from "#app/server/catalogue/chapters.server.ts";
import {
  addSubject,
  countChaptersOfSubject,
  deleteSubject,
  listAllSubjects,
  listSubjects,
  setSubjectMedium,
} from "#app/server/catalogue/subjects.server.ts";
import { DomainError } from "#app/server/errors.server.ts";
import { describeEachDatabase } from "./databases.ts";

async function caught(promise: Promise<unknown>): Promise<DomainError> {
  try {
    await promise;
  } catch (err) {
    if (err instanceof DomainError) return err;
    throw err;
  }
  throw new Error("expected the call to be refused");
}

describeEachDatabase("subjects", (getDb) => {
  it("adds subjects per class in the order they were added", async () => {
    const db = getDb();
    await addSubject(db, 9, "mathematics", " Mathematics ");
    await addSubject(db, 9, "social-science", "Social Science");
    await addSubject(db, 9, "hindi-2", "Hindi");
    await addSubject(db, 10, "mathematics", "Mathematics");
    expect((await listSubjects(db, 9)).map((s) => [s.code, s.label, s.position])).toEqual([
      ["mathematics", "Mathematics", 0],
      ["social-science", "Social Science", 1],
      ["hindi-2", "Hindi", 2],
    ]);
    expect((await listSubjects(db, 10)).map((s) => s.code)).toEqual(["mathematics"]);
    expect((await listAllSubjects(db)).map((s) => `${s.grade}/${s.code}`)).toEqual([
      "9/mathematics",
      "9/social-science",
      "9/hindi-2",
      "10/mathematics",
    ]);
  });

  it("refuses a key used in the class, a malformed key and a missing label, at the field", async () => {
    const db = getDb();
    await addSubject(db, 11, "physics", "Physics");
    const duplicate = await caught(addSubject(db, 11, "physics", "Physics again"));
    expect(duplicate.field).toBe("code");
    expect(duplicate.message).toBe('Subject key "physics" is already used in Class 11. Choose another key.');
    for (const bad of ["Physics", "phy sics", "-physics", "physics-", "phy--sics", "", "a".repeat(41)]) {
      expect((await caught(addSubject(db, 11, bad, "Label"))).field, bad).toBe("code");
    }
    expect((await caught(addSubject(db, 11, "chemistry", "   "))).field).toBe("label");
    expect((await listSubjects(db, 11)).map((s) => s.code)).toEqual(["physics"]);
  });

  it("keeps a subject that still has chapters, saying how many; deletes it once empty", async () => {
    const db = getDb();
    await addSubject(db, 12, "biology", "Biology");
    await addSubject(db, 12, "english", "English");
    const chapters = await createChapters(db, 12, "biology", [
      { title: "Reproduction in Organisms", links: emptyLinks() },
      { title: "Genetics", links: emptyLinks() },
    ]);
    expect(await countChaptersOfSubject(db, 12, "biology")).toBe(2);

    const refused = await caught(deleteSubject(db, 12, "biology"));
    expect(refused.status).toBe(409);
    expect(refused.message).toBe(
      "Cannot delete Biology: it still has 2 chapters. Move or delete them first.",
    );
    expect((await listSubjects(db, 12)).map((s) => s.code)).toEqual(["biology", "english"]);

    for (const c of chapters) await deleteChapter(db, c.id);
    await deleteSubject(db, 12, "biology");
    expect((await listSubjects(db, 12)).map((s) => s.code)).toEqual(["english"]);

    // An empty subject goes at once; the same key can then be added again.
    await deleteSubject(db, 12, "english");
    await addSubject(db, 12, "english", "English");
    expect((await listSubjects(db, 12)).map((s) => s.code)).toEqual(["english"]);
  });

  it("a subject's medium: Both unless chosen, changed on its own, anything else refused at the field", async () => {
    const db = getDb();
    await addSubject(db, 10, "medium-default", "Default");
    await addSubject(db, 10, "ganit-m", "गणित", "hindi");
    const medium = async () =>
      Object.fromEntries(
        (await listSubjects(db, 10)).filter((s) => s.code !== "mathematics").map((s) => [s.code, s.medium]),
      );
    expect(await medium()).toEqual({ "medium-default": "both", "ganit-m": "hindi" });

    expect(await setSubjectMedium(db, 10, "medium-default", "english")).toEqual({
      label: "Default",
      before: "both",
    });
    // The same medium again changes nothing; a subject that is not there answers null.
    expect(await setSubjectMedium(db, 10, "medium-default", "english")).toEqual({
      label: "Default",
      before: "english",
    });
    expect(await setSubjectMedium(db, 10, "no-such-subject", "hindi")).toBeNull();
    expect(await medium()).toEqual({ "medium-default": "english", "ganit-m": "hindi" });

    for (const bad of ["Hindi", "", " both", "urdu", "x".repeat(10_000), "both'; drop table subjects; --"]) {
      expect((await caught(setSubjectMedium(db, 10, "ganit-m", bad))).field, bad).toBe("medium");
      expect((await caught(addSubject(db, 10, "refused", "Refused", bad))).field, bad).toBe("medium");
    }
    expect(await medium()).toEqual({ "medium-default": "english", "ganit-m": "hindi" });
  });
});
