// Backups and moving in:
//   npm run content -- export FILE [--with-users]
//   npm run content -- import FILE
//   npm run content -- import --from-firestore FILE
import fs from "node:fs";
import { exportContent, importContent } from "#app/server/backup.server.ts";
import { loadConfig } from "#app/server/config.server.ts";
import { contentChanged } from "#app/server/content-changes.server.ts";
import { DomainError } from "#app/server/errors.server.ts";
import { importFirestore } from "#app/server/firestore-import.server.ts";
import { exit, openCliDatabase } from "./shared.ts";

const USAGE = `Usage:
  npm run content -- export FILE [--with-users]    write everything (subjects, chapters, links, notes, posts, images; accounts with --with-users) to FILE as JSON
  npm run content -- import FILE                   restore such a backup into an empty database
  npm run content -- import --from-firestore FILE  import the original product's Firestore documents`;

function usage(problem: string): never {
  exit(`${problem}\n\n${USAGE}`);
}

function readJson(file: string): unknown {
  let raw: string;
  try {
    raw = fs.readFileSync(file, "utf8");
  } catch {
    exit(`Cannot read ${file}.`);
  }
  try {
    return JSON.parse(raw);
  } catch (err) {
    exit(`${file} is not valid JSON: ${err instanceof Error ? err.message : String(err)}`);
  }
}

const [command, ...args] = process.argv.slice(2);
const flags = args.filter((a) => a.startsWith("--"));
const [file, ...extra] = args.filter((a) => !a.startsWith("--"));
if (command !== "export" && command !== "import")
  usage(command ? `Unknown command: ${command}` : "Give a command.");
if (!file || extra.length > 0) usage(`${command}: give exactly one FILE.`);
const allowed = command === "export" ? ["--with-users"] : ["--from-firestore"];
const unknown = flags.find((f) => !allowed.includes(f));
if (unknown) usage(`${command}: unknown option ${unknown}`);

const db = await openCliDatabase();
try {
  if (command === "export") {
    const backup = await exportContent(db, { withUsers: flags.includes("--with-users") });
    // Written to a temporary file first, so an interrupted export never leaves half a backup.
    fs.writeFileSync(`${file}.tmp`, `${JSON.stringify(backup, null, 1)}\n`, { mode: 0o600 });
    fs.renameSync(`${file}.tmp`, file);
    console.log(
      `Exported ${backup.subjects.length} subjects, ${backup.chapters.length} chapters, ${backup.posts.length} posts, ${backup.media.length} images${backup.users ? `, ${backup.users.length} accounts` : ""} to ${file}.`,
    );
  } else if (flags.includes("--from-firestore")) {
    const { siteUrl, siteName } = loadConfig();
    const report = await importFirestore(db, readJson(file), { siteUrl, siteName });
    await contentChanged(db);
    const n = report.imported;
    console.log(
      `Imported ${n.subjects} subjects, ${n.chapters} chapters, ${n.notes} notes, ${n.posts} posts, ${n.users} accounts.`,
    );
    for (const remark of report.remarks) console.log(`  ${remark}`);
  } else {
    const result = await importContent(db, readJson(file));
    // Running servers drop their cached pages within seconds.
    await contentChanged(db);
    console.log(result.summary);
    for (const email of result.skippedUsers) console.log(`  account ${email} already exists: left as it is`);
  }
} catch (err) {
  if (err instanceof DomainError) exit(err.message);
  throw err;
} finally {
  await db.destroy();
}
