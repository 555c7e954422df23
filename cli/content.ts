// Backups and moving in:
//   npm run content -- export FILE [--with-users] [--without-history]
//   npm run content -- import FILE
//   npm run content -- import --from-firestore FILE
//   npm run content -- verify FILE
//   npm run content -- reindex
import fs from "node:fs";
import { openBackupFile, writeBackupFile } from "#app/server/backup/backup-files.server.ts";
import { describeCounts } from "#app/server/backup/backup-records.server.ts";
import { importFirestoreFile } from "#app/server/backup/firestore-import.server.ts";
import { restoreBackup, verifyBackup } from "#app/server/backup/restore-backup.server.ts";
import { loadConfig } from "#app/server/config.server.ts";
import { noteActivity } from "#app/server/console/activity.server.ts";
import { contentChanged } from "#app/server/content-changes.server.ts";
import { withLoadJournal } from "#app/server/db.server.ts";
import { DomainError } from "#app/server/errors.server.ts";
import { reindex } from "#app/server/search/search.server.ts";
import { progress } from "./progress.ts";
import { asCommandLine, exit, openCliDatabase } from "./shared.ts";

const USAGE = `Usage:
  npm run content -- export FILE [--with-users] [--without-history]
                                                   write everything (subjects, chapters, links, notes, posts, images; every
                                                   chapter's, note's and post's History and the Activity log unless
                                                   --without-history; accounts with --with-users) to FILE as JSON Lines,
                                                   gzip-compressed when FILE ends in .gz
  npm run content -- import FILE                   restore such a backup (or a scheduled one, .jsonl.gz) into an empty database
  npm run content -- verify FILE                   check a backup without restoring it: it parses, every reference resolves; print its counts
  npm run content -- import --from-firestore FILE  import the original product's Firestore documents
  npm run content -- reindex                       rebuild the search index from all content`;

function usage(problem: string): never {
  exit(`${problem}\n\n${USAGE}`);
}

/** A file to read: it must be there (a clear message rather than a stack). */
function existing(file: string): string {
  if (!fs.existsSync(file) || !fs.statSync(file).isFile()) exit(`Cannot read ${file}.`);
  return file;
}

const [command, ...args] = process.argv.slice(2);
const flags = args.filter((a) => a.startsWith("--"));
const [file = "", ...extra] = args.filter((a) => !a.startsWith("--"));
if (command !== "export" && command !== "import" && command !== "verify" && command !== "reindex")
  usage(command ? `Unknown command: ${command}` : "Give a command.");
if (command === "reindex" && args.length > 0) usage("reindex: takes no FILE or option.");
if (command !== "reindex" && (!file || extra.length > 0)) usage(`${command}: give exactly one FILE.`);
// History is in a backup unless left out; `--with-history` says the default out loud.
const allowed =
  command === "export"
    ? ["--with-users", "--with-history", "--without-history"]
    : command === "import"
      ? ["--from-firestore"]
      : [];
const unknown = flags.find((f) => !allowed.includes(f));
if (unknown) usage(`${command}: unknown option ${unknown}`);
if (flags.includes("--with-history") && flags.includes("--without-history"))
  usage("export: give --with-history or --without-history, not both.");

if (command === "verify") {
  // Checks a backup without a database: it parses, every reference resolves, and what it holds.
  const bar = progress(`Checking ${file}`);
  try {
    const { problems, counts } = await verifyBackup(await openBackupFile(existing(file), bar.update));
    bar.end();
    if (problems.length > 0) exit(`${file} cannot be restored:\n  ${problems.join("\n  ")}`);
    console.log(`${file} is a whole backup: ${counts}.`);
  } catch (err) {
    bar.end();
    if (err instanceof DomainError) exit(`${file} cannot be restored: ${err.message}`);
    throw err;
  }
  process.exit(0);
}

const db = await openCliDatabase();
try {
  if (command === "reindex") {
    // One transaction: students keep finding the old index until the new one commits.
    const started = performance.now();
    const { documents } = await asCommandLine(async () => {
      const rebuilt = await reindex(db);
      await noteActivity(db, { action: "content.reindex", summary: `${rebuilt.documents} documents` });
      return rebuilt;
    });
    console.log(
      `Search index rebuilt: ${documents} documents in ${((performance.now() - started) / 1000).toFixed(1)} s.`,
    );
  } else if (command === "export") {
    // From one snapshot, a batch at a time, to a temporary file renamed when whole.
    const bar = progress(`Exporting to ${file}`);
    const { counts } = await writeBackupFile(
      db,
      file,
      { withUsers: flags.includes("--with-users"), withHistory: !flags.includes("--without-history") },
      bar.update,
    );
    bar.end();
    console.log(`Exported ${describeCounts(counts)} to ${file}.`);
  } else if (flags.includes("--from-firestore")) {
    const { siteUrl, siteName } = loadConfig();
    const report = await asCommandLine(async () => {
      // Read as a stream: an export of 100,000 chapters is far bigger than this command's heap.
      const imported = await withLoadJournal(db, () =>
        importFirestoreFile(db, existing(file), { siteUrl, siteName }),
      );
      await contentChanged(db);
      return imported;
    });
    const n = report.imported;
    const done = `Imported ${n.subjects} subjects, ${n.chapters} chapters, ${n.notes} notes, ${n.posts} posts, ${n.users} accounts.`;
    await asCommandLine(() =>
      noteActivity(db, { action: "content.import-firestore", item: `file "${file}"`, summary: done }),
    );
    console.log(done);
    for (const remark of report.remarks) console.log(`  ${remark}`);
  } else {
    // Running servers drop their cached pages within seconds (importContent says so as it commits).
    const bar = progress(`Restoring ${file}`);
    const reading = await openBackupFile(existing(file), bar.update);
    const result = await asCommandLine(async () => {
      const restored = await withLoadJournal(db, () =>
        restoreBackup(db, reading, () => {
          bar.end();
          console.error("Building the search index…");
        }),
      );
      await noteActivity(db, { action: "content.import", item: `file "${file}"`, summary: restored.summary });
      return restored;
    });
    console.log(result.summary);
    for (const email of result.skippedUsers) console.log(`  account ${email} already exists: left as it is`);
    for (const email of result.twoStepLost)
      console.log(
        `  account ${email} must set up two-step sign-in again: the backup sealed its secret under another SECRET_KEY (its password, role and status are as they were)`,
      );
  }
} catch (err) {
  if (err instanceof DomainError) exit(err.message);
  throw err;
} finally {
  await db.destroy();
}
