import { parseWithZod } from "@conform-to/zod/v4";
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

/**
 * A row's id as a page sends it: a whole number that fits PostgreSQL's `serial`. A larger one names
 * no row, and would make the database refuse the query rather than find nothing.
 */
export const recordId = (message: string) => wholeNumber(message).max(2 ** 31 - 1, message);

/** At most this many rows are ticked at once: one list page (README, The console). */
const MAX_SELECTED = 50;

/** The rows ticked in a list (`ids`): at least one, at most a page of them, no repeats. */
export const selectedIds = (message: string, max = MAX_SELECTED) =>
  z
    .array(recordId(message), { error: message })
    .min(1, message)
    .max(max, message)
    .transform((ids) => [...new Set(ids)]);

/**
 * One parameter of a console page's address read with a form's piece: only `name` is read (at most
 * `max` values), so nothing else in the address can shape what Conform builds. Null when it is
 * missing or breaks the piece's rule: a stale or mistyped address shows the plain list.
 */
function fromAddress<Piece extends z.ZodType>(
  params: URLSearchParams,
  name: string,
  piece: Piece,
  max: number,
): z.output<Piece> | null {
  const picked = new URLSearchParams(
    params
      .getAll(name)
      .slice(0, max)
      .map((value) => [name, value]),
  );
  const parsed = parseWithZod(picked, { schema: z.object({ [name]: piece }) });
  return parsed.status === "success" ? (parsed.value[name] as z.output<Piece>) : null;
}

/** The record an address names (`?edit=12`, `?delete=12`), by the same rule as a form's id. */
export function addressId(params: URLSearchParams, name: string): number | null {
  return fromAddress(params, name, recordId(""), 1);
}

/** The record a route's `:id` names (/admin/notes/12), by the same rule. */
export function pathId(value: string | undefined): number | null {
  return addressId(new URLSearchParams({ id: value ?? "" }), "id");
}

/**
 * The rows ticked for a bulk action in the address of its confirmation (`?confirm=delete&ids=…`),
 * by the same rule as the bulk form's `ids`: null when none, more than a page, or not row ids.
 */
export function tickedIds(params: URLSearchParams): number[] | null {
  return fromAddress(params, "ids", selectedIds(""), MAX_SELECTED + 1);
}

/** The first message of a refused form, for its toast. */
export function firstError(error: Record<string, string[] | null> | null | undefined): string | undefined {
  for (const messages of Object.values(error ?? {})) if (messages?.[0]) return messages[0];
  return undefined;
}
