/** A rule of the domain refused the request: the message is for the admin, in plain words. */
export class DomainError extends Error {
  readonly field?: string;
  readonly status: number;
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
