import { formatInTimeZone } from "#app/lib/dates.ts";
import { type Database, toNumber } from "#app/server/db.server.ts";
import { cleanQuery, words } from "#app/server/search/words.server.ts";

// What students search for, for the console's "Searches" page: the most frequent queries and
// those that found nothing, so that curators can fill the gaps. Nothing about who searched is
// kept: only the query's words (normalised: lower case, no accents, no punctuation), the day
// (India time) and how many times; rows older than KEEP_DAYS are deleted.

export const REPORT_DAYS = 30;
export const KEEP_DAYS = 90;
/** Rows in each list of the report. */
export const REPORT_ROWS = 50;

const DAY_MS = 24 * 3600 * 1000;
const dayOf = (moment: Date) => formatInTimeZone(moment);
const daysBefore = (moment: Date, days: number) => dayOf(new Date(moment.getTime() - days * DAY_MS));

/** The query as it is recorded and reported: its words, normalised, one space apart. */
export function recordedQuery(q: string): string {
  return words(cleanQuery(q)).join(" ");
}

/** The day each database last had old rows deleted in this process (once a day is enough). */
const purgedOn = new WeakMap<object, string>();

async function purgeOld(db: Database, now: Date): Promise<void> {
  await db.deleteFrom("search_queries").where("day", "<", daysBefore(now, KEEP_DAYS)).execute();
}

/** Counts one search of `q` that found `resultCount` results (the latest count is kept per day). */
export async function recordSearch(
  db: Database,
  q: string,
  resultCount: number,
  now = new Date(),
): Promise<void> {
  const query = recordedQuery(q);
  if (!query) return;
  const day = dayOf(now);
  await db
    .insertInto("search_queries")
    .values({ day, query, searches: 1, results: Math.max(0, Math.floor(resultCount)) })
    .onConflict((oc) =>
      oc.columns(["day", "query"]).doUpdateSet((eb) => ({
        searches: eb("search_queries.searches", "+", 1),
        results: eb.ref("excluded.results"),
      })),
    )
    .execute();
  if (purgedOn.get(db) !== day) {
    purgedOn.set(db, day);
    await purgeOld(db, now);
  }
}

export type SearchReportRow = { query: string; searches: number; results: number; lastDay: string };
export type SearchReport = {
  /** The first day counted (YYYY-MM-DD, India time). */
  since: string;
  /** The most frequent queries, most searched first. */
  frequent: SearchReportRow[];
  /** Queries whose latest search found nothing, most searched first. */
  nothingFound: SearchReportRow[];
};

/** The last REPORT_DAYS days of searches (and old rows deleted). */
export async function searchReport(
  db: Database,
  now = new Date(),
  rows = REPORT_ROWS,
): Promise<SearchReport> {
  await purgeOld(db, now);
  const since = daysBefore(now, REPORT_DAYS - 1);
  const recent = db
    .with("recent", (w) =>
      w
        .selectFrom("search_queries")
        .select((eb) => [
          "query",
          eb.fn.sum<number>("searches").as("searches"),
          eb.fn.max("day").as("last_day"),
        ])
        .where("day", ">=", since)
        .groupBy("query"),
    )
    .selectFrom("recent")
    .innerJoin("search_queries as latest", (j) =>
      j.onRef("latest.query", "=", "recent.query").onRef("latest.day", "=", "recent.last_day"),
    )
    .select(["recent.query", "recent.searches", "recent.last_day", "latest.results"])
    .orderBy("recent.searches", "desc")
    .orderBy("recent.query")
    .limit(rows);
  const toRow = (r: { query: string; searches: number | string; last_day: string; results: number }) => ({
    query: r.query,
    searches: toNumber(r.searches),
    results: toNumber(r.results),
    lastDay: r.last_day,
  });
  const frequent = await recent.execute();
  const nothingFound = await recent.where("latest.results", "=", 0).execute();
  return { since, frequent: frequent.map(toRow), nothingFound: nothingFound.map(toRow) };
}
