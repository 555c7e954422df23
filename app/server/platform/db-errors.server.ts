import { DatabaseTroubleError } from "#app/server/errors.server.ts";

/**
 * PostgreSQL answers that mean "not now" rather than "wrong request": statement, lock and idle
 * time limits (57014, 55P03, 25P03), the server shutting down or starting (57P01-57P03), too many
 * connections (53300), and any connection exception (class 08).
 */
const UNAVAILABLE_SQLSTATES = new Set(["57014", "55P03", "25P03", "57P01", "57P02", "57P03", "53300"]);

/**
 * Whether a PostgreSQL error means the database is unreachable, silent or too slow. Errors the
 * server sent about the query itself (a unique violation, bad SQL) are not: they carry a SQLSTATE.
 */
export function isPostgresUnavailable(err: unknown): boolean {
  if (err instanceof DatabaseTroubleError) return true;
  const e = err as { code?: unknown; severity?: unknown; message?: unknown } | null;
  if (!e || typeof e !== "object") return false;
  const code = typeof e.code === "string" ? e.code : "";
  // pg's DatabaseError: the server answered.
  if (typeof e.severity === "string") return UNAVAILABLE_SQLSTATES.has(code) || code.startsWith("08");
  // Socket errors (ECONNREFUSED, ECONNRESET, ETIMEDOUT, ...) and pg's own time limits and lost connections.
  if (/^E[A-Z]+$/.test(code)) return true;
  const message = typeof e.message === "string" ? e.message : "";
  return /timeout|terminated|not queryable|Connection/i.test(message);
}

/** PostgreSQL refused a statement only because another of its transaction failed before it (25P02). */
export function isTransactionAborted(err: unknown): boolean {
  return (err as { code?: unknown } | null)?.code === "25P02";
}

/** SQLite refused because another connection holds a lock (SQLITE_BUSY or SQLITE_LOCKED, any extended code). */
export function isSqliteBusy(err: unknown): boolean {
  const e = err as { errcode?: unknown; message?: unknown } | null;
  if (!e || typeof e !== "object") return false;
  if (typeof e.errcode === "number") return (e.errcode & 0xff) === 5 || (e.errcode & 0xff) === 6;
  return typeof e.message === "string" && /database (table )?is locked/.test(e.message);
}
