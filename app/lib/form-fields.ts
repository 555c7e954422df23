import { z } from "zod";
import { GRADES, type Grade } from "#app/lib/grades.ts";

/**
 * The pieces the console's form schemas are built from (one Zod schema per form, read with Conform:
 * docs/decisions/0004). Conform turns an empty field into `undefined` and a number field's text
 * into a number before these run. The schemas check what the page must have sent; the domain
 * modules judge the content (required titles, slug rules), so a rule lives in one place.
 */

/** What the admin typed, kept as typed; an empty field is "". Capped far above any real text. */
export const typedText = (max = 200_000) =>
  z
    .string()
    .max(max, `This is longer than ${max.toLocaleString("en-IN")} characters.`)
    .optional()
    .transform((value) => value ?? "");

/** A page-sent reference (an id, a version): a whole number of at least `min`. */
export const wholeNumber = (message: string, min = 1) =>
  z.number({ error: message }).int(message).min(min, message).max(Number.MAX_SAFE_INTEGER, message);

/** A class: 9, 10, 11 or 12. */
export const gradeField = (message: string) =>
  z
    .number({ error: message })
    .refine((n): n is Grade => (GRADES as readonly number[]).includes(n), message)
    .transform((n) => n as Grade);

/** The rows ticked in a list (`ids`): at least one, at most a page of them, no repeats. */
export const selectedIds = (message: string, max = 50) =>
  z
    .array(wholeNumber(message), { error: message })
    .min(1, message)
    .max(max, message)
    .transform((ids) => [...new Set(ids)]);

/** The first message of a refused form, for its toast. */
export function firstError(error: Record<string, string[] | null> | null | undefined): string | undefined {
  for (const messages of Object.values(error ?? {})) if (messages?.[0]) return messages[0];
  return undefined;
}
