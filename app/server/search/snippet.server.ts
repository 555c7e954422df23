import { SOUND_MARK } from "#app/server/search/sounds.server.ts";
import type { SnippetPart } from "#app/server/search/types.ts";
import { type QueryWord, wordMatches, words } from "#app/server/search/words.server.ts";

// Snippets are built here, in TypeScript, from plain text and the query's words, so they come out
// the same on both engines and never carry HTML: each part is text that React escapes, some of
// it marked as matching.

/** About how long a snippet is, in characters. */
export const SNIPPET_LENGTH = 160;
/** How much text comes before the first match, when there is that much. */
const LEAD = 50;
/** A match deeper than this into a long note is not looked for: the snippet shows the beginning. */
const SCAN_LIMIT = 50_000;
/** A word as written, with the invisible characters that may sit inside it. */
const WRITTEN_WORD = /[\p{L}\p{N}\p{M}\p{Cf}]+/gu;
/** A word of plain ASCII letters and digits: lower case is all it needs to be compared. */
const ASCII = /^[A-Za-z0-9]+$/;
/** The only characters of ASCII a word holds. */
const ASCII_WORD_CHAR = /[A-Za-z0-9]/;
/** Text in ASCII alone (a query's word that a word of plain ASCII may match). */
const ALL_ASCII = /^\p{ASCII}*$/u;

type Span = { start: number; end: number };

/** Whether a written word matches the query, and whether a word of plain ASCII ever can. */
type Matcher = ((written: string) => boolean) & { ascii: boolean };

/** The matcher of each list of query words: a page's snippets and titles share one (and what it learnt). */
const matchers = new WeakMap<readonly QueryWord[], Matcher>();

/**
 * Whether a written word (which may normalise to several, e.g. "½") matches one of `queryWords`.
 * A note repeats its words, and most are plain ASCII (which only needs lower case): both are cheap.
 * A word of plain ASCII matches only a query's word of ASCII (not a sound, not Devanagari): a Hindi
 * query never matches one (`ascii`).
 */
function matcher(queryWords: readonly QueryWord[]): Matcher {
  const kept = matchers.get(queryWords);
  if (kept) return kept;
  const known = new Map<string, boolean>();
  const matches = (w: string) => queryWords.some((q) => wordMatches(w, q));
  const isMatch = (written: string) => {
    if (ASCII.test(written)) return matches(written.toLowerCase());
    let found = known.get(written);
    if (found === undefined) {
      found = words(written).some(matches);
      known.set(written, found);
    }
    return found;
  };
  const made = Object.assign(isMatch, {
    ascii: queryWords.some((q) => !q.text.startsWith(SOUND_MARK) && ALL_ASCII.test(q.text)),
  });
  matchers.set(queryWords, made);
  return made;
}

/** The matching words of `text` that lie wholly between `from` and `to`. */
function matchesIn(text: string, isMatch: (w: string) => boolean, from: number, to: number): Span[] {
  const found: Span[] = [];
  const pattern = new RegExp(WRITTEN_WORD.source, "gu");
  pattern.lastIndex = from;
  for (let m = pattern.exec(text); m && m.index + m[0].length <= to; m = pattern.exec(text)) {
    if (isMatch(m[0])) found.push({ start: m.index, end: m.index + m[0].length });
  }
  return found;
}

/** The text from `start` to `end` as parts, the matching words marked. */
function parts(text: string, marks: Span[], start: number, end: number): SnippetPart[] {
  const out: SnippetPart[] = [];
  let at = start;
  for (const span of marks) {
    if (span.start > at) out.push({ text: text.slice(at, span.start), mark: false });
    out.push({ text: text.slice(span.start, span.end), mark: true });
    at = span.end;
  }
  if (end > at) out.push({ text: text.slice(at, end), mark: false });
  return out;
}

/** A whole short text (a title) with the words matching the query marked. */
export function highlight(text: string, queryWords: readonly QueryWord[]): SnippetPart[] {
  return parts(text, matchesIn(text, matcher(queryWords), 0, text.length), 0, text.length);
}

/** Where the first matching word of `text` starts (within SCAN_LIMIT), or -1. */
function firstMatch(text: string, isMatch: Matcher): number {
  const pattern = new RegExp(WRITTEN_WORD.source, "gu");
  if (!isMatch.ascii) return firstBeyondAscii(text, isMatch, pattern);
  for (let m = pattern.exec(text); m && m.index < SCAN_LIMIT; m = pattern.exec(text)) {
    if (isMatch(m[0])) return m.index;
  }
  return -1;
}

/**
 * firstMatch for a query no word of plain ASCII matches (Hindi, in an English note): only the words
 * holding a character beyond ASCII are looked at, each found from that character (the word begins
 * at the ASCII letters and digits before it), as a walk over every word would find them.
 */
function firstBeyondAscii(text: string, isMatch: Matcher, pattern: RegExp): number {
  const beyond = /\P{ASCII}/gu;
  for (let b = beyond.exec(text); b; b = beyond.exec(text)) {
    let start = b.index;
    while (start > 0 && ASCII_WORD_CHAR.test(text.charAt(start - 1))) start--;
    if (start >= SCAN_LIMIT) return -1;
    pattern.lastIndex = start;
    const m = pattern.exec(text);
    if (!m || m.index >= SCAN_LIMIT) return -1;
    // The word holding that character (else it was no word's: the next one is looked for after it).
    if (m.index <= b.index) {
      if (isMatch(m[0])) return m.index;
      beyond.lastIndex = m.index + m[0].length;
    }
  }
  return -1;
}

/**
 * About SNIPPET_LENGTH characters of `text` around the first word matching the query, cut at word
 * boundaries, with "…" where text was left out and every matching word in it marked. Without a
 * match, the beginning of the text. Empty text gives no parts.
 */
export function snippet(
  text: string,
  queryWords: readonly QueryWord[],
  length = SNIPPET_LENGTH,
): SnippetPart[] {
  const plain = text.replace(/\s+/g, " ").trim();
  if (!plain) return [];
  const isMatch = matcher(queryWords);
  if (plain.length <= length)
    return parts(plain, matchesIn(plain, isMatch, 0, plain.length), 0, plain.length);
  const first = firstMatch(plain, isMatch);
  // Begin at a word (the first one starting after the lead-in), so that no word is cut in half.
  let start = 0;
  if (first > LEAD) {
    const pattern = new RegExp(WRITTEN_WORD.source, "gu");
    pattern.lastIndex = first - LEAD;
    const next = pattern.exec(plain);
    start = next && next.index <= first ? next.index : first;
    // A word cut by the lead-in is skipped: the window starts at the next one.
    if (start > 0 && /[\p{L}\p{N}\p{M}]/u.test(plain.charAt(start - 1))) {
      pattern.lastIndex = start + (next?.[0].length ?? 0);
      start = Math.min(first, pattern.exec(plain)?.index ?? first);
    }
  }
  let end = Math.min(plain.length, start + length);
  if (end < plain.length) {
    // A word running past the end is left out (unless the window is all one word), and an emoji
    // is never cut in half.
    if (/[\p{L}\p{N}\p{M}\p{Cf}]/u.test(plain.charAt(end))) {
      const cut = plain.slice(start, end).search(/[^\p{L}\p{N}\p{M}\p{Cf}][\p{L}\p{N}\p{M}\p{Cf}]*$/u);
      if (cut > 0) end = start + cut;
    }
    if (/[\ud800-\udbff]/.test(plain.charAt(end - 1))) end--;
  }
  const body = parts(plain, matchesIn(plain, isMatch, start, end), start, end);
  if (start > 0) body.unshift({ text: "… ", mark: false });
  if (end < plain.length) body.push({ text: " …", mark: false });
  return mergePlain(body);
}

function mergePlain(list: SnippetPart[]): SnippetPart[] {
  const out: SnippetPart[] = [];
  for (const part of list) {
    const last = out[out.length - 1];
    if (last && !last.mark && !part.mark) last.text += part.text;
    else out.push({ ...part });
  }
  return out;
}
