const ENTITIES: Record<string, string> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
  nbsp: " ",
  "#39": "'",
};

/**
 * Whitespace that folding into one space changes: a run of two or more, or one that is not a space
 * (as `\s+` to " ", whose replacing of every single space between words was the slowest step).
 */
const FOLDED_SPACE = /\s{2,}|[^\S ]/g;

/** The readable text of an HTML fragment: tags stripped, entities decoded, whitespace folded. */
export function htmlToText(html: string): string {
  return html
    .replace(/<(script|style)[\s\S]*?<\/\1>/gi, " ")
    .replace(/<\/(p|h[1-6]|li|div|br)>|<br\s*\/?>/gi, " ")
    .replace(/<[^>]*>/g, "")
    .replace(/&(#\d+|#x[0-9a-f]+|[a-z]+);/gi, (whole, name: string) => {
      const lower = name.toLowerCase();
      if (lower.startsWith("#x")) return String.fromCodePoint(Number.parseInt(lower.slice(2), 16));
      if (lower.startsWith("#")) return String.fromCodePoint(Number(lower.slice(1)));
      return ENTITIES[lower] ?? whole;
    })
    .replace(FOLDED_SPACE, " ")
    .trim();
}

/**
 * The readable text of an HTML fragment with a line per paragraph, heading, list item or line
 * break (History compares notes and posts this way, as people read them).
 */
export function htmlToLines(html: string): string {
  return html
    .split(/<\/(?:p|h[1-6]|li|div|blockquote|pre|tr)>|<br\s*\/?>/i)
    .map(htmlToText)
    .filter(Boolean)
    .join("\n");
}

/** The admin's note preview: the first 80 characters of its text. */
export function notePreview(html: string, length = 80): string {
  return Array.from(htmlToText(html)).slice(0, length).join("");
}
