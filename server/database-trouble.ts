import type { NextFunction, Request, Response } from "express";
import type { SessionUser } from "#app/server/accounts/sessions.server.ts";
import { DATABASE_RETRY_AFTER_SECONDS, DatabaseTroubleError } from "#app/server/errors.server.ts";
import { isPrivatePath } from "#app/server/platform/http-cache.server.ts";

/**
 * The session lookup when the database is away (docs/decisions/0008): a public page is rendered
 * for a visitor (it may need no database, and its loaders answer 503 if they do); the console,
 * login and logout answer 503 rather than sending a signed-in admin to the login page.
 */
export function visitorIfPublic(path: string) {
  return (err: unknown): SessionUser | null => {
    if (err instanceof DatabaseTroubleError && !isPrivatePath(path)) return null;
    throw err;
  };
}

const PAGE = `<!doctype html>
<html lang="en-IN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Temporarily unavailable</title></head>
<body><main><p>Error 503</p><h1>Temporarily unavailable</h1><p>Please try again in a moment.</p>
<p><a href="/">Back to Home</a></p></main></body></html>
`;

/** Database trouble before React Router could answer: a 503 page with Retry-After, never a 500. */
export function databaseTroublePage(err: unknown, _req: Request, res: Response, next: NextFunction) {
  if (!(err instanceof DatabaseTroubleError) || res.headersSent) return next(err);
  res
    .status(503)
    .set({
      "Retry-After": String(DATABASE_RETRY_AFTER_SECONDS),
      "Cache-Control": "no-store",
      "Content-Type": "text/html; charset=utf-8",
    })
    .send(PAGE);
}
