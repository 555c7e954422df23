import { BinaryArray, integerArray, TYPE_IDS, textArray } from "#app/server/platform/binary-arrays.server.ts";

// Search documents as PostgreSQL keeps them (migration 0011): tsvectors made from our own words,
// sent in the binary form (decision 0034). Pure, and importing no database code: a bulk load makes
// a round's columns on a worker thread with it (document-pool.server.ts).

/** PostgreSQL's limits: positions up to 16383, 256 positions a word, 1 MB a tsvector (kept well under). */
const MAX_POSITION = 16_383;
const MAX_POSITIONS_PER_WORD = 255;
const MAX_TSVECTOR_BYTES = 800_000;

/** What a lexeme's quoting escapes; words (words.server.ts) never hold it, so most need no copy. */
const QUOTING = /['\\]/;

/** A word as a tsvector/tsquery lexeme: quoted, so nothing in it is ever syntax. */
export function lexeme(word: string): string {
  if (!QUOTING.test(word)) return `'${word}'`;
  return `'${word.replaceAll("\\", "\\\\").replaceAll("'", "''")}'`;
}

/** A document's words by weight and its facets (engine-types.server.ts's IndexedDocument has them). */
type Fields = { title?: string[]; context?: string[]; body?: string[]; facets?: string[] };

/** A document as its row of search_documents is made (an IndexedDocument). */
type TsvectorDocument = Fields & {
  kind: string;
  refId: number;
  grade: number | null;
  subjectCode: string | null;
};

/**
 * A document's words as PostgreSQL keeps them, made in one pass: each distinct word (in the order
 * first seen) with its positions (`position | weight << 14`, ascending), how many of them its
 * title and context alone hold (`inTitles`: 0 for a word of the body only), and the facets
 * (lexemes without positions). Titles are weight A (3), context B (2), body C (1).
 */
export function documentLexemes(doc: Fields): {
  words: string[];
  positions: number[][];
  inTitles: number[];
  facets: string[];
  bodyAdded: boolean;
} {
  const slots = new Map<string, number>();
  const words: string[] = [];
  const positions: number[][] = [];
  let position = 0;
  let bytes = 0;
  let added = 0;
  const add = (list: readonly string[], weight: number) => {
    for (const word of list) {
      position = Math.min(position + 1, MAX_POSITION);
      const slot = slots.get(word);
      if (slot !== undefined) {
        const at = positions[slot] as number[];
        if (at.length >= MAX_POSITIONS_PER_WORD || position === MAX_POSITION) continue;
        at.push(position | (weight << 14));
        bytes += 2;
      } else {
        // A body too long for a tsvector keeps its first words (a note is at most 200,000 characters).
        if (bytes > MAX_TSVECTOR_BYTES) break;
        slots.set(word, words.length);
        words.push(word);
        positions.push([position | (weight << 14)]);
        bytes += Buffer.byteLength(word) + 8;
      }
      added++;
    }
  };
  add(doc.title ?? [], 3);
  add(doc.context ?? [], 2);
  const inTitles = positions.map((at) => at.length);
  const beforeBody = added;
  add(doc.body ?? [], 1);
  const facets = (doc.facets ?? []).map((facet) => `~${facet}`);
  return { words, positions, inTitles, facets, bodyAdded: added > beforeBody };
}

const WEIGHT_LETTER = ["D", "C", "B", "A"] as const;

/**
 * A document's tsvector text (`all`: `'word':1A,4C 'other':2B ... '~public'`), and that of its title and context alone (`titles`: the same
 * words at the same positions), made in one pass over its words.
 */
export function tsvectorTexts(doc: Fields): { all: string; titles: string } {
  const { words, positions, inTitles, facets } = documentLexemes(doc);
  const text = (upTo?: number[]) => {
    const entries: string[] = [];
    words.forEach((word, i) => {
      const at = (positions[i] as number[]).slice(0, upTo ? (upTo[i] ?? 0) : undefined);
      if (at.length === 0) return;
      entries.push(`${lexeme(word)}:${at.map((p) => `${p & 0x3fff}${WEIGHT_LETTER[p >> 14]}`).join(",")}`);
    });
    return [...entries, ...facets.map(lexeme)].join(" ");
  };
  return { all: text(), titles: text(inTitles) };
}

/**
 * A column of tsvectors as one binary `tsvector[]` parameter (tsvector_recv), null where a
 * document has none: the server takes each lexeme and position as they come, where the text form
 * is parsed character by character, its lexemes sorted and merged and its positions sorted (a
 * restore's 100,000 notes are some 230 MB of such text). So the lexemes go sorted as tsvector_in
 * would leave them (by their UTF-8 bytes, a prefix first), each once, with their positions
 * ascending and at most 256: the same tsvector either way (tests/integration/tsvector-binary.test.ts).
 */
export class TsvectorColumn {
  private readonly array = new BinaryArray(TYPE_IDS.tsvector);

  /**
   * Adds a document's tsvector: its lexemes (`sorted`, from sortedLexemes) with, for each word, its
   * first `upTo[i]` positions (all without; a word with none left is left out).
   */
  add(
    lexemes: { words: string[]; positions: number[][]; facets: string[] },
    sorted: number[],
    upTo?: number[],
  ): void {
    const { words, positions, facets } = lexemes;
    const array = this.array;
    const start = array.start();
    array.room(4);
    const countAt = array.at;
    array.at += 4;
    let count = 0;
    for (const i of sorted) {
      const word = (i < words.length ? words[i] : facets[i - words.length]) as string;
      const all = i < words.length ? (positions[i] as number[]) : [];
      const n = upTo && i < words.length ? (upTo[i] ?? 0) : all.length;
      if (n === 0 && i < words.length) continue;
      count++;
      array.room(word.length * 3 + 3 + n * 2);
      const buffer = array.buffer;
      let at = array.at;
      // ASCII a byte a character here; anything else through Buffer's UTF-8 encoder.
      for (let c = 0; c < word.length; c++) {
        const code = word.charCodeAt(c);
        if (code >= 0x80) {
          at = array.at + buffer.write(word, array.at, "utf8");
          break;
        }
        buffer[at++] = code;
      }
      buffer[at++] = 0;
      buffer[at++] = n >> 8;
      buffer[at++] = n & 0xff;
      for (let k = 0; k < n; k++) {
        const p = all[k] as number;
        buffer[at++] = p >> 8;
        buffer[at++] = p & 0xff;
      }
      array.at = at;
    }
    array.buffer.writeInt32BE(count, countAt);
    array.end(start);
  }

  addNull(): void {
    this.array.addNull();
  }

  /** The array, for a `$n::tsvector[]` parameter. */
  done(): Buffer {
    return this.array.done();
  }
}

/** A UTF-16 surrogate: a character beyond the BMP, where UTF-16's order and UTF-8's part. */
const SURROGATE = /[\uD800-\uDFFF]/;
const beyondBmp = (word: string) => SURROGATE.test(word);

/**
 * A document's lexemes in tsvector order, as indexes (its words', then `words.length` + its
 * facets', each facet once): by UTF-8 bytes, a prefix first. UTF-16's order is that one unless a
 * word holds characters beyond the BMP (surrogates), when its bytes are compared.
 */
export function sortedLexemes(lexemes: { words: string[]; facets: string[] }): number[] {
  const { words, facets } = lexemes;
  const order = words.map((_, i) => i);
  const seen = new Set<string>();
  facets.forEach((facet, i) => {
    if (seen.has(facet)) return;
    seen.add(facet);
    order.push(words.length + i);
  });
  const lexeme = (i: number) => (i < words.length ? words[i] : facets[i - words.length]) as string;
  if (words.some(beyondBmp) || facets.some(beyondBmp))
    return order.sort((a, b) => Buffer.compare(Buffer.from(lexeme(a)), Buffer.from(lexeme(b))));
  return order.sort((a, b) => {
    const x = lexeme(a);
    const y = lexeme(b);
    return x < y ? -1 : x > y ? 1 : 0;
  });
}

/** A round of documents as the columns of search_documents, each a binary array parameter. */
export type DocumentColumns = {
  count: number;
  kind: Buffer;
  refId: Buffer;
  grade: Buffer;
  subject: Buffer;
  tsv: Buffer;
  /** Null where a document has no body: the same words as `tsv` (a link: three in four), sent once. */
  titleTsv: Buffer;
};

/** The columns of `docs`, all made before anything is sent. */
export function documentColumns(docs: readonly TsvectorDocument[]): DocumentColumns {
  const kind: string[] = [];
  const refId: number[] = [];
  const grade: Array<number | null> = [];
  const subject: Array<string | null> = [];
  const tsv = new TsvectorColumn();
  const titleTsv = new TsvectorColumn();
  for (const d of docs) {
    kind.push(d.kind);
    refId.push(d.refId);
    grade.push(d.grade);
    subject.push(d.subjectCode);
    const lexemes = documentLexemes(d);
    const sorted = sortedLexemes(lexemes);
    tsv.add(lexemes, sorted);
    if (lexemes.bodyAdded) titleTsv.add(lexemes, sorted, lexemes.inTitles);
    else titleTsv.addNull();
  }
  return {
    count: docs.length,
    kind: textArray(kind),
    refId: integerArray(refId),
    grade: integerArray(grade),
    subject: textArray(subject),
    tsv: tsv.done(),
    titleTsv: titleTsv.done(),
  };
}
