import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { afterAll, expect, it } from "vitest";
import { BACKUPS_KEPT, openBackupFile, writeBackupFile } from "#app/server/backup/backup-files.server.ts";
import { runJobOnce } from "#app/server/jobs/lease.server.ts";
import { backupJob } from "#app/server/jobs/scheduled-backups.server.ts";
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
    expect(files).toEqual(["chapterwise-20261101-020000Z.jsonl.gz"]);
    const file = path.join(dir, files[0] as string);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    const reading = await openBackupFile(file);
    expect(reading.header).toMatchObject({ format: "chapterwise-backup", version: 2, withUsers: true });
    const types = new Map<string, number>();
    for await (const record of reading.records) {
      const type = (record as { type: string }).type;
      types.set(type, (types.get(type) ?? 0) + 1);
    }
    expect(types.get("chapter")).toBeGreaterThan(10);
    expect(types.get("end")).toBe(1);

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
    expect(files[0]).toBe("chapterwise-20261204-020000Z.jsonl.gz");
    const newest = path.join(dir, files.at(-1) as string);

    // Cut short (a disk that filled up, a copy interrupted): in the middle of the gzip stream,
    // and at a line's end (whole lines, but not the end line).
    const bytes = fs.readFileSync(newest);
    const truncated = path.join(dir, "truncated.jsonl.gz");
    fs.writeFileSync(truncated, bytes.subarray(0, Math.floor(bytes.length / 2)));
    const cut = verify(truncated);
    expect(cut.code).not.toBe(0);
    expect(cut.err).toMatch(
      /cannot be restored:\n {2}the file is damaged after line \d+ \(unexpected end of file\)/,
    );
    const lines = zlib.gunzipSync(bytes).toString("utf8").trimEnd().split("\n");
    const write = (name: string, kept: string[]) => {
      const file = path.join(dir, name);
      fs.writeFileSync(file, zlib.gzipSync(`${kept.join("\n")}\n`));
      return file;
    };
    const noEnd = verify(write("no-end.jsonl.gz", lines.slice(0, -1)));
    expect(noEnd.code).not.toBe(0);
    expect(noEnd.err).toContain("(end): the file ends before its end line: it was cut short");
    // A line lost in the middle (a copy that skipped a block): the end line's counts tell.
    const chapterLine = lines.findIndex((l) => l.startsWith('{"type":"chapter"'));
    const lost = verify(
      write(
        "lost.jsonl.gz",
        lines.filter((_, i) => i !== chapterLine + 1),
      ),
    );
    expect(lost.code).not.toBe(0);
    expect(lost.err).toMatch(/\(end\): it says \d+ chapters, but \d+ were read: the file is damaged/);
    const garbled = verify(
      write(
        "garbled.jsonl.gz",
        lines.map((l, i) => (i === 3 ? l.slice(0, 20) : l)),
      ),
    );
    expect(garbled.err).toContain("line 4 is not JSON: the file is damaged");

    // Whole, but a chapter names a subject the backup does not have.
    const records = lines.map(
      (l) => JSON.parse(l) as { type?: string; grade: number; code: string; subject: string },
    );
    const orphan = records.find((r) => r.type === "chapter");
    const broken = write(
      "broken.jsonl.gz",
      lines.filter(
        (_, i) =>
          !(
            records[i]?.type === "subject" &&
            records[i]?.grade === orphan?.grade &&
            records[i]?.code === orphan?.subject
          ),
      ),
    );
    const refused = verify(broken);
    expect(refused.code).not.toBe(0);
    expect(refused.err).toMatch(
      /cannot be restored:\n {2}chapters\.0: subject "[^"]+" of class \d+ is not in the backup/,
    );
  });

  it("a failed backup leaves no half-written copy; one killed half-way is removed by a backup a day later", async () => {
    const dir = tempDir();
    const failed = path.join(dir, "failed.jsonl.gz");
    const diskFull = () => {
      throw new Error("no space left on device");
    };
    await expect(writeBackupFile(db(), failed, { withUsers: true }, diskFull)).rejects.toThrow(/no space/);
    expect(fs.readdirSync(dir)).toEqual([]);

    const at = new Date(Date.UTC(2027, 0, 2, 2, 0));
    const hoursBefore = (h: number) => new Date(at.getTime() - h * 3_600_000);
    const leftover = (name: string, age: number) => {
      fs.writeFileSync(path.join(dir, name), "half a backup");
      fs.utimesSync(path.join(dir, name), hoursBefore(age), hoursBefore(age));
    };
    leftover("chapterwise-20270101-000000Z.jsonl.gz.tmp", 26); // killed a day ago
    leftover("chapterwise-20270102-010000Z.jsonl.gz.tmp", 1); // may still be being written
    leftover("notes.tmp", 48); // not ours
    expect((await runJobOnce(db(), backupJob(dir, 24), "a", at)).ran).toBe(true);
    expect(fs.readdirSync(dir).sort()).toEqual([
      "chapterwise-20270102-010000Z.jsonl.gz.tmp",
      "chapterwise-20270102-020000Z.jsonl.gz",
      "notes.tmp",
    ]);
  });
});
