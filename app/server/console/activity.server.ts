import { data, type RouterContextProvider } from "react-router";
import { ACTIVITY_KEEP_DAYS } from "#app/lib/activity-words.ts";
import { batchesAfter } from "#app/lib/batches.ts";
import { indiaDayEnd, indiaDayStart } from "#app/lib/dates.ts";
import { mayOpen } from "#app/lib/roles.ts";
import type { SessionUser } from "#app/server/accounts/sessions.server.ts";
import { requireConsoleUser } from "#app/server/auth.server.ts";
import { currentActor } from "#app/server/console/actor.server.ts";
import { containsText, type ListPage, readPage } from "#app/server/console/list-page.server.ts";
import { type Database, toNumber } from "#app/server/db.server.ts";
import { log } from "#app/server/platform/log.server.ts";

/**
 * One line of the Activity log, as the code that did the write describes it: `action` is a stable
 * name ("chapter.delete", "post.publish", "user.sign-in"), `item` what it was done to ("chapter 12
 * Light"), `summary` a few words ("title; 2 links added"). Who, when and from where come from the
 * current actor (app/server/console/actor.server.ts). Never a password, token or session id.
 */
export type ActivityNote = { action: string; item?: string; summary?: string };

/** The longest text each column keeps: a log line, never a copy of a form. */
export const LONGEST = { action: 80, actor: 320, address: 100, item: 300, summary: 300 } as const;

/** One line of at most `max` characters (whitespace folded), cut with "…". */
function line(text: string, max: number): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length <= max ? flat : `${flat.slice(0, max - 1)}…`;
}

const optional = (text: string | null | undefined, max: number) =>
  text == null || text.trim() === "" ? null : line(text, max);

/** Records `note` as done at `now` (the clock, for tests) by the current actor. */
export async function recordActivity(db: Database, note: ActivityNote, now = new Date()): Promise<void> {
  const actor = currentActor();
  await db
    .insertInto("activity")
    .values({
      at: now.toISOString(),
      actor: line(actor.label, LONGEST.actor),
      actor_id: actor.userId,
      address: optional(actor.address, LONGEST.address),
      action: line(note.action, LONGEST.action),
      item: optional(note.item, LONGEST.item),
      summary: optional(note.summary, LONGEST.summary),
    })
    .execute();
}

/** Records `note`; a failure to record it never fails the work it reports (it is logged). */
export async function noteActivity(db: Database, note: ActivityNote): Promise<void> {
  try {
    await recordActivity(db, note);
  } catch (err) {
    log.error(`activity not recorded: ${err instanceof Error ? err.message : String(err)}`);
  }
}

/** Who may read the Activity log: admins (docs/decisions/0015), as app/lib/roles.ts lists for its page. */
export function mayReadActivity(user: SessionUser): boolean {
  return mayOpen(user.role, "/admin/activity");
}

/** The console's gate for the Activity page: signed out → /login, anyone else → 403. */
export function requireActivityReader(context: Readonly<RouterContextProvider>): SessionUser {
  const user = requireConsoleUser(context);
  if (!mayReadActivity(user)) throw data("Unauthorized: Admins only.", { status: 403 });
  return user;
}

// Naming what a write was done to, by id, before it is done (a deleted item has no title after).

export type ItemKind = "chapter" | "note" | "post" | "guide" | "link" | "report";

/** How many items a line names before "and N more". */
const NAMED = 5;

const quoted = (title: string) => `"${line(title, 60)}"`;

type Namer = (db: Database, ids: number[]) => Promise<string[]>;

/**
 * Each kind's names of the found items ("12 "Light" (class 10)"), in id order. A table, not a
 * switch: the console's action finder (tests/e2e/console-routes.ts) reads `case` labels as intents.
 */
const NAMERS: Record<ItemKind, Namer> = {
  chapter: async (db, ids) =>
    (
      await db
        .selectFrom("chapters")
        .select(["id", "title", "grade"])
        .where("id", "in", ids)
        .orderBy("id")
        .limit(NAMED)
        .execute()
    ).map((r) => `${r.id} ${quoted(r.title)} (class ${r.grade})`),
  note: async (db, ids) =>
    (
      await db
        .selectFrom("notes as n")
        .innerJoin("chapters as c", "c.id", "n.chapter_id")
        .select(["n.id", "c.title", "c.grade"])
        .where("n.id", "in", ids)
        .orderBy("n.id")
        .limit(NAMED)
        .execute()
    ).map((r) => `${r.id} of ${quoted(r.title)} (class ${r.grade})`),
  post: async (db, ids) =>
    (
      await db
        .selectFrom("posts")
        .select(["id", "title", "slug"])
        .where("id", "in", ids)
        .orderBy("id")
        .limit(NAMED)
        .execute()
    ).map((r) => `${r.id} ${quoted(r.title || r.slug)}`),
  // A guide's id is its class: `guide of class 10`.
  guide: async (_db, ids) => ids.slice(0, NAMED).map((id) => `of class ${id}`),
  link: async (db, ids) =>
    (
      await db.selectFrom("links").select("url").where("id", "in", ids).orderBy("id").limit(NAMED).execute()
    ).map((r) => line(r.url, 120)),
  report: async (db, ids) =>
    (
      await db
        .selectFrom("link_reports as r")
        .innerJoin("links as l", "l.id", "r.link_id")
        .select(["r.id", "l.url"])
        .where("r.id", "in", ids)
        .orderBy("r.id")
        .limit(NAMED)
        .execute()
    ).map((r) => `${r.id} on ${line(r.url, 120)}`),
};

/**
 * What a write is done to, as the Activity log says it: `chapter 12 "Light" (class 10)`, or
 * `3 chapters: 12 "Light" (class 10), …`. Read before the write, so a deleted item keeps its name.
 */
export async function activityItem(db: Database, kind: ItemKind, ids: readonly number[]): Promise<string> {
  const wanted = [...new Set(ids)].filter((id) => Number.isSafeInteger(id));
  if (wanted.length === 0) return `no ${kind}`;
  const found = await NAMERS[kind](db, wanted);
  if (wanted.length === 1) return `${kind} ${found[0] ?? wanted[0]}`;
  const more = wanted.length - found.length;
  return `${wanted.length} ${kind}s: ${found.join(", ")}${more > 0 ? ` and ${more} more` : ""}`;
}

// The Activity page's list.

export type ActivityQuery = {
  /** The actor's label, as the page's "Person" filter offers it. */
  who?: string;
  action?: string;
  /** Days in India (YYYY-MM-DD), both included. */
  from?: string;
  to?: string;
  /** Words in the item or summary. */
  q?: string;
  page: number;
};

export type ActivityRow = {
  id: number;
  at: string;
  actor: string;
  address: string | null;
  action: string;
  item: string | null;
  summary: string | null;
};

/** One page of the log, newest first, narrowed by the query. */
export async function listActivity(db: Database, query: ActivityQuery): Promise<ListPage<ActivityRow>> {
  const from = query.from ? indiaDayStart(query.from) : null;
  const to = query.to ? indiaDayEnd(query.to) : null;
  const filtered = db
    .selectFrom("activity")
    .$if(Boolean(query.who), (qb) => qb.where("actor", "=", query.who ?? ""))
    .$if(Boolean(query.action), (qb) => qb.where("action", "=", query.action ?? ""))
    .$if(from !== null, (qb) => qb.where("at", ">=", from ?? ""))
    .$if(to !== null, (qb) => qb.where("at", "<", to ?? ""))
    .$if(Boolean(query.q), (qb) =>
      qb.where((eb) => eb.or([containsText("item", query.q ?? ""), containsText("summary", query.q ?? "")])),
    );
  return readPage(
    query.page,
    async () => {
      const row = await filtered.select((eb) => eb.fn.countAll().as("n")).executeTakeFirst();
      return toNumber(row?.n as number | string | undefined);
    },
    ({ limit, offset }) =>
      filtered
        .select(["id", "at", "actor", "address", "action", "item", "summary"])
        .orderBy("at", "desc")
        .orderBy("id", "desc")
        .limit(limit)
        .offset(offset)
        .execute(),
  );
}

/** How many people and actions the filters offer at most (the most recent ones). */
const CHOICES = 200;

/** The filters' choices: every person and action the log holds, in alphabetical order. */
export async function activityChoices(db: Database): Promise<{ people: string[]; actions: string[] }> {
  const [people, actions] = await Promise.all([
    db.selectFrom("activity").select("actor").distinct().orderBy("actor").limit(CHOICES).execute(),
    db.selectFrom("activity").select("action").distinct().orderBy("action").limit(CHOICES).execute(),
  ]);
  return { people: people.map((r) => r.actor), actions: actions.map((r) => r.action) };
}

/** Deletes rows older than ACTIVITY_KEEP_DAYS before `now`; returns how many. */
export async function deleteOldActivity(db: Database, now: Date): Promise<number> {
  const before = new Date(now.getTime() - ACTIVITY_KEEP_DAYS * 24 * 3600_000).toISOString();
  const result = await db.deleteFrom("activity").where("at", "<", before).executeTakeFirst();
  return Number(result.numDeletedRows);
}

// The backup's `activity` section (app/server/backup/backup-reader.server.ts): every row without its ids.

export type ActivityEntry = {
  at: string;
  actor: string;
  address: string | null;
  action: string;
  item: string | null;
  summary: string | null;
};

/** The log, oldest first (the order it was written in), a batch at a time, for a backup. */
export async function* activityEntries(db: Database): AsyncGenerator<ActivityEntry> {
  const read = (after: number | undefined) =>
    db
      .selectFrom("activity")
      .select(["id", "at", "actor", "address", "action", "item", "summary"])
      .where("id", ">", after ?? 0)
      .orderBy("id")
      .limit(1000)
      .execute();
  for await (const rows of batchesAfter(read, (r) => r.id))
    for (const { id: _id, ...entry } of rows) yield entry;
}

/** Rows per insert when restoring (far below both engines' limits on bound values). */
const BATCH = 500;

/** A backup's log, inside the restore's transaction; capped as every recorded row is. */
export async function restoreActivity(trx: Database, entries: readonly ActivityEntry[]): Promise<void> {
  for (let i = 0; i < entries.length; i += BATCH) {
    const rows = entries.slice(i, i + BATCH).map((e) => ({
      at: e.at,
      actor: line(e.actor, LONGEST.actor),
      // Ids are the database's business: the account is named by its label.
      actor_id: null,
      address: optional(e.address, LONGEST.address),
      action: line(e.action, LONGEST.action),
      item: optional(e.item, LONGEST.item),
      summary: optional(e.summary, LONGEST.summary),
    }));
    await trx.insertInto("activity").values(rows).execute();
  }
}
