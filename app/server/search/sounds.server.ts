// Hindi across scripts (DESIGN 8.2): a student types "prakash ka paravartan" on a phone keyboard and
// must find "प्रकाश का परावर्तन". Romanised Hindi is many-to-one (श/ष/स are all "s", long and short
// vowels and aspirates are written either way, the inherent "a" comes and goes), so instead of
// transliterating a query into one guessed Devanagari spelling we reduce both sides to how the word
// *sounds*, loosely: the index holds that sound beside each Devanagari word, and a query's word also
// matches by its sound. Why a result matched stays visible: the snippet marks the Devanagari word whose
// sound matched (snippet.server.ts). Decision record 0027 says why not a transliteration library.

/** Marks a sound in the index: a private-use character no query word can hold (words.server.ts WORD). */
export const SOUND_MARK = "\ue000";

const DEVANAGARI = /[\u0900-\u097f]/;
const LATIN_WORD = /^[a-z]+$/;

/** Devanagari letters and signs as loose Roman letters; what is absent (nukta, virama, visarga) is dropped. */
const ROMAN: Record<string, string> = {
  // Vowels, and their signs after a consonant: long and short alike.
  अ: "a",
  आ: "a",
  इ: "i",
  ई: "i",
  उ: "u",
  ऊ: "u",
  ऋ: "ri",
  ए: "e",
  ऐ: "e",
  ओ: "o",
  औ: "o",
  ऑ: "o",
  ऍ: "e",
  "\u093e": "a",
  "\u093f": "i",
  "\u0940": "i",
  "\u0941": "u",
  "\u0942": "u",
  "\u0943": "ri",
  "\u0947": "e",
  "\u0948": "e",
  "\u094b": "o",
  "\u094c": "o",
  "\u0949": "o",
  "\u0945": "e",
  // Anusvara and chandrabindu: the nasal students write as "n".
  "\u0902": "n",
  "\u0901": "n",
  // Consonants without their aspirate (ख = "kh" = "k"), retroflex as dental, sibilants as one.
  क: "k",
  ख: "k",
  ग: "g",
  घ: "g",
  ङ: "n",
  च: "c",
  छ: "c",
  ज: "j",
  झ: "j",
  ञ: "n",
  ट: "t",
  ठ: "t",
  ड: "d",
  ढ: "d",
  ण: "n",
  त: "t",
  थ: "t",
  द: "d",
  ध: "d",
  न: "n",
  प: "p",
  फ: "p",
  ब: "b",
  भ: "b",
  म: "m",
  य: "y",
  र: "r",
  ल: "l",
  ळ: "l",
  व: "v",
  श: "s",
  ष: "s",
  स: "s",
  ह: "h",
};

/**
 * Suffixes of common Hindi inflections (plural, oblique, verb endings), longest first: the light
 * stemmer of Ramanathan and Rao (2003), which students' spellings of the stem then match.
 */
const SUFFIXES = [
  "ाएंगी",
  "ाएंगे",
  "ाऊंगी",
  "ाऊंगा",
  "ाइयाँ",
  "ाइयों",
  "ाइयां",
  "ाएगी",
  "ाएगा",
  "ाओगी",
  "ाओगे",
  "एंगी",
  "ेंगी",
  "एंगे",
  "ेंगे",
  "ूंगी",
  "ूंगा",
  "ातीं",
  "नाओं",
  "नाएं",
  "ताओं",
  "ताएं",
  "ियाँ",
  "ियों",
  "ियां",
  "ाकर",
  "ाइए",
  "ाईं",
  "ाया",
  "ेगी",
  "ेगा",
  "ोगी",
  "ोगे",
  "ाने",
  "ाना",
  "ाते",
  "ाती",
  "ाता",
  "तीं",
  "ाओं",
  "ाएं",
  "ुओं",
  "ुएं",
  "ुआं",
  "कर",
  "ाओ",
  "िए",
  "ाई",
  "ाए",
  "ने",
  "नी",
  "ना",
  "ते",
  "ीं",
  "ती",
  "ता",
  "ाँ",
  "ां",
  "ों",
  "ें",
  "ो",
  "े",
  "ू",
  "ु",
  "ी",
  "ि",
  "ा",
];

/** A Devanagari word without a common inflection ("अम्लों" → "अम्ल"); the word itself if none, or if too little would be left. */
export function hindiStem(word: string): string {
  for (const suffix of SUFFIXES) {
    if (word.endsWith(suffix) && Array.from(word).length - Array.from(suffix).length >= 2) {
      return word.slice(0, -suffix.length);
    }
  }
  return word;
}

/** Roman spellings that say the same thing, folded one way (applied in this order). */
const ROMAN_SPELLINGS: Array<[RegExp, string]> = [
  [/jn/g, "gy"], // ज्ञ: "gyan", "jnana"
  [/x/g, "ks"],
  [/q/g, "k"],
  [/w/g, "v"],
  [/z/g, "j"],
  [/f/g, "p"],
  [/ee|ii/g, "i"],
  [/oo|uu/g, "u"],
  [/ai|ei/g, "e"],
  [/au|ou|ow/g, "o"],
  [/([kgcjtdpbs])h/g, "$1"], // aspirates and "sh": kh → k, sh → s
];

/**
 * The folding of both scripts' Roman letters (a Devanagari word's too, so that पढ़ाई, "padhai", is heard
 * as students write it): spellings, nasal before a labial, doubled letters, and every "a" but a first
 * one (students write the inherent vowel or not, but always अ at the start: "amla", "abhikriya").
 */
function folded(roman: string): string {
  let text = roman;
  for (const [pattern, replacement] of ROMAN_SPELLINGS) text = text.replace(pattern, replacement);
  return text
    .replace(/m(?=[pb])/g, "n")
    .replace(/(.)\1+/g, "$1")
    .replace(/(?<!^)a/g, "");
}

/** What is left must still tell words apart: at least two letters. */
const asSound = (roman: string): string | null => {
  const sound = folded(roman);
  return sound.length >= 2 ? SOUND_MARK + sound : null;
};

/**
 * How a word sounds, as the index and queries compare it (marked with SOUND_MARK), or null for a word
 * that is neither Devanagari nor plain Latin letters, or too short to tell apart.
 */
export function soundOf(word: string): string | null {
  if (LATIN_WORD.test(word)) return asSound(word);
  if (!DEVANAGARI.test(word)) return null;
  let roman = "";
  // ज्ञ is heard as "gy", whatever its letters say.
  for (const char of word.replaceAll("ज्ञ", "\u0000")) {
    if (char === "\u0000") roman += "gy";
    else if (DEVANAGARI.test(char)) roman += ROMAN[char] ?? "";
    else if (/[a-z]/.test(char)) roman += char;
    else return null;
  }
  return asSound(roman);
}

/** The sounds the index keeps beside a Devanagari word: the word's own and its stem's (none for other words). */
export function indexedSounds(word: string): string[] {
  if (!DEVANAGARI.test(word)) return [];
  const sounds = new Set<string>();
  for (const form of [word, hindiStem(word)]) {
    const sound = soundOf(form);
    if (sound) sounds.add(sound);
  }
  return [...sounds];
}

/**
 * The sound a query's word is also looked for as: a Devanagari word's stem's, a Latin word's own when
 * it has three letters or more (a shorter one, "x", would sound like too much).
 */
export function querySound(word: string): string | null {
  if (DEVANAGARI.test(word)) return soundOf(hindiStem(word));
  return word.length >= 3 ? soundOf(word) : null;
}

/** Whether a word of a text sounds like a query's sound (whole, or beginning with it). */
export function soundMatches(textWord: string, sound: string, prefix: boolean): boolean {
  return indexedSounds(textWord).some((s) => (prefix ? s.startsWith(sound) : s === sound));
}
