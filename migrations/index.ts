import { type Kysely, sql } from "kysely";
import { type Migration, Migrator } from "kysely/migration";
import * as initial from "./0001-initial.ts";
import * as loginFailures from "./0002-login-failures.ts";
import * as importSources from "./0003-import-sources.ts";
import * as contentVersion from "./0004-content-version.ts";
import * as mediaVariants from "./0005-media-variants.ts";
import * as loginAttempts from "./0006-login-attempts.ts";
import * as consoleListIndexes from "./0007-console-list-indexes.ts";
import * as postListIndexes from "./0008-post-list-indexes.ts";
import * as noteListIndex from "./0009-note-list-index.ts";
import * as sessionFlash from "./0010-session-flash.ts";
import * as search from "./0011-search.ts";
import * as linkHealth from "./0012-link-health.ts";
import * as jobLeases from "./0013-job-leases.ts";
import * as history from "./0014-history.ts";
import * as trash from "./0015-trash.ts";
import * as activity from "./0016-activity.ts";
import * as scheduledPosts from "./0017-scheduled-posts.ts";
import * as team from "./0018-team.ts";
import * as twoStep from "./0019-two-step.ts";
import * as linkVisibilityChanges from "./0020-link-visibility-changes.ts";
import * as linkCounts from "./0021-link-counts.ts";
import * as linkFilters from "./0022-link-filters.ts";
import * as syllabus from "./0023-syllabus.ts";
import * as chapterAddresses from "./0024-chapter-addresses.ts";
import * as typedLinks from "./0025-typed-links.ts";
import * as guides from "./0026-guides.ts";
import * as searchWords from "./0028-search-words.ts";
import * as subjectMedium from "./0029-subject-medium.ts";
import * as shareCards from "./0030-share-cards.ts";
import * as linkUseWords from "./0032-link-use-words.ts";
import * as searchClassIndexes from "./0033-search-class-indexes.ts";
import * as linkUseWordsIndex from "./0034-link-use-words-index.ts";
import * as hiddenLinksIndex from "./0035-hidden-links-index.ts";
import * as deferredIndexes from "./0036-deferred-indexes.ts";
import * as linkTitleWords from "./0037-link-title-words.ts";
import * as linkAddressesInByteOrder from "./0038-link-addresses-in-byte-order.ts";
import * as linkScopesKeyedByLink from "./0039-link-scopes-keyed-by-link.ts";
import * as chapterResources from "./0040-chapter-resources.ts";
import { isPostgres } from "./columns.ts";

// Listed here rather than read from the folder, so that migrations run the same
// from the bundled server, the CLI and the tests. Append new ones; never edit old ones.
const migrations: Record<string, Migration> = {
  "0001-initial": initial,
  "0002-login-failures": loginFailures,
  "0003-import-sources": importSources,
  "0004-content-version": contentVersion,
  "0005-media-variants": mediaVariants,
  "0006-login-attempts": loginAttempts,
  "0007-console-list-indexes": consoleListIndexes,
  "0008-post-list-indexes": postListIndexes,
  "0009-note-list-index": noteListIndex,
  "0010-session-flash": sessionFlash,
  "0011-search": search,
  "0012-link-health": linkHealth,
  "0013-job-leases": jobLeases,
  "0014-history": history,
  "0015-trash": trash,
  "0016-activity": activity,
  "0017-scheduled-posts": scheduledPosts,
  "0018-team": team,
  "0019-two-step": twoStep,
  "0020-link-visibility-changes": linkVisibilityChanges,
  "0021-link-counts": linkCounts,
  "0022-link-filters": linkFilters,
  "0023-syllabus": syllabus,
  "0024-chapter-addresses": chapterAddresses,
  "0025-typed-links": typedLinks,
  "0026-guides": guides,
  "0028-search-words": searchWords,
  "0029-subject-medium": subjectMedium,
  "0030-share-cards": shareCards,
  "0032-link-use-words": linkUseWords,
  "0033-search-class-indexes": searchClassIndexes,
  "0034-link-use-words-index": linkUseWordsIndex,
  "0035-hidden-links-index": hiddenLinksIndex,
  "0036-deferred-indexes": deferredIndexes,
  "0037-link-title-words": linkTitleWords,
  "0038-link-addresses-in-byte-order": linkAddressesInByteOrder,
  "0039-link-scopes-keyed-by-link": linkScopesKeyedByLink,
  "0040-chapter-resources": chapterResources,
};

/**
 * Work done after the migrations, in their transaction. Migrations import nothing of the app (the
 * app imports them): one that needs documents built from rows (0011 search, 0012 link inventory)
 * only marks those rows pending, and the app builds them here with its code of the day. A migration
 * that called today's builders would change meaning whenever they change.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations run on any schema
export type AfterMigrating = (trx: Kysely<any>) => Promise<void>;

/**
 * Applies pending migrations, one instance at a time, so any number can start together on a new
 * database: everything runs in one transaction, which on SQLite begins IMMEDIATE (it holds the write
 * lock until it commits; a second instance is refused and tries again, see app/server/db.server.ts)
 * and on PostgreSQL first takes an advisory lock for this schema (a second instance waits for it).
 * Whoever comes second finds nothing left to do.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations run on any schema
export async function migrateToLatest(db: Kysely<any>, afterMigrating?: AfterMigrating): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const schema = isPostgres(db) ? await lockSchema(trx) : undefined;
    const migrator = new Migrator({
      db: trx,
      provider: { getMigrations: async () => migrations },
      // On PostgreSQL the migrator must look for its own tables in *our* schema only: other schemas
      // of the same database (e.g. test runs) may hold tables of the same name.
      ...(schema ? { migrationTableSchema: schema } : {}),
    });
    const { error, results } = await migrator.migrateToLatest();
    const failed = results?.find((r) => r.status === "Error");
    if (failed) {
      const reason = error instanceof Error ? error.message : String(error ?? "unknown error");
      throw new Error(`database migration ${failed.migrationName} failed: ${reason}`);
    }
    if (error) throw error;
    await afterMigrating?.(trx);
  });
}

/** Waits for, then holds until commit, this schema's migration lock; returns the schema's name. */
// biome-ignore lint/suspicious/noExplicitAny: migrations run on any schema
async function lockSchema(trx: Kysely<any>): Promise<string | undefined> {
  const { rows } = await sql<{ schema: string }>`
    select current_schema() as schema,
      pg_advisory_xact_lock(hashtext('chapterwise-migrations'), hashtext(current_schema())) as locked
  `.execute(trx);
  return rows[0]?.schema;
}
