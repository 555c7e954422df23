import type { ToastAction } from "#app/lib/toast.ts";

/**
 * A rule of the domain refused the request: the message is for the admin, in plain words, and
 * `offer` a way out its toast may show (a route adds it; the domain knows no forms).
 */
export class DomainError extends Error {
  readonly field?: string;
  readonly status: number;
  offer?: ToastAction;
  constructor(message: string, options: { field?: string; status?: number } = {}) {
    super(message);
    this.field = options.field;
    this.status = options.status ?? 400;
  }
}

/** Someone else saved the same record since this form was opened. */
export class ConflictError extends DomainError {
  constructor(what: string) {
    super(
      `This ${what} was changed by someone else after you opened it. Your changes were not saved: copy anything you need, reload, and make them again.`,
      { status: 409 },
    );
  }
}

export class NotFoundError extends DomainError {
  constructor(what: string) {
    super(`That ${what} no longer exists. It may have been deleted by someone else.`, { status: 404 });
  }
}

/** Several fields are wrong at once: each message belongs next to its field (keys like `chapters.0.title`). */
export class ValidationError extends DomainError {
  readonly fields: Record<string, string>;
  constructor(fields: Record<string, string>, summary?: string) {
    super(summary ?? Object.values(fields)[0] ?? "Some fields need your attention.");
    this.fields = fields;
  }
}

/** Seconds a client is asked to wait (`Retry-After`) when the database cannot serve a request. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/**
 * The database cannot serve this request now, and nothing was changed: it is down or too slow
 * (DatabaseUnavailableError) or, on SQLite, another process holds the write lock (DatabaseBusyError).
 * A 503 with `Retry-After`. As a DomainError, a console action shows its message in a toast. It is
 * also shaped like React Router's `data()` (type, data, init): a loader that lets it through
 * answers with that status and the error page, titled with `data`, never a 500 (docs/decisions/0008).
 */
export class DatabaseTroubleError extends DomainError {
  readonly type = "DataWithResponseInit";
  /** The error page's title. */
  readonly data: string;
  readonly init = { status: 503, statusText: "Service Unavailable" };
  constructor(message: string, title: string, cause?: unknown) {
    super(message, { status: 503 });
    if (cause !== undefined) this.cause = cause;
    this.data = title;
  }
}

export class DatabaseUnavailableError extends DatabaseTroubleError {
  constructor(cause?: unknown) {
    super(
      "The database is not answering right now; nothing was changed. Please try again in a moment.",
      "Temporarily unavailable",
      cause,
    );
  }
}

export class DatabaseBusyError extends DatabaseTroubleError {
  constructor(cause?: unknown) {
    super("Busy, try again.", "Busy, try again.", cause);
  }
}
