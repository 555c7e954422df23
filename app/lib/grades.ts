export const GRADES = [9, 10, 11, 12] as const;
export type Grade = (typeof GRADES)[number];

/** A grade from a URL or form: only 9, 10, 11 and 12 are grades; anything else is null. */
export function parseGrade(value: unknown): Grade | null {
  const text = String(value ?? "").trim();
  if (!/^\d{1,2}$/.test(text)) return null;
  const n = Number(text);
  return (GRADES as readonly number[]).includes(n) ? (n as Grade) : null;
}
