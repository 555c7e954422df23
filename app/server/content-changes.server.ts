import type { Database } from "#app/server/db.server.ts";
import { toNumber } from "#app/server/db.server.ts";
import { updateLinkInventory } from "#app/server/link-health/inventory.server.ts";
import { linkShownChanged, updateSearchIndex } from "#app/server/search/documents.server.ts";

/**
 * Told the content version a change will make visible once its transaction commits, and, when the
 * change was only to which link addresses students see, those addresses.
 */
type Listener = (version: number, linkUrls?: readonly string[]) => void;
const listeners = new Set<Listener>();

/** Bumps the content version, which every instance compares to drop its stored pages. */
async function bumpContentVersion(db: Database): Promise<number> {
  const row = await db
    .updateTable("site_state")
    .set((eb) => ({ value: eb("value", "+", 1) }))
    .where("key", "=", "content_version")
    .returning("value")
    .executeTakeFirst();
  return toNumber(row?.value);
}

/** The content version now (what each instance's page store compares with its own). */
export async function contentVersion(db: Database): Promise<number> {
  const row = await db
    .selectFrom("site_state")
    .select("value")
    .where("key", "=", "content_version")
    .executeTakeFirst();
  return toNumber(row?.value);
}

/**
 * Said by the domain module whose write changed what the public site shows (and by the cli's
 * imports), inside that write's transaction when it has one (so the bump commits, or rolls back, with it): other
 * instances drop their stored pages within their sync interval, and this process's page
 * store at once (app/server/platform/page-cache.server.ts). A request that changed nothing never
 * gets here, so it can neither empty the stores nor write to the database.
 *
 * It also brings the search index up to date with the write, in the same transaction
 * (docs/decisions/0010-search.md). After the bump: its row lock makes concurrent writers take turns
 * from here to their commit, so each rebuilds documents from what the one before it committed.
 */
export async function contentChanged(db: Database): Promise<void> {
  const version = await bumpContentVersion(db);
  await updateSearchIndex(db);
  // And link health's inventory of link URLs (docs/decisions/0011-link-health.md), the same way.
  await updateLinkInventory(db);
  for (const listener of listeners) listener(version);
}

/** How many link visibility changes are kept for instances that have not looked yet (migration 0020). */
const KEPT_LINK_CHANGES = 1_000;

/**
 * Said instead of contentChanged by a write that changed nothing but whether students see some link
 * addresses (as normalised in `links.url`): a link turned Broken or came back, or was marked fine.
 * Only the stored pages showing those addresses are dropped, here at once and on other instances
 * within their sync interval: a weekly check round turns links Broken all day long, and each used to
 * empty every instance's whole store. Inside the write's transaction, like contentChanged; `hidden`
 * says whether students stop seeing them (true) or see them again: their search documents follow.
 */
export async function linkVisibilityChanged(
  db: Database,
  urls: readonly string[],
  hidden: boolean,
): Promise<void> {
  const version = await bumpContentVersion(db);
  await linkShownChanged(db, urls, hidden);
  await db
    .insertInto("link_visibility_changes")
    .values({ version, urls: JSON.stringify(urls) })
    .execute();
  // Now and then, the record is cut back to the last KEPT_LINK_CHANGES versions.
  if (version % 100 === 0)
    await db
      .deleteFrom("link_visibility_changes")
      .where("version", "<=", version - KEPT_LINK_CHANGES)
      .execute();
  for (const listener of listeners) listener(version, urls);
}

/**
 * What the content versions after `after` up to `upTo` changed, for an instance's page store: the
 * link addresses whose visibility they changed, when that is all they did; null when any of them
 * changed content (or is no longer on record), so everything stored must go.
 */
export async function linkChangesBetween(
  db: Database,
  after: number,
  upTo: number,
): Promise<string[] | null> {
  if (upTo <= after || upTo - after > KEPT_LINK_CHANGES) return null;
  const rows = await db
    .selectFrom("link_visibility_changes")
    .select("urls")
    .where("version", ">", after)
    .where("version", "<=", upTo)
    .execute();
  if (rows.length !== upTo - after) return null;
  return rows.flatMap((r) => JSON.parse(r.urls) as string[]);
}

/** Lets this process's page store hear of changes at once; returns the way to stop listening. */
export function onContentChange(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
