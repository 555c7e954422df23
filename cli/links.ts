// Link health from the command line (issue 14):
//   npm run links -- check          check the links that are due now
//   npm run links -- check --all    check every link now
// Prints a progress line while it works, then the links by status and what changed this week.
// Works without a build against DATABASE_URL, beside running servers (claims keep them apart).

import { ConfigError, loadConfig } from "#app/server/config.server.ts";
import { noteActivity } from "#app/server/console/activity.server.ts";
import type { Database } from "#app/server/db.server.ts";
import { runLinkChecks } from "#app/server/jobs/link-check.server.ts";
import { createChecker } from "#app/server/link-health/checker.server.ts";
import { checkAllNow, linkCounts, linkDigest } from "#app/server/link-health/link-health.server.ts";
import { LINK_STATUS_WORDS, LINK_STATUSES, type LinkStatus } from "#app/server/link-health/types.ts";
import { asCommandLine, exit, openCliDatabase } from "./shared.ts";

const USAGE = `Usage:
  npm run links -- check          check the links that are due now (new, changed, or due by the schedule)
  npm run links -- check --all    check every link now`;

const [command, ...args] = process.argv.slice(2);
if (command !== "check") exit(`${command ? `Unknown command: ${command}` : "Give a command."}\n\n${USAGE}`);
const unknown = args.find((a) => a !== "--all");
if (unknown) exit(`check: unknown option ${unknown}\n\n${USAGE}`);
const all = args.includes("--all");

let config: ReturnType<typeof loadConfig>;
try {
  config = loadConfig();
} catch (err) {
  if (err instanceof ConfigError) exit(err.message);
  throw err;
}

const byStatus = (counts: Record<LinkStatus, number>) =>
  LINK_STATUSES.map((s) => `${LINK_STATUS_WORDS[s]} ${counts[s]}`).join(", ");

/** Links a run would check now: due by the schedule, or asked for (which makes them due now). */
async function dueCount(db: Database): Promise<number> {
  const row = await db
    .selectFrom("links")
    .select((eb) => eb.fn.countAll().as("n"))
    .where("due_at", "<=", new Date().toISOString())
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

const db = await openCliDatabase();
const stopping = new AbortController();
process.once("SIGINT", () => {
  console.error("\nStopping: the links being checked go back to the queue.");
  stopping.abort();
});
const checker = createChecker({
  siteName: config.siteName,
  siteUrl: config.siteUrl,
  allowPrivate: config.linkCheckAllowPrivate,
});
try {
  if (all) await checkAllNow(db);
  const total = await dueCount(db);
  const started = performance.now();
  const tty = process.stdout.isTTY;
  const progress = (checked: number, counts: Record<LinkStatus, number>) => {
    const line = `Checked ${checked} of ${total} links (${byStatus(counts)})`;
    if (tty) process.stdout.write(`\r${line}\u001b[K`);
    else console.log(line);
  };
  console.log(total === 0 ? "No links are due for a check." : `Checking ${total} links...`);
  const summary = await runLinkChecks(db, {
    checker,
    signal: stopping.signal,
    onProgress: (p) => progress(p.checked, p.byStatus),
  });
  if (tty && summary.checked > 0) process.stdout.write("\n");
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(`Checked ${summary.checked} links in ${seconds} s.`);
  if (summary.networkDown > 0)
    console.log(
      "Most sites could not be reached at all: our own network seems down, so those links were not marked. They will be tried again later.",
    );
  if (summary.deferred > 0)
    console.log(`${summary.deferred} links were left for later: their sites asked us to slow down.`);
  const counts = byStatus(await linkCounts(db));
  console.log(`Links by status: ${counts}.`);
  await asCommandLine(() =>
    noteActivity(db, {
      action: "link.check",
      item: all ? "every link" : "the links due",
      summary: `${summary.checked} checked; now ${counts}`,
    }),
  );

  const digest = await linkDigest(db);
  console.log(
    `Since ${digest.since.slice(0, 10)}: ${digest.newlyBroken.length} newly broken, ${digest.fixed.length} fixed, ${digest.redirected.length} redirected.`,
  );
  for (const l of digest.newlyBroken) console.log(`  broken      ${l.url}`);
  for (const l of digest.fixed) console.log(`  fixed       ${l.url}`);
  for (const l of digest.redirected) console.log(`  redirected  ${l.url} -> ${l.finalUrl}`);
} catch (err) {
  exit(`Could not check links: ${err instanceof Error ? err.message : String(err)}`);
} finally {
  await checker.close();
  await db.destroy();
}
