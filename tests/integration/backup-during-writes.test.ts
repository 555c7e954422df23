import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Kysely } from "kysely";
import { afterAll, expect, it } from "vitest";
import { openBackupFile, writeBackupFile } from "#app/server/backup/backup-files.server.ts";
import { restoreBackup } from "#app/server/backup/restore-backup.server.ts";
import {
  type ChapterInput,
  createChapters,
  deleteChapters,
  emptyLinks,
} from "#app/server/catalogue/chapters.server.ts";
import { addSubject } from "#app/server/catalogue/subjects.server.ts";
import { type Database, dialectOf, inTransaction, toNumber } from "#app/server/db.server.ts";
import { search } from "#app/server/search/search.server.ts";
import { describeEachDatabase, freshDatabase } from "./databases.ts";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "cw-backup-writes-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const GRADE = 12;
const SUBJECT = "moments";
/** More chapters than two of the export's batches (500), so the export reads them in turns. */
const CHAPTERS = 1_200;

function chapter(n: number): ChapterInput {
  return {
    title: `Moment ${n}`,
    links: { ...emptyLinks(), notes: [{ title: "Notes", url: `https://example.org/moment/${n}` }] },
  };
}

const engineOf = (db: Database) => dialectOf(db as unknown as Kysely<unknown>);

async function liveChapters(db: Database): Promise<number> {
  const row = await db
    .selectFrom("chapters")
    .select((eb) => eb.fn.countAll().as("n"))
    .where("subject_code", "=", SUBJECT)
    .executeTakeFirstOrThrow();
  return toNumber(row.n);
}

describeEachDatabase("an export while the site is being edited", (db) => {
  it("is one moment of the site: it restores whole, with every chapter once", {
    timeout: 180_000,
  }, async () => {
    await addSubject(db(), GRADE, SUBJECT, "Moments");
    const made = await createChapters(
      db(),
      GRADE,
      SUBJECT,
      Array.from({ length: CHAPTERS }, (_, i) => chapter(i + 1)),
    );
    // Each edit, in one transaction: a new chapter (the highest id, read last by the export) and the
    // oldest one (read first) to the Trash. At every moment the subject has CHAPTERS chapters; an
    // export that read its batches at different moments would hold more, or a chapter twice. The
    // edits are made each time the export reports progress (it waits for them), so they fall
    // between its reads whatever the machine's speed.
    const queue = made.map((c) => c.id);
    let next = CHAPTERS;
    let edits = 0;
    const edit = () =>
      inTransaction(db(), async (trx) => {
        next += 1;
        const [added] = await createChapters(trx, GRADE, SUBJECT, [chapter(next)]);
        await deleteChapters(trx, [queue.shift() as number]);
        if (added) queue.push(added.id);
        edits += 1;
      });
    const file = path.join(dir, `during-${engineOf(db())}.jsonl.gz`);
    await writeBackupFile(db(), file, { withUsers: true }, async (done) => {
      if (done < 1) await edit();
    });
    expect(edits).toBeGreaterThan(1);
    expect(await liveChapters(db())).toBe(CHAPTERS);

    const titles: string[] = [];
    const trashed: string[] = [];
    for await (const record of (await openBackupFile(file)).records) {
      const r = record as {
        type: string;
        subject?: string;
        title?: string;
        kind?: string;
        item?: { subject?: string };
      };
      if (r.type === "chapter" && r.subject === SUBJECT) titles.push(r.title ?? "");
      if (r.type === "trash" && r.kind === "chapter" && r.item?.subject === SUBJECT)
        trashed.push(r.title ?? "");
    }
    expect(titles).toHaveLength(CHAPTERS);
    expect(new Set([...titles, ...trashed]).size).toBe(titles.length + trashed.length);
    // One moment: as many chapters added as went to the Trash, the newest ones right after the first.
    const added = titles.filter((t) => Number(t.slice("Moment ".length)) > CHAPTERS);
    expect(added).toHaveLength(trashed.length);

    const target = await freshDatabase(engineOf(db()));
    try {
      const restored = await restoreBackup(target.db, await openBackupFile(file));
      expect(restored.summary).toContain(`${trashed.length > 0 ? "items in the Trash" : "chapters"}`);
      expect(await liveChapters(target.db)).toBe(CHAPTERS);
      const inTrash = await target.db
        .selectFrom("trash")
        .select((eb) => eb.fn.countAll().as("n"))
        .where("kind", "=", "chapter")
        .executeTakeFirstOrThrow();
      expect(toNumber(inTrash.n)).toBe(trashed.length);
      // The restored site is searchable, and its links are in the link inventory.
      const found = await search(target.db, { q: "moment" });
      expect(found.total).toBeGreaterThan(0);
      const links = await target.db
        .selectFrom("link_uses")
        .select((eb) => eb.fn.countAll().as("n"))
        .executeTakeFirstOrThrow();
      expect(toNumber(links.n)).toBeGreaterThanOrEqual(CHAPTERS);
    } finally {
      await target.drop();
    }
  });
});
