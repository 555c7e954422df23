/** "a, b,, c " → ["a", "b", "c"]: comma separated, trimmed, empty entries dropped. */
export function parseKeywords(text: string | null | undefined): string[] {
  return (text ?? "")
    .split(",")
    .map((k) => k.trim())
    .filter((k) => k.length > 0);
}

/** Keywords are stored as JSON text; a broken value reads as no keywords rather than an error. */
export function readKeywords(stored: string | null | undefined): string[] {
  try {
    const value: unknown = JSON.parse(stored ?? "[]");
    return Array.isArray(value) ? value.filter((k): k is string => typeof k === "string") : [];
  } catch {
    return [];
  }
}
