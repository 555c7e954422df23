import { querySound, SOUND_MARK, soundMatches } from "#app/server/search/sounds.server.ts";
import { MAX_QUERY_LENGTH } from "#app/server/search/types.ts";

// Words as search sees them, decided here once for both engines: the documents are indexed as
// these words (SQLite's FTS5 is fed them separated by spaces, PostgreSQL gets a tsvector built
// from them), and every query is turned into them before the engine sees it. So Hindi and
// English match the same way on SQLite and PostgreSQL, and nothing a student types reaches an
// engine's query syntax except as a quoted word.

/** Latin, Greek and Cyrillic accents (combining diacritics): removed. Devanagari signs stay. */
const ACCENTS = /[\u0300-\u036f\u1ab0-\u1aff\u1dc0-\u1dff\u20d0-\u20ff\ufe20-\ufe2f]/g;
/** Invisible format characters (zero-width joiners, direction marks, soft hyphens, BOM): dropped. */
const FORMAT = /\p{Cf}/gu;
/** A word: letters, digits and combining marks (Devanagari vowel signs and virama are marks). */
const WORD = /[\p{L}\p{N}\p{M}]+/gu;
const DEVANAGARI_DIGIT = /[\u0966-\u096f]/g;
/** Any character beyond ASCII: text without one is already in the form below, but for its case. */
const BEYOND_ASCII = /[\u0080-\uffff]/;
/** A word of ASCII text in lower case: what WORD finds there (ASCII's only letters and digits). */
const ASCII_WORD = /[a-z0-9]+/g;

/** Longer words are cut: nobody types more, and engines limit a word's size. */
export const MAX_WORD_LENGTH = 60;
/** Words of a query beyond these are ignored (each costs the engine a lookup). */
export const MAX_QUERY_WORDS = 8;

/**
 * Text in the form words are compared in: compatibility forms unfolded (ligatures, full-width
 * letters), accents removed, lower case, Devanagari digits as 0-9.
 */
export function normalise(text: string): string {
  // Most text (every English note) is ASCII, which none of the steps but the case changes: a
  // restore normalises a hundred thousand notes.
  if (!BEYOND_ASCII.test(text)) return text.toLowerCase();
  return text
    .normalize("NFKD")
    .toLowerCase()
    .normalize("NFKD")
    .replace(ACCENTS, "")
    .replace(FORMAT, "")
    .replace(DEVANAGARI_DIGIT, (d) => String((d.codePointAt(0) ?? 0x966) - 0x966))
    .normalize("NFC");
}

/** The words of a text, in order, as the index stores them. */
export function words(text: string): string[] {
  const found =
    (BEYOND_ASCII.test(text) ? normalise(text).match(WORD) : text.toLowerCase().match(ASCII_WORD)) ?? [];
  return found.map((w) =>
    w.length > MAX_WORD_LENGTH ? Array.from(w).slice(0, MAX_WORD_LENGTH).join("") : w,
  );
}

/**
 * Words that say nothing about what a student looks for ("what is photosynthesis"): left out of a
 * query that has other words. Kept out of nothing in the index.
 */
const STOP_WORDS = new Set([
  "a",
  "an",
  "and",
  "are",
  "as",
  "at",
  "by",
  "for",
  "from",
  "how",
  "in",
  "is",
  "of",
  "on",
  "or",
  "the",
  "to",
  "what",
  "why",
  "with",
  "का",
  "की",
  "के",
  "को",
  "में",
  "है",
  "और",
  "से",
  "क्या",
  // The same, typed in Roman letters ("surdas ke pad").
  "ka",
  "ki",
  "ke",
  "ko",
  "mein",
  "hai",
  "aur",
  "se",
  "kya",
]);

/** What a student typed, capped and cleaned: at most MAX_QUERY_LENGTH characters, no NULs, trimmed. */
export function cleanQuery(q: string): string {
  return Array.from(q.replace(/\0/g, "")).slice(0, MAX_QUERY_LENGTH).join("").replace(/\s+/g, " ").trim();
}

/** The words of a query: stop words dropped (unless that leaves none), repeats dropped, at most MAX_QUERY_WORDS. */
export function queryWords(q: string): string[] {
  const all = [...new Set(words(cleanQuery(q)))];
  const meaningful = all.filter((w) => !STOP_WORDS.has(w));
  return (meaningful.length > 0 ? meaningful : all).slice(0, MAX_QUERY_WORDS);
}

/** A word of a query: whole, or (`prefix`) also the beginning of longer words. */
export type QueryWord = { text: string; prefix: boolean };

/**
 * One word of a query and what it may also be found as (synonyms): a document matches the term
 * when it contains any alternative; an alternative of several words needs all of them.
 */
export type QueryTerm = { word: string; alternatives: QueryWord[][] };

/**
 * A query's terms: every term must match. With `prefix`, each word typed (of two letters or more:
 * one letter would match most of the index) also matches longer words it begins; synonyms are
 * always whole words.
 */
export function queryTerms(
  q: string,
  synonyms: ReadonlyMap<string, readonly string[]> = new Map(),
  prefix = true,
): QueryTerm[] {
  return queryWords(q).map((word) => {
    const alternatives: QueryWord[][] = [[{ text: word, prefix: prefix && Array.from(word).length >= 2 }]];
    const seen = new Set([word]);
    // How it sounds (sounds.server.ts): "prakash" finds "प्रकाश", "अम्लों" finds "अम्ल".
    const sound = querySound(word);
    if (sound) {
      seen.add(sound);
      alternatives.push([{ text: sound, prefix: prefix && Array.from(sound).length > 3 }]);
    }
    for (const phrase of synonyms.get(word) ?? []) {
      const alternative = words(phrase).slice(0, MAX_QUERY_WORDS);
      const key = alternative.join(" ");
      if (alternative.length > 0 && !seen.has(key)) {
        seen.add(key);
        alternatives.push(alternative.map((text) => ({ text, prefix: false })));
      }
    }
    return { word, alternatives };
  });
}

/** The same terms, every word whole. */
export function wholeWords(terms: readonly QueryTerm[]): QueryTerm[] {
  return terms.map((t) => ({
    word: t.word,
    alternatives: t.alternatives.map((a) => a.map((w) => ({ text: w.text, prefix: false }))),
  }));
}

/** Marks the one word a chapter's or post's whole title is also indexed as (private use: never typed). */
const TITLE_MARK = "\ue001";
const TITLE_JOIN = "\ue002";
/** Titles longer than this are not looked up whole: nobody types them out. */
const MAX_WHOLE_TITLE = 120;

/**
 * A title's words as one word (`exactTitleWord(words(title))`), which a query whose words are exactly
 * the title's finds, so "motion" lists the chapter "Motion" before "Laws of Motion"; null when too long.
 */
export function exactTitleWord(titleWords: readonly string[]): string | null {
  const joined = titleWords.join(TITLE_JOIN);
  return titleWords.length > 0 && joined.length <= MAX_WHOLE_TITLE ? TITLE_MARK + joined : null;
}

/** The term that finds documents whose title is exactly what was typed (stop words included), or none. */
export function exactTitleTerm(q: string): QueryTerm | null {
  const word = exactTitleWord(words(cleanQuery(q)));
  return word ? { word, alternatives: [[{ text: word, prefix: false }]] } : null;
}

/** Whether any word of the terms matches by its beginning. */
export function hasPrefixes(terms: readonly QueryTerm[]): boolean {
  return terms.some((t) => t.alternatives.some((a) => a.some((w) => w.prefix)));
}

/** Whether a word of a text matches a word of the query. */
export function wordMatches(textWord: string, queryWord: QueryWord): boolean {
  if (queryWord.text.startsWith(SOUND_MARK)) return soundMatches(textWord, queryWord.text, queryWord.prefix);
  return queryWord.prefix ? textWord.startsWith(queryWord.text) : textWord === queryWord.text;
}

/** The trigrams of a word as pg_trgm makes them: the word padded with two spaces before and one after. */
export function trigrams(word: string): Set<string> {
  const chars = Array.from(`  ${word} `);
  const grams = new Set<string>();
  for (let i = 0; i + 3 <= chars.length; i++) grams.add(chars.slice(i, i + 3).join(""));
  return grams;
}

/** How alike two words are, from 0 to 1: shared trigrams over all trigrams (pg_trgm's similarity). */
export function similarity(a: string, b: string): number {
  const x = trigrams(a);
  const y = trigrams(b);
  let shared = 0;
  for (const gram of x) if (y.has(gram)) shared++;
  const all = x.size + y.size - shared;
  return all === 0 ? 0 : shared / all;
}

/**
 * How many typing slips apart two words are: letters left out, added, changed, or two neighbours
 * swapped ("motoin" is one slip from "motion"), counted by letter (optimal string alignment).
 * Trigrams miss a swap in a short word (they share only the first three there); this does not.
 */
export function slipsBetween(a: string, b: string): number {
  const x = Array.from(a);
  const y = Array.from(b);
  let before: number[] = [];
  let previous = Array.from({ length: y.length + 1 }, (_, j) => j);
  for (let i = 1; i <= x.length; i++) {
    const current = [i];
    for (let j = 1; j <= y.length; j++) {
      const changed = x[i - 1] === y[j - 1] ? 0 : 1;
      let best = Math.min(
        (previous[j] ?? 0) + 1,
        (current[j - 1] ?? 0) + 1,
        (previous[j - 1] ?? 0) + changed,
      );
      if (i > 1 && j > 1 && x[i - 1] === y[j - 2] && x[i - 2] === y[j - 1]) {
        best = Math.min(best, (before[j - 2] ?? 0) + 1);
      }
      current.push(best);
    }
    before = previous;
    previous = current;
  }
  return previous[y.length] ?? 0;
}

/** The slips a word of this length may hold and still be offered as "Did you mean": none under 4 letters. */
export function slipsAllowed(word: string): number {
  const length = Array.from(word).length;
  return length < 4 ? 0 : length < 8 ? 1 : 2;
}
