// A subject's medium (DESIGN.md 8.2): the language its chapters are taught in. "Both" (the
// default) for a subject every student may take; "Hindi" for a Hindi-medium subject (गणित,
// विज्ञान) or the Hindi language; "English" for an English-medium one.
import type { Lang } from "#app/lib/language.ts";

export const MEDIUMS = ["both", "english", "hindi"] as const;
export type Medium = (typeof MEDIUMS)[number];

export const MEDIUM_LABELS: Record<Medium, string> = { both: "Both", english: "English", hindi: "Hindi" };

export const DEFAULT_MEDIUM: Medium = "both";

export function isMedium(value: unknown): value is Medium {
  return typeof value === "string" && (MEDIUMS as readonly string[]).includes(value);
}

/** The medium of a page's language: English pages are for English medium, Hindi pages for Hindi. */
const MEDIUM_OF: Record<Lang, Medium> = { en: "english", hi: "hindi" };

/**
 * The subject a class page shows when the address names none: the first, in the class's order, of
 * the page's medium or of both; the first of all when there is none such.
 */
export function defaultSubject<S extends { medium: string }>(
  subjects: readonly S[],
  lang: Lang,
): S | undefined {
  return subjects.find((s) => s.medium === MEDIUM_OF[lang] || s.medium === "both") ?? subjects[0];
}

/** A stored medium as one of ours ("both" for anything else, which the column's default keeps out). */
export function asMedium(value: string): Medium {
  return isMedium(value) ? value : DEFAULT_MEDIUM;
}
