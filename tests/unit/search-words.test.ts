import { describe, expect, it } from "vitest";
import { tsqueryText } from "#app/server/search/postgres.server.ts";
import { roughly } from "#app/server/search/search.server.ts";
import { highlight, SNIPPET_LENGTH, snippet } from "#app/server/search/snippet.server.ts";
import { querySound } from "#app/server/search/sounds.server.ts";
import { estimateFromEnds, ftsQuery } from "#app/server/search/sqlite.server.ts";
import { tsvectorTexts } from "#app/server/search/tsvectors.server.ts";
import { MAX_QUERY_LENGTH } from "#app/server/search/types.ts";
import {
  cleanQuery,
  MAX_QUERY_WORDS,
  MAX_WORD_LENGTH,
  normalise,
  queryTerms,
  queryWords,
  similarity,
  slipsAllowed,
  slipsBetween,
  wholeWords,
  wordMatches,
  words,
} from "#app/server/search/words.server.ts";

/** Query words matching by their beginning, as a query's last words do. */
const begin = (...texts: string[]) => texts.map((text) => ({ text, prefix: true }));
const whole = (text: string) => ({ text, prefix: false });
/** The sound a query word is also looked for as (sounds.server.ts). */
const sound = (text: string, prefix = true) => [{ text: querySound(text) ?? "", prefix }];

const marked = (parts: { text: string; mark: boolean }[]) =>
  parts.map((p) => (p.mark ? `[${p.text}]` : p.text)).join("");

describe("search words", () => {
  it("keeps Devanagari words whole, vowel signs and virama included", () => {
    expect(words("रासायनिक अभिक्रिया और समीकरण।")).toEqual(["रासायनिक", "अभिक्रिया", "और", "समीकरण"]);
    expect(words("क्षेत्रफल, त्रिभुज")).toEqual(["क्षेत्रफल", "त्रिभुज"]);
    // A zero-width joiner inside a conjunct does not split the word.
    expect(words("क्‍ष")).toEqual(["क्ष"]);
    expect(words("कक्षा १०")).toEqual(["कक्षा", "10"]);
  });

  it("folds case, accents and compatibility forms", () => {
    expect(words("PHOTOSYNTHÈSIS Café naïve ﬁle ＡＢＣ İstanbul")).toEqual([
      "photosynthesis",
      "cafe",
      "naive",
      "file",
      "abc",
      "istanbul",
    ]);
    expect(normalise("Cafe\u0301")).toBe(normalise("Café"));
  });

  it("splits on everything that is not a letter, digit or mark, and drops invisible characters", () => {
    expect(words(`"NEAR(a b)" -x: AND\\ 😀 \u200f o'clock`)).toEqual([
      "near",
      "a",
      "b",
      "x",
      "and",
      "o",
      "clock",
    ]);
    expect(words("photo\u200bsynthesis")).toEqual(["photosynthesis"]);
    expect(words("😀 !!! \0")).toEqual([]);
    expect(words("x".repeat(100))).toEqual(["x".repeat(MAX_WORD_LENGTH)]);
  });

  it("caps a query, drops stop words unless nothing else is left, and repeats", () => {
    expect(cleanQuery(`a\0b ${"c".repeat(500)}`)).toHaveLength(MAX_QUERY_LENGTH);
    expect(queryWords("What is photosynthesis?")).toEqual(["photosynthesis"]);
    expect(queryWords("the of")).toEqual(["the", "of"]);
    expect(queryWords("light light LIGHT")).toEqual(["light"]);
    expect(queryWords("a b c d e f g h i j k l")).toHaveLength(MAX_QUERY_WORDS);
  });

  it("expands a word into its synonyms, which are whole words", () => {
    const synonyms = new Map([["prakash", ["प्रकाश", "Light", "light energy"]]]);
    expect(queryTerms("prakash reflection", synonyms)).toEqual([
      {
        word: "prakash",
        alternatives: [
          begin("prakash"),
          sound("prakash"),
          [whole("प्रकाश")],
          [whole("light")],
          [whole("light"), whole("energy")],
        ],
      },
      { word: "reflection", alternatives: [begin("reflection"), sound("reflection")] },
    ]);
    expect(wholeWords(queryTerms("reflection"))).toEqual([
      { word: "reflection", alternatives: [[whole("reflection")], sound("reflection", false)] },
    ]);
  });

  it("matches words by their beginning, single letters only whole", () => {
    expect(wordMatches("photosynthesis", whole("photosyn"))).toBe(false);
    expect(queryTerms("a")[0]?.alternatives).toEqual([[whole("a")]]);
    for (const [text, word, found] of [
      ["photosynthesis", "photosyn", true],
      ["अभिक्रिया", "अभिक्रि", true],
      ["अभिक्रिया", "क्रिया", false],
    ] as const) {
      expect(wordMatches(text, { text: word, prefix: true })).toBe(found);
    }
  });

  it("measures likeness as pg_trgm does", () => {
    expect(similarity("photosynthesis", "photosynthesis")).toBe(1);
    expect(similarity("photosinthesis", "photosynthesis")).toBeGreaterThan(0.5);
    expect(similarity("electrochemestry", "electric")).toBeLessThan(0.45);
    expect(similarity("abc", "xyz")).toBe(0);
  });

  it("counts typing slips: a letter left out, added or changed, or two neighbours swapped", () => {
    expect(slipsBetween("motion", "motion")).toBe(0);
    expect(slipsBetween("motoin", "motion")).toBe(1);
    expect(slipsBetween("motoin", "motors")).toBe(2);
    expect(slipsBetween("moton", "motion")).toBe(1);
    expect(slipsBetween("mottion", "motion")).toBe(1);
    expect(slipsBetween("electrochemestry", "electrochemistry")).toBe(1);
    expect(slipsBetween("", "abc")).toBe(3);
    // By letter, not by UTF-16 unit: one Devanagari letter changed is one slip.
    expect(slipsBetween("प्रकाश", "प्रकास")).toBe(1);
    expect([slipsAllowed("ohm"), slipsAllowed("motoin"), slipsAllowed("electrochemestry")]).toEqual([
      0, 1, 2,
    ]);
  });

  it("quotes every word for FTS5 and tsquery, so no input is syntax", () => {
    const terms = queryTerms(`photosyn "x" NEAR( a`, new Map([["photosyn", ["प्रकाश ऊर्जा"]]]));
    const [photosyn, near, abc] = ["photosyn", "near", "abc"].map((w) => querySound(w));
    expect(ftsQuery(terms)).toBe(
      `(("photosyn"*) OR ("${photosyn}"*) OR ("प्रकाश" AND "ऊर्जा")) AND (("x")) AND (("near"*) OR ("${near}"*))`,
    );
    expect(tsqueryText(terms)).toBe(
      `(('photosyn':*) | ('${photosyn}':*) | ('प्रकाश' & 'ऊर्जा')) & (('x')) & (('near':*) | ('${near}':*))`,
    );
    expect(tsqueryText(queryTerms("x abc"), "A")).toBe(`(('x':A)) & (('abc':*A) | ('${abc}':*A))`);
    expect(ftsQuery(wholeWords(queryTerms("abc")))).toBe(`(("abc") OR ("${abc}"))`);
  });

  it("writes a document's words as a tsvector, weighted by field, and its titles' words alone", () => {
    const doc = {
      title: ["light", "waves"],
      context: ["physics"],
      body: ["light", "o'clock"],
      facets: ["class-10"],
    };
    expect(tsvectorTexts(doc)).toEqual({
      all: "'light':1A,4C 'waves':2A 'physics':3B 'o''clock':5C '~class-10'",
      titles: "'light':1A 'waves':2A 'physics':3B '~class-10'",
    });
  });
});

describe("snippets", () => {
  const long = `${"Lorem ipsum dolor sit amet. ".repeat(10)}Here photosynthesis <b>makes</b> sugar in photosynthetic cells. ${"Consectetur adipiscing elit. ".repeat(10)}`;

  it("shows about 160 characters around the first match, cut at words, with every match marked", () => {
    const parts = snippet(long, begin("photosyn"));
    const text = marked(parts);
    expect(text.startsWith("… ")).toBe(true);
    expect(text.endsWith(" …")).toBe(true);
    expect(text).toContain("Here [photosynthesis] <b>makes</b> sugar in [photosynthetic] cells.");
    expect(parts.map((p) => p.text).join("").length).toBeLessThanOrEqual(SNIPPET_LENGTH + 4);
    // Words are never cut: the window starts and ends at word boundaries.
    expect(text).toMatch(/^… (dolor|sit|amet|Lorem|ipsum) /);
  });

  it("keeps HTML in the text as text: nothing is ever markup", () => {
    const parts = snippet("<script>alert(1)</script> light", [whole("light")]);
    expect(parts).toEqual([
      { text: "<script>alert(1)</script> ", mark: false },
      { text: "light", mark: true },
    ]);
  });

  it("shows the beginning when nothing matches, and nothing for no text", () => {
    expect(marked(snippet(long, begin("zzz")))).toMatch(/^Lorem ipsum .* …$/);
    expect(snippet("   ", begin("x"))).toEqual([]);
  });

  it("marks Devanagari and accented words, matching as search does", () => {
    expect(marked(highlight("प्रकाश का परावर्तन और अपवर्तन", begin("परावर्त")))).toBe(
      "प्रकाश का [परावर्तन] और अपवर्तन",
    );
    expect(marked(highlight("Café Résumé", [whole("resume")]))).toBe("Café [Résumé]");
    expect(marked(highlight("अभिक्रिया", begin("क्रिया")))).toBe("अभिक्रिया");
    expect(marked(highlight("cell cells", [whole("cell")]))).toBe("[cell] cells");
  });

  it("finds a Hindi query's first match in an English note as a walk over every word would", () => {
    // A query no word of plain ASCII can match looks only at the words beyond ASCII. The same
    // query with an ASCII word found nowhere walks every word: the snippets must be the same.
    const pieces = [
      "Light is reflected",
      "प्रकाश",
      "का",
      "परावर्तन",
      "x2प्रकाश",
      "café",
      "–",
      "“quoted”",
      "naïve",
      "अभिक्रियाएँ",
      "½",
      "\u200d",
      "😀",
      "श्वसन।",
      "Ohm's law",
      "abcप्रकाशdef",
    ];
    let seed = 7;
    const next = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed;
    };
    const queries = [
      queryTerms("प्रकाश").flatMap((t) => t.alternatives.flat()),
      queryTerms("prakash")
        .flatMap((t) => t.alternatives.flat())
        .slice(1),
      queryTerms("अभिक्रि श्वसन").flatMap((t) => t.alternatives.flat()),
    ];
    for (let round = 0; round < 300; round++) {
      const text = Array.from({ length: 20 + (next() % 400) }, () => pieces[next() % pieces.length]).join(
        next() % 3 === 0 ? "" : " ",
      );
      for (const query of queries) {
        expect(query.some((w) => /^[a-z0-9]+$/.test(w.text))).toBe(false);
        expect(snippet(text, query), text).toEqual(snippet(text, [...query, whole("zzzqqq")]));
      }
    }
    // A match past the first 50,000 characters is not looked for, either way.
    const late = `${"Lorem ipsum – dolor. ".repeat(2500)}प्रकाश`;
    expect(snippet(late, queries[0] ?? [])).toEqual(snippet(late, [...(queries[0] ?? []), whole("zzzqqq")]));
    expect(marked(snippet(late, queries[0] ?? []))).not.toContain("[");
  });

  it("never splits an emoji at the end of a window", () => {
    const emoji = "😀".repeat(200);
    const text = snippet(emoji, begin("x"))
      .map((p) => p.text)
      .join("");
    expect(text.isWellFormed()).toBe(true);
  });
});

describe("estimates of a count beyond 1,000 (issue 32)", () => {
  const range = (from: number, count: number, step: number) =>
    Array.from({ length: count }, (_, i) => from + i * step);
  it("meets in the middle exactly, else reads the gap at the density found at both ends", () => {
    // 1,005 matches in a row: the two ends overlap, so they are counted.
    expect(estimateFromEnds(range(1, 1001, 1), range(1005, 1001, -1), 1000)).toBe(1005);
    // One match in three from 1 to 3,000,000: about a million.
    const estimate = estimateFromEnds(range(1, 1001, 3), range(2_999_998, 1001, -3), 1000);
    expect(Math.abs(estimate - 1_000_000) / 1_000_000).toBeLessThan(0.01);
    // One early match far from the rest (a chapter's note before the links) changes little.
    const skewed = estimateFromEnds([1, ...range(500_000, 1000, 3)], range(2_999_998, 1001, -3), 1000);
    expect(Math.abs(skewed - 833_000) / 833_000).toBeLessThan(0.02);
    // Never less than what was counted.
    expect(estimateFromEnds([], [], 1000)).toBe(1001);
  });
  it("is said with two significant digits, never under 1,000", () => {
    expect(roughly(598_312)).toBe(600_000);
    expect(roughly(34_386)).toBe(34_000);
    expect(roughly(1005)).toBe(1000);
    expect(roughly(12)).toBe(1000);
  });
});
