import { expect, it } from "vitest";
import { exportContent } from "#app/server/backup/backup-reader.server.ts";
import { createChapters, deleteChapter, emptyLinks } from "#app/server/catalogue/chapters.server.ts";
import { addNote, updateNote } from "#app/server/catalogue/notes.server.ts";
import { addSubject } from "#app/server/catalogue/subjects.server.ts";
import type { Database } from "#app/server/db.server.ts";
import { restoreFromTrash } from "#app/server/trash/trash.server.ts";
import { describeEachDatabase } from "./databases.ts";

// Backup, Trash and History take an item with its History out through one module
// (app/server/history/item-history.server.ts): what the Trash keeps of a chapter is what a backup
// carries of it, and a note's versions name their chapter by address while out, by id once back.

const tag = Math.random().toString(36).slice(2, 8);
const links = (title: string) => ({
  ...emptyLinks(),
  notes: [{ title, url: `https://example.org/${encodeURIComponent(title)}` }],
});

async function noteVersionChapters(db: Database, noteId: number) {
  const rows = await db
    .selectFrom("versions")
    .select("data")
    .where("item_kind", "=", "note")
    .where("item_id", "=", noteId)
    .orderBy("version")
    .execute();
  return rows.map((r) => (JSON.parse(r.data) as { chapterId?: unknown }).chapterId);
}

describeEachDatabase("an item with its History", (database) => {
  it("goes to the Trash as a backup carries it, and comes back with its note versions naming their chapter here", async () => {
    const db = database();
    const code = `ih-${tag}`;
    await addSubject(db, 9, code, "Item History");
    const [home, away] = await createChapters(db, 9, code, [
      { title: `Home ${tag}`, links: links("Home link") },
      { title: `Away ${tag}`, links: links("Away link") },
    ]);
    if (!home || !away) throw new Error("two chapters");
    const note = await addNote(db, {
      chapterId: away.id,
      content: "<p>Written away</p>",
      seoDescription: "",
      seoKeywords: "",
    });
    // The note moves home: its kept version names the chapter it was in.
    await updateNote(db, note.id, note.version, {
      chapterId: home.id,
      content: "<p>Now at home</p>",
      seoDescription: "",
      seoKeywords: "",
    });
    expect(await noteVersionChapters(db, note.id)).toEqual([away.id]);

    const before = await exportContent(db);
    const carried = before.chapters.find((c) => c.slug === home.slug);
    expect(carried?.notes.map((n) => n.history?.map((v) => JSON.parse(v.data).chapter))).toEqual([
      [{ grade: 9, slug: away.slug }],
    ]);

    const { trashId } = await deleteChapter(db, home.id);
    // Its note's versions left with it.
    expect(await noteVersionChapters(db, note.id)).toEqual([]);
    const during = await exportContent(db);
    expect(during.trash?.find((t) => t.kind === "chapter")?.item).toEqual(carried);

    await restoreFromTrash(db, [trashId]);
    expect(await noteVersionChapters(db, note.id)).toEqual([away.id]);
    const after = await exportContent(db);
    expect(after.chapters.find((c) => c.slug === home.slug)).toEqual(carried);
  });
});
