import type { Selectable, Updateable } from "kysely";
import { type Database, now } from "./db.server.ts";
import { ConflictError, NotFoundError } from "./errors.server.ts";
import type { DB } from "./schema.server.ts";

/** The tables whose rows carry a `version` (optimistic concurrency: docs/decisions/0004). */
type Versioned = "chapters" | "notes" | "posts";

/**
 * Saves `values` over the row `id` only if it is still at `expectedVersion` (what the admin's form
 * was read at), and moves it to the next version; the one way every versioned update is written.
 * Someone else's save in between gives ConflictError ("changed by someone else"), a deleted row
 * NotFoundError; either way nothing is written.
 */
export async function saveVersion<T extends Versioned>(
  db: Database,
  table: T,
  id: number,
  expectedVersion: number,
  values: Omit<Updateable<DB[T]>, "version" | "updated_at">,
): Promise<Selectable<DB[T]>> {
  // Kysely cannot follow a generic table name through its column types. The three tables share
  // `id`, `version` and `updated_at`, which is all this reads, so it is typed as one of them here.
  const row = await db
    .updateTable(table as "notes")
    .set({ ...values, updated_at: now(), version: expectedVersion + 1 } as Updateable<DB["notes"]>)
    .where("id", "=", id)
    .where("version", "=", expectedVersion)
    .returningAll()
    .executeTakeFirst();
  if (row) return row as unknown as Selectable<DB[T]>;
  const exists = await db
    .selectFrom(table as "notes")
    .select("id")
    .where("id", "=", id)
    .executeTakeFirst();
  const entity = { chapters: "chapter", notes: "note", posts: "post" }[table];
  throw exists ? new ConflictError(entity) : new NotFoundError(entity);
}
