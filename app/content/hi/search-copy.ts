/** Hindi twin of app/content/search-copy.ts: the fixed words of the search page (/hi/search). */

import type { SearchCopy } from "#app/content/search-copy.ts";
import { formatCount } from "#app/lib/numbers.ts";

export const searchCopy: SearchCopy = {
  meta: {
    title: (q: string) => (q ? `“${q}” – खोज के परिणाम` : "खोज"),
    description: (siteName: string) => `CBSE कक्षा 9 से 12 के लिए ${siteName} के अध्याय, Notes, लिंक और पोस्ट खोजें।`,
  },
  heading: "खोज",
  intro: "कक्षा 9 से 12 के अध्याय, Notes, लिंक और पोस्ट, हिन्दी और अंग्रेज़ी दोनों में।",
  form: {
    label: "खोज और फ़िल्टर",
    submit: "खोजें",
    filters: "फ़िल्टर",
    grade: "कक्षा",
    allGrades: "सभी कक्षाएँ",
    subject: "विषय",
    allSubjects: "सभी विषय",
    kind: "प्रकार",
    kinds: { "": "सब कुछ", chapters: "अध्याय", links: "लिंक", posts: "पोस्ट" },
  },
  kinds: { chapter: "अध्याय", link: "लिंक", post: "पोस्ट" },
  grade: (grade: number) => `कक्षा ${grade}`,
  countLine: (total: number, q: string, capped = false, about?: number) => {
    if (total === 0) return `“${q}” के लिए कोई परिणाम नहीं मिला`;
    if (capped && about !== undefined) return `“${q}” के लिए लगभग ${formatCount(about)} परिणाम`;
    if (capped) return `“${q}” के लिए ${formatCount(total)} से ज़्यादा परिणाम`;
    return `“${q}” के लिए ${formatCount(total)} परिणाम`;
  },
  pastLast: "यह पेज आख़िरी परिणाम के बाद का है।",
  resultPages: "खोज के परिणामों के पेज",
  didYouMean: { before: "क्या आपका मतलब था", comma: ", ", or: " या ", after: "?" },
  filtersHide: "हो सकता है कि चुने हुए फ़िल्टर के कारण आपको वह न दिख रहा हो जो आप ढूँढ रहे हैं।",
  searchEverything: (q: string) => `हर जगह “${q}” खोजें`,
  spelling: "वर्तनी जाँचें, या कम या छोटे शब्द लिखकर देखें: शब्द का शुरुआती हिस्सा ही काफ़ी है।",
  prompt: {
    heading: "आप क्या ढूँढ रहे हैं?",
    text: "किसी अध्याय, टॉपिक या अपने Notes के किसी शब्द को हिन्दी या अंग्रेज़ी में लिखें। जैसे:",
    examples: ["Polynomials", "Electricity", "Thermodynamics"],
    end: "।",
  },
  browse: "कक्षा के अनुसार देखें",
};
