import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { afterAll, expect, it } from "vitest";
import { BACKUPS_KEPT, readBackupFile } from "#app/server/backups.server.ts";
import { backupJob } from "#app/server/jobs/backups.server.ts";
import { runJobOnce } from "#app/server/jobs/lease.server.ts";
import { loadDemoContent } from "../../cli/demo-content.ts";
import { describeEachDatabase } from "./databases.ts";

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});
function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "cw-backups-"));
  dirs.push(dir);
  return dir;
}

/** `npm run content -- verify FILE`, as an operator runs it (no database needed). */
function verify(file: string) {
  const result = spawnSync(process.execPath, ["cli/content.ts", "verify", file], {
    env: { ...process.env, DATABASE_URL: path.join(path.dirname(file), "unused.db") },
    encoding: "utf8",
  });
  return { code: result.status, out: result.stdout.trim(), err: result.stderr.trim() };
}

describeEachDatabase("backups on a schedule", (db) => {
  const day = (n: number) => new Date(Date.UTC(2026, 10, 1, 2, 0) + n * 24 * 3_600_000);

  it("the job writes a compressed full backup once a period, by one of two instances; verify accepts it", {
    timeout: 120_000,
  }, async () => {
    await loadDemoContent(db(), { siteUrl: "https://chapterwise.test", siteName: "ChapterWise" });
    const dir = tempDir();
    const job = backupJob(dir, 24);
    const rounds = await Promise.all([
      runJobOnce(db(), job, "a", day(0)),
      runJobOnce(db(), job, "b", day(0)),
    ]);
    expect(rounds.filter((r) => r.ran)).toHaveLength(1);
    // An hour later another instance's timer: not yet due.
    expect((await runJobOnce(db(), job, "b", new Date(day(0).getTime() + 3_600_000))).ran).toBe(false);
    const files = fs.readdirSync(dir);
    expect(files).toEqual(["chapterwise-20261101-020000Z.json.gz"]);
    const file = path.join(dir, files[0] as string);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    const backup = (await readBackupFile(file)) as { chapters: unknown[]; users?: unknown[] };
    expect(backup.chapters.length).toBeGreaterThan(10);
    expect(Array.isArray(backup.users)).toBe(true);

    const checked = verify(file);
    expect(checked.code).toBe(0);
    expect(checked.out).toMatch(
      /is a whole backup: \d+ subjects, \d+ chapters, \d+ links, \d+ notes, \d+ posts/,
    );
  });

  it("keeps the last 14; verify refuses a damaged copy and one whose references do not resolve", {
    timeout: 120_000,
  }, async () => {
    const dir = tempDir();
    const job = backupJob(dir, 24);
    // A month after the first test's backup, once a day.
    for (let n = 30; n < 30 + BACKUPS_KEPT + 3; n++)
      expect((await runJobOnce(db(), job, "a", day(n))).ran).toBe(true);
    const files = fs.readdirSync(dir).sort();
    expect(files).toHaveLength(BACKUPS_KEPT);
    expect(files[0]).toBe("chapterwise-20261204-020000Z.json.gz");
    const newest = path.join(dir, files.at(-1) as string);

    // Cut short (a disk that filled up, a copy interrupted).
    const bytes = fs.readFileSync(newest);
    const truncated = path.join(dir, "truncated.json.gz");
    fs.writeFileSync(truncated, bytes.subarray(0, Math.floor(bytes.length / 2)));
    const cut = verify(truncated);
    expect(cut.code).not.toBe(0);
    expect(cut.err).toContain("is not valid JSON");

    // Whole, but a chapter names a subject the backup does not have.
    const backup = JSON.parse(zlib.gunzipSync(bytes).toString("utf8")) as {
      subjects: Array<{ grade: number; code: string }>;
      chapters: Array<{ grade: number; subject: string }>;
    };
    const orphan = backup.chapters[0];
    if (orphan)
      backup.subjects = backup.subjects.filter(
        (s) => !(s.grade === orphan.grade && s.code === orphan.subject),
      );
    const broken = path.join(dir, "broken.json");
    fs.writeFileSync(broken, JSON.stringify(backup));
    const refused = verify(broken);
    expect(refused.code).not.toBe(0);
    expect(refused.err).toMatch(
      /cannot be restored:\n {2}chapters\.0: subject "[^"]+" of class \d+ is not in the backup/,
    );
  });
});
