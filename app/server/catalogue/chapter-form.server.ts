import { type ChapterPlace, chapterErrorsOnScreen } from "#app/lib/chapter-form.ts";
import { ValidationError } from "#app/server/errors.server.ts";

/**
 * Why the chapters domain refused a chapter form (Add Data, Edit Resource), for `refused`: its
 * messages at the fields on screen (`places`, `list`: see chapterErrorsOnScreen).
 */
export function chapterRefusal(err: unknown, places: readonly ChapterPlace[], list?: string): unknown {
  if (!(err instanceof ValidationError)) return err;
  const { fields, summary } = chapterErrorsOnScreen(err.fields, places, list);
  return new ValidationError(fields, summary);
}
